"""Migrations: from empty, from every earlier version, twice, refusing newer databases."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import sys
from pathlib import Path

import aiosqlite
import pytest

import bot.store
from bot.store import MigrationError, SchemaTooNew, open_store
from bot.store.migrate import Migration, load_migrations, migrate, schema_version, split_statements

MIGRATIONS = load_migrations()
LATEST = MIGRATIONS[-1].version


def schema(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as conn:
        return sorted(
            conn.execute(
                "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
            ).fetchall()
        )


def versions(path: Path) -> list[tuple[int, str, int]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT version, name, applied_at FROM schema_migrations").fetchall()


def test_migration_files_are_numbered_from_one_without_gaps() -> None:
    folder = Path(bot.store.__file__).parent / "migrations"
    files = sorted(p.name for p in folder.glob("*.sql"))
    assert [m.version for m in MIGRATIONS] == list(range(1, len(files) + 1))
    assert [f"{m.version:04d}_{m.name}.sql" for m in MIGRATIONS] == files


async def test_from_empty_creates_folder_file_and_every_version(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "gin.sqlite3"
    async with await open_store(path) as store:
        assert await store.schema_version() == LATEST
        assert await store.integrity_check() == "ok"
    assert path.exists()
    assert [v for v, _, _ in versions(path)] == list(range(1, LATEST + 1))
    assert [n for _, n, _ in versions(path)] == [m.name for m in MIGRATIONS]


async def test_twice_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "gin.sqlite3"
    async with await open_store(path):
        pass
    first_schema, first_versions = schema(path), versions(path)
    async with await open_store(path):
        pass
    assert schema(path) == first_schema
    assert versions(path) == first_versions  # same rows, same applied_at: nothing re-applied


@pytest.mark.parametrize("start", range(LATEST))
async def test_from_every_earlier_version(tmp_path: Path, start: int) -> None:
    """A database left at version `start` (with data in it) upgrades to the latest, ends
    with the same schema as a fresh one and keeps its rows."""
    fresh = tmp_path / "fresh.sqlite3"
    async with await open_store(fresh):
        pass
    path = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, str(path), MIGRATIONS[:start]) == (0, start)
        if start >= 1:
            await conn.execute(
                "INSERT INTO players (user_id, display_name, online, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (7, "Old Timer", True, 0, 0),
            )
    async with await open_store(path) as store:
        assert await store.schema_version() == LATEST
        if start >= 1:
            player = await store.players.get(7)
            assert player is not None and player.display_name == "Old Timer"
    assert schema(path) == schema(fresh)


async def test_newer_database_is_refused_and_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "gin.sqlite3"
    async with await open_store(path):
        pass
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
            (LATEST + 1, "from_the_future", 0),
        )
    # Fold the WAL back into the file so the bytes below are the whole database.
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(SchemaTooNew) as caught:
        await open_store(path)
    assert caught.value.db_version == LATEST + 1
    assert caught.value.code_version == LATEST
    assert "newer" in str(caught.value) and str(path) in str(caught.value)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


async def test_newer_rollback_journal_database_stays_out_of_wal(tmp_path: Path) -> None:
    """Refusal happens before `journal_mode = WAL`, which would rewrite the file header."""
    path = tmp_path / "gin.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT,"
            " applied_at BIGINT)"
        )
        conn.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", (LATEST + 5, "x", 0))
    before = path.read_bytes()
    with pytest.raises(SchemaTooNew):
        await open_store(path)
    assert path.read_bytes() == before
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


async def test_failed_migration_rolls_back_and_keeps_the_old_version(tmp_path: Path) -> None:
    path = tmp_path / "gin.sqlite3"
    good = Migration(1, "good", "CREATE TABLE a (x INTEGER);")
    bad = Migration(2, "bad", "CREATE TABLE b (x INTEGER);\nINSERT INTO nowhere VALUES (1);")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        with pytest.raises(MigrationError, match="0002_bad"):
            await migrate(conn, str(path), (good, bad))
        assert await schema_version(conn) == 1
        tables = {r[0] for r in await conn.execute_fetchall("SELECT name FROM sqlite_master")}
        assert "a" in tables and "b" not in tables  # b was created then rolled back
        assert not conn.in_transaction


def test_split_statements_keeps_trigger_bodies_whole() -> None:
    sql = (
        "-- a comment; with a semicolon\n"
        "CREATE TABLE t (x INTEGER);\n"
        "CREATE TRIGGER t_no_delete BEFORE DELETE ON t\nBEGIN\n"
        "    SELECT RAISE(ABORT, 'no; really');\nEND;\n"
        "-- trailing comment\n"
    )
    statements = split_statements(sql)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(MigrationError, match="unterminated"):
        split_statements("CREATE TABLE t (x INTEGER)")


def test_load_migrations_rejects_bad_names_and_gaps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, files in (
        ("gappy", ["0001_a.sql", "0003_c.sql"]),
        ("badname", ["0001_a.sql", "2_b.sql"]),
    ):
        package = tmp_path / name
        package.mkdir()
        (package / "__init__.py").write_text("")
        for file in files:
            (package / file).write_text("SELECT 1;")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(MigrationError, match="without gaps"):
        load_migrations("gappy")
    with pytest.raises(MigrationError, match="NNNN_name"):
        load_migrations("badname")
    sys.modules.pop("gappy", None)
    sys.modules.pop("badname", None)


async def test_connection_settings(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "gin.sqlite3") as store:
        writer = store._db._writer
        pragmas = {}
        for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout"):
            rows = list(await writer.execute_fetchall(f"PRAGMA {name}"))
            pragmas[name] = rows[0][0]
        assert pragmas == {
            "journal_mode": "wal",
            "synchronous": 2,  # FULL
            "foreign_keys": 1,
            "busy_timeout": 5000,
        }
        reader = store._db._reader
        assert list(await reader.execute_fetchall("PRAGMA query_only"))[0][0] == 1
        assert list(await reader.execute_fetchall("PRAGMA synchronous"))[0][0] == 2


async def test_closed_store_refuses_work(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "gin.sqlite3")
    await store.close()
    await store.close()  # twice is fine
    from bot.store import StoreError

    with pytest.raises(StoreError, match="closed"):
        await store.players.get(1)
    with pytest.raises(StoreError, match="closed"):
        await store.players.upsert(1, "x")


async def test_two_openers_at_once_migrate_once(tmp_path: Path) -> None:
    """Two stores (two connections, two threads) opening a new file together: each migration
    is applied exactly once and both end up usable."""
    path = tmp_path / "gin.sqlite3"
    first, second = await asyncio.gather(open_store(path), open_store(path))
    try:
        assert await first.schema_version() == await second.schema_version() == LATEST
        await first.players.upsert(1, "Ann")
        assert (await second.players.get(1)) is not None
    finally:
        await first.close()
        await second.close()
    assert [v for v, _, _ in versions(path)] == list(range(1, LATEST + 1))
