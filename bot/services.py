"""The services a running bot holds: the store and the game services built on it."""

from __future__ import annotations

import os
from dataclasses import dataclass

from bot.games.challenges import ChallengeService
from bot.games.tables import TableService, Timing
from bot.store import Store, open_store


def timing_from_env() -> Timing:
    """Game timers from the environment (seconds); tests make them short."""

    def num(name: str, default: float) -> float:
        raw = os.environ.get(name, "").strip()
        return float(raw) if raw else default

    return Timing(
        turn=num("GIN_TURN_SECONDS", 180.0),
        reminder=num("GIN_REMINDER_SECONDS", 60.0),
        round_pause=num("GIN_ROUND_PAUSE", 5.0),
        computer_delay=num("GIN_COMPUTER_DELAY", 1.5),
    )


@dataclass
class Services:
    store: Store
    tables: TableService
    challenges: ChallengeService

    @classmethod
    async def open(cls, database: str, timing: Timing | None = None) -> Services:
        store = await open_store(database)
        tables = TableService(store, timing=timing or timing_from_env())
        ttl = float(os.environ.get("GIN_CHALLENGE_SECONDS", "").strip() or 300.0)
        return cls(store, tables, ChallengeService(store, tables, ttl=ttl))

    async def close(self) -> None:
        await self.tables.close()
        await self.store.close()


async def services_of(bot: object) -> Services:
    """The bot's services, opened on first use from its settings (one set per bot)."""
    services: Services | None = getattr(bot, "services", None)
    if services is None:
        settings = getattr(bot, "settings", None)
        database = str(getattr(settings, "database", "data/gin.sqlite3"))
        services = await Services.open(database)
        bot.services = services  # type: ignore[attr-defined]
    return services
