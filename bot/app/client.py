"""``GinBot``: the discord.py ``Bot`` subclass that loads the cogs and serves ``/gin``."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import pkgutil
import time
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import MISSING

from bot.app import command_group
from bot.app.services import Services
from bot.app.settings import Settings, apply_endpoints
from bot.errors import PlayerError, handle_interaction_error
from bot.i18n import Language
from bot.i18n.commands import CatalogTranslator
from bot.kernel import Repeating
from bot.ops.metrics import Metrics
from bot.ops.server import OpsServer
from bot.outbox import Limits
from bot.outbox import budget as rest_budget
from bot.outbox.limits import DM_OPEN
from bot.ui.challenge_presenter import ChallengePresenter
from bot.ui.chat_presenter import ChatPresenter
from bot.ui.cycles import let_go
from bot.ui.emoji_upload import Synced, sync_card_emojis
from bot.ui.letters import Letters
from bot.ui.screens import Screens
from bot.ui.tournaments import TournamentPresenter
from bot.usecases.challenges import ChallengeUseCase
from bot.usecases.chat import ChatUseCase
from bot.usecases.play import PlayUseCase
from bot.usecases.records import RecordsUseCase
from bot.usecases.tournaments import TournamentUseCase

log = logging.getLogger("gin")

#: The line tests and operators wait for; logged each time the bot (re)becomes ready.
READY_LINE = "gin-bot ready: %d commands, %d guilds"

#: Seconds a stop waits for the interactions being handled to finish.
DRAIN_SECONDS = 5.0
#: discord.py's names for the tasks that run a slash command (and then dispatch its
#: completion), a view's, a persistent control's or a modal's callback, and our
#: `on_interaction` listeners.
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
    "discord.py: on_interaction",
)


def handlers_in_flight() -> list[asyncio.Task[Any]]:
    """The interaction handlers running now (but the caller)."""
    me = asyncio.current_task()
    return [
        task
        for task in asyncio.all_tasks()
        if task is not me and not task.done() and task.get_name().startswith(HANDLER_TASKS)
    ]


#: The package of the extensions, named, never imported here: the cogs import the bot.
COGS = "cogs"


def find_extensions() -> list[str]:
    """The extensions to load, by name: every module in ``cogs/`` whose name does not start
    with ``_``.

    The folder is the one list: a cog module with an ``async def setup(bot)`` is loaded by
    being there, so nobody edits a central list to add one.
    """
    spec = importlib.util.find_spec(COGS)  # finds the folder without running the package
    if spec is None or spec.submodule_search_locations is None:
        raise RuntimeError(f"the {COGS!r} package is not installed")
    return sorted(
        f"{COGS}.{mod.name}"
        for mod in pkgutil.iter_modules(spec.submodule_search_locations)
        if not mod.name.startswith("_")
    )


def bot_intents() -> discord.Intents:
    """Guilds (channels, roles) only; nothing privileged.

    Interactions arrive whatever the intents, and carry the member who used them, so neither
    the members nor the message content intent is needed. No message intents either: the bot
    reads no messages, and with `dm_messages` every hand DM it sent or edited came back as a
    gateway event to decode (a third of the events under load).
    """
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class GinTree(app_commands.CommandTree[Any]):
    """The command tree: a command that arrives while the bot stops is told to try again."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if getattr(self.client, "stopping", False):
            # Said by the error handler, in the person's Discord language, as any refusal.
            await handle_interaction_error(interaction, PlayerError("reply-stopping"))
            return False
        return True


class GinBot(commands.Bot):
    """The bot. ``bot.gin`` is the shared ``/gin`` group every cog adds subcommands to."""

    def __init__(
        self, settings: Settings, *, extensions: Sequence[str] | None = None, **options: Any
    ) -> None:
        metrics = Metrics()
        if settings.metrics_address is not None:
            # Every REST request's outcome, for /metrics (only when it is served).
            options["http_trace"] = metrics.trace_config()
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            tree_cls=GinTree,
            intents=bot_intents(),
            guild_ready_timeout=settings.guild_ready_timeout,
            # Messages are edited through partial messages; a cache of them would only hold memory.
            max_messages=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,  # the shards, for bot.app.shards.ShardedGinBot
        )
        self.settings = settings
        self.extension_names = list(find_extensions() if extensions is None else extensions)
        self.gin = command_group.new_gin_group()
        self.tree.add_command(self.gin)
        self.tree.error(self._on_app_command_error)
        self.started_at = time.monotonic()
        #: Slash commands a person can type (``/gin about`` and ``/gin ping`` count 2).
        self.command_count = 0
        #: The store and game services, built in :meth:`setup_hook` before any cog loads
        #: (each cog is handed the ones it uses); closed in :meth:`close`.
        self.services: Services | None = None
        #: The pictures and the notifier of the tables (``bot.ui.screens``), built with them.
        self.screens: Screens | None = None
        #: `/gin tournament`'s use case, built with its presenter beside the services.
        self.tournament_case: TournamentUseCase | None = None
        #: The challenges' and lobbies' use case (``bot.usecases.challenges``), built with them.
        self.challenge_case: ChallengeUseCase | None = None
        self.chat_case: ChatUseCase | None = None
        #: The moves of a table in play (``bot.usecases.play``), built with them.
        self.play_case: PlayUseCase | None = None
        self.records_case: RecordsUseCase | None = None
        self._services_closed: asyncio.Future[None] | None = None
        #: This bot's Prometheus metrics; other components register gauges on it
        #: (``Metrics.gauge_source``). Served with /healthz when ``GIN_METRICS_ADDRESS`` is set.
        self.metrics = metrics
        self.ops_server: OpsServer | None = None
        #: Set when :meth:`close` begins: interactions that arrive are told to try again.
        self.stopping = False
        #: The token's global and DM-open budgets borrowed between processes (``bot.outbox.budget``):
        #: on a shared store, unless ``GIN_REST_SHARE`` fixes this process's share.
        self.budget: Repeating | None = None
        #: The card emojis' upload (``bot.ui.emoji_upload``), started once, after ready.
        self.emoji_sync: asyncio.Task[Synced | None] | None = None

    # --- lifecycle -----------------------------------------------------------------------
    async def login(self, token: str) -> None:
        apply_endpoints(self.settings)  # before login: Routes copy the base when built
        await super().login(token)

    async def setup_hook(self) -> None:
        if self.settings.metrics_address is not None:
            # First: /healthz answers (unhealthy) while the store opens and the shards connect.
            self.ops_server = OpsServer(self, self.metrics, self.settings.metrics_address)
            await self.ops_server.start()
        await self.open_services()
        assert self.screens is not None
        await self.screens.start(self.settings.render_processes)
        # Command names and descriptions in each user's language (bot/i18n/commands.py).
        await self.tree.set_translator(CatalogTranslator())
        for name in self.extension_names:
            await self.load_extension(name)
        # The cogs have subscribed: the games, tournaments and timers start (one place).
        assert self.services is not None
        await self.services.start()
        if self.budget is not None:
            self.budget.start()
        await self.sync_commands()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Sync the tree: to the dev server if ``GIN_DEV_GUILD_ID`` is set, else globally."""
        guild = (
            discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        )
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        self.command_count = sum(
            1
            for cmd in self.tree.walk_commands(guild=guild)
            if isinstance(cmd, app_commands.Command)
        )
        where = f"server {guild.id}" if guild is not None else "all servers (global)"
        log.info("synced %d slash commands to %s", self.command_count, where)
        return synced

    async def open_services(self) -> None:
        """Build the services, the screens and the use cases (what the cogs are handed);
        setup_hook does, before it loads the cogs."""
        self.services = await Services.open(self.settings)
        self.screens = Screens.build(
            self,
            self.services,
            pictures=self.settings.pictures,
            limits=self.settings.rest_limits,
            share=self.settings.global_share,
        )
        tournaments, screens = self.services.tournaments, self.screens
        shown = TournamentPresenter(
            self, tournaments, screens.readers, screens.outbox, screens.notifier.dms
        )
        tournaments.subscribe(shown.show)
        self.tournament_case = TournamentUseCase(tournaments, shown)
        services = self.services
        presenter = ChallengePresenter(screens.outbox, screens.notifier.dms, screens.readers)
        self.challenge_case = ChallengeUseCase(
            services.challenges, services.tables, services.circle, presenter
        )
        self.play_case = PlayUseCase(services.tables)
        readers = screens.readers
        chatting = ChatPresenter(screens.outbox, readers.server_language, readers.language_of)
        self.chat_case = ChatUseCase(services.tables, services.circle, chatting)
        letters = Letters(screens.notifier.dms, screens.readers)
        self.records_case = RecordsUseCase(services.circle, letters)
        settings = self.settings
        if settings.rest_limits and settings.rest_share is None and services.store.shared:
            # Starts at its shards' share; then takes what the other processes leave. The
            # DM-open bucket is the whole bot's too: the process dealing every Accept (shard
            # 0's, docs/deploy.md) borrows what the others leave of it.
            report, role = services.store.rest_demand.report, settings.process_role
            budgets = (
                rest_budget.Budget(screens.outbox.gate, report, role, Limits().global_[0]),
                rest_budget.Budget(
                    screens.outbox.dm_opens, report, role, Limits().dm_open[0], bucket=DM_OPEN
                ),
            )

            async def step() -> None:
                for budget in budgets:
                    await budget.step()

            self.budget = Repeating(step, lambda: rest_budget.EVERY, "rest-budget")

    def wired(self) -> tuple[Services, Screens]:
        """The services and screens, for a cog's ``setup`` (built in :meth:`setup_hook`)."""
        if self.services is None or self.screens is None:
            raise RuntimeError("extensions load in setup_hook, after the services are built")
        return self.services, self.screens

    async def close(self) -> None:
        """Stop in order: no new work, the interactions being handled finish (a few
        seconds), the timers stop, the connection closes, then the services and the store.

        Safe to call twice at once: both callers wait for the same closing of the services
        (an unclosed aiosqlite connection keeps its thread, and the process, alive).
        """
        self.stopping = True
        if self.emoji_sync is not None and not self.emoji_sync.done():
            self.emoji_sync.cancel()
        in_flight = handlers_in_flight()
        if in_flight:
            # A command cut off mid-way would leave its player unanswered, and discord.py
            # dispatches its completion event on a loop that is gone by then.
            _, late = await asyncio.wait(in_flight, timeout=DRAIN_SECONDS)
            if late:
                log.warning("stopping with %d interactions still being handled", len(late))
        if self.budget is not None:
            await self.budget.stop()
        if self.services is not None:
            # Timers and table notifications talk to Discord, whose connection closes next:
            # stop them first rather than let them fail one by one (`Services.stop`).
            await self.services.stop()
        if self.screens is not None:
            # The last boards and hands, briefly, before the connection goes.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.screens.notifier.idle(), 2.0)
            self.screens.outbox.close()
            self.screens.stop()
        await super().close()
        if self._services_closed is None and self.services is not None:
            self._services_closed = asyncio.ensure_future(self.services.close())
        if self._services_closed is not None:
            await asyncio.shield(self._services_closed)
        if self.ops_server is not None:
            await self.ops_server.stop()
            self.ops_server = None

    async def on_ready(self) -> None:
        log.info(READY_LINE, self.command_count, len(self.guilds))
        self.start_emoji_sync()

    def start_emoji_sync(self) -> None:
        """Upload the card emojis in the background, once per start (``on_ready`` comes
        again after a lost session); the tables do not wait for them."""
        if self.emoji_sync is None and self.settings.card_emojis and self.screens is not None:
            self.emoji_sync = asyncio.create_task(
                sync_card_emojis(self, self.screens.emojis), name="gin-card-emojis"
            )

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction (command, control, form) teaches the player's Discord locale."""
        if self.screens is None:
            return
        try:
            await self.screens.readers.seen(interaction)
        except Exception:
            # Remembering a language must never stand in the way of the answer.
            log.warning("could not keep the locale of user %s", interaction.user.id, exc_info=True)

    # --- the shared /gin group -----------------------------------------------------------
    async def add_cog(
        self,
        cog: commands.Cog,
        /,
        *,
        override: bool = False,
        guild: discord.abc.Snowflake | None = MISSING,
        guilds: Sequence[discord.abc.Snowflake] = MISSING,
    ) -> None:
        """Add a cog, then attach its ``@gin_command`` methods to ``/gin``."""
        await super().add_cog(cog, override=override, guild=guild, guilds=guilds)
        try:
            command_group.attach(self.gin, cog)
        except Exception:
            await super().remove_cog(cog.qualified_name)
            raise

    async def remove_cog(
        self,
        name: str,
        /,
        *,
        guild: discord.abc.Snowflake | None = MISSING,
        guilds: Sequence[discord.abc.Snowflake] = MISSING,
    ) -> commands.Cog | None:
        cog = await super().remove_cog(name, guild=guild, guilds=guilds)
        if cog is not None:
            command_group.detach(self.gin, cog)
        return cog

    # --- errors --------------------------------------------------------------------------
    async def _on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        language: Language | None = None
        if self.screens is not None:
            # The reader's chosen language; a failing lookup must not hide the answer.
            with contextlib.suppress(Exception):
                language = await self.screens.readers.language(interaction)
        try:
            await handle_interaction_error(interaction, error, language)
        finally:
            let_go(interaction)

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], command: Any
    ) -> None:
        let_go(interaction)
