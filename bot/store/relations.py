"""Relations between players: block, mute, favorite. Directed and unique."""

from __future__ import annotations

from collections.abc import Iterable

from bot.store._db import Db, Row, from_ms, placeholders
from bot.store.models import RELATION_KINDS, Favorite, Relation, RelationKind


def _kind(kind: str) -> RelationKind:
    if kind not in RELATION_KINDS:
        raise ValueError(f"unknown relation kind {kind!r}")
    return kind


def _relation(row: Row) -> Relation:
    return Relation(row[0], row[1], _kind(row[2]), from_ms(row[3]))


class Relations:
    """`store.relations`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def add(self, user_id: int, target_id: int, kind: RelationKind) -> bool:
        """Record the relation; True if it is new, False if it was already there."""
        _kind(kind)
        if user_id == target_id:
            raise ValueError("a player cannot block, mute or favorite themselves")
        async with self._db.write() as tx:
            return (
                await tx.execute(
                    "INSERT INTO relations (user_id, target_id, kind, created_at)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (user_id, target_id, kind) DO NOTHING",
                    (user_id, target_id, kind, tx.now_ms),
                )
                > 0
            )

    async def remove(self, user_id: int, target_id: int, kind: RelationKind) -> bool:
        """Drop the relation; True if there was one."""
        async with self._db.write() as tx:
            return (
                await tx.execute(
                    "DELETE FROM relations WHERE user_id = ? AND target_id = ? AND kind = ?",
                    (user_id, target_id, _kind(kind)),
                )
                > 0
            )

    async def has(self, user_id: int, target_id: int, kind: RelationKind) -> bool:
        row = await self._db.fetchone(
            "SELECT 1 FROM relations WHERE user_id = ? AND target_id = ? AND kind = ?",
            (user_id, target_id, _kind(kind)),
        )
        return row is not None

    async def of(self, user_id: int, kind: RelationKind | None = None) -> list[Relation]:
        """The relations `user_id` made (for `/gin player relations`), oldest first."""
        sql = "SELECT user_id, target_id, kind, created_at FROM relations WHERE user_id = ?"
        params: list[object] = [user_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(_kind(kind))
        rows = await self._db.fetchall(sql + " ORDER BY created_at, target_id, kind", params)
        return [_relation(row) for row in rows]

    async def blocked_either_way(self, a: int, b: int) -> bool:
        """True if a blocked b or b blocked a (challenges and joins are refused)."""
        row = await self._db.fetchone(
            "SELECT 1 FROM relations WHERE kind = ? AND"
            " ((user_id = ? AND target_id = ?) OR (user_id = ? AND target_id = ?))",
            ("block", a, b, b, a),
        )
        return row is not None

    async def targets_among(
        self, user_id: int, kind: RelationKind, others: Iterable[int]
    ) -> set[int]:
        """Which of `others` `user_id` has `kind`-ed (e.g. blocked players at a table)."""
        ids = list(dict.fromkeys(others))
        if not ids:
            return set()
        rows = await self._db.fetchall(
            "SELECT target_id FROM relations WHERE user_id = ? AND kind = ?"  # noqa: S608 (placeholders only)
            f" AND target_id IN ({placeholders(len(ids))})",
            [user_id, _kind(kind), *ids],
        )
        return {row[0] for row in rows}

    async def sources_among(
        self, target_id: int, kind: RelationKind, others: Iterable[int]
    ) -> set[int]:
        """Which of `others` have `kind`-ed `target_id` (e.g. who muted the sender of a chat
        line, so the relay skips them)."""
        ids = list(dict.fromkeys(others))
        if not ids:
            return set()
        rows = await self._db.fetchall(
            "SELECT user_id FROM relations WHERE target_id = ? AND kind = ?"  # noqa: S608 (placeholders only)
            f" AND user_id IN ({placeholders(len(ids))})",
            [target_id, _kind(kind), *ids],
        )
        return {row[0] for row in rows}

    async def favorites(self, user_id: int) -> list[Favorite]:
        """`/gin player friends`: favorites with their name and online flag, by name."""
        rows = await self._db.fetchall(
            "SELECT r.target_id, p.display_name, p.online, r.created_at"
            " FROM relations r LEFT JOIN players p ON p.user_id = r.target_id"
            " WHERE r.user_id = ? AND r.kind = ?"
            " ORDER BY p.display_name NULLS FIRST, r.target_id",
            (user_id, "favorite"),
        )
        return [
            Favorite(row[0], row[1], None if row[2] is None else bool(row[2]), from_ms(row[3]))
            for row in rows
        ]
