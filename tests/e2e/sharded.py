"""Fixtures for e2e tests on two shards: an emulator with two, and the usual "Gin Club"
with an id whose events go to shard 1 (import them into the test module)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from emulator import Emulator

from .botproc import BotProcess
from .conftest import World

SHARDS = 2
StartBot = Callable[..., Awaitable[BotProcess]]


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with Emulator(shard_count=SHARDS) as emulator:
        yield emulator


@pytest.fixture
def world(emu: Emulator) -> World:
    """The usual "Gin Club", with an id whose events go to shard 1."""
    guild = emu.create_guild("Gin Club", channels=("gin", "lobby"), shard=1)
    return World(
        guild=guild,
        channel=guild.channel("gin"),
        lobby=guild.channel("lobby"),
        alice=emu.create_user("alice", guilds=[guild]),
        bob=emu.create_user("bob", guilds=[guild]),
        carol=emu.create_user("carol", guilds=[guild]),
    )
