"""Migration 0012: the board 0011 kept as retiring (`game_tables.retiring_message_id`, one
per table) moves into `retiring_boards`, still to be stripped, on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import asyncpg

from bot.store import open_store
from bot.store.migrate import load_migrations, migrate
from bot.store.postgres import open_pg_store
from bot.store.postgres.migrate import migrate as migrate_pg

from .pg_fixtures import _admin
from .pgserver import PgServer

BEFORE = tuple(m for m in load_migrations() if m.version < 12)
#: Two tables at 0011: one retiring a board (a process killed before its strip), one not.
TABLES = (
    "INSERT INTO game_tables (guild_id, channel_id, rules, rules_json, target, seat_count,"
    " status, round_no, message_id, retiring_message_id, created_at, updated_at)"
    " VALUES (1, 2, 'cardgames', '{}', 100, 2, 'playing', 2, 7002, 7001, 0, 0),"
    " (1, 2, 'cardgames', '{}', 100, 2, 'playing', 1, 7003, NULL, 0, 0)"
)


async def test_a_board_retiring_at_0011_is_kept_on_sqlite(tmp_path: Path) -> None:
    path = tmp_path / "gin.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, str(path), BEFORE)
        await conn.execute(TABLES)
    store = await open_store(path)
    try:
        assert await store.tables.retiring_messages(1) == (7001,)
        assert await store.tables.retiring_messages(2) == ()
        record = await store.tables.get(1)
        assert record is not None and record.message_id == 7002
        assert await store.tables.retire_message(1) == (7001, 7002)
    finally:
        await store.close()


async def test_a_board_retiring_at_0011_is_kept_on_postgresql(pg_server: PgServer) -> None:
    await _admin(pg_server, "CREATE DATABASE retiring_0011")
    url = pg_server.url("retiring_0011")
    conn = await asyncpg.connect(url)
    try:
        await migrate_pg(conn, url, BEFORE)
        await conn.execute(TABLES)
    finally:
        await conn.close()
    store = await open_pg_store(url, pool_size=2)
    try:
        assert await store.tables.retiring_messages(1) == (7001,)
        assert await store.tables.retiring_messages(2) == ()
        assert await store.tables.retire_message(1) == (7001, 7002)
    finally:
        await store.close()
    await _admin(pg_server, "DROP DATABASE retiring_0011 WITH (FORCE)")
