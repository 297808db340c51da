"""``/gin about`` and ``/gin help``: the smallest cog, and the pattern for the others.

``/gin help`` is made from the command tree itself, so it lists every command there is."""

from __future__ import annotations

import math
import time
from importlib import metadata
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import GinBot

from ._group import gin_command


def _version() -> str:
    try:
        return metadata.version("gin-bot")
    except metadata.PackageNotFoundError:
        return "dev"


#: How a game goes, for `/gin help`.
HOW_A_GAME_GOES = (
    "1. Challenge someone with `/gin challenge`, open a table with `/gin table`, or play the "
    "computer with `/gin computer`.\n"
    "2. Your hand comes by direct message, with buttons: draw from the stock or take the "
    "discard, then discard. Knock or go gin when you can; you confirm before it counts.\n"
    "3. The channel shows the discard pile, the scores and each round's result. The first to "
    "the target wins the match.\n"
    "Lost your hand? `/gin hand`. The rules: `/gin rules`."
)


#: The order players meet the top commands in (any other comes after them).
TOP_ORDER = ("challenge", "table", "computer", "hand", "resign", "say", "rules", "help", "about")


def _order(cmd: Any) -> tuple[int, str]:
    name = cmd.name
    return (TOP_ORDER.index(name) if name in TOP_ORDER else len(TOP_ORDER), name)


def command_lines(root: app_commands.Group) -> dict[str, list[str]]:
    """Every command under `root`, by group ("" for the top), as "`/gin x y`: what it does"."""
    out: dict[str, list[str]] = {"": []}
    for cmd in sorted(root.commands, key=_order):
        if isinstance(cmd, app_commands.Group):
            out[cmd.name] = [
                f"`/{sub.qualified_name}`: {sub.description}"
                for sub in cmd.walk_commands()
                if isinstance(sub, app_commands.Command)
            ]
        else:
            out[""].append(f"`/{cmd.qualified_name}`: {cmd.description}")
    return out


class Meta(commands.Cog):
    """About the bot itself."""

    def __init__(self, bot: GinBot) -> None:
        self.bot = bot

    @gin_command(name="about", description="What this bot does and how to start a game")
    async def about(self, interaction: discord.Interaction) -> None:
        uptime = int(time.monotonic() - self.bot.started_at)
        embed = discord.Embed(
            title="Gin Rummy",
            description=(
                "Challenge someone with `/gin challenge`, or open a table with `/gin table`. "
                "Your hand comes by DM; the discard pile stays in the channel."
            ),
        )
        embed.add_field(name="Version", value=_version())
        embed.add_field(name="Up for", value=f"{uptime // 3600} h {uptime % 3600 // 60} min")
        latency = self.bot.latency
        shown = f"{latency * 1000:.0f} ms" if math.isfinite(latency) else "not measured yet"
        embed.add_field(name="Gateway latency", value=shown)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @gin_command(name="help", description="Every command, briefly, and how a game goes")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Gin Rummy: how to play here", description=HOW_A_GAME_GOES)
        for group, lines in command_lines(self.bot.gin).items():
            title = "Play" if not group else f"/gin {group}"
            text = "\n".join(lines)
            # An embed field holds 1,024 characters: a long group goes on over several.
            while text:
                cut = text.rfind("\n", 0, 1024) if len(text) > 1024 else len(text)
                embed.add_field(name=title, value=text[:cut], inline=False)
                text, title = text[cut:].lstrip("\n"), f"{title} (more)"
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GinBot) -> None:
    await bot.add_cog(Meta(bot))
