"""The store's PostgreSQL backend (asyncpg): `open_pg_store(url)` -> `PgStore`."""

from bot.store.postgres.store import PgStore, open_pg_store

__all__ = ["PgStore", "open_pg_store"]
