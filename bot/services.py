"""The services a running bot holds: the store and the game services built on it."""

from __future__ import annotations

import os
from dataclasses import dataclass

from bot.circle import CircleService
from bot.engine.players.levels import make_player
from bot.games.challenges import ChallengeService
from bot.games.tables import TableService, Timing
from bot.store import Store, open_store


def _num(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    return float(raw) if raw else default


def timing_from_env(settings: object = None) -> Timing:
    """Game timers (seconds): the bot's settings where they have them, else the environment.
    Tests make them short."""
    turn = getattr(settings, "turn_seconds", None)
    delay = getattr(settings, "computer_delay", None)
    turn = _num("GIN_TURN_SECONDS", 180.0) if turn is None else float(turn)
    return Timing(
        turn=turn,
        reminder=min(_num("GIN_REMINDER_SECONDS", 60.0), turn / 2),
        round_pause=_num("GIN_ROUND_PAUSE", 5.0),
        computer_delay=_num("GIN_COMPUTER_DELAY", 1.5) if delay is None else float(delay),
    )


@dataclass
class Services:
    store: Store
    tables: TableService
    challenges: ChallengeService
    circle: CircleService

    @classmethod
    async def open(
        cls, database: str, timing: Timing | None = None, challenge_seconds: float | None = None
    ) -> Services:
        store = await open_store(database)
        tables = TableService(store, timing=timing or timing_from_env(), make_player=make_player)
        ttl = (
            _num("GIN_CHALLENGE_SECONDS", 300.0) if challenge_seconds is None else challenge_seconds
        )
        return cls(store, tables, ChallengeService(store, tables, ttl=ttl), CircleService(store))

    async def close(self) -> None:
        await self.tables.close()
        await self.store.close()


async def services_of(bot: object) -> Services:
    """The bot's services, opened on first use from its settings (one set per bot)."""
    services: Services | None = getattr(bot, "services", None)
    if services is None:
        settings = getattr(bot, "settings", None)
        database = str(getattr(settings, "database", "data/gin.sqlite3"))
        services = await Services.open(
            database,
            timing_from_env(settings),
            getattr(settings, "challenge_seconds", None),
        )
        bot.services = services  # type: ignore[attr-defined]
    return services
