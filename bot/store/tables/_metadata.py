"""What changes on a table without moving its version: removed seats, message ids, the
last reveal, the turn deadline."""

from __future__ import annotations

from datetime import datetime

from bot.store._db import opt_ms
from bot.store._parts import Part
from bot.store.errors import NotFound
from bot.store.models import NextTimer, TableStatus

from ._rows import VERSION_AND_STATUS, refusal
from ._steps import SeatMessageStep, arm_in

#: A table's retiring boards, oldest first (Discord's ids grow with time).
RETIRING = "SELECT message_id FROM retiring_boards WHERE table_id = ? ORDER BY message_id"


class Metadata(Part):
    """The metadata of `store.tables` (no version change)."""

    async def remove_seat(
        self,
        table_id: int,
        seat_no: int,
        *,
        expected_version: int | None = None,
        timer: NextTimer | None = None,
        resigned: bool = False,
    ) -> None:
        """Mark a seat as removed mid-match (away too long, or `resigned`: kept so that a
        restart still says why). The version does not move: the deal and the moves stay as
        they were, and a rebuild withdraws the seat by its flag.

        With `expected_version` the removal holds only if the table is still playing at that
        version, the state it was decided on (else `StaleVersion`, `WrongStatus` or
        `NotFound`, nothing written); the check is inside the write transaction, which
        excludes every other writer (moves included) on both backends. `timer` (which needs
        `expected_version`) arms the table's timer at that version in the same transaction
        (the row `timers.arm("table", table_id, ...)` writes)."""
        if timer is not None and expected_version is None:
            raise ValueError("a removal's timer needs the table's version")
        async with self._db.write() as tx:
            if expected_version is not None:
                row = await tx.fetchone(VERSION_AND_STATUS, (table_id,))
                if row is None or (row["version"], row["status"]) != (expected_version, "playing"):
                    raise refusal(row, table_id, expected_version, ("playing",))
            changed = await tx.execute(
                "UPDATE seats SET removed = ?, resigned = ? WHERE table_id = ? AND seat_no = ?",
                (True, resigned, table_id, seat_no),
            )
            if not changed:
                raise NotFound(f"seat {seat_no} of table {table_id}")
            if expected_version is not None:
                await arm_in(tx, table_id, expected_version, timer)

    async def set_seat_message(
        self, table_id: int, seat_no: int, dm_channel_id: int | None, dm_message_id: int | None
    ) -> None:
        """Remember the DM holding this seat's hand, to edit it later (shares the moves'
        group commit: one is written for most turns)."""

        await self._db.batched(SeatMessageStep(table_id, seat_no, dm_channel_id, dm_message_id))

    async def set_message(self, table_id: int, message_id: int | None) -> TableStatus:
        """The public message of the table (a fresh one per round). Returns the table's
        status as of this write: a match another process ended (or called off) before it
        says so, and the one that ended it read the message id after its end (several
        processes: a board posted late is then shown finished by one of the two)."""
        async with self._db.write() as tx:
            changed = await tx.execute(
                "UPDATE game_tables SET message_id = ?, updated_at = ? WHERE id = ?",
                (message_id, tx.now_ms, table_id),
            )
            if not changed:
                raise NotFound(f"table {table_id}")
            row = await tx.fetchone(VERSION_AND_STATUS, (table_id,))
        assert row is not None  # the row just written, in the same transaction
        status: TableStatus = row["status"]
        return status

    async def retire_message(self, table_id: int) -> tuple[int, ...]:
        """Forget the table's live board before a new one is posted, keeping it as a
        retiring one (`retiring_boards`) in the same write, so that a process killed
        before the new board is out, or before its controls are off, leaves it to be
        stripped. Returns the boards to strip once the new one is there: the live one, and
        every one an earlier retire left recorded (oldest first)."""
        async with self._db.write() as tx:
            row = await tx.fetchone("SELECT message_id FROM game_tables WHERE id = ?", (table_id,))
            if row is None:
                raise NotFound(f"table {table_id}")
            live = row["message_id"]
            if live is not None:
                await tx.execute(
                    "INSERT INTO retiring_boards (table_id, message_id) VALUES (?, ?)"
                    " ON CONFLICT (table_id, message_id) DO NOTHING",
                    (table_id, live),
                )
                await tx.execute(
                    "UPDATE game_tables SET message_id = ?, updated_at = ? WHERE id = ?",
                    (None, tx.now_ms, table_id),
                )
            rows = await tx.fetchall(RETIRING, (table_id,))
        return tuple(r["message_id"] for r in rows)

    async def retired_message(self, table_id: int, message_id: int) -> None:
        """The retiring board `message_id` has lost its controls: no longer kept (the
        others stay)."""
        async with self._db.write() as tx:
            await tx.execute(
                "DELETE FROM retiring_boards WHERE table_id = ? AND message_id = ?",
                (table_id, message_id),
            )

    async def retiring_messages(self, table_id: int) -> tuple[int, ...]:
        """The boards kept as retiring (oldest first): what a match's end strips, there
        being no next board to do it."""
        rows = await self._db.fetchall(RETIRING, (table_id,))
        return tuple(r["message_id"] for r in rows)

    async def set_revealed(self, table_id: int, round_no: int) -> None:
        """Round `round_no`'s reveal is in the channel (never moves back; the table's
        version is not changed: nothing of the game is)."""
        async with self._db.write() as tx:
            await tx.execute(
                "UPDATE game_tables SET revealed_round = ? WHERE id = ? AND revealed_round < ?",
                (round_no, table_id, round_no),
            )

    async def set_deadline(self, table_id: int, deadline: datetime | None) -> None:
        async with self._db.write() as tx:
            changed = await tx.execute(
                "UPDATE game_tables SET turn_deadline = ?, updated_at = ? WHERE id = ?",
                (opt_ms(deadline), tx.now_ms, table_id),
            )
            if not changed:
                raise NotFound(f"table {table_id}")
