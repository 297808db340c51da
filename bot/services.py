"""The services a running bot holds: the store and the game services built on it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from discord.ext import commands

from bot.circle import CircleService
from bot.engine.players.levels import make_player
from bot.games.challenges import ChallengeService
from bot.games.tables import TableService, Timing
from bot.settings import Settings
from bot.startup import open_store_waiting
from bot.store import Store

if TYPE_CHECKING:
    from bot.client import GinBot


def timing_from(settings: Settings) -> Timing:
    """Game timers (seconds) from the bot's settings."""
    return Timing(
        turn=settings.turn_seconds,
        reminder=min(settings.reminder_seconds, settings.turn_seconds / 2),
        round_pause=settings.round_pause,
        computer_delay=settings.computer_delay,
    )


@dataclass
class Services:
    store: Store
    tables: TableService
    challenges: ChallengeService
    circle: CircleService

    @classmethod
    async def open(cls, database: str, timing: Timing, challenge_seconds: float) -> Services:
        store = await open_store_waiting(database)
        tables = TableService(store, timing=timing, make_player=make_player)
        challenges = ChallengeService(store, tables, ttl=challenge_seconds)
        return cls(store, tables, challenges, CircleService(store))

    async def close(self) -> None:
        await self.tables.close()
        await self.store.close()


async def services_of(client: commands.Bot) -> Services:
    """The bot's services, opened on first use from its settings (one set per bot; the bot
    closes them when it closes)."""
    bot = cast("GinBot", client)
    services: Services | None = bot.services
    if services is None:
        settings = bot.settings
        services = await Services.open(
            str(settings.database), timing_from(settings), settings.challenge_seconds
        )
        bot.services = services
    return services
