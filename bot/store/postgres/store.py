"""`open_pg_store` and `PgStore`: the PostgreSQL backend of `Storage`, the same
repositories as SQLite's over `PgDatabase` (see docs/store.md, PostgreSQL)."""

from __future__ import annotations

import asyncpg

from bot.store._db import Clock, utcnow
from bot.store.migrate import load_migrations
from bot.store.postgres._pg import PgDatabase
from bot.store.postgres.migrate import migrate
from bot.store.repositories import Storage
from bot.store.targets import shown_target

#: Connections per process unless told (the bot passes `Settings.pg_pool_size`).
DEFAULT_POOL_SIZE = 10


class PgStore(Storage):
    """The bot's database on a PostgreSQL server. Open with `open_pg_store`."""

    shared = True


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
