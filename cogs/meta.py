"""``/gin about`` and ``/gin help``: the smallest cog, and the pattern for the others.

``/gin help`` is made from the command tree itself, so it lists every command there is; the
words are ``bot/text/meta.py``'s."""

from __future__ import annotations

import time
from importlib import metadata
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.command_group import gin_command
from bot.text.meta import Listed, about_text, help_text
from bot.ui.readers import Readers

if TYPE_CHECKING:
    from bot.app.client import GinBot


def _version() -> str:
    try:
        return metadata.version("gin-bot")
    except metadata.PackageNotFoundError:
        return "dev"


#: The order players meet the top commands in (any other comes after them).
TOP_ORDER = ("challenge", "table", "computer", "hand", "resign", "say", "rules", "help", "about")


def _order(cmd: Any) -> tuple[int, str]:
    name = cmd.name
    return (TOP_ORDER.index(name) if name in TOP_ORDER else len(TOP_ORDER), name)


def command_lines(root: app_commands.Group) -> dict[str, list[Listed]]:
    """Every command under `root`, by group ("" for the top), as (qualified name, the
    code's own description)."""
    out: dict[str, list[Listed]] = {"": []}
    for cmd in sorted(root.commands, key=_order):
        if isinstance(cmd, app_commands.Group):
            out[cmd.name] = [
                (sub.qualified_name, str(sub.description))
                for sub in cmd.walk_commands()
                if isinstance(sub, app_commands.Command)
            ]
        else:
            out[""].append((cmd.qualified_name, str(cmd.description)))
    return out


class Meta(commands.Cog):
    """About the bot itself."""

    def __init__(self, bot: GinBot, readers: Readers) -> None:
        self.bot = bot
        self.readers = readers

    @gin_command(name="about", description="What this bot does and how to start a game")
    async def about(self, interaction: discord.Interaction) -> None:
        uptime = int(time.monotonic() - self.bot.started_at)
        lang = await self.readers.language(interaction)
        text, fields = about_text(lang, version=_version(), uptime=uptime, latency=self.bot.latency)
        embed = discord.Embed(title="Gin Rummy", description=text)
        for name, value in fields:
            embed.add_field(name=name, value=value)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @gin_command(name="help", description="Every command, briefly, and how a game goes")
    async def help(self, interaction: discord.Interaction) -> None:
        lang = await self.readers.language(interaction)
        admin = self.bot.tree.get_command("gin-admin")
        # The admins' commands are their own command (room under /gin is short).
        listed = command_lines(admin)[""] if isinstance(admin, app_commands.Group) else None
        title, how, fields = help_text(command_lines(self.bot.gin), listed, lang)
        embed = discord.Embed(title=title, description=how)
        for name, value in fields:
            embed.add_field(name=name, value=value, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GinBot) -> None:
    _, screens = bot.wired()
    await bot.add_cog(Meta(bot, screens.readers))
