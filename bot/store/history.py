"""Finished matches, for `/gin records history` (written by `tables.finish_match`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store._db import Db, Reader, Row, from_ms, placeholders
from bot.store.models import MatchSeat, MatchSummary


async def _summaries(r: Reader, rows: Sequence[Row]) -> list[MatchSummary]:
    if not rows:
        return []
    ids = [row["table_id"] for row in rows]
    seats: dict[int, list[MatchSeat]] = {i: [] for i in ids}
    for seat in await r.fetchall(
        "SELECT table_id, seat_no, user_id, computer_level, display_name, score, won"  # noqa: S608 (placeholders only)
        f" FROM match_players WHERE table_id IN ({placeholders(len(ids))})"
        " ORDER BY table_id, seat_no",
        ids,
    ):
        seats[seat["table_id"]].append(
            MatchSeat(
                seat["seat_no"],
                seat["user_id"],
                seat["computer_level"],
                seat["display_name"],
                seat["score"],
                bool(seat["won"]),
            )
        )
    return [
        MatchSummary(
            table_id=row["table_id"],
            guild_id=row["guild_id"],
            rules=row["rules"],
            target=row["target"],
            vs_computer=bool(row["vs_computer"]),
            winner_seat=row["winner_seat"],
            ended_by=row["ended_by"],
            rounds=row["rounds"],
            finished_at=from_ms(row["finished_at"]),
            seats=tuple(seats[row["table_id"]]),
        )
        for row in rows
    ]


class History:
    """`store.history`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def recent(
        self, user_id: int, *, guild_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> list[MatchSummary]:
        """A player's finished matches, newest first (optionally in one server only)."""
        sql = (
            "SELECT m.* FROM match_players mp"
            " JOIN matches m ON m.table_id = mp.table_id WHERE mp.user_id = ?"
        )
        params: list[object] = [user_id]
        if guild_id is not None:
            sql += " AND m.guild_id = ?"
            params.append(guild_id)
        sql += " ORDER BY mp.finished_at DESC, mp.table_id DESC LIMIT ? OFFSET ?"
        async with self._db.read() as r:
            return await _summaries(r, await r.fetchall(sql, [*params, limit, offset]))

    async def get(self, table_id: int) -> MatchSummary | None:
        async with self._db.read() as r:
            rows = await r.fetchall("SELECT * FROM matches WHERE table_id = ?", (table_id,))
            found = await _summaries(r, rows)
        return found[0] if found else None

    async def favorite_rules(self, user_id: int, guild_id: int | None = None) -> str | None:
        """The rule set the player finished most matches under (ties: alphabetical)."""
        sql = (
            "SELECT m.rules, COUNT(*) AS n FROM match_players mp"
            " JOIN matches m ON m.table_id = mp.table_id WHERE mp.user_id = ?"
        )
        params: list[object] = [user_id]
        if guild_id is not None:
            sql += " AND m.guild_id = ?"
            params.append(guild_id)
        row = await self._db.fetchone(
            sql + " GROUP BY m.rules ORDER BY n DESC, m.rules LIMIT 1", params
        )
        return None if row is None else str(row[0])
