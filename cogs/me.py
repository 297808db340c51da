"""``/gin me ...``: you — your settings, your presence, what the bot stores about you."""

from __future__ import annotations

import io
import json
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.circle import CircleError, CircleService
from bot.circle import text as views
from bot.client import GinBot
from cogs._group import gin_command
from cogs._views import OwnedView, person, private


class ForgetView(OwnedView):
    def __init__(self, circle: CircleService, owner_id: int) -> None:
        super().__init__(owner_id, timeout=120)
        self.circle = circle

    @discord.ui.button(label="Erase my data", style=discord.ButtonStyle.danger)
    async def erase(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        try:
            await self.circle.forget(self.owner_id)
        except CircleError as exc:
            await interaction.response.edit_message(content=exc.message, view=None, attachments=[])
            return
        await interaction.response.edit_message(
            content="Done: everything we stored about you is erased.", view=None, attachments=[]
        )

    @discord.ui.button(label="Keep it", style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(
            content="Nothing was erased.", view=None, attachments=[]
        )


def _on(flag: bool) -> str:
    return "on" if flag else "off"


class MeCommands(commands.Cog, name="Me"):
    """A player's own settings and data."""

    gin_group = "me"

    def __init__(self, bot: GinBot, circle: CircleService) -> None:
        self.bot = bot
        self.circle = circle

    @gin_command(name="settings", description="Card pictures: on or off, four-colour deck, dark.")
    @app_commands.describe(
        images="Show card pictures (text is always there)",
        four_colour="Four-colour deck: clubs green, diamonds blue",
        dark="Dark background",
        turn_alerts="A new message when your turn starts (off: your hand is edited quietly)",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        images: Literal["on", "off"] | None = None,
        four_colour: bool | None = None,
        dark: bool | None = None,
        turn_alerts: bool | None = None,
    ) -> None:
        current = await self.circle.update_settings(
            person(interaction.user),
            images=None if images is None else images == "on",
            four_colour=four_colour,
            dark=dark,
            turn_alerts=turn_alerts,
        )
        await private(
            interaction,
            f"Card pictures: **{_on(current.images)}** · four-colour deck: "
            f"**{_on(current.four_colour)}** · dark background: **{_on(current.dark)}** · "
            f"turn alerts: **{_on(current.turn_alerts)}**.",
        )

    @gin_command(name="offline", description="Go offline: nobody can challenge you.")
    async def offline(self, interaction: discord.Interaction) -> None:
        await private(interaction, await self.circle.set_online(person(interaction.user), False))

    @gin_command(name="online", description="Come back online: players can challenge you.")
    async def online(self, interaction: discord.Interaction) -> None:
        await private(interaction, await self.circle.set_online(person(interaction.user), True))

    @gin_command(name="forget-me", description="See what the bot stores about you, and erase it.")
    async def forget_me(self, interaction: discord.Interaction) -> None:
        data = await self.circle.export(interaction.user.id)
        summary = views.export_summary(data)
        if summary == views.NOTHING_STORED:
            # Nothing to erase (never played, or erased already): no button to press.
            await interaction.response.send_message(summary, ephemeral=True)
            return
        raw = json.dumps(data, indent=2, ensure_ascii=False).encode()
        await interaction.response.send_message(
            summary,
            file=discord.File(io.BytesIO(raw), filename="my-gin-data.json"),
            view=ForgetView(self.circle, interaction.user.id),
            ephemeral=True,
        )


async def setup(bot: GinBot) -> None:
    services, _ = bot.wired()
    await bot.add_cog(MeCommands(bot, services.circle))
