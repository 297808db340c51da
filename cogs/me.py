"""``/gin me ...``: you — your settings, your presence, what the bot stores about you."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.command_group import gin_command
from bot.circle import CircleError, CircleService
from bot.i18n import t
from bot.text import records as views
from bot.text.settings import player_settings_text
from bot.ui.readers import Readers
from cogs._options import LANGUAGE_CHOICES
from cogs._views import OwnedView, person, private

if TYPE_CHECKING:
    from bot.app.client import GinBot


class ForgetView(OwnedView):
    def __init__(self, circle: CircleService, owner_id: int, language: str) -> None:
        super().__init__(owner_id, timeout=120, language=language)
        self.circle = circle
        self.erase.label = t(language, "reply-erase-button")
        self.keep.label = t(language, "reply-keep-button")

    # Labels in the reader's language, set in __init__.
    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def erase(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        try:
            await self.circle.forget(self.owner_id)
        except CircleError as exc:
            await interaction.response.edit_message(
                content=exc.text(self.language), view=None, attachments=[]
            )
            return
        await interaction.response.edit_message(
            content=t(self.language, "reply-erased"), view=None, attachments=[]
        )

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(
            content=t(self.language, "reply-not-erased"), view=None, attachments=[]
        )


class MeCommands(commands.Cog, name="Me"):
    """A player's own settings and data."""

    gin_group = "me"

    def __init__(self, bot: GinBot, circle: CircleService, readers: Readers) -> None:
        self.bot = bot
        self.circle = circle
        self.readers = readers

    @gin_command(name="settings", description="Card pictures, four-colour deck, dark, language.")
    @app_commands.describe(
        images="Show card pictures (text is always there)",
        four_colour="Four-colour deck: clubs green, diamonds blue",
        dark="Dark background",
        turn_alerts="A new message at your turn (off: edited quietly)",
        language="Your language (default: Discord's)",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        images: Literal["on", "off"] | None = None,
        four_colour: bool | None = None,
        dark: bool | None = None,
        turn_alerts: bool | None = None,
        language: str | None = None,
    ) -> None:
        current = await self.circle.update_settings(
            person(interaction.user),
            images=None if images is None else images == "on",
            four_colour=four_colour,
            dark=dark,
            turn_alerts=turn_alerts,
            language=language,
        )
        lang = await self.readers.language(interaction)
        await private(interaction, player_settings_text(current, lang))

    @gin_command(name="offline", description="Go offline: nobody can challenge you.")
    async def offline(self, interaction: discord.Interaction) -> None:
        said = await self.circle.set_online(person(interaction.user), False)
        await private(interaction, said.text(await self.readers.language(interaction)))

    @gin_command(name="online", description="Come back online: players can challenge you.")
    async def online(self, interaction: discord.Interaction) -> None:
        said = await self.circle.set_online(person(interaction.user), True)
        await private(interaction, said.text(await self.readers.language(interaction)))

    @gin_command(name="forget-me", description="See what the bot stores about you, and erase it.")
    async def forget_me(self, interaction: discord.Interaction) -> None:
        data = await self.circle.export(interaction.user.id)
        lang = await self.readers.language(interaction)
        summary = views.export_summary(data, lang)
        if views.nothing_to_export(data):
            # Nothing to erase (never played, or erased already): no button to press.
            await interaction.response.send_message(summary, ephemeral=True)
            return
        raw = json.dumps(data, indent=2, ensure_ascii=False).encode()
        await interaction.response.send_message(
            summary,
            file=discord.File(io.BytesIO(raw), filename="my-gin-data.json"),
            view=ForgetView(self.circle, interaction.user.id, lang),
            ephemeral=True,
        )


async def setup(bot: GinBot) -> None:
    services, screens = bot.wired()
    await bot.add_cog(MeCommands(bot, services.circle, screens.readers))
