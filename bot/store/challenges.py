"""Challenges: pending until accepted, declined, cancelled or expired; one pending per pair."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store._db import Db, Row, Tx, from_ms, opt_dt, to_ms
from bot.store.errors import NotFound, PendingChallengeExists
from bot.store.models import Challenge, Resolution, Table, TableSpec
from bot.store.players import upsert_player
from bot.store.tables import insert_table


def _challenge(row: Row) -> Challenge:
    return Challenge(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        rules=row["rules"],
        target=row["target"],
        status=row["status"],
        message_id=row["message_id"],
        dm_channel_id=row["dm_channel_id"],
        dm_message_id=row["dm_message_id"],
        table_id=row["table_id"],
        created_at=from_ms(row["created_at"]),
        expires_at=from_ms(row["expires_at"]),
        resolved_at=opt_dt(row["resolved_at"]),
    )


async def _expire_due(tx: Tx, now_ms: int) -> list[Challenge]:
    rows = await tx.fetchall(
        "UPDATE challenges SET status = ?, resolved_at = ?"
        " WHERE status = ? AND expires_at <= ? RETURNING *",
        ("expired", now_ms, "pending", now_ms),
    )
    return sorted((_challenge(row) for row in rows), key=lambda c: c.id)


class Challenges:
    """`store.challenges`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        *,
        rules: str,
        target: int,
        expires_at: datetime,
        players: Sequence[tuple[int, str]] = (),
    ) -> Challenge:
        """A pending challenge. A pending one between the same two players (either way
        round) raises `PendingChallengeExists`; one past its expiry is expired first.
        `players` (id, name) are created or renamed in the same transaction: all or nothing."""
        if challenger_id == opponent_id:
            raise ValueError("a player cannot challenge themselves")
        low, high = sorted((challenger_id, opponent_id))
        async with self._db.write() as tx:
            for user_id, name in players:
                await upsert_player(tx, user_id, name)
            await tx.execute(
                "UPDATE challenges SET status = ?, resolved_at = ? WHERE pair_low = ?"
                " AND pair_high = ? AND status = ? AND expires_at <= ?",
                ("expired", tx.now_ms, low, high, "pending", tx.now_ms),
            )
            existing = await tx.fetchone(
                "SELECT id FROM challenges WHERE pair_low = ? AND pair_high = ? AND status = ?",
                (low, high, "pending"),
            )
            if existing is not None:
                raise PendingChallengeExists(
                    f"players {low} and {high} already have pending challenge {existing[0]}"
                )
            row = await tx.fetchone(
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id,"
                " pair_low, pair_high, rules, target, status, created_at, expires_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    guild_id,
                    channel_id,
                    challenger_id,
                    opponent_id,
                    low,
                    high,
                    rules,
                    target,
                    "pending",
                    tx.now_ms,
                    to_ms(expires_at),
                ),
            )
        assert row is not None
        return _challenge(row)

    async def get(self, challenge_id: int) -> Challenge | None:
        row = await self._db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return None if row is None else _challenge(row)

    async def set_messages(
        self,
        challenge_id: int,
        *,
        message_id: int | None = None,
        dm_channel_id: int | None = None,
        dm_message_id: int | None = None,
    ) -> Challenge:
        """Remember the public message and the opponent's DM (None keeps what is there).
        Returns the challenge as it is then: one no longer pending was answered or expired
        before this message was remembered, so what announced it could not edit it."""
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "UPDATE challenges SET message_id = COALESCE(?, message_id),"
                " dm_channel_id = COALESCE(?, dm_channel_id),"
                " dm_message_id = COALESCE(?, dm_message_id) WHERE id = ? RETURNING *",
                (message_id, dm_channel_id, dm_message_id, challenge_id),
            )
            if row is None:
                raise NotFound(f"challenge {challenge_id}")
        return _challenge(row)

    async def resolve(self, challenge_id: int, status: Resolution) -> Challenge | None:
        """Decline, cancel or expire a pending challenge. Returns it, or None if it was no
        longer pending (someone answered first: a double click, a race with expiry)."""
        if status not in ("declined", "cancelled", "expired"):
            raise ValueError(f"cannot resolve a challenge as {status!r}")
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "UPDATE challenges SET status = ?, resolved_at = ?"
                " WHERE id = ? AND status = ? RETURNING *",
                (status, tx.now_ms, challenge_id, "pending"),
            )
        return None if row is None else _challenge(row)

    async def accept(self, challenge_id: int, table: TableSpec) -> tuple[Challenge, Table] | None:
        """Accept a pending, unexpired challenge and create its table, in one transaction.
        None if it was no longer pending or has expired (then nothing is created)."""
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "SELECT id FROM challenges WHERE id = ? AND status = ? AND expires_at > ?",
                (challenge_id, "pending", tx.now_ms),
            )
            if row is None:
                return None
            created = await insert_table(tx, table)
            row = await tx.fetchone(
                "UPDATE challenges SET status = ?, resolved_at = ?, table_id = ?"
                " WHERE id = ? RETURNING *",
                ("accepted", tx.now_ms, created.id, challenge_id),
            )
        assert row is not None
        return _challenge(row), created

    async def expire_due(self, now: datetime | None = None) -> list[Challenge]:
        """Mark every pending challenge past its expiry as expired; return them (to edit
        their messages)."""
        async with self._db.write() as tx:
            return await _expire_due(tx, to_ms(now) if now else tx.now_ms)

    async def pending_for(self, user_id: int) -> list[Challenge]:
        """Pending challenges the player sent or received, oldest first."""
        rows = await self._db.fetchall(
            "SELECT * FROM challenges WHERE status = ? AND challenger_id = ?"
            " UNION ALL SELECT * FROM challenges WHERE status = ? AND opponent_id = ?"
            " ORDER BY id",
            ("pending", user_id, "pending", user_id),
        )
        return [_challenge(row) for row in rows]

    async def pending_between(self, a: int, b: int) -> Challenge | None:
        low, high = sorted((a, b))
        row = await self._db.fetchone(
            "SELECT * FROM challenges WHERE pair_low = ? AND pair_high = ? AND status = ?",
            (low, high, "pending"),
        )
        return None if row is None else _challenge(row)

    async def next_expiry(self) -> datetime | None:
        """When the next pending challenge expires (for the expiry timer)."""
        row = await self._db.fetchone(
            "SELECT MIN(expires_at) FROM challenges WHERE status = ?", ("pending",)
        )
        return None if row is None or row[0] is None else from_ms(row[0])
