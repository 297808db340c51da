"""A table in play, as the clicker sees it: their hand in the clicked message or a new
private one, a refusal, the resign question. `PlayPresenter.answer` adapts one interaction to
the play use case's `HandAnswer` (`bot/usecases/play.py`), which decides what to show; this
is how it reaches Discord: the acknowledgement, the edits and followups, the outbox's
bookkeeping (edits of the clicked message still queued are dropped; the token is kept for
the player's private messages) and the notifier's (which ephemeral hands and DM a match
reaches)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Sequence
from typing import Any

import discord

from bot.engine import Action, RoundView
from bot.games.model import TableState
from bot.i18n import Coded, render, t
from bot.outbox import Outbox
from bot.outbox.write import without_rows
from bot.ui import ownership
from bot.ui.components import refuse_unread
from bot.ui.hand_layout import has_control
from bot.ui.notifier import Notifier
from bot.ui.readers import Readers
from bot.ui.resign import ConfirmResign, PickResign, table_label, words
from bot.usecases.play import Resigning, Shown

log = logging.getLogger(__name__)

#: Seconds of a move's age (from its interaction's id) by which its answer, the clicked hand
#: edited, goes as the acknowledgement itself (type 7: one request); a move not answered by
#: then is acknowledged (type 6) and its hand edited after (Discord allows 3 s).
ANSWER_BY = 1.0

#: The custom ids' kinds of the game controls on a hand (`bot/ui/components.py`).
GAME_CONTROLS = ("gin:a:", "gin:s:", "gin:q:", "gin:b:")


def age(interaction: discord.Interaction) -> float:
    """Seconds since the interaction was made, from its id's timestamp (what
    ``interaction.created_at`` says, without the datetimes: a click asks twice)."""
    return time.time() - ((interaction.id >> 22) + discord.utils.DISCORD_EPOCH) / 1000


async def reply(interaction: discord.Interaction, said: str | Exception, language: str) -> None:
    """A short private answer, whether or not the interaction was answered already; an
    error is said in the reader's `language`."""
    text = said if isinstance(said, str) else words(said, language)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def clicked_id(interaction: discord.Interaction) -> str:
    """The custom id of the clicked control ("" for other interactions)."""
    if interaction.type is not discord.InteractionType.component:
        return ""
    data: dict[str, Any] = dict(interaction.data or {})
    return str(data.get("custom_id", ""))


def on_its_message(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether the clicked control is still on the message it was clicked on (Discord sends
    the message as it is now: a double click races the edit the first click made)."""
    message = interaction.message
    return message is not None and has_control(message, custom_id)


async def stale_control(interaction: discord.Interaction) -> int | None:
    """The table of a click on game controls no longer on their message (a double click
    racing the edit), to be answered with the hand now; a click on a control no control
    reads (a malformed id) is answered here. discord.py drops both, which players would see
    as "This interaction failed". None: nothing to answer (or answered already)."""
    custom_id = clicked_id(interaction)
    if not custom_id:
        return None
    if await refuse_unread(interaction) or interaction.message is None:
        return None
    if not custom_id.startswith(GAME_CONTROLS):
        return None
    if on_its_message(interaction, custom_id) or not await ownership.allowed(
        interaction, private=True
    ):
        return None
    return int(custom_id.split(":")[2])


class PlayPresenter:
    """Built once with the screens; `answer` adapts each interaction."""

    def __init__(self, notifier: Notifier, outbox: Outbox, readers: Readers) -> None:
        self.notifier = notifier
        self.outbox = outbox
        self.readers = readers

    def answer(self, interaction: discord.Interaction) -> HandReply:
        return HandReply(self, interaction)

    async def seen(self, interaction: discord.Interaction) -> None:
        """Whoever interacts: their locale, their token and their open DMs are noted."""
        self.notifier.saw_locale(interaction.user.id, interaction.locale)
        # Once answered, its token carries the player's private messages for a while
        # (bot/outbox/tokens.py).
        self.outbox.remember(interaction)
        # A player who interacts can be DMed again (see docs/playing.md).
        await self.notifier.dms.seen(interaction.user.id)


class HandReply:
    """The play use case's `HandAnswer` over one interaction."""

    def __init__(self, presenter: PlayPresenter, interaction: discord.Interaction) -> None:
        self.presenter = presenter
        self.notifier = presenter.notifier
        self.outbox = presenter.outbox
        self.interaction = interaction
        #: The acknowledgement planned by `defer`: a timer, then the request on its way.
        self._timer: asyncio.TimerHandle | None = None
        self._deferring: asyncio.Task[None] | None = None

    async def seen(self) -> None:
        await self.presenter.seen(self.interaction)

    async def defer(self) -> None:
        """Acknowledged by the answer itself (the clicked hand edited, type 7) when it is
        ready within `ANSWER_BY` of the click's age; if not, deferred then (type 6): one
        request a move instead of two."""
        if self._timer is not None or self._deferring is not None:
            return
        interaction = self.interaction
        left = ANSWER_BY - age(interaction)
        if left <= 0:
            await interaction.response.defer()
            return
        self._timer = asyncio.get_running_loop().call_later(left, self._defer_late)

    def _defer_late(self) -> None:
        self._timer = None
        if not self.interaction.response.is_done():
            self._deferring = asyncio.ensure_future(self._defer_now())

    async def _defer_now(self) -> None:
        try:
            await self.interaction.response.defer()
        except discord.HTTPException as exc:
            log.warning("could not acknowledge a move in time: %s", exc)
            return
        self.outbox.remember(self.interaction)  # its token now carries the player's DMs

    async def _unanswered(self) -> bool:
        """The planned acknowledgement settled (the timer stopped, or its request done):
        True when nothing answered the click yet, so the answer is its acknowledgement."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._deferring is not None:
            task, self._deferring = self._deferring, None
            await task
        return not self.interaction.response.is_done()

    async def settle(self) -> None:
        """The click's handling is over: acknowledged, if nothing answered it (a move that
        showed nothing), so the player never reads "This interaction failed"."""
        if await self._unanswered():
            with contextlib.suppress(discord.HTTPException):
                await self.interaction.response.defer()

    async def show(
        self,
        state: TableState,
        view: RoundView,
        *,
        how: Shown,
        note: Coded | None = None,
        confirm: Action | None = None,
        seat: int | None = None,
    ) -> bool:
        interaction, table_id = self.interaction, state.table_id
        user_id = interaction.user.id
        # The note in the hand's own language (the notifier's).
        said = None if note is None else render(note, await self.notifier.language(state, user_id))
        msg = await self.notifier.hand(state, view, user_id, said, confirm=confirm)
        unanswered = await self._unanswered()
        if how == "command":
            sent = await interaction.response.send_message(ephemeral=True, **msg.send_kwargs())
            self.notifier.private.keep(
                table_id, user_id, interaction, sent.message_id, original=True
            )
            return True
        kept = self.notifier.private
        try:
            if how == "clicked":
                self._answering()
                await interaction.response.edit_message(**msg.kwargs())
                self.outbox.remember(interaction)
                self._keep_private(table_id)
            elif how in ("in_place", "moved"):
                if seat is not None:
                    self._adopt(table_id, seat)
                self._answering()
                if unanswered:
                    await interaction.response.edit_message(**msg.kwargs())
                else:
                    await interaction.edit_original_response(**msg.kwargs())
                self._keep_private(table_id)
                if how == "in_place" or unanswered:
                    self.outbox.remember(interaction)
            elif interaction.response.is_done():
                sent_after = await interaction.followup.send(
                    ephemeral=True, wait=True, **msg.send_kwargs()
                )
                kept.keep(table_id, user_id, interaction, sent_after.id, original=False)
                self.outbox.remember(interaction)
            else:
                answer = await interaction.response.send_message(
                    ephemeral=True, **msg.send_kwargs()
                )
                kept.keep(table_id, user_id, interaction, answer.message_id, original=True)
                self.outbox.remember(interaction)
        except discord.HTTPException:
            if how == "moved":
                log.warning("could not update the hand message after a move on table %s", table_id)
            elif how == "in_place":
                log.warning("could not show the hand in place on table %s", table_id)
            else:
                raise
            return False
        finally:
            msg.release()
        return True

    async def quietly(self, table_id: int, work: Awaitable[None]) -> None:
        try:
            await work
        except discord.HTTPException:
            log.warning("could not send the hand anew on table %s", table_id)

    async def refuse(self, error: Exception, *, match_over: bool = False) -> None:
        interaction = self.interaction
        await self._unanswered()
        if match_over and interaction.message is not None:
            bare = without_rows(interaction.message)  # a layout keeps its text
            try:
                if interaction.response.is_done():
                    await interaction.edit_original_response(view=bare)
                else:
                    await interaction.response.edit_message(view=bare)
            except discord.HTTPException:
                log.info("could not take the controls of a finished match away")
        await reply(interaction, error, await self.presenter.readers.language(interaction))

    async def say(self, said: Coded) -> None:
        await self._unanswered()
        lang = await self.presenter.readers.language(self.interaction)
        await reply(self.interaction, render(said, lang), lang)

    async def said_instead(self, said: Coded) -> None:
        lang = await self.presenter.readers.language(self.interaction)
        await self.interaction.edit_original_response(content=render(said, lang))

    async def ask_resign(self, case: Resigning, tables: Sequence[Any]) -> None:
        interaction = self.interaction
        lang = await self.presenter.readers.language(interaction)
        user_id = interaction.user.id
        if len(tables) > 1:
            choices = [(record.id, table_label(record, user_id, lang)) for record in tables]
            await interaction.response.send_message(
                t(lang, "reply-resign-which"),
                view=PickResign(case, user_id, choices, lang),
                ephemeral=True,
            )
            return
        confirm = ConfirmResign(case, user_id, tables[0], lang)
        await interaction.response.send_message(confirm.question, view=confirm, ephemeral=True)

    def _answering(self) -> None:
        """The clicked message is about to show the newest state: edits of it still queued
        in the outbox are older, and must not land after."""
        interaction = self.interaction
        if interaction.message is not None and interaction.channel_id is not None:
            self.outbox.superseded(interaction.channel_id, interaction.message.id)

    def _keep_private(self, table_id: int) -> None:
        """The clicked message is an ephemeral hand: its newest token is kept, so the
        match's end can take its controls away."""
        interaction, message = self.interaction, self.interaction.message
        if message is not None and message.flags.ephemeral:
            self.notifier.private.keep(
                table_id, interaction.user.id, interaction, message.id, original=True
            )

    def _adopt(self, table_id: int, seat: int) -> None:
        """A move clicked on a hand DM: that message is the player's live hand from now on
        (a move from an ephemeral answer leaves the DM's live hand as it is)."""
        interaction, message = self.interaction, self.interaction.message
        if message is not None and interaction.guild_id is None and not message.flags.ephemeral:
            self.notifier.adopt_hand(table_id, seat, (message.channel.id, message.id))
