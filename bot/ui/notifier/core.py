"""The notifier itself: each table update shown, in order per table."""

from __future__ import annotations

import asyncio

from bot.games.model import TableUpdate
from bot.i18n import render
from bot.ui import messages, result_layout
from bot.ui.notifier.hands import Hands


class Notifier(Hands):
    """The table service's observer on the Discord side."""

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
                # A match called off (a tournament no-show): the hands lose their controls,
                # as does any board a killed process left retiring.
                await self._strip_left_retiring(state)
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
            await self._strip_left_retiring(state)
        if kind == "match_over" and update.summary is not None:
            await self._final_hands(update)
            await self.private.retire(state.table_id)
            self._forget(state.table_id)
            return
        await self._update_hands(update)

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
