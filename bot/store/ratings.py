"""Glicko-2 ratings per player per scope (a server's id, or `GLOBAL` = 0).

The maths lives in `bot.ratings`; the store keeps the numbers.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.store._db import Db, Row, Tx, from_ms, placeholders
from bot.store.models import GLOBAL, PlayerRating, RatedEntry, RatingUpdate


def _rating(row: Row) -> PlayerRating:
    return PlayerRating(
        row["user_id"],
        row["scope"],
        row["rating"],
        row["rd"],
        row["volatility"],
        row["games"],
        from_ms(row["updated_at"]),
    )


async def put_ratings(tx: Tx, updates: Iterable[RatingUpdate]) -> None:
    """Upsert ratings inside `tx` (also used by `tables.finish_match`)."""
    await tx.executemany(
        "INSERT INTO ratings (user_id, scope, rating, rd, volatility, games, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (user_id, scope) DO UPDATE SET rating = excluded.rating,"
        " rd = excluded.rd, volatility = excluded.volatility, games = excluded.games,"
        " updated_at = excluded.updated_at",
        [
            (
                u.user_id,
                u.scope,
                float(u.rating),
                float(u.rd),
                float(u.volatility),
                u.games,
                tx.now_ms,
            )
            for u in updates
        ],
    )


class Ratings:
    """`store.ratings`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def get(self, user_id: int, scope: int = GLOBAL) -> PlayerRating | None:
        """None for a player never rated in this scope (the service uses the defaults)."""
        row = await self._db.fetchone(
            "SELECT * FROM ratings WHERE user_id = ? AND scope = ?", (user_id, scope)
        )
        return None if row is None else _rating(row)

    async def get_many(
        self, user_ids: Iterable[int], scope: int = GLOBAL
    ) -> dict[int, PlayerRating]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await self._db.fetchall(
            f"SELECT * FROM ratings WHERE scope = ? AND user_id IN ({placeholders(len(ids))})",  # noqa: S608 (placeholders only)
            [scope, *ids],
        )
        return {row["user_id"]: _rating(row) for row in rows}

    async def put(self, updates: Iterable[RatingUpdate]) -> None:
        """Store new ratings, all in one transaction."""
        async with self._db.write() as tx:
            await put_ratings(tx, updates)

    async def leaderboard(
        self, scope: int = GLOBAL, *, limit: int = 10, offset: int = 0
    ) -> list[RatedEntry]:
        """Highest rating first; ties go to the lower user id."""
        rows = await self._db.fetchall(
            "SELECT r.*, p.display_name FROM ratings r LEFT JOIN players p ON p.user_id = r.user_id"
            " WHERE r.scope = ? ORDER BY r.rating DESC, r.user_id LIMIT ? OFFSET ?",
            (scope, limit, offset),
        )
        return [
            RatedEntry(offset + i + 1, row["display_name"], _rating(row))
            for i, row in enumerate(rows)
        ]

    async def rank(self, user_id: int, scope: int = GLOBAL) -> int | None:
        async with self._db.read() as r:
            row = await r.fetchone(
                "SELECT rating FROM ratings WHERE user_id = ? AND scope = ?", (user_id, scope)
            )
            if row is None:
                return None
            ahead = await r.fetchone(
                "SELECT (SELECT COUNT(*) FROM ratings WHERE scope = ? AND rating > ?)"
                " + (SELECT COUNT(*) FROM ratings WHERE scope = ? AND rating = ? AND user_id < ?)",
                (scope, row[0], scope, row[0], user_id),
            )
        assert ahead is not None
        return int(ahead[0]) + 1

    async def count(self, scope: int = GLOBAL) -> int:
        row = await self._db.fetchone("SELECT COUNT(*) FROM ratings WHERE scope = ?", (scope,))
        assert row is not None
        return int(row[0])
