"""A bot closed right after its start (`Screens.stop`): the card faces still being drawn in
a thread leave no task behind."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.app.client import GinBot
from bot.app.settings import Settings
from bot.render import RenderOptions
from emulator import Emulator
from emulator.testing import discord_pointed_at


async def test_a_bot_closed_at_once_leaves_no_warm_up_task(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawing = threading.Event()
    release = threading.Event()

    def slow_warm_up(options: RenderOptions) -> None:
        # The card faces, slower than the start: still drawing when the bot closes.
        drawing.set()
        release.wait(30)

    monkeypatch.setattr("bot.ui.screens.warm_up", slow_warm_up)
    async with Emulator() as emu:
        settings = Settings(
            token=emu.token,
            database=tmp_path / "gin.sqlite3",
            guild_ready_timeout=0.05,
            render_processes=0,
        )
        bot = GinBot(settings)
        try:
            with discord_pointed_at(emu):
                await bot.login(emu.token)  # setup_hook: the screens start
                screens = bot.screens
                assert screens is not None and screens.pictures.enabled
                warm = screens._warm
                assert warm is not None
                await asyncio.to_thread(drawing.wait, 10)
                await bot.close()
            assert warm.done() and warm.cancelled()
            left = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            assert warm not in left
        finally:
            release.set()
