"""Shows table updates in Discord: the public board, the reveal, the private hands.

One live board per round (the newest; older boards and the lobby lose their controls) and
one live hand message per player: a new DM only when the player's own turn starts (that is
the notification; the previous hand message is deleted) unless the live hand was itself
posted moments ago and has not carried a turn yet, otherwise the live hand is edited,
with the opponents' moves, table chat, the round's result and at the end the match's result
and achievements gathered into it (docs/playing.md).

Every write goes through the outbox (`bot/outbox`): the board's edits are queued and not
waited for (the newest content wins), a hand is waited for only when its message id is
needed. Every Discord call may fail (closed DMs, deleted messages, outages); a failure is
logged and the game goes on. Players whose DMs are closed are remembered (their profile,
`bot.circle.profiles`) and not retried until they interact again.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import discord

from bot.circle.profiles import Profiles
from bot.engine.actions import Action
from bot.engine.view import RoundView
from bot.games.model import TableState, TableUpdate
from bot.games.tables import TableService
from bot.i18n import Coded, Language, pick_language, render, resolve_locale, t
from bot.i18n.catalog import warm
from bot.outbox import Outbox, Priority
from bot.outbox.write import ControlsOff
from bot.ui import board_layout, hand_layout, images, messages, result_layout
from bot.ui.busy import TablesInPlay
from bot.ui.dms import DirectMessages, DMClosed
from bot.ui.private_hands import PrivateHands
from bot.ui.strays import stray_hands

log = logging.getLogger(__name__)

#: Chat lines kept per table for the hand messages.
CHAT_LINES = 3

#: A hand posted this recently (seconds) that has not carried its player's turn yet is
#: edited into their turn: its own post notified them moments ago (docs/playing.md).
FRESH_SECONDS = 30.0

#: `unlocks(table_id)` -> (user id, announcement) for what a finished match earned, said in
#: each player's language in their final hand.
Unlocks = Callable[[int], Awaitable[Sequence[tuple[int, Coded]]]]


class Notifier:
    """The table service's observer on the Discord side."""

    def __init__(
        self,
        client: discord.Client,
        profiles: Profiles,
        tables: TableService,
        pictures: images.Pictures | None = None,
        *,
        unlocks: Unlocks | None = None,
        outbox: Outbox | None = None,
        chosen_language: Callable[[int | None], str | None] | None = None,
    ) -> None:
        self.client = client
        #: The players' settings, languages, DMs and favorites; the tables' message ids.
        self.profiles = profiles
        self.tables = tables
        #: guild -> the language its admins chose (`/gin-admin language`), or None.
        self.chosen_language = chosen_language or (lambda guild_id: None)
        self.outbox = outbox or Outbox(client)
        self.dms = DirectMessages(client, profiles, self.outbox)
        #: Busy channels' one message for their tables' moves (`bot/ui/busy.py`).
        self.in_play = TablesInPlay(self.outbox, self.board_language)
        self.pictures = pictures or images.Pictures(profiles)
        #: The ephemeral copies of each hand (`/gin hand`), whose controls go at the end.
        self.private = PrivateHands(self.outbox)
        self.unlocks = unlocks
        # (table, seat) -> (DM channel id, message id) of the live hand message.
        self.hands: dict[tuple[int, int], tuple[int, int]] = {}
        # table -> the live board's message id (the newest round's).
        self.boards: dict[int, int] = {}
        # table -> what its live board last showed (its layout is edited whole once done).
        self._shown: dict[int, TableState] = {}
        # table -> its new board on its way (not waited for: the hands go meanwhile), and
        # the newest edit of it to make once it is there.
        self._board_posts: dict[int, asyncio.Task[None]] = {}
        self._board_later: dict[asyncio.Task[None], messages.Message] = {}
        self._board_tasks: set[asyncio.Task[None]] = set()
        #: table -> its newest public write on its way, which the next one waits for.
        self._public: dict[int, asyncio.Task[None]] = {}
        self._turn_shown: dict[tuple[int, int], bool] = {}
        #: (table, seat) -> the live hand's id while it has not carried a turn since this
        #: process posted it (`_just_notified`).
        self._unturned: dict[tuple[int, int], int] = {}
        self._told_closed: set[tuple[int, int]] = set()
        self._looked_up: set[tuple[int, int]] = set()
        self._favorites: dict[tuple[int, int], frozenset[int]] = {}
        self._chat: dict[int, deque[tuple[frozenset[int], str]]] = {}
        #: user -> their Discord client's locale, as last seen (`saw_locale`).
        self.discord_locales: dict[int, str] = {}
        warm()  # the catalogs, before the first game rather than during it

    # ----- whose language ----------------------------------------------------------------

    def saw_locale(self, user_id: int, locale: object) -> None:
        """Remember a player's Discord locale (``interaction.locale``) for the messages the
        bot sends them unasked (DMs)."""
        value = getattr(locale, "value", locale)
        if isinstance(value, str) and value:
            self.discord_locales[user_id] = value

    async def discord_locale(self, user_id: int) -> str | None:
        """A player's Discord locale as last seen, by this process or (after a restart) as
        their profile keeps it (`Readers.seen`)."""
        known = self.discord_locales.get(user_id)
        if known is None:
            known = await self.profiles.locale(user_id)
            if known is not None:
                self.discord_locales[user_id] = known
        return known

    def forget_player(self, user_id: int) -> None:
        """Drop what is kept in memory about a player whose data was erased (`/gin me
        forget-me`): their Discord locale as last seen and their hearts (the store forgets
        their settings, the saved language with them)."""
        self.discord_locales.pop(user_id, None)
        for key in [k for k in self._favorites if k[1] == user_id]:
            del self._favorites[key]

    def board_language(self, state: TableState) -> Language:
        """A public message's language: the server's (`server_language`)."""
        return self.server_language(state.guild_id)

    def server_language(self, guild_id: int | None) -> Language:
        """The language of a server's public messages: the one its admins chose
        (`/gin-admin language`), else Discord's server language (``preferred_locale``),
        else English."""
        chosen = self.chosen_language(guild_id)
        if chosen is not None:
            return resolve_locale(chosen)
        guild = self.client.get_guild(guild_id) if guild_id else None
        return resolve_locale(guild.preferred_locale if guild is not None else None)

    async def language(self, state: TableState, user_id: int) -> Language:
        """A player's language for their DMs: their `/gin me settings language`, else their
        Discord locale as last seen, else the server's (`pick_language`)."""
        saved = await self.saved_language(user_id)
        locale = await self.discord_locale(user_id)
        return pick_language(locale, saved, self.board_language(state))

    async def saved_language(self, user_id: int) -> str | None:
        """A player's `/gin me settings language` choice (their profile's, kept in memory)."""
        return await self.profiles.language(user_id)

    async def __call__(self, update: TableUpdate) -> None:
        # In order per table (the table service's queue); tables wait on each other only
        # where they share a Discord bucket, in the outbox.
        await self.deliver(update)

    async def deliver(self, update: TableUpdate) -> None:
        """Show one table update: the board, the hands, the results."""
        state = update.state
        kind = update.kind
        if update.reloaded:
            self._reread(state.table_id)
        if update.restored:
            await self._retire_strays(state)
        if kind in ("lobby", "closed"):
            board = self.board_language(state)
            closed = None if update.note is None else render(update.note, board)
            if state.public is None:
                public = messages.lobby_message(state, closed=closed, locale=board)
            else:  # a board (a layout): it stays one, finished, with the note
                public = self._board(state, finished=True, note=closed)
            await self._edit_public(state, public)
            if kind == "closed":
                self.in_play.gone(state)
            if kind == "closed" and state.public is not None:
                # A match called off (a tournament no-show): the hands lose their controls.
                await self._close_hands(state, update.note or "")
                await self.private.retire(state.table_id)
                self._forget(state.table_id)
            return
        if kind == "reminder":
            await self._remind(update)
            return
        if kind == "reveal":  # a past round's, never posted by the process before
            reveal = await self._reveal(state)
            await self._public_step(state.table_id, self._post_reveal(state, reveal))
            return
        if kind == "chat":
            await self._chat_line(update)
            return
        if kind == "move" and state.public is not None and state.public.phase == "discard":
            # A draw: the same player discards next, and the table shows whole turns ("drew
            # from the stock and discarded 9♠"), so everyone else is updated after the discard.
            return
        if kind == "move":
            # The board and the hands at once: the next player's controls need not wait for
            # the board's edit (nor the board for theirs).
            await asyncio.gather(self._board_moved(state), self._update_hands(update))
            return
        if kind == "round_start":
            await self._new_board(state, restored=update.restored)
            self.in_play.moved(state)
        elif kind == "round_over":
            await self._round_over(state)
            self.in_play.moved(state)
        elif kind == "removed":
            await self._edit_board(state)
            self.in_play.moved(state)
        elif kind == "match_over":
            self.in_play.gone(state)
        if kind == "removed" and update.seat is not None:
            await self._tell_removed(state, update.seat)
            removed = state.seats[update.seat].user_id
            if removed is not None:
                await self.private.retire(state.table_id, removed)
        if kind == "match_over":
            self._shown[state.table_id] = state
            table = self._board(state, finished=True)
            if update.summary is None:
                await self._public_step(state.table_id, self._edit_public(state, table))
            else:
                summary = result_layout.summary_message(
                    state, update.summary, self.board_language(state)
                )
                await self._public_step(state.table_id, self._board_then(state, table, summary))
        if kind == "match_over" and update.summary is not None:
            await self._final_hands(update)
            await self.private.retire(state.table_id)
            self._forget(state.table_id)
            return
        await self._update_hands(update)

    # ----- the public board -------------------------------------------------------------

    def board_of(self, state: TableState) -> int | None:
        """The live board's message id: the newest this notifier posted, else the stored one."""
        return self.boards.get(state.table_id, state.message_id)

    def _in_turn(self, table_id: int, step: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run a table's public write `step` after the ones before it (a round's end board,
        its reveal, the next round's board), without anyone else waiting: the round's
        hands go meanwhile (players before boards)."""
        before = self._public.get(table_id)

        async def run() -> None:
            try:
                if before is not None:
                    await asyncio.gather(before, return_exceptions=True)
            except asyncio.CancelledError:
                step.close()  # never started (a shutdown)
                raise
            await step

        task = asyncio.create_task(run())
        self._public[table_id] = task
        self._board_tasks.add(task)  # until it is out (`idle`)
        task.add_done_callback(self._board_tasks.discard)
        task.add_done_callback(
            lambda done: (
                self._public.pop(table_id, None) if self._public.get(table_id) is done else None
            )
        )
        return task

    async def _round_over(self, state: TableState) -> None:
        """The round's end on its board, then its reveal below it (the board is never
        behind what follows it), both on their way while the hands go."""
        self._shown[state.table_id] = state
        table = self._board(state)
        reveal = await self._reveal(state)
        await self._public_step(state.table_id, self._board_then(state, table, reveal, reveal=True))

    async def _reveal(self, state: TableState) -> messages.Message:
        """The round's reveal (`state`: the table as the round ended), with its picture."""
        board = self.board_language(state)
        title = result_layout.reveal_title(state, board)
        picture = await self.pictures.reveal_png(state, title, board)
        return result_layout.reveal_message(state, board, picture)

    async def _post_reveal(self, state: TableState, reveal: messages.Message) -> None:
        """Post a round's reveal and, once Discord has it, tell the store (a process
        killed before that has its restart post it, `Recovery.show_again`)."""
        sent = await self.outbox.post(state.channel_id, reveal, Priority.BOARD)
        if sent is None or state.public is None:
            return
        try:
            await self.tables.revealed(state.table_id, state.public.round_no)
        except Exception:  # at worst the restart posts it again
            log.exception("could not record the reveal of table %s", state.table_id)

    async def _public_step(self, table_id: int, step: Coroutine[Any, Any, None]) -> None:
        """`_in_turn`, waited for on several processes: a process killed after a round's
        end has shown it in full (the next deal may be another process's)."""
        task = self._in_turn(table_id, step)
        if self.tables.shared:
            await task

    async def _board_then(
        self,
        state: TableState,
        table: messages.Message,
        then: messages.Message,
        *,
        reveal: bool = False,
    ) -> None:
        """Edit the live board into `table`, then post `then` below it (`reveal`: the
        round's reveal, recorded once posted). The board's id is read now, once the
        table's writes before are out (its new board's post)."""
        message_id = self.board_of(state)
        if message_id is not None:
            # A board like the others: nobody waits for it now but its own reveal, and a
            # busy channel's tables in play go first.
            await self.outbox.edit(state.channel_id, message_id, table, Priority.BOARD)
        else:
            table.release()
        if reveal:
            await self._post_reveal(state, then)
        else:
            await self._send_channel(state.channel_id, then)

    async def _new_board(self, state: TableState, *, restored: bool = False) -> None:
        """Post the round's board without waiting for it: in a busy channel the posts
        queue for seconds, and the round's first hands must not wait behind them.
        `restored`: shown afresh at a restart, the board before is this round's."""
        message = self._board(state)
        shown = self._shown.get(state.table_id, state if restored else None)
        self._shown[state.table_id] = state
        task = self._in_turn(state.table_id, self._board_posted(state, message, shown))
        self._board_posts[state.table_id] = task
        if self.tables.shared:
            # Several processes: the next move may be shown by another one, which finds
            # the live board in the store; it must be there first.
            await task

    async def _board_posted(
        self, state: TableState, message: messages.Message, shown: TableState | None = None
    ) -> None:
        """Post the board once the table's public writes before it are out (its previous
        round's reveal first). Once it is there: it is the live one, the edits made
        meanwhile land on it, and the board before it loses its controls."""
        table_id, me = state.table_id, asyncio.current_task()
        older = self.board_of(state)
        try:
            sent = await self.outbox.post(state.channel_id, message, Priority.BOARD)
        finally:
            if self._board_posts.get(table_id) is me:
                del self._board_posts[table_id]
        later = self._board_later.pop(me, None) if me is not None else None
        if sent is None:
            if later is not None:
                later.release()
            return
        self.boards[table_id] = sent.id
        if later is not None:  # what happened while it was on its way
            self.outbox.edit(state.channel_id, sent.id, later, Priority.BOARD)
        await self.tables.set_board_message(table_id, sent.id)
        if older is not None and older != sent.id:
            # The previous round's board (or the lobby): finished, its controls gone. Waited
            # for: on several processes the next move waits for this task, so a process
            # killed after it leaves no older board with controls. A layout has no text
            # beside its controls: it is edited whole, as it was last shown, finished.
            if shown is not None and shown.public is not None:
                done = self._board(shown, finished=True)
                await self.outbox.edit(state.channel_id, older, done, Priority.BOARD)
            else:
                await self._strip(state.channel_id, older, None, Priority.BOARD)

    async def idle(self) -> None:
        """Wait until every board and write is out (tests, shutdown)."""
        while True:
            pending = [*self._board_tasks, *self.in_play.posting()]
            if pending:
                await asyncio.gather(*pending, return_exceptions=True)
                continue
            await self.outbox.idle()
            # A board posted meanwhile (an update delivered while the outbox drained) is
            # out once its task has stripped the board before it: its post alone is not.
            if not self._board_tasks and not self.in_play.posting():
                return

    async def _board_moved(self, state: TableState) -> None:
        """A move: shown by the busy channel's one message, else on the table's board."""
        if not self.in_play.moved(state):
            await self._edit_board(state)

    async def _edit_board(self, state: TableState, *, finished: bool = False) -> None:
        self._shown[state.table_id] = state
        await self._edit_public(state, self._board(state, finished=finished))

    def _board(
        self, state: TableState, *, finished: bool = False, note: str | None = None
    ) -> messages.Message:
        """The board as one layout, its cards as emojis once Discord has them; no picture
        (drawn and uploaded at every move, it cost most of the bot's CPU per click)."""
        return board_layout.table_message(
            state,
            finished=finished,
            locale=self.board_language(state),
            emojis=self.pictures.emojis,
            note=note,
        )

    async def _edit_public(self, state: TableState, message: messages.Message) -> None:
        """Queue the board's edit (a newer one replaces it while queued)."""
        posting = self._board_posts.get(state.table_id)
        if posting is not None:  # the newest board is on its way: edited once it is there
            replaced = self._board_later.pop(posting, None)
            if replaced is not None:
                replaced.release()
            self._board_later[posting] = message
            return
        message_id = self.board_of(state)
        if message_id is None:
            message.release()
            return
        self.outbox.edit(state.channel_id, message_id, message, Priority.BOARD)

    async def _send_channel(self, channel_id: int, message: messages.Message) -> None:
        """Post in the table's channel (not waited for). The table's posts share one
        priority, so they appear in the order made."""
        self.outbox.post(channel_id, message, Priority.BOARD)

    async def _strip(
        self,
        channel_id: int,
        message_id: int,
        user_id: int | None,
        priority: int = Priority.REST,
    ) -> None:
        """Take a message's controls away (`user_id`: a DM's reader), once it is done."""
        await self.outbox.edit(channel_id, message_id, ControlsOff(), priority, user_id=user_id)

    # ----- private hands --------------------------------------------------------------

    async def _update_hands(self, update: TableUpdate) -> None:
        state = update.state
        for seat_no, view in update.views.items():
            seat = state.seats[seat_no]
            key = (state.table_id, seat_no)
            turn_starts = view.my_turn and not self._turn_shown.get(key, False)
            self._turn_shown[key] = view.my_turn
            if seat.user_id is None or seat.user_id == update.actor:
                continue
            message = await self.hand(state, view, seat.user_id)
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

    def _reread(self, table_id: int) -> None:
        """Another process changed the table (several processes): its board and hand
        messages are read from the store again (`state.message_id`, `_stored_hand`)."""
        for key in [k for k in self.hands if k[0] == table_id]:
            del self.hands[key]
        self._looked_up = {k for k in self._looked_up if k[0] != table_id}
        # Another process may have shown a turn on a hand posted here.
        self._unturned = {k: v for k, v in self._unturned.items() if k[0] != table_id}
        self.boards.pop(table_id, None)
        self._shown.pop(table_id, None)

    def _forget(self, table_id: int) -> None:
        for key in [k for k in self.hands if k[0] == table_id]:
            del self.hands[key]
        for key in [k for k in self._turn_shown if k[0] == table_id]:
            del self._turn_shown[key]
        self._unturned = {k: v for k, v in self._unturned.items() if k[0] != table_id}
        self._shown.pop(table_id, None)
        self._chat.pop(table_id, None)
        if table_id in self._public:
            # The match's last board and result are still on their way, to this board.
            self._in_turn(table_id, self._forget_board(table_id))
        else:
            self.boards.pop(table_id, None)

    async def _forget_board(self, table_id: int) -> None:
        self.boards.pop(table_id, None)

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
        message: messages.Message,
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
        message: messages.Message,
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
