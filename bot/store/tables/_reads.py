"""Reading tables: by id, status, server or player; what a restart replays; the moves
and rounds of a match."""

from __future__ import annotations

from datetime import datetime

from bot.store._db import to_ms
from bot.store._parts import Part
from bot.store.models import ACTIVE_STATUSES, Move, Round, Table, TableInPlay, TableStatus

from ._rows import VERSION_AND_STATUS, load_table, move_from, round_from, tables_where


class Reads(Part):
    """The reads of `store.tables`."""

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
            return await tables_where(
                r, " AND ".join(where) + " ORDER BY id DESC LIMIT ?", [*params, limit]
            )

    async def active_for(self, user_id: int) -> list[Table]:
        """Lobby and playing tables where the player holds a seat (not removed)."""
        async with self._db.read() as r:
            return await tables_where(
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
            return await tables_where(
                r,
                "status = ? AND turn_deadline IS NOT NULL AND turn_deadline <= ?"
                " ORDER BY turn_deadline, id",
                ("playing", when),
            )

    async def version_of(self, table_id: int) -> tuple[int, TableStatus] | None:
        """The table's current (version, status), or None: the cheap read a process makes
        before using its copy of a table (several processes, docs/deploy.md)."""
        row = await self._db.fetchone(VERSION_AND_STATUS, (table_id,))
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
        return TableInPlay(table, tuple(move_from(row) for row in rows))

    async def in_play(self) -> list[TableInPlay]:
        """Every playing table with its last snapshot and the moves logged after it, in
        order, read from one consistent snapshot: what a restart replays."""
        async with self._db.read() as r:
            tables = await tables_where(r, "status = ? ORDER BY id", ("playing",))
            rows = await r.fetchall(
                "SELECT m.table_id, m.seq, m.round_no, m.seat, m.action_json, m.created_at"
                " FROM moves m JOIN game_tables t ON t.id = m.table_id"
                " WHERE t.status = ? AND m.seq > t.snapshot_version"
                " ORDER BY m.table_id, m.seq",
                ("playing",),
            )
        moves: dict[int, list[Move]] = {t.id: [] for t in tables}
        for row in rows:
            moves[row["table_id"]].append(move_from(row))
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
        return [move_from(row) for row in rows]

    async def rounds(self, table_id: int) -> list[Round]:
        rows = await self._db.fetchall(
            "SELECT * FROM rounds WHERE table_id = ? ORDER BY round_no",
            (table_id,),
        )
        return [round_from(row) for row in rows]

    async def round(self, table_id: int, round_no: int) -> Round | None:
        row = await self._db.fetchone(
            "SELECT * FROM rounds WHERE table_id = ? AND round_no = ?",
            (table_id, round_no),
        )
        return None if row is None else round_from(row)
