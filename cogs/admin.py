"""``/gin-admin``: the bot's settings for a server, for its admins (Manage Server).

A command of its own, not under ``/gin``: Discord allows 4,000 characters per command, and
``/gin`` has nearly all of them. Discord shows it only to members with Manage Server (and to
those a server lets use it in Integrations); the check is made here too."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import resolve_locale, t
from bot.i18n.commands import named_choice
from bot.servers.settings import ServerSettings
from bot.text.settings import LANGUAGE_NAMES, server_language_text
from bot.ui.readers import Readers
from cogs._views import private

if TYPE_CHECKING:
    from bot.app.client import GinBot

#: The choice that clears the server's language: follow Discord's.
FOLLOW_SERVER = "discord"
SERVER_LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()),
    app_commands.Choice(name=named_choice("server-discord"), value=FOLLOW_SERVER),
]


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Admin(
    commands.GroupCog,
    group_name="gin-admin",
    group_description="Gin Rummy's settings for this server (Manage Server)",
):
    """A server's settings."""

    def __init__(self, bot: GinBot, servers: ServerSettings, readers: Readers) -> None:
        self.bot = bot
        self.servers = servers
        self.readers = readers
        super().__init__()

    @app_commands.command(
        name="language",
        description="The language of the bot's public messages here (no choice: show it)",
    )
    @app_commands.describe(set="The language for boards, results, tournaments and challenges here")
    @app_commands.choices(set=SERVER_LANGUAGE_CHOICES)
    async def language(
        self,
        interaction: discord.Interaction,
        set: str | None = None,  # the option's name as admins type it: `set:Español`
    ) -> None:
        choice = set
        lang = await self.readers.language(interaction)
        guild_id = interaction.guild_id
        if guild_id is None:
            await private(interaction, t(lang, "reply-admin-in-server"))
            return
        if not interaction.permissions.manage_guild:
            await private(interaction, t(lang, "reply-admin-only"))
            return
        if choice not in (None, FOLLOW_SERVER, *LANGUAGE_NAMES):
            choice = None  # not one of the choices Discord offers: show the setting
        discords = resolve_locale(interaction.guild_locale)
        command = interaction.command.qualified_name if interaction.command else ""
        if choice is None:
            chosen = self.servers.language(guild_id)
        else:
            chosen = None if choice == FOLLOW_SERVER else choice
            await self.servers.set_language(guild_id, chosen)
        text = server_language_text(
            chosen, discords, changed=choice is not None, command=command, language=lang
        )
        await private(interaction, text)


async def setup(bot: GinBot) -> None:
    services, screens = bot.wired()
    await bot.add_cog(Admin(bot, services.servers, screens.readers))
