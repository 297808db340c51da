"""The one scheduler: everything that happens later without a click, by kind of timer.

One timer per (kind, id): arming one replaces the one there. One process alone (SQLite) runs
it as a task; processes sharing a store (PostgreSQL) write it as a row of `store.timers`,
which the poll (`fire_due`) of whichever process comes first claims with a lease, fires and
deletes. Either way the kind's one handler fires it, with the same `Due`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.store.models import Timer
from bot.store.repositories import Storage

from .due import Due, Handler, Pace, Spawn
from .repeating import Repeating

log = logging.getLogger(__name__)

Sweep = Callable[[datetime], Awaitable[object]]


class Scheduler:
    """Arms timers and fires each with its kind's handler: tasks, or claimed store rows."""

    def __init__(
        self,
        store: Storage,
        *,
        shared: bool,
        owner: str,
        clock: Callable[[], float],
        pace: Callable[[], Pace],
    ) -> None:
        self.store = store
        #: Several processes share the store: timers are its rows, not tasks.
        self.shared = shared
        #: This process's name on the timers it arms for itself and claims.
        self.owner = owner
        #: Epoch seconds now (tests move it); read at every use.
        self.clock = clock
        self.pace = pace
        self._handlers: dict[str, Handler] = {}
        self._spawns: dict[str, Spawn] = {}
        self._clocks: dict[str, Callable[[], float]] = {}
        self._local: set[str] = set()
        self._tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._sweeps: list[Sweep] = []
        self._next_sweep = 0.0
        self._poll = Repeating(self.fire_due, lambda: self.pace().poll, "timers-poll")
        #: Set by `stop`: nothing is armed any more.
        self.stopped = False

    # ----- wiring ---------------------------------------------------------------------

    def on(
        self,
        kind: str,
        handler: Handler,
        *,
        spawn: Spawn | None = None,
        clock: Callable[[], float] | None = None,
        local: bool = False,
    ) -> None:
        """`handler(due)` fires the timers of `kind`; on one process alone each runs in a
        task started by `spawn` (default `asyncio.create_task`) and waits on `clock` (the
        service's own, if its times are read on it; default the scheduler's). A `local`
        kind is a task of this process on a shared store too: for work whose due time is
        kept in the store already and that any number of processes may do at once (the
        challenges' expiry, one atomic update)."""
        self._handlers[kind] = handler
        if local:
            self._local.add(kind)
        if spawn is not None:
            self._spawns[kind] = spawn
        if clock is not None:
            self._clocks[kind] = clock

    def add_sweep(self, sweep: Sweep) -> None:
        """`sweep(now)` runs before a poll's claim, every `pace().sweep` seconds (shared
        store): a safety net that arms what something left without a timer."""
        self._sweeps.append(sweep)

    # ----- arming ---------------------------------------------------------------------

    async def arm(
        self, kind: str, ref_id: int, what: str, version: int, at: float, *, mine: bool = False
    ) -> asyncio.Task[None] | None:
        """The timer of (`kind`, `ref_id`): `what` is due at `at` (epoch seconds) for the
        state `version`. One process alone: a task, returned (cancelling it cancels the
        timer). Shared store: the row, replacing the one there unless that one was armed at
        a later version; with `mine`, this process alone may claim it until a lease after
        `at` (it holds what the timer is for). Raises what the store raises."""
        if self.shared and kind not in self._local:
            await self.store.timers.arm(
                kind,
                ref_id,
                what,
                version,
                datetime.fromtimestamp(at, UTC),
                for_owner=self.owner if mine else None,
                grace=self.pace().lease if mine else 0.0,
            )
            return None
        if self.stopped:
            return None
        key = (kind, ref_id)
        self._cancel_task(key)
        spawn = self._spawns.get(kind, asyncio.create_task)
        task = spawn(self._run(Due(kind, ref_id, what, version, at)))
        self._tasks[key] = task
        task.add_done_callback(lambda done: self._forget(key, done))
        return task

    async def cancel(self, kind: str, ref_id: int) -> None:
        """No timer of (`kind`, `ref_id`) any more."""
        if self.shared and kind not in self._local:
            await self.store.timers.cancel(kind, ref_id)
        else:
            self._cancel_task((kind, ref_id))

    def _cancel_task(self, key: tuple[str, int]) -> None:
        task = self._tasks.pop(key, None)
        # A timer at work that arms its successor is not cut off by it.
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def _forget(self, key: tuple[str, int], task: asyncio.Task[None]) -> None:
        if self._tasks.get(key) is task:
            del self._tasks[key]

    async def _run(self, due: Due) -> None:
        clock = self._clocks.get(due.kind, self.clock)
        await asyncio.sleep(max(0.0, due.at - clock()))
        handler = self._handlers.get(due.kind)
        if handler is None:
            log.warning("timer %s of %s %s: no handler", due.what, due.kind, due.ref_id)
            return
        try:
            await handler(due)
        except Exception:
            log.exception("timer %s of %s %s failed", due.what, due.kind, due.ref_id)

    # ----- the shared store's poll ----------------------------------------------------

    def start(self) -> None:
        """Poll the store's timers until `stop` (shared store only)."""
        if self.shared and not self.stopped:
            self._poll.start()

    async def stop(self) -> None:
        """No more polls, and every timer task still waiting cancelled."""
        self.stopped = True
        await self._poll.stop()
        for key in list(self._tasks):
            self._cancel_task(key)

    async def fire_due(self, now: float | None = None) -> int:
        """Claim the timers due at `now` (default: the clock) for this process, with a lease,
        and fire them; returns how many were claimed. Now and then, the sweeps run first."""
        at = self.clock() if now is None else now
        when = datetime.fromtimestamp(at, UTC)
        pace = self.pace()
        if at >= self._next_sweep:
            self._next_sweep = at + pace.sweep
            for sweep in self._sweeps:
                await sweep(when)
        claimed = await self.store.timers.claim(self.owner, when, pace.lease)
        if claimed:
            await asyncio.gather(*(self._fire(timer) for timer in claimed))
        return len(claimed)

    async def _fire(self, timer: Timer) -> None:
        """Fire one claimed timer, then delete it (unless firing armed the next one). If
        firing fails the timer stays claimed: once the lease runs out, it is tried again."""
        handler = self._handlers.get(timer.kind)
        if handler is None:  # not this process's business: left for one that knows it
            log.warning("timer %s of unknown kind %r left alone", timer.id, timer.kind)
            return
        try:
            await handler(Due.of(timer))
        except Exception:
            log.exception(
                "timer %s (%s of %s %s) failed", timer.id, timer.what, timer.kind, timer.ref_id
            )
            return
        await self.store.timers.done(timer)
