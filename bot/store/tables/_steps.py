"""The statements a table's changes share: the next timer armed with the change, a
round's deal, a move and a seat's message as steps of a shared commit (`Db.batched`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store._db import Step, Steps, Tx, check_int64, is_foreign_key_violation
from bot.store.errors import NotFound
from bot.store.models import Deal, NextTimer
from bot.store.timers import ARM_SQL, arm_params

from ._rows import VERSION_AND_STATUS, refusal, refuse


def arm_step(table_id: int, version: int, timer: NextTimer) -> Step:
    """The statement that arms the table's next timer at `version` inside the caller's
    transaction: the very row `timers.arm("table", table_id, ...)` writes."""
    params = arm_params(
        "table", table_id, timer.what, version, timer.due, timer.for_owner, timer.grace
    )
    return ("execute", ARM_SQL, params)


async def arm_in(tx: Tx, table_id: int, version: int, timer: NextTimer | None) -> None:
    """`arm_step` run in `tx` (nothing without a timer): it commits with the change, or
    fails and rolls the change back with it."""
    if timer is not None:
        _, sql, params = arm_step(table_id, version, timer)
        await tx.execute(sql, params)


async def record_deal(
    tx: Tx,
    table_id: int,
    expected_version: int,
    round_no: int,
    deal: Deal,
    state_json: str,
    turn_deadline_ms: int | None,
) -> int:
    """Record a new round of a playing table at `expected_version` and its snapshot right
    after the deal, inside `tx`; returns the new version (or raises the refusal)."""
    check_int64(deal.seed, "seed")
    new_version = expected_version + 1
    changed = await tx.execute(
        "UPDATE game_tables SET version = ?, round_no = ?, state_json = ?,"
        " snapshot_version = ?, turn_deadline = ?, updated_at = ?"
        " WHERE id = ? AND version = ? AND status = ?",
        (
            new_version,
            round_no,
            state_json,
            new_version,
            turn_deadline_ms,
            tx.now_ms,
            table_id,
            expected_version,
            "playing",
        ),
    )
    if not changed:
        await refuse(tx, table_id, expected_version, ("playing",))
    await tx.execute(
        "INSERT INTO rounds (table_id, round_no, seed, dealer, start_version, started_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (table_id, round_no, deal.seed, deal.dealer, new_version, tx.now_ms),
    )
    return new_version


@dataclass(frozen=True, slots=True)
class MoveStep:
    table_id: int
    expected_version: int
    round_no: int
    seat: int
    action_json: str
    state_json: str | None
    turn_deadline_ms: int | None
    round_result_json: str | None
    auto_json: str | None = None
    timer: NextTimer | None = None

    def steps(self, now_ms: int) -> Steps:
        """Apply the move inside a shared transaction (its own savepoint on SQLite, its own
        transaction on PostgreSQL): the new version, or an exception and nothing written.

        The versioned UPDATE comes first: on PostgreSQL it takes the table's row lock, so a
        concurrent move at the same version (another process) waits for this one's commit,
        then matches no row and is refused."""
        new_version = self.expected_version + 1
        snapshot = "" if self.state_json is None else " state_json = ?, snapshot_version = ?,"
        if self.auto_json is not None:
            snapshot += " auto_json = ?,"
        changed = yield (
            "execute",
            "UPDATE game_tables SET version = ?,"  # noqa: S608 (a literal of this function)
            + snapshot
            + " turn_deadline = ?, updated_at = ? WHERE id = ? AND version = ? AND status = ?",
            (
                new_version,
                *(() if self.state_json is None else (self.state_json, new_version)),
                *(() if self.auto_json is None else (self.auto_json,)),
                self.turn_deadline_ms,
                now_ms,
                self.table_id,
                self.expected_version,
                "playing",
            ),
        )
        if not changed:
            row = yield ("fetchone", VERSION_AND_STATUS, (self.table_id,))
            raise refusal(row, self.table_id, self.expected_version, ("playing",))
        try:
            yield (
                "execute",
                "INSERT INTO moves (table_id, seq, round_no, seat, action_json, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (self.table_id, new_version, self.round_no, self.seat, self.action_json, now_ms),
            )
        except Exception as exc:
            if is_foreign_key_violation(exc):
                raise NotFound(
                    f"round {self.round_no} of table {self.table_id} was never started"
                ) from exc
            raise
        if self.round_result_json is not None:
            # The round exists: the foreign key of the move just inserted proves it.
            yield (
                "execute",
                "UPDATE rounds SET result_json = ?, finished_at = ?"
                " WHERE table_id = ? AND round_no = ?",
                (self.round_result_json, now_ms, self.table_id, self.round_no),
            )
        if self.timer is not None:
            # The table's next timer commits with the move (or not at all, with it).
            yield arm_step(self.table_id, new_version, self.timer)
        return new_version


@dataclass(frozen=True, slots=True)
class SeatMessageStep:
    table_id: int
    seat_no: int
    dm_channel_id: int | None
    dm_message_id: int | None

    def steps(self, now_ms: int) -> Steps:
        changed = yield (
            "execute",
            "UPDATE seats SET dm_channel_id = ?, dm_message_id = ?"
            " WHERE table_id = ? AND seat_no = ?",
            (self.dm_channel_id, self.dm_message_id, self.table_id, self.seat_no),
        )
        if not changed:
            raise NotFound(f"seat {self.seat_no} of table {self.table_id}")
