"""`python -m bot` killed with SIGKILL mid-round, restarted: the round goes on, no move lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store import open_store
from emulator import Emulator
from tests.play.driver import live_controls, play_one

from .botproc import BotProcess
from .conftest import World


async def _moves(database: Path, table_id: int) -> int:
    store = await open_store(database)
    try:
        return len(await store.tables.moves(table_id))
    finally:
        await store.close()


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _alive(pids: list[int]) -> list[int]:
    return [pid for pid in pids if Path(f"/proc/{pid}").exists()]


async def test_sigkill_mid_round_loses_no_move(
    emu: Emulator, world: World, start_bot, bot_env: dict[str, str]
) -> None:
    bot: BotProcess = await start_bot(GIN_ROUND_PAUSE="0", GIN_COMPUTER_DELAY="0")
    a, b, ch = world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b, target=10)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=10)
    made = 0
    while made < 6:
        if await play_one(emu, a) or await play_one(emu, b):
            made += 1
        else:
            await asyncio.sleep(0.02)
    database = Path(bot_env["GIN_DATABASE"])
    assert await _moves(database, 1) == made  # every acknowledged move is committed

    workers = _children(bot.proc.pid)  # type: ignore[union-attr]
    assert workers, "pictures are drawn in a worker process"
    await bot.kill()
    for _ in range(100):  # the workers notice within a second
        if not _alive(workers):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError(f"picture workers {workers} outlived the killed bot")
    store = await open_store(database)
    try:
        assert await store.integrity_check() == "ok"
        assert len(await store.tables.moves(1)) == made
    finally:
        await store.close()

    await bot.restart()
    # The hand messages sent before the crash still work: their buttons are persistent.
    for _ in range(3000):
        if any("Match over" in m.text for m in emu.messages(ch)):
            break
        if not (await play_one(emu, a) or await play_one(emu, b)):
            await asyncio.sleep(0.02)
    else:
        shown = [
            (
                u.username,
                m.id,
                m.text[-200:],
                [(x.label, x.disabled, x.custom_id) for x in m.buttons()],
                [s.custom_id for s in m.selects()],
            )
            for u in (a, b)
            for m in emu.dms(u)[-3:]
        ]
        raise AssertionError(
            f"the match did not finish after the restart: {shown}\n{bot.output()[-3000:]}"
        )
    assert await _moves(database, 1) > made
    emu.assert_no_unknown_routes()
    assert "Traceback" not in bot.output()
    assert await bot.stop() == 0
