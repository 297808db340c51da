"""Where a table is shown on Discord, as ids the store keeps: its live board and each seat's
hand message, so that a restart (or another process) edits them rather than posting anew."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.model import SharedChannel, SharedLine, TableState
from bot.store.models import TableInPlay

from ._live import LiveTable, auto_counts, resigned_seats
from ._registry import replay
from ._setup import Setup
from ._state import state

#: A table's statuses once its match is over.
ENDED = ("finished", "abandoned")

#: Seconds a process's claim to post a busy channel's message holds: one killed before
#: storing it leaves the channel to whoever moves one of its tables after that.
BUSY_CLAIM = 60.0


class Messages:
    """The table's message ids in the store (the Discord side posts, this remembers)."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    async def set_board_message(self, table_id: int, message_id: int | None) -> bool:
        """Remember the table's live board (a fresh one per round). Returns whether its
        match had ended by this write (finished or called off): on several processes,
        another one may end it while this board is on its way (`final_state`)."""
        status = await self.setup.store.tables.set_message(table_id, message_id)
        return status in ENDED

    async def final_state(self, table_id: int) -> TableState | None:
        """A finished match's last state, as its end left it in the store: how a board
        posted after that end is shown (several processes). None for a match called off
        (or a table gone, or not finished)."""
        record = await self.setup.store.tables.get(table_id)
        if record is None or record.status != "finished" or record.state_json is None:
            return None
        live = LiveTable(record, replay(TableInPlay(record, ())), record.version)
        live.resigned = resigned_seats(record)
        live.auto_moves = auto_counts(record)
        return state(live)

    async def retire_board(self, table_id: int) -> tuple[int, ...]:
        """Forget the table's live board before its next one is posted (several processes),
        the store keeping it as retiring meanwhile; returns every board to strip once the
        next one is out (`board_retired`), a killed process's retiring one included."""
        return await self.setup.store.tables.retire_message(table_id)

    async def board_retired(self, table_id: int, message_id: int) -> None:
        """A retiring board has lost its controls: the store need not keep it."""
        await self.setup.store.tables.retired_message(table_id, message_id)

    async def retiring_boards(self, table_id: int) -> tuple[int, ...]:
        """The boards the store keeps as retiring (a process killed before their controls
        were off): what a match's end strips, there being no next board to do it."""
        return await self.setup.store.tables.retiring_messages(table_id)

    async def board_message(self, table_id: int) -> int | None:
        """The table's live board as the store has it now (another process may have posted
        it since this one read the table); None when unknown."""
        record = await self.setup.store.tables.get(table_id)
        return None if record is None else record.message_id

    async def busy_channel(
        self, channel_id: int, lines: Sequence[tuple[int, int, str]] = ()
    ) -> SharedChannel:
        """A busy channel's "tables in play" across processes: write this process's newest
        `lines` (table id, version, line; an older one never replaces a newer), then read
        every playing table's line and the channel's message (`store.busy`)."""
        read = await self.setup.store.busy.sync(channel_id, lines)
        return SharedChannel(
            tables=tuple(SharedLine(s.table_id, s.version, s.line) for s in read.tables),
            message_id=read.message_id,
            posting=read.posting,
            revision=read.revision,
        )

    async def claim_busy_message(self, channel_id: int) -> bool:
        """True when this process is to post the channel's message (then `busy_posted`)."""
        return await self.setup.store.busy.claim(channel_id, BUSY_CLAIM)

    async def busy_posted(self, channel_id: int, message_id: int | None) -> None:
        """The claimed message is posted (None: it could not be; the claim goes)."""
        await self.setup.store.busy.posted(channel_id, message_id)

    async def drop_busy_message(self, channel_id: int, message_id: int) -> bool:
        """The channel is quiet again: True for the one process that is to delete it."""
        return await self.setup.store.busy.drop(channel_id, message_id)

    async def set_hand_message(
        self, table_id: int, seat_no: int, channel_id: int | None, message_id: int | None
    ) -> None:
        """Remember the DM holding the seat's live hand, to edit it later (it shares the
        moves' group commit: one is written for most turns)."""
        await self.setup.store.tables.set_seat_message(table_id, seat_no, channel_id, message_id)

    async def hand_message(self, table_id: int, seat_no: int) -> tuple[int, int] | None:
        """The seat's hand message as the store remembers it, (DM channel id, message id);
        None when the seat or its message is unknown."""
        record = await self.setup.store.tables.get(table_id)
        seat = next((s for s in record.seats if s.seat_no == seat_no), None) if record else None
        if seat is None or seat.dm_channel_id is None or seat.dm_message_id is None:
            return None
        return seat.dm_channel_id, seat.dm_message_id
