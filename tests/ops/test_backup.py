"""What ``restore`` refuses (one sentence each), and ``backup``'s own refusals, on real
SQLite files made by the real store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.ops import backup as ops
from bot.store import open_store
from bot.store.migrate import load_migrations


async def made_database(path: Path) -> Path:
    store = await open_store(path)
    await store.close()
    return path


def files_in(folder: Path) -> list[Path]:
    return sorted(folder.iterdir())


def write(path: Path, sql: str, params: tuple[object, ...]) -> None:
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.execute(sql, params)
    finally:
        conn.close()


async def test_a_backup_restores_onto_a_new_machine(tmp_path: Path) -> None:
    live = await made_database(tmp_path / "data" / "gin.sqlite3")
    said = ops.backup(live, tmp_path / "copy.sqlite3")
    known = len(load_migrations())
    assert f"schema version {known}" in said
    target = tmp_path / "new" / "data" / "gin.sqlite3"
    said = ops.restore(tmp_path / "copy.sqlite3", target)
    assert "kept as" not in said  # nothing was there to keep
    store = await open_store(target)
    try:
        assert await store.schema_version() == known
    finally:
        await store.close()


async def test_a_backup_never_overwrites(tmp_path: Path) -> None:
    live = await made_database(tmp_path / "gin.sqlite3")
    (tmp_path / "old.sqlite3").write_bytes(b"precious")
    with pytest.raises(ops.BackupError, match="already exists"):
        ops.backup(live, tmp_path / "old.sqlite3")
    assert (tmp_path / "old.sqlite3").read_bytes() == b"precious"
    with pytest.raises(ops.BackupError, match="There is no database at"):
        ops.backup(tmp_path / "none.sqlite3", tmp_path / "x.sqlite3")


async def test_restore_refuses_a_newer_backup(tmp_path: Path) -> None:
    newer = await made_database(tmp_path / "newer.sqlite3")
    write(newer, "INSERT INTO schema_migrations VALUES (?, ?, ?)", (99, "future", 0))
    target = await made_database(tmp_path / "gin.sqlite3")
    with pytest.raises(ops.BackupError, match=r"newer gin-bot \(schema version 99") as caught:
        ops.restore(newer, target)
    assert str(caught.value).count(". ") == 0  # one sentence
    assert not [p for p in files_in(tmp_path) if "before-restore" in p.name]


@pytest.mark.parametrize("kind", ["text", "other app", "renamed migration"])
async def test_restore_refuses_a_foreign_file(kind: str, tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.sqlite3"
    if kind == "text":
        foreign.write_text("not a database at all, though long enough to have a header\n")
        expected = "is not a SQLite database"
    elif kind == "other app":
        write(foreign, "CREATE TABLE notes (body TEXT)", ())
        expected = "is not a gin-bot database"
    else:
        await made_database(foreign)
        write(foreign, "UPDATE schema_migrations SET name = ? WHERE version = ?", ("other", 1))
        expected = "its migrations are not this bot's"
    target = await made_database(tmp_path / "gin.sqlite3")
    with pytest.raises(ops.BackupError, match=expected):
        ops.restore(foreign, target)


def test_postgres_gets_pg_dump_instructions(monkeypatch, tmp_path: Path, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIN_DATABASE", "postgresql://gin:secret@db/gin")
    assert ops.command("backup", "x.dump") == 1
    err = capsys.readouterr().err
    assert "pg_dump --format=custom" in err and "secret" not in err
    assert ops.command("restore", "x.dump") == 1
    assert "pg_restore" in capsys.readouterr().err


async def test_a_path_ending_in_a_slash_is_a_folder_made_for_the_backups(
    monkeypatch, tmp_path: Path, capsys
) -> None:
    live = await made_database(tmp_path / "gin.sqlite3")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIN_DATABASE", str(live))
    assert ops.command("backup", "backups/") == 0
    assert ops.command("backup", "backups/") == 0  # the next one beside it
    made = files_in(tmp_path / "backups")
    assert len(made) == 2 and all(p.name.startswith("gin-") for p in made)
    assert "Backed up" in capsys.readouterr().out


def test_backing_up_what_is_not_a_database_leaves_nothing_behind(
    monkeypatch, tmp_path: Path, capsys
) -> None:
    (tmp_path / "gin.sqlite3").write_text("a text file where the database should be, long enough")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIN_DATABASE", "gin.sqlite3")
    assert ops.command("backup", "copy.sqlite3") == 1
    err = capsys.readouterr().err
    assert "gin.sqlite3 is not a SQLite database: check GIN_DATABASE." in err
    assert "Traceback" not in err
    assert [p.name for p in files_in(tmp_path)] == ["gin.sqlite3"]
