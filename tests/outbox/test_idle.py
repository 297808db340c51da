"""Waiting until everything is out (tests, shutdown) waits for what starts meanwhile too: a
round's board posted while the outbox drains is out only once the board before it has lost
its controls (the referee's "the live board is not the newest" under load)."""

from __future__ import annotations

import asyncio

from bot.outbox import Priority
from bot.outbox.write import Raw

from ..play.driver import live_controls
from .conftest import World


async def test_idle_waits_for_a_board_posted_while_the_outbox_drains(world: World) -> None:
    emu, ch, bot = world.emu, world.channel, world.bot
    tables = bot.services.tables  # type: ignore[attr-defined]
    notifier = bot.screens.notifier  # type: ignore[attr-defined]
    await emu.slash(world.alice, ch, "gin computer", target=500)
    await emu.wait_for(lambda: live_controls(emu, world.alice), 10, what="a first hand")
    await tables.wait_idle()
    live = tables.find(tables.live_ids()[0])
    older = notifier.board_of(tables.state(live))
    assert older is not None and emu.message(older).buttons()

    # Six urgent posts: the channel's bucket allows five per five seconds, so the outbox is
    # still draining when the round's board is posted behind them.
    chat = [
        notifier.outbox.post(ch.id, Raw({"content": f"chat {n}"}), Priority.TURN) for n in range(6)
    ]
    idle = asyncio.create_task(notifier.idle())
    await asyncio.sleep(0.05)
    assert not idle.done()
    await notifier.deliver(tables.update(live, "round_start"))  # the board, posted again
    await idle

    assert all(f.done() for f in chat)
    newest = notifier.board_of(tables.state(live))
    assert newest != older
    assert emu.message(newest).buttons()
    # Out means shown as a whole: the board before the new one lost its controls.
    assert emu.message(older).buttons() == [], "idle() returned before the old board's strip"
    assert notifier.outbox.depth() == 0


async def test_outbox_idle_waits_for_the_write_on_the_wire(world: World) -> None:
    emu, ch = world.emu, world.channel
    outbox = world.bot.screens.notifier.outbox  # type: ignore[attr-defined]
    posted = [outbox.post(ch.id, Raw({"content": f"line {n}"}), Priority.REST) for n in range(7)]
    await outbox.idle()
    assert all(f.done() for f in posted)
    assert [m.text for m in emu.messages(ch)[-7:]] == [f"line {n}" for n in range(7)]
