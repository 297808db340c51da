"""The store's migrations (`bot/store/migrations/*.sql`, the same files as SQLite's) applied to
PostgreSQL through `dialect.migration`, each in its own transaction."""

from __future__ import annotations

import asyncpg

from bot.store._db import to_ms, utcnow
from bot.store.errors import MigrationError, SchemaTooNew
from bot.store.migrate import _CREATE_VERSION_TABLE, Migration, split_statements
from bot.store.postgres import dialect

#: The advisory lock held while migrating, so two processes starting at once apply each
#: migration once (any constant distinct from the writers' `WRITE_LOCK`).
MIGRATE_LOCK = 0x67696E01


async def schema_version(conn: asyncpg.Connection) -> int:
    """The highest migration recorded in the database (0 for a new, empty one)."""
    # A scan of the catalog, not `to_regclass`: after waiting for the advisory lock, a name
    # lookup can still answer from this connection's cache of the catalog, which an
    # advisory lock does not refresh; a scan reads the table another process just created.
    exists = await conn.fetchval(
        "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables"
        " WHERE schemaname = current_schema() AND tablename = 'schema_migrations')"
    )
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))


async def migrate(
    conn: asyncpg.Connection, where: str, migrations: tuple[Migration, ...]
) -> tuple[int, int]:
    """Apply the migrations the database lacks; return (version before, version after).
    Raises `SchemaTooNew`, having written nothing, for a database made by newer code."""
    known = migrations[-1].version if migrations else 0
    before = await schema_version(conn)
    if before > known:
        raise SchemaTooNew(where, before, known)
    for m in migrations:
        if m.version <= before:
            continue
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATE_LOCK)
                current = await schema_version(conn)
                if current > known:
                    raise SchemaTooNew(where, current, known)
                if current >= m.version:
                    continue
                if current != m.version - 1:
                    raise MigrationError(
                        f"database is at version {current}, cannot apply {m.version}"
                    )
                for sql in dialect.migration(_CREATE_VERSION_TABLE):
                    await conn.execute(sql)
                for sqlite_statement in split_statements(m.sql):
                    for sql in dialect.migration(sqlite_statement):
                        await conn.execute(sql)
                await conn.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                    m.version,
                    m.name,
                    to_ms(utcnow()),
                )
        except asyncpg.PostgresError as exc:
            raise MigrationError(f"migration {m.version:04d}_{m.name} failed: {exc}") from exc
    return before, await schema_version(conn)
