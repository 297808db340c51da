"""`/gin` commands about players and their circle: relations, presence, records,
leaderboards, history and replays, forget-me, table chat and quick reactions; and the user
context menu (Challenge, Block, Favorite). Thin: every decision is in `bot.circle`."""

from __future__ import annotations

import dataclasses
import io
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.circle import REACTIONS, CircleError, CircleService, Person
from bot.circle import text as views
from bot.circle.replay import RoundReplay
from bot.circle.service import RATING_SORT
from bot.errors import handle_interaction_error
from bot.services import Services, services_of
from cogs._group import gin_command

log = logging.getLogger(__name__)

Scope = Literal["server", "global"]
Sort = Literal["wins", "gins", "points", "streak", "played", "rating"]
NONE = discord.AllowedMentions.none()


def _person(user: discord.abc.User) -> Person:
    return Person(user.id, user.display_name)


async def _private(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NONE)


class OwnedView(discord.ui.View):
    """A short-lived view only the person who asked may use; errors go to the central handler."""

    def __init__(self, owner_id: int, timeout: float = 300) -> None:
        super().__init__(timeout=timeout)
        self.owner_id = owner_id

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.owner_id:
            await _private(interaction, "These buttons belong to someone else.")
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await handle_interaction_error(interaction, error)


class LeaderboardView(OwnedView):
    def __init__(
        self,
        cog: Players,
        owner_id: int,
        guild_id: int | None,
        scope: Scope,
        sort: str,
        page: int,
        pages: int,
    ) -> None:
        super().__init__(owner_id)
        self.cog, self.guild_id, self.scope, self.sort, self.page = cog, guild_id, scope, sort, page
        self.previous.disabled = page <= 0
        self.next.disabled = page >= pages - 1

    async def _go(self, interaction: discord.Interaction, page: int) -> None:
        content, view = await self.cog.leaderboard_message(
            self.owner_id, self.guild_id, self.scope, self.sort, page
        )
        await interaction.response.edit_message(content=content, view=view, allowed_mentions=NONE)

    @discord.ui.button(label="◀ Previous", style=discord.ButtonStyle.secondary)
    async def previous(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await self._go(interaction, self.page - 1)

    @discord.ui.button(label="Next ▶", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await self._go(interaction, self.page + 1)


class ReplayView(OwnedView):
    """Step through a replayed round."""

    def __init__(self, owner_id: int, replay: RoundReplay, scoring: str, at: int = 0) -> None:
        super().__init__(owner_id, timeout=600)
        self.replay, self.scoring, self.at = replay, scoring, at
        self._sync()

    def content(self) -> str:
        return views.frame_text(self.replay, self.replay.frames[self.at], self.scoring)

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


class ForgetView(OwnedView):
    def __init__(self, cog: Players, owner_id: int) -> None:
        super().__init__(owner_id, timeout=120)
        self.cog = cog

    @discord.ui.button(label="Erase my data", style=discord.ButtonStyle.danger)
    async def erase(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        try:
            await self.cog.circle.forget(self.owner_id)
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


class ReactionsView(OwnedView):
    """Quick reactions: one button per canned line, relayed like `/gin say`."""

    def __init__(self, cog: Players, owner_id: int) -> None:
        super().__init__(owner_id, timeout=600)
        for index, line in enumerate(REACTIONS):
            button: discord.ui.Button[ReactionsView] = discord.ui.Button(label=line, row=index // 5)
            button.callback = self._sender(cog, index)  # type: ignore[method-assign,assignment]
            self.add_item(button)

    def _sender(self, cog: Players, index: int) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def send(interaction: discord.Interaction) -> None:
            await cog.relay(interaction, None, index)

        return send


class Players(commands.Cog):
    """Players and their circle (see docs/circle.md)."""

    def __init__(
        self, bot: commands.Bot, services: Services, circle: CircleService | None = None
    ) -> None:
        self.bot = bot
        self.services = services
        self.circle = circle or getattr(services, "circle", None) or CircleService(services.store)
        self.menus = [
            app_commands.ContextMenu(name="Challenge", callback=self.menu_challenge),
            app_commands.ContextMenu(name="Block", callback=self.menu_block),
            app_commands.ContextMenu(name="Favorite", callback=self.menu_favorite),
        ]

    async def cog_load(self) -> None:
        for menu in self.menus:
            self.bot.tree.add_command(menu)
        self._loaded = True

    async def cog_unload(self) -> None:
        self._loaded = False  # the table service has no unsubscribe: go quiet instead
        for menu in self.menus:
            self.bot.tree.remove_command(menu.name, type=menu.type)

    # ----- achievements ----------------------------------------------------------------------

    # ----- relations ---------------------------------------------------------------------

    @app_commands.describe(player="Who to block")
    @gin_command(name="block", description="Block a player: no challenges, no shared tables.")
    async def block(self, interaction: discord.Interaction, player: discord.User) -> None:
        await _private(
            interaction,
            await self.circle.block(_person(interaction.user), _person(player), is_bot=player.bot),
        )

    @app_commands.describe(player="Who to unblock")
    @gin_command(name="unblock", description="Unblock a player.")
    async def unblock(self, interaction: discord.Interaction, player: discord.User) -> None:
        await _private(
            interaction, await self.circle.unblock(_person(interaction.user), _person(player))
        )

    @app_commands.describe(player="Who to mute")
    @gin_command(name="mute", description="Stop getting a player's table chat and reactions.")
    async def mute(self, interaction: discord.Interaction, player: discord.User) -> None:
        await _private(
            interaction,
            await self.circle.mute(_person(interaction.user), _person(player), is_bot=player.bot),
        )

    @app_commands.describe(player="Who to unmute")
    @gin_command(name="unmute", description="Get a player's table chat again.")
    async def unmute(self, interaction: discord.Interaction, player: discord.User) -> None:
        await _private(
            interaction, await self.circle.unmute(_person(interaction.user), _person(player))
        )

    @app_commands.describe(player="Who to add to your favorites")
    @gin_command(
        name="favorite", description="Mark a player as a favorite (a heart by their name)."
    )
    async def favorite(self, interaction: discord.Interaction, player: discord.User) -> None:
        await _private(
            interaction,
            await self.circle.favorite(
                _person(interaction.user), _person(player), is_bot=player.bot
            ),
        )

    @app_commands.describe(player="Who to remove from your favorites")
    @gin_command(name="unfavorite", description="Remove a player from your favorites.")
    async def unfavorite(self, interaction: discord.Interaction, player: discord.User) -> None:
        await _private(
            interaction, await self.circle.unfavorite(_person(interaction.user), _person(player))
        )

    @gin_command(name="friends", description="Your favorites and whether they are online.")
    async def friends(self, interaction: discord.Interaction) -> None:
        await _private(
            interaction, views.friends_text(await self.circle.friends(interaction.user.id))
        )

    @gin_command(name="offline", description="Go offline: nobody can challenge you.")
    async def offline(self, interaction: discord.Interaction) -> None:
        await _private(interaction, await self.circle.set_online(_person(interaction.user), False))

    @gin_command(name="online", description="Come back online: players can challenge you.")
    async def online(self, interaction: discord.Interaction) -> None:
        await _private(interaction, await self.circle.set_online(_person(interaction.user), True))

    @gin_command(name="relations", description="Whom you blocked, muted and favorited.")
    async def relations(self, interaction: discord.Interaction) -> None:
        await _private(
            interaction, views.relations_text(await self.circle.relations(interaction.user.id))
        )

    # ----- records -----------------------------------------------------------------------

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
        view = await self.circle.stats(who.id, guild_id=interaction.guild_id, scope=chosen)
        if view.name.startswith("Player "):
            view = dataclasses.replace(view, name=who.display_name)
        title, fields = views.stats_text(view)
        embed = discord.Embed(title=title)
        for name, value in fields:
            embed.add_field(name=name, value=value, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def leaderboard_message(
        self, viewer_id: int, guild_id: int | None, scope: Scope, sort: str, page: int
    ) -> tuple[str, LeaderboardView]:
        if sort == RATING_SORT:
            rated = await self.circle.rating_leaderboard(
                viewer_id, guild_id=guild_id, scope=scope, page=page
            )
            hearts = await self.circle.decorate_names(viewer_id, [e.user_id for e in rated.entries])
            view = LeaderboardView(self, viewer_id, guild_id, scope, sort, rated.page, rated.pages)
            return views.rating_board_text(rated, hearts), view
        board = await self.circle.leaderboard(
            viewer_id, guild_id=guild_id, scope=scope, sort=sort, page=page
        )
        hearts = await self.circle.decorate_names(viewer_id, [e.user_id for e in board.entries])
        view = LeaderboardView(self, viewer_id, guild_id, scope, sort, board.page, board.pages)
        return views.leaderboard_text(board, hearts), view

    @app_commands.describe(scope="This server or all servers", sort="What to rank by")
    @gin_command(name="leaderboard", description="The top players, and your own rank.")
    async def leaderboard(
        self, interaction: discord.Interaction, scope: Scope | None = None, sort: Sort = "wins"
    ) -> None:
        chosen: Scope = scope or ("server" if interaction.guild_id else "global")
        content, view = await self.leaderboard_message(
            interaction.user.id, interaction.guild_id, chosen, sort, 0
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
        matches = await self.circle.history(who.id)
        ids = [s.user_id for m in matches for s in m.seats if s.user_id is not None]
        hearts = await self.circle.decorate_names(interaction.user.id, ids)
        await _private(interaction, views.history_text(who.id, who.display_name, matches, hearts))

    @app_commands.describe(
        match="The match number (see /gin history)", round="The round (1 = first)"
    )
    @gin_command(name="replay", description="Replay a round move by move.")
    async def replay(
        self,
        interaction: discord.Interaction,
        match: int,
        round: app_commands.Range[int, 1, 500] = 1,
    ) -> None:
        replay = await self.circle.replay(match, round, interaction.user.id)
        table = await self.services.store.tables.get(match)
        scoring = json.loads(table.rules_json).get("scoring", "points") if table else "points"
        view = ReplayView(interaction.user.id, replay, str(scoring))
        await interaction.response.send_message(view.content(), view=view, ephemeral=True)

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
            view=ForgetView(self, interaction.user.id),
            ephemeral=True,
        )

    # ----- table chat ------------------------------------------------------------------------

    @app_commands.describe(text="What to say to your table (leave empty for quick reactions)")
    @gin_command(name="say", description="Say something to the players at your table.")
    async def say(self, interaction: discord.Interaction, text: str | None = None) -> None:
        if text is None:
            self._table_of(interaction.user.id)  # refuse now if they're not playing
            await interaction.response.send_message(
                "Quick reactions:", view=ReactionsView(self, interaction.user.id), ephemeral=True
            )
            return
        await self.relay(interaction, text, None)

    def _table_of(self, user_id: int) -> Any:
        tables = self.services.tables.playing_tables_of(user_id)
        if not tables:
            raise CircleError("You're not playing at a table right now.")
        return max(tables, key=lambda t: t.record.id)  # the newest when at several

    async def relay(
        self, interaction: discord.Interaction, text: str | None, reaction: int | None
    ) -> None:
        """Post a chat line or a quick reaction at the speaker's table and DM the others who
        haven't muted the speaker. The speaker hears only that it was sent."""
        live = self._table_of(interaction.user.id)
        seated = [s.user_id for s in live.record.seats if not s.removed]
        if reaction is not None:
            line = await self.circle.reaction(interaction.user.id, reaction, seated)
        else:
            line = await self.circle.chat(interaction.user.id, text or "", seated)
        await _private(interaction, f"Sent to table #{live.record.id}: {line.text}")
        name = interaction.user.display_name
        if line.to_channel:
            channel = self.bot.get_channel(live.record.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                try:
                    await channel.send(f"💬 **{name}**: {line.text}", allowed_mentions=NONE)
                except discord.HTTPException:
                    log.info("table %s: could not post chat in the channel", live.record.id)
        # The line goes into the readers' live hand messages (no DM of its own).
        readers = frozenset(line.recipients) | {interaction.user.id}
        self.services.tables.chat(
            live.record.id, interaction.user.id, f"💬 **{name}**: {line.text}", readers
        )

    # ----- context menu ---------------------------------------------------------------------

    async def menu_challenge(self, interaction: discord.Interaction, user: discord.User) -> None:
        play = self.bot.get_cog("Play")
        if play is None:
            raise CircleError("Challenges aren't available right now.")
        await play.challenge(interaction, user)  # type: ignore[attr-defined]

    async def menu_block(self, interaction: discord.Interaction, player: discord.User) -> None:
        await _private(
            interaction,
            await self.circle.block(_person(interaction.user), _person(player), is_bot=player.bot),
        )

    async def menu_favorite(self, interaction: discord.Interaction, player: discord.User) -> None:
        await _private(
            interaction,
            await self.circle.favorite(
                _person(interaction.user), _person(player), is_bot=player.bot
            ),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Players(bot, await services_of(bot)))
