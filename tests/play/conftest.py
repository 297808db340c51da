"""A real GinBot (discord.py client) in-process against the loopback emulator."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app.client import GinBot
from bot.app.settings import Settings
from emulator import Channel, Emulator, User
from emulator.testing import running


@dataclass
class World:
    emu: Emulator
    bot: GinBot
    channel: Channel
    alice: User
    bob: User
    carol: User
    database: Path


#: Seconds the bot may take to say everything: its outbox paces its writes within Discord's
#: limits (a channel's edits one a second), so a few seconds, generous for a loaded machine.
QUIET_WITHIN = 30.0


async def quiet(emu: Emulator, bot: GinBot) -> None:
    """Wait until the bot has nothing left to say: every table's updates delivered and the
    outbox drained (its writes wait their turn in Discord's buckets), then Discord idle.
    What `emu.settle()` alone cannot tell: a write waiting for its bucket makes no request."""
    services, screens = bot.wired()
    await asyncio.wait_for(services.tables.wait_idle(), QUIET_WITHIN)
    await asyncio.wait_for(
        screens.outbox.idle(), QUIET_WITHIN
    )  # what was not a table's (chat, results)
    await emu.settle()


def bot_settings(emu: Emulator, guild_id: int, database: Path, **options: Any) -> Settings:
    """What an in-process bot of these tests runs with: `guild_id` its test server (its
    commands there at once), turns of ten minutes, no pause between rounds, the computer's
    moves at once; `options` add settings (`render_processes`, the tournaments' timings)."""
    return Settings(
        token=emu.token,
        database=database,
        dev_guild_id=guild_id,
        guild_ready_timeout=0.05,
        turn_seconds=600,
        round_pause=0,
        computer_delay=0,
        **options,
    )


@asynccontextmanager
async def bot_on(
    emu: Emulator, guild_id: int, database: Path, **options: Any
) -> AsyncIterator[GinBot]:
    """A real bot on `database` against `emu` (`bot_settings`) while the block runs."""
    bot = GinBot(bot_settings(emu, guild_id, database, **options))
    async with running(bot, emu):
        yield bot


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with Emulator() as emu:
        guild = emu.create_guild("Cards")
        channel = emu.create_channel(guild, "gin")
        users = [emu.create_user(name) for name in ("alice", "bob", "carol")]
        for user in users:
            emu.add_member(guild, user)
        database = tmp_path / "gin.sqlite3"
        # Pictures drawn in threads: a worker process per test would cost a second each
        # (the end-to-end tests run the default, one worker process).
        async with bot_on(emu, guild.id, database, render_processes=0) as bot:
            yield World(emu, bot, channel, *users, database)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The referee's counts: channel posts per round, new DMs per own turn, clicks per turn."""
    from .referee import REPORT

    if REPORT:
        terminalreporter.section("referee audit: messages and clicks per match")
        for line in REPORT:
            terminalreporter.write_line(line)
