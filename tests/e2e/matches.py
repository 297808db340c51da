"""A match between two members through the emulator, for tests that need one running."""

from __future__ import annotations

import asyncio

from emulator import Emulator, User
from tests.play.driver import live_controls, play_one

from .conftest import World


async def challenge_accepted(emu: Emulator, world: World, target: int = 500) -> None:
    """Alice challenges Bob in #gin, Bob accepts: their hands are dealt. A match to 500, so
    the moves the tests make never end it (to 10 a first knock did, and `play_moves` then
    waited for a turn that never came)."""
    a, b = world.alice, world.bob
    await emu.slash(a, world.channel, "gin challenge", opponent=b, target=target)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=10)


async def play_moves(emu: Emulator, players: tuple[User, User], moves: int) -> None:
    """``moves`` acknowledged moves, whoever's turn it is."""
    made = 0
    while made < moves:
        if await play_one(emu, players[0]) or await play_one(emu, players[1]):
            made += 1
        else:
            await asyncio.sleep(0.01)
