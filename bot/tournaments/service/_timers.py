"""A round's no-show deadline and the pause between rounds: a task of this process, or on
a shared store the tournament's one timer row (the table service's poll fires it)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from ._live import LiveTournament
from ._setup import TIMER_KIND, Setup
from ._updates import Updates


class Timers:
    """Arms a tournament's deadline."""

    #: What the deadline does when it passes (`Deadlines.apply`), bound by the service.
    deadline_passed: Callable[[LiveTournament], Awaitable[None]]

    def __init__(self, setup: Setup, updates: Updates) -> None:
        self.setup = setup
        self.updates = updates

    async def arm(self, live: LiveTournament) -> None:
        """The round's deadline: a task of this process, or on a shared store a timer in the
        store (a later change that makes it moot needs no cancelling: firing checks)."""
        live.cancel_timer()
        if live.deadline is None or live.row.status != "running" or self.setup.closing:
            return
        if self.setup.shared:
            await self.arm_store(live, "deadline", live.deadline)
            return
        live.timer = self.updates.start(self._deadline_timer(live, live.deadline))

    async def arm_store(self, live: LiveTournament, what: str, at: float) -> None:
        """Shared store: the tournament's one timer row, armed at its current version (an
        older version never replaces a newer one's timer)."""
        await self.setup.store.timers.arm(
            TIMER_KIND, live.id, what, live.row.version, datetime.fromtimestamp(at, UTC)
        )

    async def _deadline_timer(self, live: LiveTournament, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.setup.clock()))
        async with live.lock:
            if live.deadline != deadline or live.row.status != "running":
                return
            live.timer = None
            await self.deadline_passed(live)
