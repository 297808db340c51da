"""A table as read from its rows, and why a versioned change was refused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from bot.store._db import Reader, Row, Tx, from_ms, opt_dt, placeholders
from bot.store.errors import NotFound, StaleVersion, StoreError, WrongStatus
from bot.store.models import Move, Round, Seat, Table


def seat_from(row: Row) -> Seat:
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


def table_from(row: Row, seats: Sequence[Seat]) -> Table:
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


def move_from(row: Row) -> Move:
    return Move(
        table_id=row["table_id"],
        seq=row["seq"],
        round_no=row["round_no"],
        seat=row["seat"],
        action_json=row["action_json"],
        created_at=from_ms(row["created_at"]),
    )


def round_from(row: Row) -> Round:
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


async def tables_where(db: Reader | Tx, where: str, params: Sequence[object]) -> list[Table]:
    """Tables matching `where` (a fixed SQL fragment with ? placeholders) with their seats."""
    # `where` is always a literal of this package (`_rows`, `_reads`); values go in `params`.
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
            by_table[seat_row["table_id"]].append(seat_from(seat_row))
    return [table_from(row, by_table[row["id"]]) for row in rows]


async def load_table(db: Reader | Tx, table_id: int) -> Table | None:
    found = await tables_where(db, "id = ?", (table_id,))
    return found[0] if found else None


async def require(db: Reader | Tx, table_id: int) -> Table:
    table = await load_table(db, table_id)
    if table is None:
        raise NotFound(f"table {table_id}")
    return table


VERSION_AND_STATUS = "SELECT version, status FROM game_tables WHERE id = ?"


def refusal(row: Row | None, table_id: int, expected: int, allowed: Sequence[str]) -> StoreError:
    """Why a versioned change matched no row, from the table's (version, status): gone,
    stale, or not in an allowed status."""
    if row is None:
        return NotFound(f"table {table_id}")
    if row["version"] != expected:
        return StaleVersion("table", table_id, expected, row["version"])
    return WrongStatus(f"table {table_id} is {row['status']}, not {' or '.join(allowed)}")


async def refuse(tx: Tx, table_id: int, expected: int, allowed: Sequence[str]) -> NoReturn:
    """Raise the `refusal`; raising inside `Db.write()` rolls the transaction back."""
    row = await tx.fetchone(VERSION_AND_STATUS, (table_id,))
    raise refusal(row, table_id, expected, allowed)
