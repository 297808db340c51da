"""Schema migrations: numbered SQL files applied in order, each in its own transaction."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from bot.store._conn import ThreadConnection
from bot.store._sql import to_ms, utcnow
from bot.store.errors import MigrationError, SchemaTooNew

MIGRATIONS_PACKAGE = "bot.store.migrations"
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_CREATE_VERSION_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version INTEGER NOT NULL PRIMARY KEY,"
    " name TEXT NOT NULL,"
    " applied_at BIGINT NOT NULL)"
)


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(package: str = MIGRATIONS_PACKAGE) -> tuple[Migration, ...]:
    """Every `NNNN_name.sql` of the package, in order; versions must run 1, 2, 3... ."""
    found: list[Migration] = []
    for entry in resources.files(package).iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _NAME.match(entry.name)
        if match is None:
            raise MigrationError(f"migration file name {entry.name!r} is not NNNN_name.sql")
        found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise MigrationError(f"migration versions must be 1..n without gaps, found {versions}")
    return tuple(found)


def split_statements(sql: str) -> list[str]:
    """Split a script into statements (triggers' inner semicolons included) so each one can be
    executed inside our own transaction; `executescript` would commit on its own."""
    statements: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    rest = "\n".join(
        ln for ln in buffer.splitlines() if ln.strip() and not ln.strip().startswith("--")
    )
    if rest:
        raise MigrationError(f"unterminated statement at the end of a migration: {rest[:80]!r}")
    return statements


async def schema_version(conn: ThreadConnection | aiosqlite.Connection) -> int:
    """The highest migration recorded in the database (0 for a new, empty one)."""
    rows = list(
        await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = ? AND name = ?",
            ("table", "schema_migrations"),
        )
    )
    if not rows:
        return 0
    rows = list(await conn.execute_fetchall("SELECT MAX(version) FROM schema_migrations"))
    return int(rows[0][0] or 0)


async def check_not_newer(
    conn: ThreadConnection | aiosqlite.Connection, path: str, known: int
) -> int:
    """Refuse a database written by newer code before anything touches it."""
    current = await schema_version(conn)
    if current > known:
        raise SchemaTooNew(path, current, known)
    return current


async def migrate(
    conn: ThreadConnection | aiosqlite.Connection, path: str, migrations: tuple[Migration, ...]
) -> tuple[int, int]:
    """Apply the migrations the database lacks; return (version before, version after).

    Each migration and the row recording it commit together or not at all. The version is
    read again under the write lock, so two processes starting at once apply each file once.
    """
    known = migrations[-1].version if migrations else 0
    before = await check_not_newer(conn, path, known)
    for migration in migrations:
        if migration.version <= before:
            continue
        statements = split_statements(migration.sql)
        await conn.execute("BEGIN IMMEDIATE")
        try:
            current = await check_not_newer(conn, path, known)
            if current >= migration.version:
                await conn.execute("COMMIT")
                continue
            if current != migration.version - 1:
                raise MigrationError(
                    f"database is at version {current}, cannot apply {migration.version}"
                )
            await conn.execute(_CREATE_VERSION_TABLE)
            for statement in statements:
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, to_ms(utcnow())),
            )
        except BaseException as exc:
            if conn.in_transaction:
                await conn.rollback()
            if isinstance(exc, sqlite3.Error):
                raise MigrationError(
                    f"migration {migration.version:04d}_{migration.name} failed: {exc}"
                ) from exc
            raise
        await conn.execute("COMMIT")
    return before, await schema_version(conn)
