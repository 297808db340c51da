"""The services a running bot holds, built once in ``GinBot.setup_hook`` before any cog loads.

Every service is built here and nowhere else, so the wiring between them is in one place:
the rating updater rates each finished match inside its ``finish_match`` transaction, and the
tournament service watches the tables. Cogs are handed the services they use.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.circle import CircleService
from bot.circle.profiles import Profiles
from bot.engine.players.levels import make_player
from bot.games.challenges import ChallengeService
from bot.games.tables import TableService, Timing
from bot.rating_service import RatingService
from bot.server_settings import ServerSettings
from bot.settings import Settings
from bot.startup import open_store_waiting
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
        await servers.start()
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

    async def close(self) -> None:
        await self.servers.close()
        await self.tournaments.close()
        await self.tables.close()
        await self.store.close()
