"""`python -m bot` start-up failures say which step failed and what to do; a database another
process holds locked is waited for (issue 14)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from emulator import Emulator

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
