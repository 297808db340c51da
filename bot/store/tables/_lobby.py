"""A table before play: created (also from a challenge), joined, left, started."""

from __future__ import annotations

from datetime import datetime

from bot.store._db import Tx, opt_ms
from bot.store._parts import Part
from bot.store.errors import AlreadySeated, NotFound, StaleVersion, TableFull, WrongStatus
from bot.store.models import Deal, NewSeat, NextTimer, Table, TableSpec

from ._rows import require
from ._steps import arm_in, record_deal


async def insert_table(tx: Tx, spec: TableSpec) -> Table:
    """Create a lobby table inside `tx` (also used when a challenge is accepted)."""
    if not 2 <= spec.seat_count <= 4:
        raise ValueError("a table has 2 to 4 seats")
    if len(spec.seats) > spec.seat_count:
        raise TableFull(f"{len(spec.seats)} players for {spec.seat_count} seats")
    humans = [s.user_id for s in spec.seats if s.user_id is not None]
    if len(set(humans)) != len(humans):
        raise AlreadySeated("a player cannot take two seats")
    row = await tx.fetchone(
        "INSERT INTO game_tables (guild_id, channel_id, message_id, host_id, rules, rules_json,"
        " target, seat_count, status, version, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            spec.guild_id,
            spec.channel_id,
            spec.message_id,
            spec.host_id,
            spec.rules,
            spec.rules_json,
            spec.target,
            spec.seat_count,
            "lobby",
            0,
            tx.now_ms,
            tx.now_ms,
        ),
    )
    assert row is not None
    table_id: int = row[0]
    await tx.executemany(
        "INSERT INTO seats (table_id, seat_no, user_id, computer_level, display_name, joined_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [
            (table_id, i, s.user_id, s.computer_level, s.display_name, tx.now_ms)
            for i, s in enumerate(spec.seats)
        ],
    )
    return await require(tx, table_id)


class Lobby(Part):
    """The lobby's part of `store.tables`."""

    async def create(self, spec: TableSpec) -> Table:
        """A new table in the lobby, with the seats given (in order, from seat 0)."""
        async with self._db.write() as tx:
            return await insert_table(tx, spec)

    async def join(self, table_id: int, seat: NewSeat) -> Table:
        """Take the next seat of a lobby table. Raises `TableFull`, `AlreadySeated`,
        `WrongStatus` (not in the lobby) or `NotFound`."""
        async with self._db.write() as tx:
            table = await require(tx, table_id)
            if table.status != "lobby":
                raise WrongStatus(f"table {table_id} is {table.status}, not lobby")
            if seat.user_id is not None and table.seat_of(seat.user_id) is not None:
                raise AlreadySeated(f"player {seat.user_id} already sits at table {table_id}")
            if len(table.seats) >= table.seat_count:
                raise TableFull(f"table {table_id} is full")
            await tx.execute(
                "INSERT INTO seats (table_id, seat_no, user_id, computer_level, display_name,"
                " joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    len(table.seats),
                    seat.user_id,
                    seat.computer_level,
                    seat.display_name,
                    tx.now_ms,
                ),
            )
            await self._bump(tx, table_id)
            return await require(tx, table_id)

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby table; the seats after it move up so seats stay 0..n-1."""
        async with self._db.write() as tx:
            table = await require(tx, table_id)
            if table.status != "lobby":
                raise WrongStatus(f"table {table_id} is {table.status}, not lobby")
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotFound(f"player {user_id} does not sit at table {table_id}")
            await tx.execute(
                "DELETE FROM seats WHERE table_id = ? AND seat_no = ?", (table_id, seat.seat_no)
            )
            # In ascending order each target number is free when it is taken.
            for later in table.seats[seat.seat_no + 1 :]:
                await tx.execute(
                    "UPDATE seats SET seat_no = ? WHERE table_id = ? AND seat_no = ?",
                    (later.seat_no - 1, table_id, later.seat_no),
                )
            await self._bump(tx, table_id)
            return await require(tx, table_id)

    async def _bump(self, tx: Tx, table_id: int) -> None:
        await tx.execute(
            "UPDATE game_tables SET version = version + 1, updated_at = ? WHERE id = ?",
            (tx.now_ms, table_id),
        )

    async def start(
        self,
        table_id: int,
        expected_version: int,
        state_json: str,
        *,
        turn_deadline: datetime | None = None,
        first_round: Deal | None = None,
        timer: NextTimer | None = None,
    ) -> int:
        """Lobby -> playing with the first snapshot of the match; returns the new version.

        With `first_round`, round 1 is recorded in the same transaction, with the same
        snapshot, exactly as `start_round(<the start's version>, 1, ...)` would (one version
        more): the match starts dealt or not at all, and the version returned is the
        round's. `timer` arms the table's timer at the returned version in the same
        transaction (the row `timers.arm("table", table_id, ...)` writes). Raises
        `StaleVersion`, `WrongStatus` (not a lobby, fewer than two players) or `NotFound`;
        nothing is written then, nor when the round or the timer cannot be written.
        """
        ms = opt_ms(turn_deadline)
        version = expected_version + 1
        async with self._db.write() as tx:
            table = await require(tx, table_id)
            if table.version != expected_version:
                raise StaleVersion("table", table_id, expected_version, table.version)
            if table.status != "lobby":
                raise WrongStatus(f"table {table_id} is {table.status}, not lobby")
            if len(table.seats) < 2:
                raise WrongStatus(f"table {table_id} has fewer than two players")
            await tx.execute(
                "UPDATE game_tables SET status = ?, version = ?, state_json = ?,"
                " snapshot_version = ?, turn_deadline = ?, updated_at = ? WHERE id = ?",
                ("playing", version, state_json, version, ms, tx.now_ms, table_id),
            )
            if first_round is not None:
                version = await record_deal(tx, table_id, version, 1, first_round, state_json, ms)
            await arm_in(tx, table_id, version, timer)
        return version
