"""``/gin say``: table chat and quick reactions (`bot.usecases.chat`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.command_group import gin_command
from bot.circle import MAX_CHAT, REACTIONS
from bot.i18n import Language, t
from bot.ui.readers import Readers
from bot.usecases.chat import ChatUseCase
from cogs._pace import CHAT, Pace
from cogs._views import OwnedView, private

if TYPE_CHECKING:
    from bot.app.client import GinBot

log = logging.getLogger(__name__)


class ReactionsView(OwnedView):
    """Quick reactions: one button per canned line, relayed like `/gin say`."""

    def __init__(self, cog: Chat, owner_id: int, language: Language) -> None:
        super().__init__(owner_id, timeout=600)
        for index, line in enumerate(REACTIONS):
            button: discord.ui.Button[ReactionsView] = discord.ui.Button(
                label=line.text(language), row=index // 5
            )
            button.callback = self._sender(cog, index)  # type: ignore[method-assign,assignment]
            self.add_item(button)

    def _sender(self, cog: Chat, index: int) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def send(interaction: discord.Interaction) -> None:
            await cog.relay(interaction, None, index)

        return send


class Chat(commands.Cog):
    """Talking at a table."""

    def __init__(self, bot: GinBot, chat: ChatUseCase, readers: Readers) -> None:
        self.bot = bot
        self.chat = chat
        self.readers = readers
        self.pace = Pace(*CHAT)

    @app_commands.describe(
        text=f"What to say to your table, up to {MAX_CHAT} characters (empty: quick reactions)"
    )
    @gin_command(name="say", description="Say something to the players at your table.")
    async def say(
        self,
        interaction: discord.Interaction,
        text: app_commands.Range[str, 1, MAX_CHAT] | None = None,
    ) -> None:
        if text is None:
            await self.chat.may_speak(interaction.user.id)  # refuse now if they're not playing
            language = await self.readers.language(interaction)
            await interaction.response.send_message(
                t(language, "reply-quick-reactions"),
                view=ReactionsView(self, interaction.user.id, language),
                ephemeral=True,
            )
            return
        await self.relay(interaction, text, None)

    async def relay(
        self, interaction: discord.Interaction, text: str | None, reaction: int | None
    ) -> None:
        """Post a chat line or a quick reaction at the speaker's table. The speaker is told
        it was sent; they read the line itself once, in their own hand message, as the others
        do."""
        self.pace.take(interaction.user.id)
        user = interaction.user
        sent = await self.chat.say(user.id, user.display_name, text, reaction)
        await private(interaction, sent.text(await self.readers.language(interaction)))


async def setup(bot: GinBot) -> None:
    _, screens = bot.wired()
    assert bot.chat_case is not None
    await bot.add_cog(Chat(bot, bot.chat_case, screens.readers))
