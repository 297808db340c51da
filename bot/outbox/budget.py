"""Borrowable budgets: the processes that share the bot's token split Discord's global
limit, and its bucket for opening DMs (one for the whole bot), by what each asks of it, not
by a fixed share (docs/deploy.md, "One token, several processes").

A few times a second each process writes its demand (global-limited requests spent in the
last second plus those waiting at its gate) to the shared store and reads the others'
(`allowances`): its gate's limit follows. Rows not written for `FRESH` seconds (a process
that died) count for nothing. A read a moment old can let the sum overshoot the budget for
a moment; Discord then answers a 429, which the outbox retries in place.

While the store does not answer, the gate keeps the limit it has; the log says so at the
first failure, then at most once every `QUIET` seconds (with the count), and once when the
store answers again: four times a second would bury everything else.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol

from bot.outbox.limits import Window

log = logging.getLogger(__name__)

#: Seconds between two reports of this process's demand.
EVERY = 0.25
#: A row older than this (seconds) is a process that stopped: it gets nothing.
FRESH = 2.0
#: Requests a second every live process keeps, however quiet: its next click is sent at once.
FLOOR = 3
#: Seconds between two log lines about a store that still fails.
QUIET = 60.0

#: Write this process's demand, read every fresh one: (process, demand, fresh) -> demands.
Report = Callable[[str, int, float], Awaitable[Mapping[str, int]]]
#: Between a process and a bucket's name in a store row: ``shards 0 of 2|dm_open``.
SEP = "|"


class Metered(Protocol):
    """What a budget steers: a window (the requests spent), the requests waiting for it,
    and its limit (the global gate; the outbox's DM-open bucket)."""

    window: Window

    @property
    def waiting(self) -> int: ...

    def set_limit(self, limit: int) -> None: ...


def allowances(demands: Mapping[str, int], budget: int, floor: int = FLOOR) -> dict[str, int]:
    """Each process's requests a second out of `budget`: its demand plus an even part of
    the spare when the demands fit; otherwise the floor plus a part of the rest proportional
    to what it asks beyond the floor. Every process keeps the floor (less when so many
    share the budget that the floors alone would not fit); the sum never exceeds `budget`,
    and the units rounding leaves over go one each to the most demanding (then by name, so
    every process computes the same split): a budget of 5 is never 2 + 2."""
    if not demands:
        return {}
    floor = max(1, min(floor, budget // len(demands)))
    wanted = {name: max(demand, floor) for name, demand in demands.items()}
    total = sum(wanted.values())
    if total <= budget:
        spare = (budget - total) // len(wanted)
        got = {name: want + spare for name, want in wanted.items()}
    else:
        rest = budget - floor * len(wanted)
        beyond = {name: want - floor for name, want in wanted.items()}
        asked = sum(beyond.values())
        got = {name: floor + math.floor(rest * more / asked) for name, more in beyond.items()}
    left = budget - sum(got.values())
    for name in sorted(got, key=lambda name: (-demands[name], name))[: max(left, 0)]:
        got[name] += 1
    return got


def of_bucket(rows: Mapping[str, int], bucket: str) -> dict[str, int]:
    """The demands on `bucket` among the store's rows, by process."""
    demands = {}
    for row, demand in rows.items():
        process, sep, name = row.partition(SEP)
        if (name if sep else "") == bucket:
            demands[process] = demand
    return demands


class Budget:
    """This process's part of one of the token's budgets, kept by `step` (called every
    `EVERY` seconds while the bot runs): the gate's limit follows the processes' demands.
    `bucket` names the budget in the store's rows (none: the global one)."""

    def __init__(
        self,
        gate: Metered,
        report: Report,
        process: str,
        budget: int,
        *,
        bucket: str = "",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.gate = gate
        self.report = report
        self.process = process
        self.budget = budget
        self.bucket = bucket
        self.clock = clock
        #: Failed reports in a row, and those not yet told in the log; when it was last told.
        self._failures = 0
        self._untold = 0
        self._told_at = 0.0

    def demand(self) -> int:
        """Global-limited requests spent within the last window, plus those waiting."""
        return self.gate.window.used() + self.gate.waiting

    async def step(self) -> int:
        """Report this process's demand, read the others', set the gate's limit: it.
        A store that fails leaves the limit as it was (logged sparingly, see above)."""
        try:
            row = f"{self.process}{SEP}{self.bucket}" if self.bucket else self.process
            rows = await self.report(row, self.demand(), FRESH)
        except Exception as exc:  # any store error: the bot goes on at the limit it has
            self._failed(exc)
            return self.gate.window.limit
        if self._failures:
            log.info("global budget: the store answers again (%d reports failed)", self._failures)
            self._failures = self._untold = 0
        demands = of_bucket(rows, self.bucket)
        mine = allowances(demands, self.budget).get(self.process)
        if mine is not None and mine != self.gate.window.limit:
            log.debug("%s budget: %d (%d processes)", self.bucket or "global", mine, len(demands))
            self.gate.set_limit(mine)
        return self.gate.window.limit

    def _failed(self, exc: Exception) -> None:
        self._failures += 1
        self._untold += 1
        now = self.clock()
        if self._failures == 1:
            log.warning(
                "global budget: the store failed, the limit stays %d a second: %r",
                self.gate.window.limit,
                exc,
            )
        elif now - self._told_at < QUIET:
            return
        else:
            log.warning(
                "global budget: the store still fails (%d more reports in %.0f s): %r",
                self._untold,
                now - self._told_at,
                exc,
            )
        self._told_at = now
        self._untold = 0
