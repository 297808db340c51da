"""Game tables: lobby, seats, rounds, the move log, snapshots, recovery, match end.

Every change to a table's game state carries the version the caller saw and advances it by
one, inside one transaction; a caller holding an old version gets `StaleVersion` and nothing
is written. So two clicks racing on the same state can never both apply.

The store does not understand the JSON it keeps (rules, match state, actions, results): the
service serializes and replays through the engine. Seats are numbered from 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import NoReturn

from bot.store._db import (
    Db,
    Reader,
    Row,
    Step,
    Steps,
    Tx,
    check_int64,
    from_ms,
    is_foreign_key_violation,
    opt_dt,
    opt_ms,
    placeholders,
    to_ms,
)
from bot.store.errors import (
    AlreadySeated,
    NotFound,
    StaleVersion,
    StoreError,
    TableFull,
    WrongStatus,
)
from bot.store.models import (
    ACTIVE_STATUSES,
    Deal,
    EndedBy,
    MatchLine,
    Move,
    NewSeat,
    NextTimer,
    RatingUpdate,
    Round,
    Seat,
    Table,
    TableInPlay,
    TableSpec,
    TableStatus,
)
from bot.store.ratings import put_ratings
from bot.store.stats import record_lines
from bot.store.timers import ARM_SQL, arm_params


def _seat(row: Row) -> Seat:
    return Seat(
        table_id=row["table_id"],
        seat_no=row["seat_no"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
        display_name=row["display_name"],
        removed=bool(row["removed"]),
        resigned=bool(row["resigned"]),
        dm_channel_id=row["dm_channel_id"],
        dm_message_id=row["dm_message_id"],
        joined_at=from_ms(row["joined_at"]),
    )


def _table(row: Row, seats: Sequence[Seat]) -> Table:
    return Table(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        rules=row["rules"],
        rules_json=row["rules_json"],
        target=row["target"],
        seat_count=row["seat_count"],
        status=row["status"],
        state_json=row["state_json"],
        snapshot_version=row["snapshot_version"],
        version=row["version"],
        round_no=row["round_no"],
        turn_deadline=opt_dt(row["turn_deadline"]),
        auto_json=row["auto_json"],
        revealed_round=row["revealed_round"],
        created_at=from_ms(row["created_at"]),
        updated_at=from_ms(row["updated_at"]),
        seats=tuple(seats),
    )


def _move(row: Row) -> Move:
    return Move(
        table_id=row["table_id"],
        seq=row["seq"],
        round_no=row["round_no"],
        seat=row["seat"],
        action_json=row["action_json"],
        created_at=from_ms(row["created_at"]),
    )


def _round(row: Row) -> Round:
    return Round(
        table_id=row["table_id"],
        round_no=row["round_no"],
        seed=row["seed"],
        dealer=row["dealer"],
        start_version=row["start_version"],
        result_json=row["result_json"],
        started_at=from_ms(row["started_at"]),
        finished_at=opt_dt(row["finished_at"]),
    )


async def _tables_where(db: Reader | Tx, where: str, params: Sequence[object]) -> list[Table]:
    """Tables matching `where` (a fixed SQL fragment with ? placeholders) with their seats."""
    # `where` is always a literal of this module; values go in `params`.
    rows = await db.fetchall(f"SELECT * FROM game_tables WHERE {where}", params)  # noqa: S608
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    by_table: dict[int, list[Seat]] = {i: [] for i in ids}
    # Seats by id list, in chunks well under SQLite's bound-parameter limit.
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        seat_rows = await db.fetchall(
            f"SELECT * FROM seats WHERE table_id IN ({placeholders(len(chunk))})"  # noqa: S608 (placeholders only)
            " ORDER BY table_id, seat_no",
            chunk,
        )
        for seat_row in seat_rows:
            by_table[seat_row["table_id"]].append(_seat(seat_row))
    return [_table(row, by_table[row["id"]]) for row in rows]


async def load_table(db: Reader | Tx, table_id: int) -> Table | None:
    found = await _tables_where(db, "id = ?", (table_id,))
    return found[0] if found else None


async def _require(db: Reader | Tx, table_id: int) -> Table:
    table = await load_table(db, table_id)
    if table is None:
        raise NotFound(f"table {table_id}")
    return table


_VERSION_AND_STATUS = "SELECT version, status FROM game_tables WHERE id = ?"


def _refusal(row: Row | None, table_id: int, expected: int, allowed: Sequence[str]) -> StoreError:
    """Why a versioned change matched no row, from the table's (version, status): gone,
    stale, or not in an allowed status."""
    if row is None:
        return NotFound(f"table {table_id}")
    if row["version"] != expected:
        return StaleVersion("table", table_id, expected, row["version"])
    return WrongStatus(f"table {table_id} is {row['status']}, not {' or '.join(allowed)}")


async def _refuse(tx: Tx, table_id: int, expected: int, allowed: Sequence[str]) -> NoReturn:
    """Raise the `_refusal`; raising inside `Db.write()` rolls the transaction back."""
    row = await tx.fetchone(_VERSION_AND_STATUS, (table_id,))
    raise _refusal(row, table_id, expected, allowed)


def _arm_step(table_id: int, version: int, timer: NextTimer) -> Step:
    """The statement that arms the table's next timer at `version` inside the caller's
    transaction: the very row `timers.arm("table", table_id, ...)` writes."""
    params = arm_params(
        "table", table_id, timer.what, version, timer.due, timer.for_owner, timer.grace
    )
    return ("execute", ARM_SQL, params)


async def _arm_in(tx: Tx, table_id: int, version: int, timer: NextTimer | None) -> None:
    """`_arm_step` run in `tx` (nothing without a timer): it commits with the change, or
    fails and rolls the change back with it."""
    if timer is not None:
        _, sql, params = _arm_step(table_id, version, timer)
        await tx.execute(sql, params)


async def _deal(
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
        await _refuse(tx, table_id, expected_version, ("playing",))
    await tx.execute(
        "INSERT INTO rounds (table_id, round_no, seed, dealer, start_version, started_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (table_id, round_no, deal.seed, deal.dealer, new_version, tx.now_ms),
    )
    return new_version


@dataclass(frozen=True, slots=True)
class _Move:
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
            row = yield ("fetchone", _VERSION_AND_STATUS, (self.table_id,))
            raise _refusal(row, self.table_id, self.expected_version, ("playing",))
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
            yield _arm_step(self.table_id, new_version, self.timer)
        return new_version


@dataclass(frozen=True, slots=True)
class _SeatMessage:
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
    return await _require(tx, table_id)


class Tables:
    """`store.tables`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    # -- lobby ----------------------------------------------------------------------------

    async def create(self, spec: TableSpec) -> Table:
        """A new table in the lobby, with the seats given (in order, from seat 0)."""
        async with self._db.write() as tx:
            return await insert_table(tx, spec)

    async def join(self, table_id: int, seat: NewSeat) -> Table:
        """Take the next seat of a lobby table. Raises `TableFull`, `AlreadySeated`,
        `WrongStatus` (not in the lobby) or `NotFound`."""
        async with self._db.write() as tx:
            table = await _require(tx, table_id)
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
            return await _require(tx, table_id)

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby table; the seats after it move up so seats stay 0..n-1."""
        async with self._db.write() as tx:
            table = await _require(tx, table_id)
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
            return await _require(tx, table_id)

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
            table = await _require(tx, table_id)
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
                version = await _deal(tx, table_id, version, 1, first_round, state_json, ms)
            await _arm_in(tx, table_id, version, timer)
        return version

    # -- play -----------------------------------------------------------------------------

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
            new_version = await _deal(
                tx,
                table_id,
                expected_version,
                round_no,
                Deal(seed, dealer),
                state_json,
                opt_ms(turn_deadline),
            )
            await _arm_in(tx, table_id, new_version, timer)
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
        move = _Move(
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

    async def finish_match(
        self,
        table_id: int,
        expected_version: int,
        *,
        winner_seat: int | None,
        ended_by: EndedBy,
        lines: Mapping[int, MatchLine],
        state_json: str | None = None,
        ratings: Sequence[RatingUpdate] = (),
    ) -> int:
        """End a match in one transaction: the table is finished, the match goes into the
        history, each seated person's `lines[seat_no]` into their stats (server and global,
        vs people or vs computer), and the new `ratings` are stored. Returns the new version.
        A ``forfeit`` (a match never really played: a tournament no-show) goes into the
        history only, not into the stats.
        """
        new_version = expected_version + 1
        async with self._db.write() as tx:
            if state_json is None:
                changed = await tx.execute(
                    "UPDATE game_tables SET status = ?, version = ?, turn_deadline = NULL,"
                    " updated_at = ? WHERE id = ? AND version = ? AND status = ?",
                    ("finished", new_version, tx.now_ms, table_id, expected_version, "playing"),
                )
            else:
                changed = await tx.execute(
                    "UPDATE game_tables SET status = ?, version = ?, state_json = ?,"
                    " snapshot_version = ?, turn_deadline = NULL, updated_at = ?"
                    " WHERE id = ? AND version = ? AND status = ?",
                    (
                        "finished",
                        new_version,
                        state_json,
                        new_version,
                        tx.now_ms,
                        table_id,
                        expected_version,
                        "playing",
                    ),
                )
            if not changed:
                await _refuse(tx, table_id, expected_version, ("playing",))
            table = await _require(tx, table_id)
            seat_nos = {s.seat_no for s in table.seats}
            if not set(lines) <= seat_nos:
                raise ValueError(f"lines for seats {sorted(set(lines) - seat_nos)} not at table")
            if winner_seat is not None and winner_seat not in seat_nos:
                raise ValueError(f"winner seat {winner_seat} is not at the table")
            rounds = await tx.fetchone(
                "SELECT COUNT(*) FROM rounds WHERE table_id = ?", (table_id,)
            )
            assert rounds is not None
            await tx.execute(
                "INSERT INTO matches (table_id, guild_id, rules, target, vs_computer,"
                " winner_seat, ended_by, rounds, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    table.guild_id,
                    table.rules,
                    table.target,
                    table.vs_computer,
                    winner_seat,
                    ended_by,
                    rounds[0],
                    tx.now_ms,
                ),
            )
            await tx.executemany(
                "INSERT INTO match_players (table_id, seat_no, user_id, computer_level,"
                " display_name, score, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        table_id,
                        s.seat_no,
                        s.user_id,
                        s.computer_level,
                        s.display_name,
                        lines[s.seat_no].score if s.seat_no in lines else 0,
                        s.seat_no == winner_seat,
                        tx.now_ms,
                    )
                    for s in table.seats
                ],
            )
            people = [
                (s.user_id, lines[s.seat_no])
                for s in table.seats
                if s.user_id is not None and s.seat_no in lines
            ]
            if ended_by != "forfeit":  # a match never really played is kept out of stats
                await record_lines(tx, table.guild_id, table.vs_computer, people, table_id)
            await put_ratings(tx, ratings)
        return new_version

    async def abandon(self, table_id: int, expected_version: int | None = None) -> int:
        """Lobby or playing -> abandoned (no history, no stats); returns the new version.
        Without `expected_version` it is unconditional (e.g. clean-up)."""
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "SELECT version, status FROM game_tables WHERE id = ?", (table_id,)
            )
            if row is None:
                raise NotFound(f"table {table_id}")
            version = row["version"] if expected_version is None else expected_version
            changed = await tx.execute(
                "UPDATE game_tables SET status = ?, version = version + 1, turn_deadline = NULL,"
                " updated_at = ? WHERE id = ? AND version = ? AND status IN (?, ?)",
                ("abandoned", tx.now_ms, table_id, version, *ACTIVE_STATUSES),
            )
            if not changed:
                await _refuse(tx, table_id, version, ACTIVE_STATUSES)
        return version + 1

    # -- metadata (no version change) ------------------------------------------------------

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
                row = await tx.fetchone(_VERSION_AND_STATUS, (table_id,))
                if row is None or (row["version"], row["status"]) != (expected_version, "playing"):
                    raise _refusal(row, table_id, expected_version, ("playing",))
            changed = await tx.execute(
                "UPDATE seats SET removed = ?, resigned = ? WHERE table_id = ? AND seat_no = ?",
                (True, resigned, table_id, seat_no),
            )
            if not changed:
                raise NotFound(f"seat {seat_no} of table {table_id}")
            if expected_version is not None:
                await _arm_in(tx, table_id, expected_version, timer)

    async def set_seat_message(
        self, table_id: int, seat_no: int, dm_channel_id: int | None, dm_message_id: int | None
    ) -> None:
        """Remember the DM holding this seat's hand, to edit it later (shares the moves'
        group commit: one is written for most turns)."""

        await self._db.batched(_SeatMessage(table_id, seat_no, dm_channel_id, dm_message_id))

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """The public message of the table (a fresh one per round)."""
        async with self._db.write() as tx:
            changed = await tx.execute(
                "UPDATE game_tables SET message_id = ?, updated_at = ? WHERE id = ?",
                (message_id, tx.now_ms, table_id),
            )
            if not changed:
                raise NotFound(f"table {table_id}")

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

    # -- reads ----------------------------------------------------------------------------

    async def get(self, table_id: int) -> Table | None:
        async with self._db.read() as r:
            return await load_table(r, table_id)

    async def find(
        self,
        *,
        status: TableStatus | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        limit: int = 100,
    ) -> list[Table]:
        """Tables by status / server / channel, newest first."""
        where, params = ["1 = 1"], []
        for column, value in (
            ("status", status),
            ("guild_id", guild_id),
            ("channel_id", channel_id),
        ):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        async with self._db.read() as r:
            return await _tables_where(
                r, " AND ".join(where) + " ORDER BY id DESC LIMIT ?", [*params, limit]
            )

    async def active_for(self, user_id: int) -> list[Table]:
        """Lobby and playing tables where the player holds a seat (not removed)."""
        async with self._db.read() as r:
            return await _tables_where(
                r,
                "status IN (?, ?) AND id IN"
                " (SELECT table_id FROM seats WHERE user_id = ? AND removed = ?) ORDER BY id",
                (*ACTIVE_STATUSES, user_id, False),
            )

    async def count_active(self, user_id: int) -> int:
        """How many lobby/playing tables the player sits at (the limit is 3)."""
        row = await self._db.fetchone(
            "SELECT COUNT(*) FROM seats s JOIN game_tables t ON t.id = s.table_id"
            " WHERE s.user_id = ? AND s.removed = ? AND t.status IN (?, ?)",
            (user_id, False, *ACTIVE_STATUSES),
        )
        assert row is not None
        return int(row[0])

    async def due(self, now: datetime | None = None) -> list[Table]:
        """Playing tables whose turn deadline has passed, earliest first."""
        when = to_ms(now or self._db.now())
        async with self._db.read() as r:
            return await _tables_where(
                r,
                "status = ? AND turn_deadline IS NOT NULL AND turn_deadline <= ?"
                " ORDER BY turn_deadline, id",
                ("playing", when),
            )

    async def version_of(self, table_id: int) -> tuple[int, TableStatus] | None:
        """The table's current (version, status), or None: the cheap read a process makes
        before using its copy of a table (several processes, docs/deploy.md)."""
        row = await self._db.fetchone(_VERSION_AND_STATUS, (table_id,))
        return None if row is None else (row["version"], row["status"])

    async def in_play_one(self, table_id: int) -> TableInPlay | None:
        """One playing table as `in_play` gives it (snapshot and later moves), or None."""
        async with self._db.read() as r:
            table = await load_table(r, table_id)
            if table is None or table.status != "playing":
                return None
            rows = await r.fetchall(
                "SELECT table_id, seq, round_no, seat, action_json, created_at FROM moves"
                " WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, table.snapshot_version),
            )
        return TableInPlay(table, tuple(_move(row) for row in rows))

    async def in_play(self) -> list[TableInPlay]:
        """Every playing table with its last snapshot and the moves logged after it, in
        order, read from one consistent snapshot: what a restart replays."""
        async with self._db.read() as r:
            tables = await _tables_where(r, "status = ? ORDER BY id", ("playing",))
            rows = await r.fetchall(
                "SELECT m.table_id, m.seq, m.round_no, m.seat, m.action_json, m.created_at"
                " FROM moves m JOIN game_tables t ON t.id = m.table_id"
                " WHERE t.status = ? AND m.seq > t.snapshot_version"
                " ORDER BY m.table_id, m.seq",
                ("playing",),
            )
        moves: dict[int, list[Move]] = {t.id: [] for t in tables}
        for row in rows:
            moves[row["table_id"]].append(_move(row))
        return [TableInPlay(t, tuple(moves[t.id])) for t in tables]

    async def moves(
        self, table_id: int, *, round_no: int | None = None, after_seq: int = 0
    ) -> list[Move]:
        """The logged moves of a table (or of one round), in order (for `/gin records replay`)."""
        sql = "SELECT * FROM moves WHERE table_id = ? AND seq > ?"
        params: list[object] = [table_id, after_seq]
        if round_no is not None:
            sql += " AND round_no = ?"
            params.append(round_no)
        rows = await self._db.fetchall(sql + " ORDER BY seq", params)
        return [_move(row) for row in rows]

    async def rounds(self, table_id: int) -> list[Round]:
        rows = await self._db.fetchall(
            "SELECT * FROM rounds WHERE table_id = ? ORDER BY round_no",
            (table_id,),
        )
        return [_round(row) for row in rows]

    async def round(self, table_id: int, round_no: int) -> Round | None:
        row = await self._db.fetchone(
            "SELECT * FROM rounds WHERE table_id = ? AND round_no = ?",
            (table_id, round_no),
        )
        return None if row is None else _round(row)
