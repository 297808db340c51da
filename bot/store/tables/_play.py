"""Rounds and moves of a playing table, each advancing its version."""

from __future__ import annotations

from datetime import datetime

from bot.store._db import Tx, opt_ms
from bot.store._parts import Part
from bot.store.errors import NotFound, StaleVersion
from bot.store.models import Deal, NextTimer

from ._steps import MoveStep, arm_in, record_deal


class Play(Part):
    """The rounds and moves of `store.tables`."""

    async def start_round(
        self,
        table_id: int,
        expected_version: int,
        round_no: int,
        seed: int,
        dealer: int,
        state_json: str,
        *,
        turn_deadline: datetime | None = None,
        timer: NextTimer | None = None,
    ) -> int:
        """Record a new round (seed, dealer) and the snapshot right after the deal; returns
        the new version. `timer` arms the table's timer at that version in the same
        transaction (the row `timers.arm("table", table_id, ...)` writes). Raises
        `StaleVersion`, `WrongStatus` (not playing) or `NotFound`; nothing is written then,
        nor when the timer cannot be written."""
        async with self._db.write() as tx:
            new_version = await record_deal(
                tx,
                table_id,
                expected_version,
                round_no,
                Deal(seed, dealer),
                state_json,
                opt_ms(turn_deadline),
            )
            await arm_in(tx, table_id, new_version, timer)
        return new_version

    async def apply_move(
        self,
        table_id: int,
        expected_version: int,
        round_no: int,
        seat: int,
        action_json: str,
        state_json: str | None = None,
        *,
        turn_deadline: datetime | None = None,
        round_result_json: str | None = None,
        auto_json: str | None = None,
        timer: NextTimer | None = None,
    ) -> int:
        """Append one move to the log and advance the table's version, in one transaction.

        With `state_json` the snapshot is replaced too (else recovery replays this move on
        the older snapshot). `turn_deadline` becomes the table's deadline (None clears it).
        `round_result_json` closes the round in the same commit when this move ended it.
        `auto_json`, if given, replaces the seats' counts of automatic turns in a row.
        `timer`, if given, arms the table's timer at the new version in the same commit
        (exactly the row `timers.arm("table", table_id, ...)` writes).
        Returns the new version, which is also the move's `seq`. Raises `StaleVersion` if
        the table is no longer at `expected_version`, `WrongStatus` if it is not playing;
        either way nothing is written, and a move is never applied twice. It returns once
        the move is committed (durable): acknowledge the player only after that.

        Concurrent calls (other tables) share a commit: see `Db.batched`.
        """
        move = MoveStep(
            table_id,
            expected_version,
            round_no,
            seat,
            action_json,
            state_json,
            opt_ms(turn_deadline),
            round_result_json,
            auto_json,
            timer,
        )
        version: int = await self._db.batched(move)
        return version

    async def save_snapshot(self, table_id: int, version: int, state_json: str) -> None:
        """Store the full state as of `version` (the current one) without changing it, so
        recovery replays fewer moves. `StaleVersion` if the table moved on meanwhile."""
        async with self._db.write() as tx:
            changed = await tx.execute(
                "UPDATE game_tables SET state_json = ?, snapshot_version = ?, updated_at = ?"
                " WHERE id = ? AND version = ?",
                (state_json, version, tx.now_ms, table_id, version),
            )
            if not changed:
                row = await tx.fetchone("SELECT version FROM game_tables WHERE id = ?", (table_id,))
                if row is None:
                    raise NotFound(f"table {table_id}")
                raise StaleVersion("table", table_id, version, row[0])

    async def finish_round(self, table_id: int, round_no: int, result_json: str) -> None:
        """Store a round's result (also possible through `apply_move(round_result_json=)`)."""
        async with self._db.write() as tx:
            await self._finish_round(tx, table_id, round_no, result_json)

    async def _finish_round(self, tx: Tx, table_id: int, round_no: int, result: str) -> None:
        changed = await tx.execute(
            "UPDATE rounds SET result_json = ?, finished_at = ? WHERE table_id = ? AND round_no = ?",
            (result, tx.now_ms, table_id, round_no),
        )
        if not changed:
            raise NotFound(f"round {round_no} of table {table_id}")
