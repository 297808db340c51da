"""``/gin say``: table chat and quick reactions, relayed to the players at the speaker's
table (the channel too, when the service says so)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.circle import MAX_CHAT, REACTIONS, CircleError, CircleService
from bot.command_group import gin_command
from bot.games.tables import LiveTable, TableService
from bot.i18n import t
from bot.outbox import Priority
from bot.outbox.write import Raw
from bot.ui.readers import Readers
from cogs._pace import CHAT, Pace
from cogs._views import NONE, OwnedView, private

if TYPE_CHECKING:
    from bot.client import GinBot

log = logging.getLogger(__name__)


class ReactionsView(OwnedView):
    """Quick reactions: one button per canned line, relayed like `/gin say`."""

    def __init__(self, cog: Chat, owner_id: int) -> None:
        super().__init__(owner_id, timeout=600)
        for index, line in enumerate(REACTIONS):
            button: discord.ui.Button[ReactionsView] = discord.ui.Button(
                label=line.text(), row=index // 5
            )
            button.callback = self._sender(cog, index)  # type: ignore[method-assign,assignment]
            self.add_item(button)

    def _sender(self, cog: Chat, index: int) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def send(interaction: discord.Interaction) -> None:
            await cog.relay(interaction, None, index)

        return send


class Chat(commands.Cog):
    """Talking at a table."""

    def __init__(
        self, bot: GinBot, tables: TableService, circle: CircleService, readers: Readers
    ) -> None:
        self.bot = bot
        self.tables = tables
        self.circle = circle
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
            await self._table_of(interaction.user.id)  # refuse now if they're not playing
            await interaction.response.send_message(
                t(await self.readers.language(interaction), "reply-quick-reactions"),
                view=ReactionsView(self, interaction.user.id),
                ephemeral=True,
            )
            return
        await self.relay(interaction, text, None)

    async def _table_of(self, user_id: int) -> LiveTable:
        tables = await self.tables.playing_tables_for(user_id)
        if not tables:
            raise CircleError("reply-chat-not-playing")
        return max(tables, key=lambda t: t.record.id)  # the newest when at several

    async def relay(
        self, interaction: discord.Interaction, text: str | None, reaction: int | None
    ) -> None:
        """Post a chat line or a quick reaction at the speaker's table and DM the others who
        haven't muted the speaker. The speaker is told it was sent; they read the line itself
        once, in their own hand message, as the others do."""
        live = await self._table_of(interaction.user.id)
        self.pace.take(interaction.user.id)
        seated = [s.user_id for s in live.record.seats if not s.removed]
        if reaction is not None:
            line = await self.circle.reaction(interaction.user.id, reaction, seated)
        else:
            line = await self.circle.chat(interaction.user.id, text or "", seated)
        sent = t(
            await self.readers.language(interaction),
            "reply-chat-sent",
            table=live.record.id,
        )
        await private(interaction, sent)
        name = interaction.user.display_name
        if line.to_channel:
            said = Raw({"content": f"💬 **{name}**: {line.text}", "allowed_mentions": NONE})
            self.readers.notifier.outbox.post(live.record.channel_id, said, Priority.REST)
        # The line goes into the readers' live hand messages (no DM of its own).
        readers = frozenset(line.recipients) | {interaction.user.id}
        self.tables.chat(
            live.record.id, interaction.user.id, f"💬 **{name}**: {line.text}", readers
        )


async def setup(bot: GinBot) -> None:
    services, screens = bot.wired()
    await bot.add_cog(Chat(bot, services.tables, services.circle, screens.readers))
