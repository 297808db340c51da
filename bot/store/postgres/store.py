"""`open_pg_store` and `PgStore`: the PostgreSQL backend of `Storage`, the same ten
repositories as SQLite's over `PgDatabase` (see docs/store.md, PostgreSQL)."""

from __future__ import annotations

from datetime import datetime
from types import TracebackType

import asyncpg

from bot.store import shown_target
from bot.store._db import Clock, utcnow
from bot.store.interfaces import OpenStorage, Storage
from bot.store.migrate import load_migrations
from bot.store.postgres._pg import PgDatabase
from bot.store.postgres.migrate import migrate, schema_version
from bot.store.repositories import Repositories

#: Connections per process unless told (the bot passes `Settings.pg_pool_size`).
DEFAULT_POOL_SIZE = 10


class PgStore(Repositories):
    """The bot's database on a PostgreSQL server. Open with `open_pg_store`."""

    #: Several bot processes may share this database (see `Storage.shared`).
    shared = True

    def __init__(self, db: PgDatabase) -> None:
        super().__init__(db)
        self._db = db

    @property
    def path(self) -> str:
        """The server's URL without the password."""
        return self._db.path

    def now(self) -> datetime:
        return self._db.now()

    async def schema_version(self) -> int:
        async with self._db.pool.acquire() as conn:
            return await schema_version(conn)

    async def close(self) -> None:
        """Wait for the transactions in flight, then close the pool."""
        await self._db.close()

    async def __aenter__(self) -> PgStore:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


async def _kept_as_is(conn: asyncpg.Connection) -> None:
    """A connection going back to the pool needs no reset: the store never changes session
    state (no SET, LISTEN, cursors or session locks: its advisory locks end with their
    transaction), and asyncpg itself rolls back a transaction left open before this is
    called. asyncpg's default reset costs every release a round trip of its own
    ("SELECT pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL;"), and a move
    releases a connection several times."""
    del conn


async def open_pg_store(
    url: str, *, clock: Clock | None = None, pool_size: int | None = None
) -> PgStore:
    """Connect to the PostgreSQL database at `url` (`postgresql://user:pw@host:port/db`), migrate
    it, and return the store. `pool_size` connections at most (default `DEFAULT_POOL_SIZE`).
    Raises `SchemaTooNew`, having written nothing, for a database made by newer code."""
    size = pool_size or DEFAULT_POOL_SIZE
    pool = await asyncpg.create_pool(url, min_size=1, max_size=size, reset=_kept_as_is)
    try:
        async with pool.acquire() as conn:
            await migrate(conn, shown_target(url), load_migrations())
    except BaseException:
        await pool.close()
        raise
    return PgStore(PgDatabase(shown_target(url), pool, clock or utcnow))


def _conforms(store: PgStore) -> None:
    """Never called: mypy proves here that the PostgreSQL backend satisfies the interfaces."""
    _storage: Storage = store
    _opener: OpenStorage = open_pg_store
