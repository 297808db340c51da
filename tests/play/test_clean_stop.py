"""A clean stop (issue 31, item 12): a command being handled when the bot stops finishes and
is answered before the store closes; a command that arrives meanwhile is told to try again."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from .conftest import World


async def test_a_command_in_flight_at_a_stop_is_answered_before_the_store_closes(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    emu, bot, alice = world.emu, world.bot, world.alice
    assert bot.services is not None
    repo: Any = bot.services.store.achievements
    reading = asyncio.Event()
    real = repo.of

    async def slow_of(user_id: int) -> Any:
        # The store, slower than a stop: the command is still at work when close() begins.
        reading.set()
        await asyncio.sleep(0.5)
        return await real(user_id)

    repo.of = slow_of
    caplog.set_level(logging.WARNING)
    inter = await emu.slash(alice, world.channel, "gin records stats", wait=False)
    await asyncio.wait_for(reading.wait(), 5)
    closing = asyncio.create_task(bot.close())
    await asyncio.sleep(0.1)
    late = await emu.slash(world.bob, world.channel, "gin rules", raise_on_failure=False)
    await closing
    await emu.wait_ack(inter)
    assert inter.response is not None and "Alice's record" in inter.response.text
    assert late.response is not None and "restarting" in late.response.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
