"""The services a running bot holds, built once in ``GinBot.setup_hook`` before any cog loads.

Every service is built here and nowhere else, so the wiring between them is in one place:
the rating updater rates each finished match inside its ``finish_match`` transaction, the
tournament service watches the tables, and every service arms its timers on the one
scheduler (`bot/kernel`). Cogs are handed the services they use. Their life is here too:
`start` (once the cogs have subscribed) and `stop`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.app.settings import Settings
from bot.app.startup import open_store_waiting
from bot.circle import CircleService
from bot.circle.profiles import Profiles
from bot.engine.players.levels import make_player
from bot.games.challenges import ChallengeService
from bot.games.tables import TableService, Timing
from bot.kernel import Scheduler
from bot.ratings.service import RatingService
from bot.servers.settings import ServerSettings
from bot.store.repositories import Storage
from bot.tournaments._model import TournamentTiming
from bot.tournaments.service import TournamentService


def timing_from(settings: Settings) -> Timing:
    """Game timers (seconds) from the bot's settings."""
    return Timing(
        turn=settings.turn_seconds,
        reminder=min(settings.reminder_seconds, settings.turn_seconds / 2),
        round_pause=settings.round_pause,
        computer_delay=settings.computer_delay,
        lease=max(1.0, settings.timer_lease),
    )


@dataclass
class Services:
    store: Storage
    tables: TableService
    challenges: ChallengeService
    circle: CircleService
    ratings: RatingService
    tournaments: TournamentService
    servers: ServerSettings
    #: A player's settings, language, DMs and favorites, as the Discord side reads them.
    profiles: Profiles
    #: Set by `stop`.
    stopped: bool = field(default=False, init=False)

    @property
    def scheduler(self) -> Scheduler:
        """The one scheduler every service arms its timers on (built by the table service,
        whose timing sets its pace)."""
        return self.tables.scheduler

    @classmethod
    async def open(cls, settings: Settings) -> Services:
        """Open the store and build every service on it."""
        store = await open_store_waiting(str(settings.database), pool_size=settings.pg_pool_size)
        ratings = RatingService(store)
        tables = TableService(
            store,
            timing=timing_from(settings),
            make_player=make_player,
            ratings=ratings,
            role=settings.process_role,
        )
        challenges = ChallengeService(store, tables, ttl=settings.challenge_seconds)
        tournaments = TournamentService(
            store,
            tables,
            timing=TournamentTiming(
                no_show=settings.tournament_no_show,
                between_rounds=settings.tournament_round_pause,
            ),
        )
        tournaments.attach(ratings)
        servers = ServerSettings(store)
        await servers.reload()  # before any message goes out
        return cls(
            store,
            tables,
            challenges,
            CircleService(store),
            ratings,
            tournaments,
            servers,
            Profiles(store),
        )

    async def start(self) -> None:
        """Set everything going, once the observers (the cogs) have subscribed: the games in
        play recovered and shown afresh (`TableService.recover`), the tournaments restored,
        the challenges' expiry armed, the scheduler's poll (shared store) and the servers'
        settings read again now and then (shared store)."""
        await self.tables.recover()
        await self.tournaments.restore()
        await self.challenges.start()
        self.scheduler.start()
        self.servers.keep_fresh()

    async def stop(self) -> None:
        """Stop the timers, in order: tournaments first (their deadlines end tables; one at
        work gets a few seconds), then the tables, then the scheduler's and the servers'
        loops. The store stays open (`close`). Safe to call twice."""
        if self.stopped:
            return
        self.stopped = True
        await self.tournaments.close()
        await self.tables.close()
        await self.scheduler.stop()
        await self.servers.close()

    async def close(self) -> None:
        await self.stop()
        await self.store.close()
