"""Invitations on Discord: a challenge's public post and the challenged player's DM, and a
table's lobby message. Posted as the clicker's own answer (`bot.usecases.answer.Answer`,
which the cog adapts from its interaction) or through the outbox; re-edited as the
invitation is answered, cancelled or expires. Built once in ``setup_hook`` (`bot/usecases/challenges.py` uses it)."""

from __future__ import annotations

import logging

import discord

from bot.games.challenges import Challenge
from bot.games.model import TableState, TableUpdate
from bot.games.presets import preset_name
from bot.i18n import Coded, render, t
from bot.outbox import Outbox, Priority
from bot.ui import messages
from bot.ui.dms import DirectMessages, DMClosed
from bot.ui.letters import Letters
from bot.ui.readers import Readers
from bot.usecases.answer import Answer

log = logging.getLogger(__name__)

#: Where a message is: (channel id, message id).
Where = tuple[int, int]


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

    async def post(self, reply: Answer, ch: Challenge, challenger: str) -> int:
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
        finally:
            # Their hands go by DM once it is accepted: the challenger's channel opened now.
            self.dms.prepare(ch.challenger_id)
        return sent.channel.id, sent.id

    async def answered(self, reply: Answer, ch: Challenge, challenger: str, status: Coded) -> None:
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
        await Letters(self.dms, self.readers).tell(ch.challenger_id, said, guild_id=ch.guild_id)

    # ----- a table's lobby ----------------------------------------------------------------

    def _lobby(self, update: TableUpdate) -> messages.Message:
        """The lobby in the server's language; closed (no buttons) once started or closed."""
        board = self.readers.server_language(update.state.guild_id)
        if update.kind in ("lobby", "closed"):
            note = update.note
            closed = note.text(board) if isinstance(note, Coded) else note
        else:
            closed = t(board, "reply-started")
        return messages.lobby_message(update.state, closed=closed, locale=board)

    async def lobby_posted(self, reply: Answer, state: TableState) -> int:
        """A new table's lobby, posted as the host's answer (in the server's language): its
        message id."""
        board = self.readers.server_language(state.guild_id)
        return await reply.post(messages.lobby_message(state, locale=board))

    async def lobby_shown(self, reply: Answer, update: TableUpdate) -> None:
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
