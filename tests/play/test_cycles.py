"""Playing leaves no reference cycles behind (`bot.ui.cycles`): what a click allocates is
freed as soon as it is done with, not by the garbage collector's full passes, which stop
the bot for 100 ms and more under load (docs/performance.md)."""

from __future__ import annotations

import asyncio
import gc
import io
from collections import Counter

import discord

from bot.ui.cycles import Upload

from .conftest import World
from .driver import live_controls, play_one

# Where the objects a click makes come from; the emulator's and pytest's are not ours.
OURS = ("discord.", "bot.", "cogs.", "aiohttp.client", "_io.")


def _ours(garbage: list[object]) -> Counter[str]:
    names = (f"{type(o).__module__}.{type(o).__qualname__}" for o in garbage)
    return Counter(n for n in names if n.startswith(OURS))


async def test_a_whole_match_leaves_no_reference_cycles(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    tables = world.bot.services.tables
    # What a first command sets up once, to its handler's end (after the answer).
    done = asyncio.ensure_future(world.bot.wait_for("app_command_completion", timeout=10))
    await emu.slash(a, ch, "gin rules")
    await done
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds goes to gc.garbage
    try:
        await emu.slash(a, ch, "gin challenge", opponent=b, target=10)
        invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
        await emu.click(b, invite, "Accept")
        await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), what="a hand")
        for _ in range(2000):
            if any("Match over" in m.text for m in emu.messages(ch)):
                break
            if not (await play_one(emu, a) or await play_one(emu, b)):
                # The next hand, or the result, is on its way. Played without a pause, rounds
                # end faster than the channel's posts may go (its reveals, boards and the
                # result: 5 per 5 s, as Discord allows; the emulator enforces it and the
                # outbox paces itself), so the result may come seconds after the last move.
                # 5 s was too short 1 run in 8, on last session's main too.
                await emu.wait_for(
                    lambda: (
                        live_controls(emu, a)
                        or live_controls(emu, b)
                        or any("Match over" in m.text for m in emu.messages(ch))
                    ),
                    timeout=20,
                    what="a hand or the result",
                )
        else:
            raise AssertionError("the match did not end")
        await tables.wait_idle()  # the last notifications
        gc.collect()
    finally:
        gc.set_debug(0)
    garbage, gc.garbage[:] = list(gc.garbage), []
    assert _ours(garbage) == Counter()


def test_an_uploaded_picture_is_not_kept_by_a_cycle() -> None:
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for fp in (io.BytesIO(b"png"), Upload(b"png")):
            file = discord.File(fp, filename="hand.png")
            file.close()  # what discord.py does after a request
            del file, fp
        gc.collect()
    finally:
        gc.set_debug(0)
    garbage, gc.garbage[:] = list(gc.garbage), []
    kinds = {type(o) for o in garbage}
    assert io.BytesIO in kinds  # the plain one: the cycle this is about
    assert Upload not in kinds


def test_an_upload_can_be_read_again_after_its_request() -> None:
    file = discord.File(Upload(b"png"), filename="hand.png")
    assert file.fp.read() == b"png"
    file.close()
    file.reset()  # a retried request reads the file again
    assert file.fp.read() == b"png"
