"""``python -m bot backup`` while a match is being played, and ``restore`` of what it wrote:
the restored database has the game, at the moves it had when the backup was taken."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

from bot.store import open_store
from emulator import Emulator

from .botproc import BotProcess, clean_environ
from .conftest import World
from .matches import challenge_accepted, play_moves


async def gin_bot(*args: str, database: Path, cwd: Path) -> tuple[int, str]:
    """Run ``python -m bot ARGS`` with ``GIN_DATABASE``; (exit status, its output)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        env={**clean_environ(), "GIN_DATABASE": str(database)},
        cwd=cwd,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    return await proc.wait(), out.decode()


def files_in(folder: Path) -> list[Path]:
    return sorted(folder.iterdir())


def committed_moves(database: Path) -> int:
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0])
    finally:
        conn.close()  # an open connection would rightly make the restore refuse


async def test_backup_while_playing_then_restore(
    emu: Emulator, world: World, start_bot, bot_env: dict[str, str], tmp_path: Path
) -> None:
    bot: BotProcess = await start_bot(GIN_ROUND_PAUSE="0", GIN_COMPUTER_DELAY="0")
    live = Path(bot_env["GIN_DATABASE"])
    await challenge_accepted(emu, world)
    players = (world.alice, world.bob)
    await play_moves(emu, players, 4)
    backups = tmp_path / "backups"
    backups.mkdir()
    # The backup runs while the players keep moving: the bot writes as it is copied.
    player = asyncio.create_task(play_moves(emu, players, 20))
    status, out = await gin_bot("backup", str(backups), database=live, cwd=tmp_path)
    await player
    assert status == 0, out
    [copy] = files_in(backups)
    assert f"to {copy}" in out and copy.name.startswith("gin-")  # one self-contained file
    at_backup = committed_moves(copy)
    assert 4 <= at_backup <= committed_moves(live)

    # A restore onto the database the running bot uses is refused, and changes nothing.
    before = committed_moves(live)
    status, out = await gin_bot("restore", str(copy), database=live, cwd=tmp_path)
    assert status == 1
    assert "is in use" in out and "Traceback" not in out
    assert committed_moves(live) >= before
    assert await bot.stop() == 0

    # Restored over the stopped bot's database: the game is there as the backup had it,
    # and the database it replaced is kept.
    status, out = await gin_bot("restore", str(copy), database=live, cwd=tmp_path)
    assert status == 0, out
    kept = [p for p in files_in(live.parent) if ".before-restore-" in p.name]
    assert len(kept) == 1 and committed_moves(kept[0]) >= before
    store = await open_store(live)
    try:
        assert len(await store.tables.moves(1)) == at_backup
        assert [t.table.id for t in await store.tables.in_play()] == [1]
    finally:
        await store.close()
