"""GinBot in-process against the emulator: the shared /gin group binds cog methods to their
cog, and the central error handler answers privately without leaking tracebacks."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.app.client import GinBot, find_extensions
from bot.app.command_group import gin_command
from bot.app.settings import Settings
from bot.errors import GENERIC_APOLOGY, PlayerError, guarded
from bot.i18n import t
from emulator import Emulator
from emulator.testing import running

from .conftest import World


class Counter(commands.Cog):
    """State on the cog proves `self` is the cog instance."""

    def __init__(self, bot: GinBot) -> None:
        self.bot = bot
        self.count = 0

    async def colours(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=c, value=c) for c in ("red", "green") if c.startswith(current)
        ]

    @gin_command(name="count", description="Count up")
    @app_commands.describe(step="How much")
    @app_commands.autocomplete(colour=colours)
    async def count_up(
        self, interaction: discord.Interaction, step: int = 1, colour: str = "red"
    ) -> None:
        self.count += step
        await interaction.response.send_message(f"{colour} {self.count}")

    @gin_command(name="oops", description="A player mistake")
    async def oops(self, interaction: discord.Interaction, deferred: bool = False) -> None:
        if deferred:
            await interaction.response.defer(ephemeral=True)
        raise PlayerError("It's not your turn.")

    @gin_command(name="boom", description="A bug")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("secret internals")

    @gin_command(name="card", description="A persistent button")
    async def card(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CardButton(7))
        await interaction.response.send_message("take it", view=view)


class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"card:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Take {n}", custom_id=f"card:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> CardButton:
        return cls(int(match["n"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        raise PlayerError(f"Card {self.n} is gone.")


class Clash(commands.Cog):
    @gin_command(name="count", description="Same name as Counter's")
    async def count(self, interaction: discord.Interaction) -> None: ...


@pytest.fixture
async def gin(emu: Emulator, world: World, tmp_path: Path) -> AsyncIterator[GinBot]:
    settings = Settings(
        token=emu.token,
        api_base=emu.api_base,
        gateway_url=emu.gateway_url,
        dev_guild_id=world.guild.id,
        guild_ready_timeout=0.05,
        database=tmp_path / "gin.sqlite3",
    )
    bot = GinBot(settings, extensions=["cogs.meta"])
    await bot.add_cog(Counter(bot))
    bot.add_dynamic_items(CardButton)
    async with running(bot, emu):
        yield bot


async def test_cog_methods_under_gin_are_bound_to_their_cog(
    emu: Emulator, world: World, gin: GinBot
) -> None:
    assert emu.command_paths(world.guild) == [
        "gin about",
        "gin boom",
        "gin card",
        "gin count",
        "gin help",
        "gin oops",
    ]
    first = await emu.slash(world.alice, world.channel, "gin count", step=2, colour="green")
    second = await emu.slash(world.bob, world.channel, "gin count")
    assert first.response is not None and first.response.content == "green 2"
    assert second.response is not None and second.response.content == "red 3"
    assert gin.get_cog("Counter").count == 3  # type: ignore[union-attr]
    assert await emu.autocomplete(world.alice, world.channel, "gin count", "colour", "g") == [
        {"name": "green", "value": "green"}
    ]
    synced = emu.commands(world.guild)[0]
    count = next(o for o in synced["options"] if o["name"] == "count")
    assert [o["name"] for o in count["options"]] == ["step", "colour"]
    assert count["options"][0]["description"] == "How much"


async def test_removing_a_cog_takes_its_subcommands_off(gin: GinBot) -> None:
    assert gin.gin.get_command("count") is not None
    await gin.remove_cog("Counter")
    assert gin.gin.get_command("count") is None
    assert gin.gin.get_command("about") is not None


async def test_a_subcommand_name_clash_refuses_the_second_cog(gin: GinBot) -> None:
    with pytest.raises(app_commands.CommandAlreadyRegistered):
        await gin.add_cog(Clash())
    assert gin.get_cog("Clash") is None


async def test_player_errors_are_answered_privately(
    emu: Emulator, world: World, gin: GinBot
) -> None:
    result = await emu.slash(world.alice, world.channel, "gin oops")
    assert result.response is not None and result.response.content == "It's not your turn."
    assert result.response.ephemeral_to is world.alice
    deferred = await emu.slash(world.alice, world.channel, "gin oops", deferred=True)
    assert deferred.response is not None and deferred.response.content == "It's not your turn."
    assert deferred.response.ephemeral_to is world.alice


async def test_a_command_while_the_bot_stops_is_told_to_try_again(
    emu: Emulator, world: World, gin: GinBot
) -> None:
    """Said by the error handler, privately, in the person's Discord language; the command
    does not run."""
    world.bob.locale = "es-ES"
    gin.stopping = True
    try:
        english = await emu.slash(world.alice, world.channel, "gin count")
        spanish = await emu.slash(world.bob, world.channel, "gin count")
    finally:
        gin.stopping = False
    assert english.response is not None and english.response.ephemeral_to is world.alice
    assert english.response.content == "The bot is restarting; try again in a moment."
    assert spanish.response is not None and spanish.response.ephemeral_to is world.bob
    assert spanish.response.content == t("es", "reply-stopping") != english.response.content
    assert gin.get_cog("Counter").count == 0  # type: ignore[union-attr]


async def test_unexpected_errors_get_an_apology_and_a_logged_traceback(
    emu: Emulator, world: World, gin: GinBot, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="gin.errors"):
        result = await emu.slash(world.bob, world.channel, "gin boom")
    assert result.response is not None and result.response.content == GENERIC_APOLOGY
    assert result.response.ephemeral_to is world.bob
    assert "secret internals" not in "".join(emu.texts_seen_by(world.bob))
    record = next(r for r in caplog.records if "unexpected error in /gin boom" in r.getMessage())
    assert record.exc_info is not None and "secret internals" in str(record.exc_info[1])


async def test_guarded_dynamic_item_errors_reach_the_player(
    emu: Emulator, world: World, gin: GinBot
) -> None:
    board = (await emu.slash(world.alice, world.channel, "gin card")).response
    assert board is not None
    clicked = await emu.click(world.bob, board, "Take 7")
    assert clicked.response is not None and clicked.response.content == "Card 7 is gone."
    assert clicked.response.ephemeral_to is world.bob


async def test_readiness_line_and_extension_discovery(
    emu: Emulator, world: World, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    assert "cogs.meta" in find_extensions() and not any(
        e.startswith("cogs._") for e in find_extensions()
    )
    settings = Settings(
        token=emu.token,
        api_base=emu.api_base,
        gateway_url=emu.gateway_url,
        guild_ready_timeout=0.05,
        database=tmp_path / "gin.sqlite3",
    )
    with caplog.at_level(logging.INFO, logger="gin"):
        async with running(GinBot(settings, extensions=["cogs.meta"]), emu):
            pass
    assert "gin-bot ready: 2 commands, 1 guilds" in caplog.text
    assert emu.command_paths() == ["gin about", "gin help"]  # no dev guild: synced globally
