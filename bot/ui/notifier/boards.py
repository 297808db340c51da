"""The public board: posted per round, edited per move, its round's end and reveal and
the match's end in order on a task of their own (docs/architecture.md, step 8)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from bot.games.model import TableState
from bot.outbox import Priority
from bot.outbox.write import ControlsOff
from bot.ui import board_layout, messages, result_layout
from bot.ui.notifier.languages import Languages

log = logging.getLogger(__name__)

#: Several processes: the most a round's hands wait for its end's public writes (seconds):
#: enough for a reveal whose channel is not behind, short of the handoff's 1 s target.
ROUND_END_WAIT = 0.5


class Boards(Languages):
    """The table's public writes."""

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
        """`_in_turn`, waited for on several processes, at most `ROUND_END_WAIT`: a process
        killed after a round's end has then shown it in full, unless its channel's posts
        were further behind (its restart posts a missing reveal, `Recovery.show_again`,
        only for the tables it changed last; the next move or deal may be another
        process's). The hands never wait longer for a busy channel's queue
        (docs/architecture.md, step 8)."""
        task = self._in_turn(table_id, step)
        if self.tables.shared:
            await asyncio.wait({task}, timeout=ROUND_END_WAIT)

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
        retiring: tuple[int, ...] = ()
        if self.tables.shared:
            # Several processes: the next move may be shown by another one, which reads
            # the live board's id from the store. The board before is not this round's:
            # forgotten there before the hands go, so that process edits nothing until
            # the new board's id is stored (then `_caught_up` shows what it missed). The
            # store keeps it as retiring until its controls are off: a process killed
            # before leaves it to whoever posts the next board (a restart included).
            retiring = await self._unstore_board(state.table_id)
        task = self._in_turn(state.table_id, self._board_posted(state, message, shown, retiring))
        self._board_posts[state.table_id] = task

    async def _board_posted(
        self,
        state: TableState,
        message: messages.Message,
        shown: TableState | None = None,
        retiring: tuple[int, ...] = (),
    ) -> None:
        """Post the board once the table's public writes before it are out (its previous
        round's reveal first). Once it is there: it is the live one, the edits made
        meanwhile land on it, and the board before it loses its controls, as do the
        `retiring` ones the store kept (`_unstore_board`)."""
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
        ended = await self.tables.set_board_message(table_id, sent.id)
        if self.tables.shared:
            if ended:
                await self._ended_meanwhile(state, sent.id)
            else:
                await self._caught_up(state, sent.id)
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
        await self._strip_retiring(state, retiring, {older, sent.id})
        if ended and self.tables.shared and self._last_public(table_id, sent.id):
            self.boards.pop(table_id, None)  # its match is over: nothing edits it again
            self._shown.pop(table_id, None)

    def _last_public(self, table_id: int, message_id: int) -> bool:
        """Whether `message_id` is the table's newest board here and nothing is queued
        after the public write running now (a later round's board, which finishes this
        one as its round ended, or the match's end, which edits it): then nothing here
        needs its id again."""
        me = asyncio.current_task()
        return self.boards.get(table_id) == message_id and self._public.get(table_id) is me

    async def _strip_retiring(
        self, state: TableState, retiring: tuple[int, ...], done: set[int | None]
    ) -> None:
        """Take the controls off the boards the store kept as retiring (a process killed
        before its new board was out left them live), but those `done` already; then the
        store forgets them."""
        for message_id in retiring:
            if message_id not in done:
                await self._strip(state.channel_id, message_id, None, Priority.BOARD)
            try:
                await self.tables.board_retired(state.table_id, message_id)
            except Exception:  # kept: the next board or the match's end strips it again
                log.exception("could not forget the old board of table %s", state.table_id)

    async def _strip_left_retiring(self, state: TableState) -> None:
        """A match's end (several processes): the boards the store still keeps as retiring
        lose their controls, there being no next board to do it (a process killed before
        stripping them, the round's own board never posted). Queued after the table's
        last board and result; the live board was just edited finished."""
        if not self.tables.shared:
            return  # one process strips its old board itself, and retires none in the store

        async def step() -> None:
            try:
                retiring = await self.tables.retiring_boards(state.table_id)
            except Exception:  # the store down: they stay live; a click shows the result
                log.exception("could not read the old boards of table %s", state.table_id)
                return
            await self._strip_retiring(state, retiring, {self.board_of(state)})

        self._in_turn(state.table_id, step())

    async def _ended_meanwhile(self, posted: TableState, message_id: int) -> None:
        """Several processes: the match ended while this board was on its way (in another
        process, its end finding no board in the store to show finished, `_unstore_board`;
        or here, the channel's posts far behind the moves). A board of the match's last
        round shows the match's last state, finished, as that end would have; a board of
        an earlier round only loses its controls, keeping its own round (the next board,
        if this process posts it, shows it finished as its round ended); a match called
        off: its controls taken off. Never another round's state on it. Why none is
        missed: the board's store write reads the table's status in its transaction; if
        it came before the end, the end's update reads the table after it
        (`Registry.refresh`) and so edits this board."""
        try:
            final = await self.tables.final_state(posted.table_id)
        except Exception:  # the store down, or not rebuilt: the controls go at least
            log.exception("could not read the end of table %s", posted.table_id)
            final = None
        if not _same_round(final, posted):
            await self._strip(posted.channel_id, message_id, None, Priority.BOARD)
            return
        assert final is not None
        done = self._board(final, finished=True)
        await self.outbox.edit(posted.channel_id, message_id, done, Priority.BOARD)

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
        if message_id is None and self.tables.shared:
            message_id = await self._stored_board(state.table_id)
        if message_id is None:
            message.release()
            return
        self.outbox.edit(state.channel_id, message_id, message, Priority.BOARD)

    async def _unstore_board(self, table_id: int) -> tuple[int, ...]:
        """Forget the live board in the store, kept there as retiring: the boards to strip
        once the new one is out (`TableService.retire_board`)."""
        try:
            return await self.tables.retire_board(table_id)
        except Exception:  # the store down: the other process edits the old board meanwhile
            log.exception("could not forget the board of table %s", table_id)
            return ()

    async def _stored_board(self, table_id: int) -> int | None:
        """The board another process posted since this one read the table (several
        processes), kept here until the table is read again (`_reread`)."""
        try:
            found = await self.tables.board_message(table_id)
        except Exception:
            log.exception("could not read the board of table %s", table_id)
            return None
        if found is not None:
            self.boards[table_id] = found
        return found

    async def _caught_up(self, posted: TableState, message_id: int) -> None:
        """Several processes: a new board's id is stored; a move another process made
        while it was on its way (it found no board in the store, `_unstore_board`) is
        shown now. Why nothing is lost: that process read the store after its move was
        committed and found no id, so before the id was stored; this read comes after,
        so it sees that move (or a newer one). A process that found the id edits the
        board itself (both may: each edit shows a state at least that new)."""
        try:
            now = self.tables.state(await self.tables.sync(posted.table_id))
        except Exception:  # over, gone, or the store down: the next move shows it
            log.debug("table %s not read again after its board", posted.table_id)
            return
        shown = self._shown.get(posted.table_id, posted)
        if now.version <= max(shown.version, posted.version) or now.status != "playing":
            return
        if now.public is None or posted.public is None:
            return
        if now.public.round_no != posted.public.round_no:
            return  # a later round: its own board
        await self._board_moved(now)

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


def _same_round(final: TableState | None, posted: TableState) -> bool:
    """Whether the match's last state `final` is of the round the board `posted` shows."""
    if final is None or final.public is None or posted.public is None:
        return False
    return final.public.round_no == posted.public.round_no
