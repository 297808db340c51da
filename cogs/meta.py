"""``/gin about`` and ``/gin help``: the smallest cog, and the pattern for the others.

``/gin help`` is made from the command tree itself, so it lists every command there is."""

from __future__ import annotations

import math
import time
from importlib import metadata
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.command_group import gin_command
from bot.i18n import keys, t
from bot.i18n.commands import command_key, shown_path
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


def _what(cmd: Any, language: str) -> str:
    """A command's description in `language` (the catalog the translator uses)."""
    key = command_key(cmd.qualified_name, "description")
    return t(language, key) if key in keys(language) else str(cmd.description)


def command_lines(root: app_commands.Group, language: str = "en") -> dict[str, list[str]]:
    """Every command under `root`, by group ("" for the top), as "`/gin x y`: what it does"."""
    out: dict[str, list[str]] = {"": []}
    for cmd in sorted(root.commands, key=_order):
        if isinstance(cmd, app_commands.Group):
            out[cmd.name] = [
                f"`{shown_path(sub.qualified_name, language)}`: {_what(sub, language)}"
                for sub in cmd.walk_commands()
                if isinstance(sub, app_commands.Command)
            ]
        else:
            out[""].append(f"`{shown_path(cmd.qualified_name, language)}`: {_what(cmd, language)}")
    return out


def paths(language: str) -> dict[str, str]:
    """The commands the help and about texts name, as the reader types them."""
    return {
        name: shown_path(f"gin {name}", language)
        for name in ("challenge", "table", "computer", "hand", "rules")
    }


class Meta(commands.Cog):
    """About the bot itself."""

    def __init__(self, bot: GinBot, readers: Readers) -> None:
        self.bot = bot
        self.readers = readers

    @gin_command(name="about", description="What this bot does and how to start a game")
    async def about(self, interaction: discord.Interaction) -> None:
        uptime = int(time.monotonic() - self.bot.started_at)
        lang = await self.readers.language(interaction)
        embed = discord.Embed(title="Gin Rummy", description=t(lang, "about-text", **paths(lang)))
        embed.add_field(name=t(lang, "about-version"), value=_version())
        embed.add_field(
            name=t(lang, "about-up-for"),
            value=t(lang, "about-uptime", hours=uptime // 3600, minutes=uptime % 3600 // 60),
        )
        latency = self.bot.latency
        shown = (
            f"{latency * 1000:.0f} ms" if math.isfinite(latency) else t(lang, "about-not-measured")
        )
        embed.add_field(name=t(lang, "about-latency"), value=shown)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @gin_command(name="help", description="Every command, briefly, and how a game goes")
    async def help(self, interaction: discord.Interaction) -> None:
        lang = await self.readers.language(interaction)
        embed = discord.Embed(
            title=t(lang, "help-title"), description=t(lang, "help-how", **paths(lang))
        )
        for group, lines in command_lines(self.bot.gin, lang).items():
            title = t(lang, "help-play") if not group else shown_path(f"gin {group}", lang)
            text = "\n".join(lines)
            # An embed field holds 1,024 characters: a long group goes on over several.
            while text:
                cut = text.rfind("\n", 0, 1024) if len(text) > 1024 else len(text)
                embed.add_field(name=title, value=text[:cut], inline=False)
                text, title = text[cut:].lstrip("\n"), t(lang, "help-more", title=title)
        admin = self.bot.tree.get_command("gin-admin")
        if isinstance(admin, app_commands.Group):  # its own command (room under /gin is short)
            lines = command_lines(admin, lang)[""]
            embed.add_field(name=t(lang, "help-admin"), value="\n".join(lines), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GinBot) -> None:
    _, screens = bot.wired()
    await bot.add_cog(Meta(bot, screens.readers))
