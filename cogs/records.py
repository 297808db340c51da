"""``/gin records ...``: stats, leaderboards, match history and round replays."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.command_group import gin_command
from bot.circle import RatingPage
from bot.circle.replay import RoundReplay
from bot.i18n import t
from bot.text import records as views
from bot.ui.readers import Readers
from bot.usecases.records import RecordsUseCase
from cogs._views import NONE, OwnedView, private

if TYPE_CHECKING:
    from bot.app.client import GinBot

Scope = Literal["server", "global"]
Sort = Literal["wins", "gins", "points", "streak", "played", "rating"]


class LeaderboardView(OwnedView):
    def __init__(
        self,
        cog: RecordsCommands,
        owner_id: int,
        guild_id: int | None,
        scope: Scope,
        sort: str,
        page: int,
        pages: int,
        language: str = "en",
    ) -> None:
        super().__init__(owner_id, language=language)
        self.cog, self.guild_id, self.scope, self.sort, self.page = cog, guild_id, scope, sort, page
        self.previous.label = t(language, "reply-previous")
        self.next.label = t(language, "reply-next")
        self.previous.disabled = page <= 0
        self.next.disabled = page >= pages - 1

    async def _go(self, interaction: discord.Interaction, page: int) -> None:
        content, view = await self.cog.leaderboard_message(
            self.owner_id, self.guild_id, self.scope, self.sort, page, self.language
        )
        await interaction.response.edit_message(content=content, view=view, allowed_mentions=NONE)

    # Labels in the reader's language, set in __init__.
    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def previous(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await self._go(interaction, self.page - 1)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await self._go(interaction, self.page + 1)


class ReplayView(OwnedView):
    """Step through a replayed round."""

    def __init__(
        self, owner_id: int, replay: RoundReplay, at: int = 0, language: str = "en"
    ) -> None:
        super().__init__(owner_id, timeout=600, language=language)
        self.replay, self.at = replay, at
        self.scoring = replay.rules.scoring if replay.rules is not None else "points"
        self._sync()

    def content(self) -> str:
        frame = self.replay.frames[self.at]
        return views.frame_text(self.replay, frame, self.scoring, self.language)

    def _sync(self) -> None:
        last = len(self.replay.frames) - 1
        self.start.disabled = self.back.disabled = self.at <= 0
        self.forward.disabled = self.end.disabled = self.at >= last

    async def _go(self, interaction: discord.Interaction, at: int) -> None:
        self.at = max(0, min(at, len(self.replay.frames) - 1))
        self._sync()
        await interaction.response.edit_message(content=self.content(), view=self)

    @discord.ui.button(label="⏮", style=discord.ButtonStyle.secondary)
    async def start(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await self._go(interaction, 0)

    @discord.ui.button(label="◀", style=discord.ButtonStyle.secondary)
    async def back(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await self._go(interaction, self.at - 1)

    @discord.ui.button(label="▶", style=discord.ButtonStyle.primary)
    async def forward(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await self._go(interaction, self.at + 1)

    @discord.ui.button(label="⏭", style=discord.ButtonStyle.secondary)
    async def end(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await self._go(interaction, len(self.replay.frames) - 1)


class RecordsCommands(commands.Cog, name="Records"):
    """Records of matches played (see docs/circle.md)."""

    gin_group = "records"

    def __init__(self, bot: GinBot, records: RecordsUseCase, readers: Readers) -> None:
        self.bot = bot
        self.records = records
        self.readers = readers

    @app_commands.describe(
        player="Whose record (default: yours)", scope="This server or all servers"
    )
    @gin_command(
        name="stats", description="A player's record: matches, gins, streaks, achievements."
    )
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        scope: Scope | None = None,
    ) -> None:
        who = player or interaction.user
        chosen: Scope = scope or ("server" if interaction.guild_id else "global")
        view = await self.records.stats(who.id, guild_id=interaction.guild_id, scope=chosen)
        if view.name.startswith("Player "):
            view = dataclasses.replace(view, name=who.display_name)
        title, fields = views.stats_text(view, await self.readers.language(interaction))
        embed = discord.Embed(title=title)
        for name, value in fields:
            embed.add_field(name=name, value=value, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def leaderboard_message(
        self,
        viewer_id: int,
        guild_id: int | None,
        scope: Scope,
        sort: str,
        page: int,
        language: str = "en",
    ) -> tuple[str, LeaderboardView]:
        board = await self.records.leaderboard(
            viewer_id, guild_id=guild_id, scope=scope, sort=sort, page=page
        )
        shown = board.shown
        view = LeaderboardView(
            self, viewer_id, guild_id, scope, sort, shown.page, shown.pages, language
        )
        if isinstance(shown, RatingPage):
            return views.rating_board_text(shown, board.hearts, language), view
        return views.leaderboard_text(shown, board.hearts, language), view

    @app_commands.describe(scope="This server or all servers", sort="What to rank by")
    @gin_command(name="leaderboard", description="The top players, and your own rank.")
    async def leaderboard(
        self, interaction: discord.Interaction, scope: Scope | None = None, sort: Sort = "wins"
    ) -> None:
        chosen: Scope = scope or ("server" if interaction.guild_id else "global")
        content, view = await self.leaderboard_message(
            interaction.user.id,
            interaction.guild_id,
            chosen,
            sort,
            0,
            await self.readers.language(interaction),
        )
        await interaction.response.send_message(
            content, view=view, ephemeral=True, allowed_mentions=NONE
        )

    @app_commands.describe(player="Whose matches (default: yours)")
    @gin_command(name="history", description="Recent matches with opponents, scores and dates.")
    async def history(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        who = player or interaction.user
        seen = await self.records.history(interaction.user.id, who.id)
        lang = await self.readers.language(interaction)
        text = views.history_text(who.id, who.display_name, seen.shown, seen.hearts, lang)
        await private(interaction, text)

    @app_commands.describe(
        match="The match number (see /gin records history)", round="The round (1 = first)"
    )
    @gin_command(name="replay", description="Replay a round move by move.")
    async def replay(
        self,
        interaction: discord.Interaction,
        match: int,
        round: app_commands.Range[int, 1, 500] = 1,
    ) -> None:
        lang = await self.readers.language(interaction)
        replay = await self.records.replay(match, round, interaction.user.id)
        view = ReplayView(interaction.user.id, replay, language=lang)
        await interaction.response.send_message(view.content(), view=view, ephemeral=True)


async def setup(bot: GinBot) -> None:
    _, screens = bot.wired()
    assert bot.records_case is not None
    await bot.add_cog(RecordsCommands(bot, bot.records_case, screens.readers))
