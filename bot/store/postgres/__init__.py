"""The store's PostgreSQL backend (asyncpg): `open_pg_store(url)` -> `PgStore`."""

from bot.store import is_postgres_url
from bot.store.postgres.store import PgStore, open_pg_store, redacted

__all__ = ["PgStore", "is_postgres_url", "open_pg_store", "redacted"]
