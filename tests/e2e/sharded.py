"""Fixtures for e2e tests on two shards: an emulator with two, and the usual "Gin Club"
with an id whose events go to shard 1 (import them into the test module)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from emulator import Emulator

from .botproc import BotProcess
from .conftest import World, gin_club

SHARDS = 2
StartBot = Callable[..., Awaitable[BotProcess]]


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with Emulator(shard_count=SHARDS) as emulator:
        yield emulator


@pytest.fixture
def world(emu: Emulator) -> World:
    """The usual "Gin Club", with an id whose events go to shard 1."""
    return gin_club(emu, shard=1)


async def start_pair(start_bot: StartBot, url: str, **env: str) -> tuple[BotProcess, BotProcess]:
    """Two ``python -m bot`` processes on the PostgreSQL database at `url`, shard 0 and
    shard 1 of `SHARDS`, computers moving at once, small pools; `env` adds or overrides."""
    base = {
        "GIN_DATABASE": url,
        "GIN_SHARD_COUNT": str(SHARDS),
        "GIN_COMPUTER_DELAY": "0",
        "GIN_PG_POOL_SIZE": "4",
        **env,
    }
    zero = await start_bot(GIN_SHARDS="0", **base)
    one = await start_bot(GIN_SHARDS="1", **base)
    return zero, one


async def stop_cleanly(emu: Emulator, *procs: BotProcess) -> None:
    """The end of a test with bot processes: every interaction was answered, every route
    known, no traceback in any process's log, and each stops with exit status 0."""
    assert all(i.ack_type is not None for i in emu.interactions)
    emu.assert_no_unknown_routes()
    for proc in procs:
        assert "Traceback" not in proc.log(), proc.log()[-3000:]
    for proc in procs:
        assert await proc.stop() == 0
