"""`open_store` and the `Store`: one object per database, repositories as attributes."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from datetime import datetime
from pathlib import Path
from types import TracebackType

import aiosqlite

from bot.store._conn import ThreadConnection
from bot.store._sql import Clock, Database, connect, connect_writer, utcnow
from bot.store.errors import StoreError
from bot.store.interfaces import OpenStorage, Storage
from bot.store.migrate import check_not_newer, load_migrations, migrate, schema_version
from bot.store.repositories import Repositories


class Store(Repositories):
    """The bot's database, the SQLite backend of `Storage` (`bot/store/interfaces.py`). Use
    the repositories: `await store.tables.apply_move(...)`, `await store.players.get(...)`,
    and so on. Open with `open_store`."""

    #: Several bot processes may share this database (see `Storage.shared`).
    shared = False

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self._db = db

    @property
    def path(self) -> str:
        return self._db.path

    def now(self) -> datetime:
        """The store's clock (injectable in tests), the time it writes into rows."""
        return self._db.now()

    async def schema_version(self) -> int:
        async with self._db.read() as r:
            row = await r.fetchone("SELECT MAX(version) FROM schema_migrations")
        assert row is not None
        return int(row[0])

    async def integrity_check(self) -> str:
        """SQLite's `PRAGMA integrity_check`: "ok" for a sound database."""
        rows = await self._db.fetchall("PRAGMA integrity_check")
        return "\n".join(str(row[0]) for row in rows)

    async def close(self) -> None:
        """Wait for the write in flight, then close both connections."""
        await self._db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


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


def _conforms(store: Store) -> None:
    """Never called: mypy proves here that the SQLite backend satisfies the interfaces
    (`bot/store/interfaces.py`), so the build fails if the two drift apart."""
    _storage: Storage = store
    _opener: OpenStorage = open_store
