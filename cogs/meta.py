"""``/gin about``: the smallest cog, and the pattern for the others.

(No ``/gin ping``: a slash group holds at most 25 subcommands and ``/gin`` needs every one of
them for the game; ``/gin about`` shows the gateway latency instead.)"""

from __future__ import annotations

import math
import time
from importlib import metadata

import discord
from discord.ext import commands

from bot.client import GinBot

from ._group import gin_command


def _version() -> str:
    try:
        return metadata.version("gin-bot")
    except metadata.PackageNotFoundError:
        return "dev"


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


async def setup(bot: GinBot) -> None:
    await bot.add_cog(Meta(bot))
