"""`python -m bot` killed with SIGKILL at planned moments of a match: after each restart
every player has exactly one live hand (the one the store knows is edited, any other the
process before left live loses its controls, a hand whose id was never stored included)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store import open_store
from emulator import Emulator, User
from tests.play.driver import live_controls, play_one
from tests.players import live_hands

from .botproc import BotProcess
from .conftest import World


async def _play(emu: Emulator, a: User, b: User, moves: int) -> None:
    made = 0
    while made < moves:
        if await play_one(emu, a) or await play_one(emu, b):
            made += 1
        else:
            await asyncio.sleep(0.02)


async def _one_hand_each(emu: Emulator, bot: BotProcess, users: list[User], when: str) -> None:
    """After the restart has shown the table again: one live hand per player."""
    await emu.wait_for(lambda: all(live_hands(emu, u).get(1) for u in users), timeout=15)
    await emu.settle(quiet=0.5, timeout=15)
    counts = {u.username: len(live_hands(emu, u).get(1, [])) for u in users}
    assert counts == {u.username: 1 for u in users}, (when, counts, bot.output()[-2000:])


async def _forget_hand(database: Path, seat_no: int) -> None:
    """The state a kill between sending a hand DM and storing its id leaves: Discord has
    the message, the store does not know it."""
    store = await open_store(database)
    try:
        record = await store.tables.get(1)
        assert record is not None
        seat = next(s for s in record.seats if s.seat_no == seat_no)
        assert seat.dm_message_id is not None
        await store.tables.set_seat_message(1, seat_no, seat.dm_channel_id, None)
    finally:
        await store.close()


async def test_each_restart_leaves_one_live_hand_per_player(
    emu: Emulator, world: World, start_bot, bot_env: dict[str, str]
) -> None:
    bot: BotProcess = await start_bot(GIN_ROUND_PAUSE="0", GIN_COMPUTER_DELAY="0")
    a, b, ch = world.alice, world.bob, world.channel
    database = Path(bot_env["GIN_DATABASE"])
    await emu.slash(a, ch, "gin challenge", opponent=b, target=100)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=10)

    # 1. Right after an acknowledged move.
    await _play(emu, a, b, 3)
    await bot.kill()
    await bot.restart()
    await _one_hand_each(emu, bot, [a, b], "after a move")

    # 2. A hand DM sent whose id was never stored, for each seat in turn.
    for seat_no in (0, 1):
        await _play(emu, a, b, 2)
        await emu.settle(quiet=0.3, timeout=15)
        await bot.kill()
        await _forget_hand(database, seat_no)
        await bot.restart()
        await _one_hand_each(emu, bot, [a, b], f"seat {seat_no}'s hand not stored")

    # 3. Mid-notification: killed as soon as the move is acknowledged, before the
    # other player's hand has been told.
    mover = a if live_controls(emu, a) else b
    await play_one(emu, mover, wait=lambda _pred, _timeout: asyncio.sleep(0))
    await bot.kill()
    await bot.restart()
    await _one_hand_each(emu, bot, [a, b], "mid-notification")

    # The match goes on from the hands left.
    await _play(emu, a, b, 2)
    assert "Traceback" not in bot.output()
    assert await bot.stop() == 0
