"""Invitations on Discord: a challenge's public post and the challenged player's DM, and a
table's lobby message. Posted as the clicker's own answer (`Reply`, which the cog adapts
from its interaction) or through the outbox; re-edited as the invitation is answered,
cancelled or expires. Built once in ``setup_hook`` (`bot/usecases/challenges.py` uses it)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Protocol, TypeVar

import discord

from bot.games.challenges import Challenge
from bot.games.model import TableUpdate
from bot.games.presets import preset_name
from bot.i18n import Coded, Said, render, t
from bot.outbox import Outbox, Priority
from bot.outbox.write import Payload
from bot.ui import messages
from bot.ui.dms import DirectMessages, DMClosed
from bot.ui.readers import Readers

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Where a message is: (channel id, message id).
Where = tuple[int, int]


class Reply(Protocol):
    """The clicker's own answer, the one write that does not go through the outbox."""

    #: The clicked message's id (None for a slash command).
    clicked: int | None
    #: The click came from a DM (the challenged player's copy of a challenge).
    in_dm: bool

    async def in_time(self, work: Awaitable[T]) -> T:
        """`work`'s result, the interaction acknowledged in time however long it takes."""
        ...

    async def defer(self) -> None:
        """Acknowledge now; the answer follows (`show`)."""
        ...

    async def post(self, message: Payload) -> int:
        """Answer with a new public message: its id. `message` is released."""
        ...

    async def show(self, message: Payload) -> None:
        """The clicked message shows `message` instead."""
        ...


class ChallengePresenter:
    """Every message of a challenge and of a table's lobby."""

    def __init__(self, outbox: Outbox, dms: DirectMessages, readers: Readers) -> None:
        self.outbox = outbox
        self.dms = dms
        self.readers = readers

    async def _challenge(
        self,
        ch: Challenge,
        challenger: str,
        *,
        status: Coded | None = None,
        for_opponent: bool = False,
    ) -> messages.Message:
        """The challenge in the server's language, or by DM in the opponent's."""
        server = self.readers.server_language(ch.guild_id)
        locale = await self.readers.language_of(ch.opponent_id, server) if for_opponent else server
        return messages.challenge_message(
            ch.id,
            challenger,
            f"<@{ch.opponent_id}>",
            preset_name(ch.rules),
            ch.target,
            int(ch.expires_at.timestamp()),
            status=None if status is None else render(status, locale),
            for_opponent=for_opponent,
            locale=locale,
        )

    async def post(self, reply: Reply, ch: Challenge, challenger: str) -> int:
        """The challenge as the clicker's public answer: its message id."""
        return await reply.post(await self._challenge(ch, challenger))

    async def invite_by_dm(self, ch: Challenge, challenger: str) -> Where | None:
        """The challenge by DM to the opponent, with Accept and Decline: where it is, or
        None when their DMs are closed or Discord refused."""
        dm = await self._challenge(ch, challenger, for_opponent=True)
        try:
            sent = await self.dms.send_message(ch.opponent_id, dm, Priority.TURN)
        except (DMClosed, discord.HTTPException):
            log.info("challenge %s: could not DM the opponent", ch.id)
            return None
        return sent.channel.id, sent.id

    async def answered(self, reply: Reply, ch: Challenge, challenger: str, status: Coded) -> None:
        """The clicked copy shows `status` at once (in the reader's copy's language); the
        other copy follows through the outbox."""
        msg = await self._challenge(ch, challenger, status=status, for_opponent=reply.in_dm)
        try:
            await reply.show(msg)
        finally:
            msg.release()
        await self.retire(ch, challenger, status, skip=reply.clicked)

    async def retire(
        self, ch: Challenge, challenger: str, status: Coded, *, skip: int | None = None
    ) -> None:
        """Both copies (public post, the opponent's DM) show `status`, without buttons."""
        targets = [
            (ch.channel_id, ch.message_id, False),
            (ch.dm_channel_id, ch.dm_message_id, True),
        ]
        for channel_id, message_id, for_opponent in targets:
            if channel_id is None or message_id is None or message_id == skip:
                continue
            msg = await self._challenge(ch, challenger, status=status, for_opponent=for_opponent)
            reader = ch.opponent_id if for_opponent else None
            self.outbox.edit(channel_id, message_id, msg, Priority.REST, user_id=reader)

    async def tell_challenger(self, ch: Challenge, said: Coded) -> None:
        """A DM to the challenger, in their language (never raises)."""
        server = self.readers.server_language(ch.guild_id)
        language = await self.readers.language_of(ch.challenger_id, server)
        await self.dms.tell(ch.challenger_id, render(said, language))

    # ----- a table's lobby ----------------------------------------------------------------

    def _lobby(self, update: TableUpdate) -> messages.Message:
        """The lobby in the server's language; closed (no buttons) once started or closed."""
        board = self.readers.server_language(update.state.guild_id)
        if update.kind in ("lobby", "closed"):
            note = update.note
            closed = note.text(board) if isinstance(note, Said) else note
        else:
            closed = t(board, "reply-started")
        return messages.lobby_message(update.state, closed=closed, locale=board)

    async def lobby_shown(self, reply: Reply, update: TableUpdate) -> None:
        """The clicked lobby message shows the table now."""
        msg = self._lobby(update)
        try:
            await reply.show(msg)
        finally:
            msg.release()

    def lobby_changed(self, lobby: Where | None, update: TableUpdate) -> None:
        """The lobby message after a change made from a private answer (through the outbox)."""
        if lobby is not None:
            self.outbox.edit(*lobby, self._lobby(update), Priority.BOARD)
