"""A clean stop (issue 31, item 12): a command being handled when the bot stops finishes and
is answered before the store closes; a command that arrives meanwhile is told to try again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import client

from .conftest import World
from .driver import to_move


async def _until(done: Callable[[], bool], what: str, timeout: float = 30.0) -> None:  # noqa: ASYNC109
    """Until `done()`, checked at every turn of the loop; an AssertionError after `timeout`."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not done():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"not {what} within {timeout} s")
        await asyncio.sleep(0.01)


async def test_a_command_in_flight_at_a_stop_is_answered_before_the_store_closes(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu, bot, alice = world.emu, world.bot, world.alice
    assert bot.services is not None
    repo: Any = bot.services.store.achievements
    reading, release = asyncio.Event(), asyncio.Event()
    real = repo.of
    # The stop waits this long for the command held below: however slow the machine, it is
    # the test that lets the command go, not the drain's 5 s that cuts it off.
    monkeypatch.setattr(client, "DRAIN_SECONDS", 30.0)
    # Nor Discord's 3 s to answer it (the emulator's), which a loaded machine could pass.
    emu.ack_deadline = 30.0

    async def slow_of(user_id: int) -> Any:
        # The store, slower than a stop: the command is still at work when close() begins,
        # and until a command arriving meanwhile has been answered.
        reading.set()
        await release.wait()
        return await real(user_id)

    repo.of = slow_of
    caplog.set_level(logging.WARNING)
    inter = await emu.slash(alice, world.channel, "gin records stats", wait=False)
    await asyncio.wait_for(reading.wait(), 30)
    closing = asyncio.create_task(bot.close())
    await _until(lambda: bot.stopping, "stopping")
    late = await emu.slash(world.bob, world.channel, "gin rules", raise_on_failure=False)
    assert not closing.done()  # still waiting for the command in flight
    release.set()
    await closing
    await emu.wait_ack(inter)
    assert inter.response is not None and "Alice's record" in inter.response.text
    assert late.response is not None and "restarting" in late.response.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_move_clicked_while_the_bot_stops_is_told_to_try_again(world: World) -> None:
    """A hand's controls are read from their ids (`route`), with a `DynamicItem`'s checks:
    while the bot stops, a move is not played and the player is told to try again."""
    emu, bot, a, b = world.emu, world.bot, world.alice, world.bob
    await emu.slash(a, world.channel, "gin challenge", opponent=b)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    mover, hand = await emu.wait_for(lambda: to_move(emu, (a, b)), what="a player to move")
    label = next(x for x in ("Pass", "Draw from stock") if x in hand.button_labels)
    edits = len(hand.history)
    tables: Any = bot.services.tables  # type: ignore[attr-defined]
    (table_id,) = tables.live_ids()
    live = tables.get(table_id)
    version = live.version
    bot.stopping = True
    try:
        inter = await emu.click(mover, hand, label)
        await emu.wait_ack(inter)
    finally:
        bot.stopping = False
    assert inter.response is not None and "restarting" in inter.response.text
    assert inter.response.ephemeral_to is mover
    assert live.version == version and len(hand.history) == edits
