"""A borrowable global budget: the processes that share the bot's token split Discord's
global limit by what each asks of it, not by a fixed share (docs/deploy.md, "One token,
several processes").

A few times a second each process writes its demand (global-limited requests spent in the
last second plus those waiting at its gate) to the shared store and reads the others'
(`allowances`): its gate's limit follows. Rows not written for `FRESH` seconds (a process
that died) count for nothing. A read a moment old can let the sum overshoot the budget for
a moment; Discord then answers a 429, which the outbox retries in place.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable, Mapping

from bot.outbox.gate import Gate

log = logging.getLogger(__name__)

#: Seconds between two reports of this process's demand.
EVERY = 0.25
#: A row older than this (seconds) is a process that stopped: it gets nothing.
FRESH = 2.0
#: Requests a second every live process keeps, however quiet: its next click is sent at once.
FLOOR = 3

#: Write this process's demand, read every fresh one: (process, demand, fresh) -> demands.
Report = Callable[[str, int, float], Awaitable[Mapping[str, int]]]


def allowances(demands: Mapping[str, int], budget: int, floor: int = FLOOR) -> dict[str, int]:
    """Each process's requests a second out of `budget`: its demand plus an even part of
    the spare when the demands fit; otherwise the floor plus a part of the rest proportional
    to what it asks beyond the floor. Every process keeps the floor (less when so many
    share the budget that the floors alone would not fit); the sum never exceeds `budget`."""
    if not demands:
        return {}
    floor = max(1, min(floor, budget // len(demands)))
    wanted = {name: max(demand, floor) for name, demand in demands.items()}
    total = sum(wanted.values())
    if total <= budget:
        spare = (budget - total) // len(wanted)
        return {name: want + spare for name, want in wanted.items()}
    rest = budget - floor * len(wanted)
    beyond = {name: want - floor for name, want in wanted.items()}
    asked = sum(beyond.values())
    return {name: floor + math.floor(rest * more / asked) for name, more in beyond.items()}


class Budget:
    """This process's part of the token's global budget, kept by `step` (called every
    `EVERY` seconds while the bot runs): the gate's limit follows the processes' demands."""

    def __init__(self, gate: Gate, report: Report, process: str, budget: int) -> None:
        self.gate = gate
        self.report = report
        self.process = process
        self.budget = budget

    def demand(self) -> int:
        """Global-limited requests spent within the last window, plus those waiting."""
        return self.gate.window.used() + self.gate.waiting

    async def step(self) -> int:
        """Report this process's demand, read the others', set the gate's limit: it."""
        demands = dict(await self.report(self.process, self.demand(), FRESH))
        mine = allowances(demands, self.budget).get(self.process)
        if mine is not None and mine != self.gate.window.limit:
            log.debug("global budget: %d a second (%d processes)", mine, len(demands))
            self.gate.set_limit(mine)
        return self.gate.window.limit
