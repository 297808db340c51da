"""``/gin tournament ...`` and the sign-up buttons: parse, call the tournament service (which
checks the organizer's rights), and show its updates in the tournament's own thread (or its
channel, without the thread permissions). No tournament logic here (see
bot/tournaments/service/)."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING, Any, Literal, get_args

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Said, t
from bot.i18n.commands import choice_key
from bot.outbox import Priority
from bot.outbox.write import Raw
from bot.tournaments._model import TournamentInfo, TournamentUpdate
from bot.tournaments.service import TournamentProblem, TournamentService
from bot.ui.components import NUM, bind, handled, handlers_of, unbind
from bot.ui.readers import Readers
from cogs._answers import answer_with_message, in_time
from cogs._options import PRESET_CHOICES

if TYPE_CHECKING:
    from bot.client import GinBot

log = logging.getLogger(__name__)

FormatName = Literal["swiss", "round_robin", "single_elimination", "double_elimination"]
#: The formats by their names ("Round robin", from the catalog; ``key``: the translator's
#: ``choice-round_robin`` in the other languages), not their codes.
FORMAT_CHOICES = [
    app_commands.Choice(
        name=app_commands.locale_str(t("en", choice_key(code)), key=code), value=code
    )
    for code in get_args(FormatName)
]
EMBED_COLOUR = 0x2E7D32
#: A tournament's thread archives after a week without messages.
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080


def _code(text: str) -> str:
    return f"```\n{text}\n```"


class SignupButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"gin:tj:(?P<id>{NUM}):(?P<op>join|leave)",
):
    """Join / Leave on a sign-up message (persistent: works after a restart)."""

    def __init__(self, tournament_id: int, op: str, locale: str = "en") -> None:
        self.tournament_id, self.op = tournament_id, op
        style = discord.ButtonStyle.success if op == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=t(locale, f"signup-{op}"),
                style=style,
                custom_id=f"gin:tj:{tournament_id}:{op}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        return cls(int(match["id"]), match["op"])

    @handled
    async def callback(self, interaction: discord.Interaction) -> None:
        cog = handlers_of(self, interaction)
        assert isinstance(cog, Tournaments)
        await cog.on_signup(interaction, self.tournament_id, self.op)


def signup_view(tournament_id: int, locale: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton(tournament_id, "join", locale))
    view.add_item(SignupButton(tournament_id, "leave", locale))
    return view


def command_path(path: str, sub: str, locale: str) -> str:
    """How a reader of ``locale`` types a tournament command: ``/gin torneo empezar`` (the
    names Discord shows them, from commands.ftl); the code's own names when the group is
    not under /gin."""
    if path.split() != ["gin", "tournament"]:
        return f"/{path} {sub}"
    keys = ("cmd-gin-name", "cmd-gin-tournament-name", f"cmd-gin-tournament-{sub}-name")
    return "/" + " ".join(t(locale, key) for key in keys)


def signup_embed(info: TournamentInfo, locale: str, path: str) -> discord.Embed:
    """The sign-up message (``path``: how the tournament commands are typed)."""
    head = t(
        locale, "signup-format", format=t(locale, "tournament-format", format=info.format.value)
    )
    extras = [head]
    if info.rounds:
        extras.append(t(locale, "signup-rounds", count=info.rounds))
    if info.duplicate:
        extras.append(t(locale, "signup-duplicate"))
    details = [
        ", ".join(extras),
        t(locale, "signup-rules", rules=info.rules, target=info.target),
    ]
    if info.max_players:
        details.append(t(locale, "signup-places", count=len(info.entrants), most=info.max_players))
    names = ", ".join(name for _, name in info.entrants) or t(locale, "signup-nobody")
    details.append(t(locale, "signup-entrants", count=len(info.entrants), names=names))
    if info.status == "signup":
        command = command_path(path, "start", locale)
        details.append(t(locale, "signup-press-join", command=command))
    else:
        status = t(locale, "tournament-status-word", status=info.status)
        details.append(t(locale, "signup-closed", status=status))
    return discord.Embed(
        title=f"🏆 {info.name} (#{info.id})", description="\n".join(details), colour=EMBED_COLOUR
    )


def standings_embed(
    info: TournamentInfo, locale: str = "en", *, final: bool = False
) -> discord.Embed:
    if final:
        head = t(locale, "standings-final")
    elif info.total_rounds:
        head = t(locale, "standings-after-of", round=info.round_no, total=info.total_rounds)
    else:
        head = t(locale, "standings-after", round=info.round_no)
    parts = [f"**{head}**", _code(info.standings(locale) or t(locale, "standings-none"))]
    bracket = info.bracket(locale)
    if bracket:
        parts.append(_code(bracket))
    text = "\n".join(parts)
    return discord.Embed(title=f"🏆 {info.name}", description=text[:4000], colour=EMBED_COLOUR)


class Tournaments(commands.Cog):
    """Community tournaments: sign-up, organizer commands, standings."""

    def __init__(self, bot: GinBot, service: TournamentService, readers: Readers) -> None:
        self.bot = bot
        self.service = service
        self.readers = readers
        #: One standings message at a time per tournament (see `_standings`).
        self._standings_locks: dict[int, asyncio.Lock] = {}
        self.group = app_commands.Group(name="tournament", description="Gin Rummy tournaments")
        #: How players type it.
        self.path = f"{bot.gin.name} {self.group.name}"
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
            # A bound method: discord.py passes `self` (see bot/command_group.py). The description
            # is the English of commands.ftl; Discord shows each user theirs (the translator).
            command: app_commands.Command[Any, Any, Any] = app_commands.Command(
                name=name,
                description=t("en", f"cmd-gin-tournament-{name}-description"),
                callback=callback,
            )
            if name == "standings":
                command.autocomplete("tournament")(self.tournament_choices)
            self.group.add_command(command)

    async def cog_load(self) -> None:
        bind(self.bot, self, SignupButton)
        self.bot.add_dynamic_items(SignupButton)
        self.bot.gin.add_command(self.group)
        self.service.subscribe(self.show)  # `Services.start` restores the tournaments

    async def cog_unload(self) -> None:
        self.service.unsubscribe(self.show)
        self.bot.remove_dynamic_items(SignupButton)
        unbind(self.bot, SignupButton)
        self.bot.gin.remove_command(self.group.name)

    # ----- checks -----------------------------------------------------------------------

    async def _organizer(self, interaction: discord.Interaction) -> int:
        """The server id, if the user may organize there; else a readable refusal."""
        return await self.service.check_organizer(
            interaction.guild_id,
            manages_server=interaction.permissions.manage_guild,
            role_ids=[r.id for r in getattr(interaction.user, "roles", [])],
        )

    async def _target(self, interaction: discord.Interaction, tournament: int | None) -> int:
        if interaction.guild_id is None:
            raise TournamentProblem("tournament-in-a-server")
        return await self.service.find(interaction.guild_id, interaction.channel_id, tournament)

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
        guild_id = await self._organizer(interaction)
        assert interaction.channel_id is not None
        info = await in_time(
            interaction,
            self.service.create(
                guild_id=guild_id,
                channel_id=interaction.channel_id,
                organizer_id=interaction.user.id,
                name=name,
                format=format,
                rules=rules,
                target=target,
                max_players=max_players,
                rounds=rounds,
                duplicate=duplicate,
            ),
        )
        board = self.readers.server_language(guild_id)
        sent = await answer_with_message(
            interaction,
            embed=signup_embed(info, board, self.path),
            view=signup_view(info.id, board),
        )
        await self.service.set_signup_message(info.id, sent)
        await self._open_thread(interaction, info, sent)

    async def _open_thread(
        self, interaction: discord.Interaction, info: TournamentInfo, signup_id: int
    ) -> None:
        """Give the tournament its own thread, started from the sign-up message, so a busy
        channel is not flooded. Created inside a thread (or a forum post), it simply lives
        there. Without the permissions, it runs in the channel and the organizer is told."""
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            return
        perms = interaction.app_permissions
        if (
            isinstance(channel, discord.TextChannel)
            and perms.create_public_threads
            and perms.send_messages_in_threads
        ):
            try:
                thread = await channel.get_partial_message(signup_id).create_thread(
                    name=f"🏆 {info.name}", auto_archive_duration=THREAD_ARCHIVE_MINUTES
                )
            except discord.HTTPException:
                log.warning("could not open a thread for tournament %s", info.id)
            else:
                await self.service.set_thread(info.id, thread.id)
                return
        lang = await self.readers.language(interaction)
        await interaction.followup.send(
            t(lang, "tournament-no-thread", name=info.name), ephemeral=True
        )

    @app_commands.describe(tournament="Tournament number (default: this channel's)")
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organizer(interaction)
        tid = await self._target(interaction, tournament)
        await interaction.response.defer(ephemeral=True)
        info = await self.service.start(tid)
        lang = await self.readers.language(interaction)
        await interaction.followup.send(
            t(lang, "tournament-reply-started", name=info.name), ephemeral=True
        )
        await self._edit_signup(info)

    @app_commands.describe(tournament="Tournament number (default: this channel's)")
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organizer(interaction)
        info = await self.service.pause(await self._target(interaction, tournament))
        await self._private(interaction, "tournament-reply-paused", name=info.name)

    @app_commands.describe(tournament="Tournament number (default: this channel's)")
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organizer(interaction)
        tid = await self._target(interaction, tournament)
        await interaction.response.defer(ephemeral=True)
        info = await self.service.resume(tid)
        lang = await self.readers.language(interaction)
        await interaction.followup.send(
            t(lang, "tournament-reply-resumed", name=info.name), ephemeral=True
        )

    @app_commands.describe(tournament="Tournament number (default: this channel's)")
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organizer(interaction)
        info = await self.service.cancel(await self._target(interaction, tournament))
        await self._private(interaction, "tournament-reply-cancelled", name=info.name)
        await self._edit_signup(info)

    @app_commands.describe(player="Who to remove", tournament="Tournament number")
    async def kick(
        self, interaction: discord.Interaction, player: discord.User, tournament: int | None = None
    ) -> None:
        await self._organizer(interaction)
        tid = await self._target(interaction, tournament)
        await interaction.response.defer(ephemeral=True)
        info = await self.service.kick(tid, player.id)
        lang = await self.readers.language(interaction)
        await interaction.followup.send(
            t(lang, "tournament-reply-kicked", player=player.display_name, name=info.name),
            ephemeral=True,
        )
        if info.status == "signup":
            await self._edit_signup(info)

    @app_commands.describe(tournament="Tournament number (default: here, else the latest)")
    async def standings(
        self, interaction: discord.Interaction, tournament: int | None = None
    ) -> None:
        if interaction.guild_id is None:
            raise TournamentProblem("tournament-in-a-server")
        # Without a number: the running one here, else the server's most recent one.
        tid = await self.service.find(
            interaction.guild_id, interaction.channel_id, tournament, ended_too=True
        )
        info = await self.service.info(tid)
        lang = await self.readers.language(interaction)
        if not info.started:
            await interaction.response.send_message(
                embed=signup_embed(info, lang, self.path), ephemeral=True
            )
            return
        await interaction.response.send_message(
            embed=standings_embed(info, lang, final=info.status == "finished"), ephemeral=True
        )

    async def tournament_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's recent tournaments, newest first, filtered by what was typed."""
        if interaction.guild_id is None:
            return []
        typed = current.strip().lstrip("#").casefold()
        lang = await self.readers.language(interaction)
        choices = []
        for row in await self.service.recent(interaction.guild_id):
            label = f"#{row.id} {row.name} ({t(lang, 'tournament-status-word', status=row.status)})"
            if typed and typed not in label.casefold():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=row.id))
        return choices[:25]

    @app_commands.describe(role="The organizer role (leave empty to clear it)")
    async def organizer(
        self, interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        await self.service.set_organizer_role(
            interaction.guild_id,
            None if role is None else role.id,
            manages_server=interaction.permissions.manage_guild,
        )
        if role is not None:
            await self._private(interaction, "tournament-role-set", role=role.mention)
        else:
            await self._private(interaction, "tournament-role-cleared")

    async def _private(self, interaction: discord.Interaction, key: str, /, **values: Any) -> None:
        """A short private answer in the reader's language."""
        text = t(await self.readers.language(interaction), key, **values)
        await interaction.response.send_message(text, ephemeral=True)

    # ----- buttons ------------------------------------------------------------------------

    async def on_signup(self, interaction: discord.Interaction, tid: int, op: str) -> None:
        user = interaction.user
        # Their tables' DMs will be in their Discord language (unless they chose one).
        self.readers.notifier.saw_locale(user.id, interaction.locale)
        if op == "join":
            info = await self.service.join(tid, user.id, user.display_name)
        else:
            info = await self.service.leave(tid, user.id)
        board = self.readers.server_language(info.guild_id)
        await interaction.response.edit_message(
            embed=signup_embed(info, board, self.path), view=signup_view(tid, board)
        )

    # ----- showing updates ----------------------------------------------------------------

    async def _send(self, channel_id: int, **kwargs: Any) -> discord.Message | None:
        """Post through the outbox; None when Discord refused (logged there)."""
        outbox = self.readers.notifier.outbox
        return await outbox.post(channel_id, Raw(kwargs), Priority.REST)

    async def _edit(self, channel_id: int, message_id: int, **kwargs: Any) -> bool:
        """Edit through the outbox (a newer edit of the message, queued, wins)."""
        outbox = self.readers.notifier.outbox
        return await outbox.edit(channel_id, message_id, Raw(kwargs), Priority.REST) is not None

    async def _edit_signup(self, info: TournamentInfo, *, wait: bool = True) -> None:
        """Show `info` on its sign-up message (`wait`: until Discord has it)."""
        if info.signup_message_id is None:
            return
        board = self.readers.server_language(info.guild_id)
        view = signup_view(info.id, board) if info.status == "signup" else None
        embed = signup_embed(info, board, self.path)
        outbox = self.readers.notifier.outbox
        kwargs = {"embed": embed, "view": view}
        edited = outbox.edit(info.channel_id, info.signup_message_id, Raw(kwargs), Priority.REST)
        if wait:
            await edited

    async def _dm(self, user_id: int, server: str, key: str, /, **values: Any) -> None:
        """A DM in its reader's language (their choice, else their Discord's, else the
        server's)."""
        text = t(await self.readers.language_of(user_id, server), key, **values)
        await self.readers.notifier.dms.tell(user_id, text)

    async def show(self, update: TournamentUpdate) -> None:
        """The tournament service's observer: announce what changed in the channel."""
        info = update.info
        board = self.readers.server_language(info.guild_id)
        if update.kind == "signup":
            # Read it afresh: a queued join must not paint over "sign-up closed". Not
            # waited for: joins in a row coalesce in the outbox into one edit (the newest
            # wins), and what follows (a round's announcement) does not wait a second per
            # join behind them.
            await self._edit_signup(await self.service.info(info.id), wait=False)
        elif update.kind == "round_started":
            await self._round_started(update, board)
        elif update.kind in ("result", "kicked"):
            note = update.note
            if note:
                words = note.text(board) if isinstance(note, Said) else note
                await self._send(info.home_id, content=f"**{info.name}**: {words}")
            if update.kind == "result":
                await self._standings(info, board)
        elif update.kind == "finished":
            await self._standings(info, board, final=True)
            await self._finished(update, board)
        else:
            text = t(board, "tournament-announce", change=update.kind, name=info.name)
            await self._send(info.home_id, content=text)

    async def _round_started(self, update: TournamentUpdate, board: str) -> None:
        info = update.info
        if info.total_rounds:
            head = t(
                board,
                "tournament-round-of",
                name=info.name,
                round=info.round_no,
                total=info.total_rounds,
            )
        else:
            head = t(board, "tournament-round", name=info.name, round=info.round_no)
        lines = [head]
        for table in update.tables:
            if len(table.players) == 1:
                lines.append(t(board, "tournament-bye", player=f"<@{table.players[0]}>"))
            elif table.table_id is not None and table.result is None:
                a, b = table.players
                lines.append(
                    t(board, "tournament-table", a=f"<@{a}>", b=f"<@{b}>", table=table.table_id)
                )
        if info.deadline_ts is not None:
            when = int(info.deadline_ts)
            lines.append(
                t(board, "tournament-deadline", time=f"<t:{when}:t>", relative=f"<t:{when}:R>")
            )
        await self._send(info.home_id, content="\n".join(lines)[:2000])
        for key, blocker, blocked in update.blocked:
            for who in (blocker, blocked):
                await self._dm(
                    who, board, "tournament-blocked", name=info.name, round=info.round_no, key=key
                )

    async def _standings(self, info: TournamentInfo, board: str, *, final: bool = False) -> None:
        # Two results can be announced at once. One at a time, each drawn from the
        # tournament as it is now: the second edits the message the first sent, where it
        # used to send a second one (left behind with the older standings).
        lock = self._standings_locks.setdefault(info.id, asyncio.Lock())
        async with lock:
            if final:
                self._standings_locks.pop(info.id, None)
            else:
                info = await self.service.info(info.id)
                if info.status in ("finished", "cancelled"):
                    # Over: "finished" draws (or drew) the final standings.
                    self._standings_locks.pop(info.id, None)
                    return
            embed = standings_embed(info, board, final=final)
            if info.standings_message_id is not None and await self._edit(
                info.home_id, info.standings_message_id, embed=embed
            ):
                return
            sent = await self._send(info.home_id, embed=embed)
            if sent is not None and not final:
                await self.service.set_standings_message(info.id, sent.id)

    async def _finished(self, update: TournamentUpdate, board: str) -> None:
        info = update.info
        winners = [r for r in update.ranking if r.place == 1]
        joined = f" {t(board, 'tournament-and')} ".join(f"<@{r.user_id}>" for r in winners)
        who = joined or t(board, "tournament-nobody")
        lines = [t(board, "tournament-over", name=info.name, winners=who), "```"]
        for r in update.ranking:
            lines.append(f"{r.place:>3}. {r.name[:20]:<20} {r.detail(board)}")
        lines.append("```")
        await self._send(info.home_id, content="\n".join(lines)[:2000])
        await self._edit_signup(info)


async def setup(bot: GinBot) -> None:
    services, screens = bot.wired()
    await bot.add_cog(Tournaments(bot, services.tournaments, screens.readers))
