"""The private hands: one live hand message per player, edited, or posted anew when
their turn starts (the previous one deleted), with the table chat, the round's and the
match's results (docs/playing.md)."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Any

import discord

from bot.engine.actions import Action
from bot.engine.view import RoundView
from bot.games.model import TableState, TableUpdate
from bot.i18n import Coded, render, t
from bot.outbox import Priority
from bot.outbox.write import ControlsOff, Payload
from bot.ui import hand_layout, images, messages
from bot.ui.dms import DMClosed
from bot.ui.notifier.boards import Boards
from bot.ui.notifier.later import Later
from bot.ui.strays import stray_hands

log = logging.getLogger(__name__)

#: Chat lines kept per table for the hand messages.
CHAT_LINES = 3

#: A hand posted this recently (seconds) that has not carried its player's turn yet is
#: edited into their turn: its own post notified them moments ago (docs/playing.md).
FRESH_SECONDS = 30.0


class Hands(Boards):
    """The players' hand messages."""

    async def _update_hands(self, update: TableUpdate) -> None:
        state = update.state
        for seat_no, view in update.views.items():
            seat = state.seats[seat_no]
            key = (state.table_id, seat_no)
            turn_starts = view.my_turn and not self._turn_shown.get(key, False)
            self._turn_shown[key] = view.my_turn
            if seat.user_id is None or seat.user_id == update.actor:
                continue
            message = await self._hand_later(state, view, seat.user_id)
            alerts = (await self.profiles.settings(seat.user_id)).turn_alerts
            current = await self._live_hand(state.table_id, seat_no)
            urgency = Priority.TURN if view.my_turn else Priority.HAND
            notify = turn_starts and alerts and not self._just_notified(key, current)
            if current is not None and not notify:
                await self._edit_dm(current, message, seat.user_id, urgency)
                if view.my_turn:
                    self._unturned.pop(key, None)  # it has carried a turn now
                continue
            await self._send_dm(state, seat_no, seat.user_id, message, urgency)
            self._note_posted(key, current, view.my_turn)
            if current is not None and self.hands.get(key) != current:
                # The new message notified the player; the old one goes.
                await self._delete_dm(current, seat.user_id)

    def _just_notified(self, key: tuple[int, int], current: tuple[int, int] | None) -> bool:
        """The live hand was posted (which notified its player) within `FRESH_SECONDS`,
        by this process, and has not carried one of their turns yet: their turn edits it
        rather than posting a new DM and deleting this one (docs/playing.md). The post's
        time is Discord's own, in the snowflake; a hand not known here is not fresh."""
        if current is None or self._unturned.get(key) != current[1]:
            return False
        posted = discord.utils.snowflake_time(current[1])
        age = (discord.utils.utcnow() - posted).total_seconds()
        return abs(age) <= FRESH_SECONDS

    def _note_posted(
        self, key: tuple[int, int], before: tuple[int, int] | None, my_turn: bool
    ) -> None:
        """A hand just posted: fresh for `_just_notified` unless it carries a turn."""
        posted = self.hands.get(key)
        if posted is not None and posted != before and not my_turn:
            self._unturned[key] = posted[1]
        else:
            self._unturned.pop(key, None)

    async def hand(
        self,
        state: TableState,
        view: RoundView,
        user_id: int,
        note: str | None = None,
        *,
        confirm: Action | None = None,
    ) -> messages.Message:
        """A player's hand message as they see it: their hearts, the chat they may read,
        their picture settings (`confirm`: a knock or gin waiting for confirmation)."""
        hearts = await self.favorites(state, user_id)
        language = await self.language(state, user_id)
        message = hand_layout.hand_message(
            state,
            view,
            note=note,
            favorites=hearts,
            confirm=confirm,
            chat=self.chat_for(state.table_id, user_id),
            locale=language,
        )
        return await self.pictures.hand(message, view, user_id, language)

    async def _hand_later(self, state: TableState, view: RoundView, user_id: int) -> Payload:
        """The hand as `hand` makes it, written only when the outbox sends it (`Later`: a
        hand replaced while queued is never built); drawn now for a player who turned
        pictures on (the drawing is awaited, off the event loop)."""
        settings = await self.profiles.settings(user_id)
        if self.pictures.enabled and settings.images:
            return await self.hand(state, view, user_id)
        hearts = await self.favorites(state, user_id)
        language = await self.language(state, user_id)
        chat = self.chat_for(state.table_id, user_id)
        emojis = self.pictures.emojis

        def build() -> messages.Message:
            message = hand_layout.hand_message(
                state, view, favorites=hearts, chat=chat, locale=language
            )
            if emojis.ready:  # as `Pictures.hand` shows them (ready by now, if not before)
                images.with_card_emojis(message, emojis, settings.four_colour)
            return message

        return Later(build)

    def chat_for(self, table_id: int, user_id: int) -> list[str]:
        """The table's latest chat lines this player may read."""
        return [line for readers, line in self._chat.get(table_id, ()) if user_id in readers]

    async def _chat_line(self, update: TableUpdate) -> None:
        """Table chat goes into the readers' live hand messages (edited, no new DM)."""
        state = update.state
        lines = self._chat.setdefault(state.table_id, deque(maxlen=CHAT_LINES))
        lines.append((update.recipients, render(update.note or "")))
        for seat_no, view in update.views.items():
            seat = state.seats[seat_no]
            if seat.user_id is None or seat.user_id not in update.recipients:
                continue
            await self._show(
                state, seat_no, seat.user_id, await self.hand(state, view, seat.user_id)
            )

    async def _final_hands(self, update: TableUpdate) -> None:
        """At the match's end each player's live hand becomes the match result (with the
        last round's, and any achievements), without controls."""
        state, summary = update.state, update.summary
        assert summary is not None
        earned: dict[int, list[Coded]] = {}
        if self.unlocks is not None:
            try:
                for user_id, text in await self.unlocks(state.table_id):
                    earned.setdefault(user_id, []).append(text)
            except Exception:  # achievements must never cost the result
                log.exception("could not record the achievements of table %s", state.table_id)
        for seat in state.seats:
            if seat.user_id is None:
                continue
            language = await self.language(state, seat.user_id)
            said = [render(item, language) for item in earned.get(seat.user_id, ())]
            message = messages.final_hand_message(state, summary, said, language)
            await self._show(state, seat.seat, seat.user_id, message)

    async def _close_hands(self, state: TableState, note: str | Coded) -> None:
        for seat in state.seats:
            if seat.user_id is None:
                continue
            current = await self._live_hand(state.table_id, seat.seat)
            if current is not None:
                language = await self.language(state, seat.user_id)
                # A tournament's no-show note: in this player's words.
                words = render(note, language)
                called_off = messages.called_off_message(state, words, language)
                await self._edit_dm(current, called_off, seat.user_id)

    async def _retire_strays(self, state: TableState) -> None:
        """A restart: every hand DM of the table with live controls but the one the store
        knows (sent before the kill, its id never stored, or its deletion never sent) loses
        its controls, so each player is left with one live hand."""
        for seat in state.seats:
            if seat.user_id is None or await self.dms.closed(seat.user_id):
                continue
            live = await self._live_hand(state.table_id, seat.seat)
            try:
                channel_id = live[0] if live else await self.dms.channel_id(seat.user_id)
            except discord.HTTPException:
                continue
            keep = live[1] if live else None
            for message_id in await stray_hands(self.client, channel_id, state.table_id, keep):
                log.info(
                    "a hand left by the process before: controls off (table %s)", state.table_id
                )
                await self._strip(channel_id, message_id, seat.user_id)

    async def _tell_removed(self, state: TableState, seat_no: int) -> None:
        seat = state.seats[seat_no]
        if seat.user_id is None:
            return
        language = await self.language(state, seat.user_id)
        await self._show(
            state, seat_no, seat.user_id, messages.removed_message(state, seat_no, language)
        )

    async def favorites(self, state: TableState, user_id: int) -> frozenset[int]:
        """Who at this table the player marked as a favorite (read once per table)."""
        key = (state.table_id, user_id)
        found = self._favorites.get(key)
        if found is None:
            others = [s.user_id for s in state.seats if s.user_id not in (None, user_id)]
            marked = await self.profiles.favorites_among(user_id, others)
            found = self._favorites[key] = frozenset(marked)
        return found

    async def _live_hand(self, table_id: int, seat_no: int) -> tuple[int, int] | None:
        """The seat's live hand message: the one in use, else the one the store remembers."""
        return self.hands.get((table_id, seat_no)) or await self._stored_hand(table_id, seat_no)

    async def _show(
        self, state: TableState, seat_no: int, user_id: int, message: messages.Message
    ) -> None:
        """Edit the seat's live hand into `message`, or send it when there is none."""
        current = await self._live_hand(state.table_id, seat_no)
        if current is not None:
            await self._edit_dm(current, message, user_id)
        else:
            await self._send_dm(state, seat_no, user_id, message)

    async def _stored_hand(self, table_id: int, seat_no: int) -> tuple[int, int] | None:
        """The hand message the store remembers (after a restart), looked up once."""
        key = (table_id, seat_no)
        if key in self._looked_up:
            return None
        self._looked_up.add(key)
        stored = await self.tables.hand_message(table_id, seat_no)
        if stored is not None:
            self.hands[key] = stored
        return stored

    async def _delete_dm(self, where: tuple[int, int], user_id: int) -> None:
        """Queue the old hand's deletion; if it fails, its controls go at least. By the
        bot's token it goes last, after the boards and the busy channels' tables in play:
        the new hand is there, and a click on the old one is answered with it
        (docs/playing.md)."""
        deleted = self.outbox.delete(*where, Priority.OLD, user_id=user_id)

        def fallback(done: asyncio.Future[Any]) -> None:
            if not done.cancelled() and done.exception() is None and done.result() is None:
                log.info("could not delete an old hand message in DM %s", where[0])
                self.outbox.edit(*where, ControlsOff(), Priority.REST, user_id=user_id)

        deleted.add_done_callback(fallback)

    async def _edit_dm(
        self,
        where: tuple[int, int],
        message: Payload,
        user_id: int,
        priority: int = Priority.HAND,
    ) -> None:
        """Queue a hand's edit (its reader's interaction token may carry it)."""
        self.outbox.edit(*where, message, priority, user_id=user_id)

    async def _send_dm(
        self,
        state: TableState,
        seat_no: int,
        user_id: int,
        message: Payload,
        priority: int = Priority.HAND,
    ) -> None:
        try:
            sent = await self.dms.send_message(user_id, message, priority)
        except DMClosed:
            await self._tell_closed(state, user_id)
            return
        except discord.HTTPException:
            log.warning("could not DM player %s", user_id)
            return
        self.hands[(state.table_id, seat_no)] = (sent.channel.id, sent.id)
        await self.tables.set_hand_message(state.table_id, seat_no, sent.channel.id, sent.id)

    def adopt_hand(self, table_id: int, seat_no: int, where: tuple[int, int]) -> None:
        """The player's own click answered on this DM message: it is their live hand now."""
        self.hands[(table_id, seat_no)] = where
        self._unturned.pop((table_id, seat_no), None)

    async def _tell_closed(self, state: TableState, user_id: int) -> None:
        key = (state.table_id, user_id)
        if key in self._told_closed:
            return
        self._told_closed.add(key)
        text = t(self.board_language(state), "dm-closed", mention=f"<@{user_id}>")
        await self._send_channel(state.channel_id, messages.Message(text, None, None))

    async def _remind(self, update: TableUpdate) -> None:
        """The turn is running out: the live hand is sent again with the reminder (a new
        message, so the player is notified; the old one goes)."""
        state = update.state
        pub = state.public
        if pub is None or pub.to_move is None:
            return
        seat = state.seats[pub.to_move]
        view = update.views.get(pub.to_move)
        if seat.user_id is None or view is None:
            return
        language = await self.language(state, seat.user_id)
        text = t(language, "reminder", seconds=update.note or "")
        key = (state.table_id, seat.seat)
        current = await self._live_hand(state.table_id, seat.seat)
        message = await self.hand(state, view, seat.user_id, text)
        await self._send_dm(state, seat.seat, seat.user_id, message, Priority.TURN)
        if self.hands.get(key) != current and current is not None:
            await self._delete_dm(current, seat.user_id)
        elif self.hands.get(key) == current:
            mention = messages.Message(f"<@{seat.user_id}> {text}", None, None)
            await self._send_channel(state.channel_id, mention)
