"""A round's no-show deadline and, on a shared store, the pause between rounds: the
tournament's one timer on the scheduler (`bot/kernel`), a task of this process or on a
shared store a timer row, fired here either way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.kernel import Due

from ._live import LiveTournament
from ._registry import Registry
from ._setup import TIMER_KIND, Setup
from ._updates import Updates


class Timers:
    """Arms a tournament's timer and fires it (the scheduler's handler of its kind)."""

    #: What the deadline does when it passes (`Deadlines.apply`), bound by the service.
    deadline_passed: Callable[[LiveTournament], Awaitable[None]]
    #: A shared store's timer, on the tournament's latest state (`Recovery.fire_timer`),
    #: bound by the service.
    fire_shared: Callable[[Due], Awaitable[None]]

    def __init__(self, setup: Setup, registry: Registry, updates: Updates) -> None:
        self.setup = setup
        self.registry = registry
        self.scheduler = setup.tables.scheduler
        # Its tasks are the service's own (`close` lets one at work finish), waiting on the
        # service's clock, which the deadlines are read on.
        self.scheduler.on(TIMER_KIND, self.fire, spawn=updates.start, clock=setup.clock)

    async def arm(self, live: LiveTournament) -> None:
        """The round's deadline (on a shared store a later change that makes it moot needs
        no cancelling: firing checks)."""
        live.cancel_timer()
        if live.deadline is None or live.row.status != "running" or self.setup.closing:
            return
        await self.arm_store(live, "deadline", live.deadline)

    async def arm_store(self, live: LiveTournament, what: str, at: float) -> None:
        """The tournament's one timer, armed at its current version (on a shared store, the
        timer row: an older version never replaces a newer one's timer; the pause between
        rounds is one only there)."""
        live.timer = await self.scheduler.arm(TIMER_KIND, live.id, what, live.row.version, at)

    async def fire(self, due: Due) -> None:
        """The tournament's timer came due: on a shared store, whatever it is for, on the
        latest state; one process alone, the deadline it was armed with, unless moved."""
        if self.setup.shared:
            await self.fire_shared(due)
            return
        live = self.registry.live.get(due.ref_id)
        if live is None:
            return
        async with live.lock:
            if live.deadline != due.at or live.row.status != "running":
                return
            live.timer = None
            await self.deadline_passed(live)
