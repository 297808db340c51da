"""`open_store` and the `Store`: one object per database, repositories as attributes."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import aiosqlite

from bot.store._conn import ThreadConnection
from bot.store._sql import Clock, Database, connect, connect_writer, utcnow
from bot.store.errors import StoreError
from bot.store.migrate import check_not_newer, load_migrations, migrate, schema_version
from bot.store.repositories import Storage


class Store(Storage):
    """The bot's database in a SQLite file, the embedded backend of `Storage`. Open with
    `open_store`."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._db: Database = db

    async def integrity_check(self) -> str:
        """SQLite's `PRAGMA integrity_check`: "ok" for a sound database."""
        rows = await self._db.fetchall("PRAGMA integrity_check")
        return "\n".join(str(row[0]) for row in rows)


async def _switch_to_wal(conn: ThreadConnection) -> str:
    """`PRAGMA journal_mode = WAL`, retried: two processes opening a new file at once can get
    SQLITE_BUSY here without SQLite's busy handler being called (it would deadlock)."""
    for attempt in range(50):
        try:
            return str(list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))[0][0])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == 49:
                raise
            await asyncio.sleep(0.02 + 0.01 * attempt)
    raise AssertionError("unreachable")


async def open_store(path: str | os.PathLike[str], *, clock: Clock | None = None) -> Store:
    """Open (creating file and folder if missing) and migrate the database at `path`.

    Raises `SchemaTooNew`, without writing anything, for a database made by newer code.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    migrations = load_migrations()
    known = migrations[-1].version if migrations else 0
    writer = await connect_writer(str(target))
    reader: aiosqlite.Connection | None = None
    try:
        # Refuse a newer database before anything writes to it (journal_mode=WAL would).
        await check_not_newer(writer, str(target), known)
        mode = await _switch_to_wal(writer)
        if str(mode).lower() != "wal":
            raise StoreError(f"could not switch {target} to WAL (journal mode is {mode})")
        await migrate(writer, str(target), migrations)
        reader = await connect(str(target), read_only=True)
    except BaseException:
        if reader is not None:
            await reader.close()
        await writer.close()
        raise
    return Store(Database(str(target), writer, reader, clock or utcnow))


__all__ = ["Store", "open_store", "schema_version"]
