"""``/gin tournament ...`` and the sign-up buttons: each handler reads its interaction into
plain values, makes one call on the tournaments' use case (bot/usecases/tournaments.py) and
answers with what it returns. What a tournament's thread shows is its presenter's
(bot/ui/tournaments); the tournament logic is the service's (bot/tournaments/service/)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, get_args

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Coded
from bot.i18n.commands import default_description, named_choice
from bot.text.tournaments import choice_label
from bot.tournaments.service import TournamentService
from bot.ui.components import bind, unbind
from bot.ui.readers import Readers
from bot.ui.tournaments import (
    GROUP,
    PATH,
    SignupButton,
    signup_embed,
    signup_view,
    standings_embed,
)
from bot.usecases.tournaments import Member, NewTournament, ThreadPlace, TournamentUseCase
from cogs._answers import PrivateAnswer
from cogs._options import PRESET_CHOICES

if TYPE_CHECKING:
    from bot.app.client import GinBot

FormatName = Literal["swiss", "round_robin", "single_elimination", "double_elimination"]
#: The formats by their names ("Round robin", from the catalog; ``key``: the translator's
#: ``choice-round_robin`` in the other languages), not their codes.
FORMAT_CHOICES = [
    app_commands.Choice(name=named_choice(code), value=code) for code in get_args(FormatName)
]


def member(interaction: discord.Interaction) -> Member:
    """Who typed or clicked, where, with their rights (Manage Server, their roles)."""
    return Member(
        user_id=interaction.user.id,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        manages_server=interaction.permissions.manage_guild,
        role_ids=tuple(r.id for r in getattr(interaction.user, "roles", [])),
    )


def thread_place(interaction: discord.Interaction) -> ThreadPlace:
    """Whether a tournament created here gets its own thread: not inside a thread (or a
    forum post), where it simply lives; only in a text channel where the bot may open
    threads and write in them."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return "inside"
    perms = interaction.app_permissions
    if (
        isinstance(channel, discord.TextChannel)
        and perms.create_public_threads
        and perms.send_messages_in_threads
    ):
        return "allowed"
    return "refused"


class Tournaments(commands.Cog):
    """Community tournaments: sign-up, organizer commands, standings."""

    def __init__(
        self,
        bot: GinBot,
        case: TournamentUseCase,
        service: TournamentService,
        readers: Readers,
    ) -> None:
        self.bot = bot
        self.case = case
        #: For `restore` as the cog loads (the rest goes through `case`).
        self.service = service
        self.readers = readers
        self.group = app_commands.Group(name=GROUP, description="Gin Rummy tournaments")
        #: How players type it.
        self.path = PATH
        for name, callback in (
            ("create", self.create),
            ("start", self.start),
            ("pause", self.pause),
            ("resume", self.resume),
            ("cancel", self.cancel),
            ("kick", self.kick),
            ("standings", self.standings),
            ("organizer-role", self.organizer),
        ):
            # A bound method: discord.py passes `self` (see bot/app/command_group.py). The description
            # is the English of commands.ftl; Discord shows each user theirs (the translator).
            command: app_commands.Command[Any, Any, Any] = app_commands.Command(
                name=name,
                description=default_description(f"gin tournament {name}"),
                callback=callback,
            )
            if name == "standings":
                command.autocomplete("tournament")(self.tournament_choices)
            self.group.add_command(command)

    async def cog_load(self) -> None:
        bind(self.bot, self, SignupButton)
        self.bot.add_dynamic_items(SignupButton)
        self.bot.gin.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SignupButton)
        unbind(self.bot, SignupButton)
        self.bot.gin.remove_command(self.group.name)

    def _answer(self, interaction: discord.Interaction) -> PrivateAnswer:
        return PrivateAnswer(interaction)

    async def _say(self, interaction: discord.Interaction, said: Coded) -> None:
        """A short private answer in the reader's language."""
        text = said.text(await self.readers.language(interaction))
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # ----- commands ---------------------------------------------------------------------

    @app_commands.describe(
        name="The tournament's name",
        format="Swiss, round robin, single or double elimination",
        rules="Rule preset for every table",
        target="Points to play each match to (10-500, default 100)",
        max_players="Most players who can sign up",
        rounds="Swiss only: number of rounds",
        duplicate="Every table of a round plays the same deals",
    )
    @app_commands.choices(rules=PRESET_CHOICES, format=FORMAT_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 60],
        format: FormatName,
        rules: str,
        target: app_commands.Range[int, 10, 500] | None = None,
        max_players: app_commands.Range[int, 2, 256] | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        duplicate: bool = False,
    ) -> None:
        new = NewTournament(name, format, rules, target, max_players, rounds, duplicate)
        said = await self.case.create(
            member(interaction), new, thread_place(interaction), self._answer(interaction)
        )
        if said is not None:
            await self._say(interaction, said)

    @app_commands.describe(tournament="Tournament number (default: this channel's)")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        said = await self.case.start(member(interaction), tournament, self._answer(interaction))
        await self._say(interaction, said)

    @app_commands.describe(tournament="Tournament number (default: this channel's)")
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._say(interaction, await self.case.pause(member(interaction), tournament))

    @app_commands.describe(tournament="Tournament number (default: this channel's)")
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        said = await self.case.resume(member(interaction), tournament, self._answer(interaction))
        await self._say(interaction, said)

    @app_commands.describe(tournament="Tournament number (default: this channel's)")
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._say(interaction, await self.case.cancel(member(interaction), tournament))

    @app_commands.describe(player="Who to remove", tournament="Tournament number")
    async def kick(
        self, interaction: discord.Interaction, player: discord.User, tournament: int | None = None
    ) -> None:
        said = await self.case.kick(
            member(interaction),
            tournament,
            player.id,
            player.display_name,
            self._answer(interaction),
        )
        await self._say(interaction, said)

    @app_commands.describe(tournament="Tournament number (default: here, else the latest)")
    async def standings(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        info = await self.case.standings(member(interaction), tournament)
        lang = await self.readers.language(interaction)
        if info.started:
            embed = standings_embed(info, lang, final=info.status == "finished")
        else:
            embed = signup_embed(info, lang, self.path)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def tournament_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's recent tournaments, newest first, filtered by what was typed."""
        rows = await self.case.recent(interaction.guild_id)
        if not rows:
            return []
        typed = current.strip().lstrip("#").casefold()
        lang = await self.readers.language(interaction)
        choices = []
        for row in rows:
            label = choice_label(row.id, row.name, row.status, lang)
            if typed and typed not in label.casefold():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=row.id))
        return choices[:25]

    @app_commands.describe(role="The organizer role (leave empty to clear it)")
    async def organizer(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        said = await self.case.organizer_role(
            member(interaction), None if role is None else role.id
        )
        await self._say(interaction, said)

    # ----- buttons ------------------------------------------------------------------------

    async def on_signup(self, interaction: discord.Interaction, tid: int, op: str) -> None:
        user = interaction.user
        # Their tables' DMs will be in their Discord language (unless they chose one).
        self.readers.notifier.saw_locale(user.id, interaction.locale)
        info = await self.case.signup(tid, user.id, user.display_name, op)
        board = self.readers.server_language(info.guild_id)
        await interaction.response.edit_message(
            embed=signup_embed(info, board, self.path), view=signup_view(tid, board)
        )


async def setup(bot: GinBot) -> None:
    services, screens = bot.wired()
    if bot.tournament_case is None:
        raise RuntimeError("the tournaments' use case is built in setup_hook, before the cogs")
    await bot.add_cog(Tournaments(bot, bot.tournament_case, services.tournaments, screens.readers))
