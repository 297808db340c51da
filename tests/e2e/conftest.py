"""End-to-end fixtures: the emulator in-process, ``python -m bot`` as a subprocess.

- ``emu``: a started :class:`emulator.Emulator`.
- ``world``: a server "Gin Club" (channels #gin and #lobby) with alice, bob and carol.
- ``bot_env``: the environment the bot starts with (edit it before ``start_bot``).
- ``start_bot(**env)``: start ``python -m bot`` (env overrides as keywords), wait for readiness.
- ``bot``: a bot started with the defaults.
Bots still running at the end get SIGINT (SIGKILL if they hang).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from emulator import Channel, Emulator, Guild, User

from .botproc import BotProcess, clean_environ


@dataclass
class World:
    guild: Guild
    channel: Channel  # #gin
    lobby: Channel  # #lobby
    alice: User
    bob: User
    carol: User


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with Emulator() as emulator:
        yield emulator


def gin_club(emu: Emulator, shard: int | None = None) -> World:
    """The usual "Gin Club": two channels, three members (`shard`: whose events it is)."""
    guild = emu.create_guild("Gin Club", channels=("gin", "lobby"), shard=shard)
    return World(
        guild=guild,
        channel=guild.channel("gin"),
        lobby=guild.channel("lobby"),
        alice=emu.create_user("alice", guilds=[guild]),
        bob=emu.create_user("bob", guilds=[guild]),
        carol=emu.create_user("carol", guilds=[guild]),
    )


@pytest.fixture
def world(emu: Emulator) -> World:
    return gin_club(emu)


@pytest.fixture
def bot_env(emu: Emulator, world: World, tmp_path: Path) -> dict[str, str]:
    """The bot's environment: the emulator's endpoints and token, a temp database, dev guild."""
    return {
        **clean_environ(),
        **emu.bot_env(world.guild),
        "GIN_DATABASE": str(tmp_path / "gin.sqlite3"),
        "GIN_LOG_LEVEL": "INFO",
        "GIN_GUILD_READY_TIMEOUT": "0.1",
        "PYTHONUNBUFFERED": "1",
    }


@pytest.fixture
async def start_bot(
    bot_env: dict[str, str], tmp_path: Path
) -> AsyncIterator[Callable[..., Awaitable[BotProcess]]]:
    started: list[BotProcess] = []

    async def start(*, wait_ready: bool = True, **overrides: str) -> BotProcess:
        workdir = tmp_path / f"bot{len(started)}"
        workdir.mkdir()
        proc = BotProcess({**bot_env, **overrides}, workdir)
        started.append(proc)
        return await proc.start(wait_ready=wait_ready)

    yield start
    for proc in started:
        if proc.running:
            with contextlib.suppress(Exception):
                await proc.stop(timeout=10)


@pytest.fixture
async def bot(start_bot: Callable[..., Awaitable[BotProcess]]) -> BotProcess:
    return await start_bot()
