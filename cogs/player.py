"""``/gin player ...``: other players — block, mute, favorites, relations, friends — and the
user context menu's Block and Favorite. Thin: every decision is in `bot.circle`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.command_group import gin_command
from bot.circle import CircleService
from bot.text import records as views
from bot.ui.readers import Readers
from cogs._views import person, private

if TYPE_CHECKING:
    from bot.app.client import GinBot


class PlayerCommands(commands.Cog, name="Player"):
    """A player's circle (see docs/circle.md)."""

    gin_group = "player"

    def __init__(self, bot: GinBot, circle: CircleService, readers: Readers) -> None:
        self.bot = bot
        self.circle = circle
        self.readers = readers
        self.menus = [
            app_commands.ContextMenu(name="Block", callback=self.menu_block),
            app_commands.ContextMenu(name="Favorite", callback=self.menu_favorite),
        ]

    async def cog_load(self) -> None:
        for menu in self.menus:
            self.bot.tree.add_command(menu)

    async def cog_unload(self) -> None:
        for menu in self.menus:
            self.bot.tree.remove_command(menu.name, type=menu.type)

    @app_commands.describe(player="Who to block")
    @gin_command(name="block", description="Block a player: no challenges, no shared tables.")
    async def block(self, interaction: discord.Interaction, player: discord.User) -> None:
        said = await self.circle.block(person(interaction.user), person(player), is_bot=player.bot)
        await private(interaction, said.text(await self.readers.language(interaction)))

    @app_commands.describe(player="Who to unblock")
    @gin_command(name="unblock", description="Unblock a player.")
    async def unblock(self, interaction: discord.Interaction, player: discord.User) -> None:
        said = await self.circle.unblock(person(interaction.user), person(player))
        await private(interaction, said.text(await self.readers.language(interaction)))

    @app_commands.describe(player="Who to mute")
    @gin_command(name="mute", description="Stop getting a player's table chat and reactions.")
    async def mute(self, interaction: discord.Interaction, player: discord.User) -> None:
        said = await self.circle.mute(person(interaction.user), person(player), is_bot=player.bot)
        await private(interaction, said.text(await self.readers.language(interaction)))

    @app_commands.describe(player="Who to unmute")
    @gin_command(name="unmute", description="Get a player's table chat again.")
    async def unmute(self, interaction: discord.Interaction, player: discord.User) -> None:
        said = await self.circle.unmute(person(interaction.user), person(player))
        await private(interaction, said.text(await self.readers.language(interaction)))

    @app_commands.describe(player="Who to add to your favorites")
    @gin_command(
        name="favorite", description="Mark a player as a favorite (a heart by their name)."
    )
    async def favorite(self, interaction: discord.Interaction, player: discord.User) -> None:
        said = await self.circle.favorite(
            person(interaction.user), person(player), is_bot=player.bot
        )
        await private(interaction, said.text(await self.readers.language(interaction)))

    @app_commands.describe(player="Who to remove from your favorites")
    @gin_command(name="unfavorite", description="Remove a player from your favorites.")
    async def unfavorite(self, interaction: discord.Interaction, player: discord.User) -> None:
        said = await self.circle.unfavorite(person(interaction.user), person(player))
        await private(interaction, said.text(await self.readers.language(interaction)))

    @gin_command(name="friends", description="Your favorites and whether they are online.")
    async def friends(self, interaction: discord.Interaction) -> None:
        await private(
            interaction,
            views.friends_text(
                await self.circle.friends(interaction.user.id),
                await self.readers.language(interaction),
            ),
        )

    @gin_command(name="relations", description="Whom you blocked, muted and favorited.")
    async def relations(self, interaction: discord.Interaction) -> None:
        await private(
            interaction,
            views.relations_text(
                await self.circle.relations(interaction.user.id),
                await self.readers.language(interaction),
            ),
        )

    async def menu_block(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self.block(interaction, player)

    async def menu_favorite(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self.favorite(interaction, player)


async def setup(bot: GinBot) -> None:
    services, screens = bot.wired()
    await bot.add_cog(PlayerCommands(bot, services.circle, screens.readers))
