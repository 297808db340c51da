"""The base of the tournament service's parts: what every part reads."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.tables import TableService
from bot.store.repositories import Storage

from ._registry import Registry
from ._setup import Setup
from ._timers import Timers
from ._updates import Updates


@dataclass(eq=False)
class Part:
    """A part of the tournament service (sign-up, rounds, results, deadlines, ...), built
    on the settings, the tournaments in memory, the observers' queue and the timers; a
    part's own fields, if any, follow (the other parts it calls)."""

    setup: Setup
    registry: Registry
    updates: Updates
    timers: Timers

    @property
    def store(self) -> Storage:
        return self.setup.store

    @property
    def tables(self) -> TableService:
        return self.setup.tables
