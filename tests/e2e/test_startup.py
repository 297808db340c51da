"""`python -m bot` start-up failures say which step failed and what to do; a database another
process holds locked is waited for (issue 14)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from emulator import Emulator
from tests.store.pgserver import PgServer, free_port

from .botproc import BotProcess


def failure_line(out: str) -> str:
    return next(line for line in out.splitlines() if "gin-bot could not start" in line)


async def test_an_unusable_database_path_is_named_with_what_to_do(
    start_bot, tmp_path: Path, emu: Emulator
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database's folder should be")
    bot: BotProcess = await start_bot(wait_ready=False, GIN_DATABASE=str(blocker / "gin.sqlite3"))
    assert await bot.wait_exit() == 1
    out = bot.output()
    assert "gin-bot starting: pid" in out.splitlines()[0]
    line = failure_line(out)
    assert f"opening the database {blocker / 'gin.sqlite3'} failed" in line
    assert "What to do: check that its folder exists and is writable" in line
    assert "CRITICAL" in line
    assert "Traceback" in out  # for the operator, after the sentence
    assert emu.gateway.identifies == 0


async def test_a_damaged_database_file_is_named_with_what_to_do(start_bot, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"this is not an SQLite database, whatever its name says" * 100)
    bot: BotProcess = await start_bot(wait_ready=False, GIN_DATABASE=str(damaged))
    assert await bot.wait_exit() == 1
    line = failure_line(bot.output())
    assert f"opening the database {damaged} failed (DatabaseError: file is not a database)" in line
    assert "restore the latest backup" in line


async def test_a_database_locked_by_another_process_is_waited_for(
    start_bot, bot_env: dict[str, str]
) -> None:
    database = Path(bot_env["GIN_DATABASE"])
    holder = sqlite3.connect(database, isolation_level=None)
    try:
        # Another process in the middle of a write, holding the whole file (as a process that
        # is still dying, or a backup tool, can): even reading it waits.
        holder.execute("PRAGMA journal_mode = DELETE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("CREATE TABLE scratch (x)")
        bot: BotProcess = await start_bot(wait_ready=False)
        await bot.wait_for_log("is locked by another process", timeout=30)
        assert bot.running
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await bot.wait_ready()
    assert "could not start" not in bot.output()
    assert await asyncio.wait_for(bot.stop(), 30) == 0


def critical_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if "CRITICAL" in line]


async def _admin(url: str, *sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        for statement in sql:
            await conn.execute(statement)
    finally:
        await conn.close()


async def test_a_postgresql_server_that_cannot_be_used_stops_the_start_with_what_to_fix(
    start_bot, pg_server: PgServer, emu: Emulator
) -> None:
    # A role that must give its password (scram), ahead of the session server's trust lines.
    hba = pg_server.data / "pg_hba.conf"
    if "gin_pw" not in hba.read_text():
        hba.write_text("host all gin_pw 127.0.0.1/32 scram-sha-256\n" + hba.read_text())
        await _admin(
            pg_server.url(),
            "CREATE ROLE gin_pw LOGIN PASSWORD 'right'",
            "SELECT pg_reload_conf()",
        )
    host = f"127.0.0.1:{pg_server.port}"
    cases = {
        f"postgresql://gin@127.0.0.1:{free_port()}/gin": (
            "Could not reach the PostgreSQL server of GIN_DATABASE",
            "start the server, or fix the host and port in GIN_DATABASE.",
        ),
        f"postgresql://gin_pw:wrong@{host}/postgres": (
            "The PostgreSQL server refused the user name or password of GIN_DATABASE "
            f"(postgresql://gin_pw:***@{host}/postgres",
            "put a user and password it accepts in GIN_DATABASE.",
        ),
        f"postgresql://gin@{host}/no_such_database": (
            "The database named in GIN_DATABASE does not exist on its PostgreSQL server",
            "create it (createdb) or fix its name in GIN_DATABASE.",
        ),
    }
    for url, (start, end) in cases.items():
        bot: BotProcess = await start_bot(wait_ready=False, GIN_DATABASE=url)
        assert await bot.wait_exit() == 1
        out = bot.output()
        assert "wrong" not in out  # the password is never shown
        (line,) = critical_lines(out)
        sentence = line[line.index(start) :]
        assert sentence.endswith(end), sentence
        assert "Traceback" not in out
    assert emu.gateway.identifies == 0


async def test_a_database_url_of_another_kind_is_refused_before_anything_starts(
    start_bot,
) -> None:
    bot: BotProcess = await start_bot(wait_ready=False, GIN_DATABASE="mysql://gin@db/gin")
    assert await bot.wait_exit() == 2
    assert (
        bot.output()
        .strip()
        .endswith(
            "GIN_DATABASE must be a SQLite file path or a postgresql:// URL; mysql:// is not a "
            "database this bot can use."
        )
    )
