"""Timers in a shared store (several processes): polled, claimed with a lease by whichever
process comes first, fired, then deleted."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.games.errors import GameError
from bot.store.models import Timer

from ._live import LiveTable
from ._registry import Registry
from ._setup import Setup
from ._timers import Timers

log = logging.getLogger(__name__)


class StoreTimers:
    """The poll of the store's timers: the tables' own, and other kinds by their handler."""

    def __init__(self, setup: Setup, registry: Registry, timers: Timers) -> None:
        self.setup = setup
        self.store = setup.store
        self.registry = registry
        self.timers = timers
        self._loop: asyncio.Task[None] | None = None
        self._next_sweep = 0.0
        #: Timer kinds other than "table" and who fires them (shared store; tournaments).
        self.handlers: dict[str, Callable[[Timer], Awaitable[None]]] = {}

    def start(self) -> None:
        """Poll the store's timers for as long as the service runs (shared store only)."""
        if self.setup.shared and self._loop is None and not self.setup.closing:
            self._loop = asyncio.create_task(self._poll())

    async def stop(self) -> None:
        loop, self._loop = self._loop, None
        if loop is not None:
            loop.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await loop

    async def _poll(self) -> None:
        while not self.setup.closing:
            try:
                await self.fire_due()
            except Exception:
                log.exception("the timers could not be polled")
            await asyncio.sleep(self.setup.timing.poll)

    async def fire_due(self, now: float | None = None) -> int:
        """Claim the timers due at `now` (default: the clock) for this process, with a lease,
        and fire them; returns how many were claimed. Now and then, first arm a "check" for
        any playing table left without a timer."""
        at = self.setup.clock() if now is None else now
        when = datetime.fromtimestamp(at, UTC)
        if at >= self._next_sweep:
            self._next_sweep = at + self.setup.timing.sweep
            await self.store.timers.sweep_tables(when)
        claimed = await self.store.timers.claim(self.setup.owner, when, self.setup.timing.lease)
        if claimed:
            await asyncio.gather(*(self._fire(timer) for timer in claimed))
        return len(claimed)

    async def _fire(self, timer: Timer) -> None:
        """Fire one claimed timer, then delete it (unless firing armed the next one). A
        timer for a version the table has moved past, or for a table over, is moot. If
        firing fails the timer stays claimed: once the lease runs out, it is tried again."""
        try:
            if timer.kind == "table":
                async with self.registry.hold(timer.ref_id) as live:
                    await self._fire_table(live, timer)
            elif timer.kind in self.handlers:
                await self.handlers[timer.kind](timer)
            else:  # not this process's business: left for one that knows it, after the lease
                log.warning("timer %s of unknown kind %r left alone", timer.id, timer.kind)
                return
        except GameError:
            pass  # the table is over or gone
        except Exception:
            log.exception("timer %s (%s of table %s) failed", timer.id, timer.what, timer.ref_id)
            return
        await self.store.timers.done(timer)

    async def _fire_table(self, live: LiveTable, timer: Timer) -> None:
        timers = self.timers
        match = live.match
        if match is None or live.record.status != "playing":
            return
        if timer.what == "check":  # re-arm whatever the table is waiting for
            if match.round_over:
                await timers.after_round(live)
            else:
                await timers.schedule(live)
            return
        if timer.version != live.version:
            return  # the table moved on: this timer is moot
        if timer.what == "round":
            await timers.next_round(live)
            return
        seat = None if match.round_over else match.round.to_move
        if seat is None:
            return
        if timer.what == "computer" and live.is_auto(seat):
            await timers.computer_move(live)
        elif timer.what == "reminder" and live.deadline is not None:
            if self.setup.clock() >= live.deadline:
                # Taken over from a dead process after the turn's end: no reminder of a turn
                # already over, the turn times out.
                await timers.timeout(live)
                return
            timers.remind(live)
            await timers.arm(live, "turn", live.deadline)
        elif timer.what == "turn":
            await timers.timeout(live)
