"""A real GinBot (discord.py client) in-process against the loopback emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.client import GinBot
from bot.settings import Settings
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


@pytest.fixture
def rest_limits() -> bool:
    """The play tests check what players see, at machine speed: the outbox does not pace
    (its pacing is tested in tests/outbox, which turns it on)."""
    return False


@pytest.fixture
async def world(tmp_path: Path, rest_limits: bool) -> AsyncIterator[World]:
    async with Emulator() as emu:
        guild = emu.create_guild("Cards")
        channel = emu.create_channel(guild, "gin")
        users = [emu.create_user(name) for name in ("alice", "bob", "carol")]
        for user in users:
            emu.add_member(guild, user)
        database = tmp_path / "gin.sqlite3"
        settings = Settings(
            token=emu.token,
            database=database,
            dev_guild_id=guild.id,
            guild_ready_timeout=0.05,
            turn_seconds=600,
            round_pause=0,
            computer_delay=0,
            # Pictures drawn in threads: a worker process per test would cost a second each
            # (the end-to-end tests run the default, one worker process).
            render_processes=0,
            rest_limits=rest_limits,
        )
        bot = GinBot(settings)
        async with running(bot, emu):
            yield World(emu, bot, channel, *users, database)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The referee's counts: channel posts per round, new DMs per own turn, clicks per turn."""
    from .referee import REPORT

    if REPORT:
        terminalreporter.section("referee audit: messages and clicks per match")
        for line in REPORT:
            terminalreporter.write_line(line)
