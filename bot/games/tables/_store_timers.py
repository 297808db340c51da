"""What a table's timer does when it comes due, on either backend: the scheduler
(`bot/kernel`) hands it over as a task's (one process alone) or as a store row this process
claimed (several processes)."""

from __future__ import annotations

from bot.games.errors import GameError
from bot.kernel import Due

from ._live import LiveTable
from ._registry import Registry
from ._setup import Setup
from ._timers import Timers


class TableTimers:
    """The scheduler's handler of the tables' timers (kind "table")."""

    def __init__(self, setup: Setup, registry: Registry, timers: Timers) -> None:
        self.setup = setup
        self.registry = registry
        self.timers = timers

    async def fire(self, due: Due) -> None:
        """Do what the table's timer is for, under the table's lock, on the table as the
        store has it. A timer for a version the table has moved past, or for a table over
        or gone, is moot."""
        try:
            async with self.registry.hold(due.ref_id) as live:
                await self._fire(live, due)
        except GameError:
            pass  # the table is over or gone

    async def _fire(self, live: LiveTable, due: Due) -> None:
        timers = self.timers
        match = live.match
        if match is None or live.record.status != "playing":
            return
        if due.what == "check":  # re-arm whatever the table is waiting for
            if match.round_over:
                await timers.after_round(live)
            else:
                await timers.schedule(live)
            return
        if due.version != live.version:
            return  # the table moved on: this timer is moot
        live.timer = None  # at work: no longer cancelled by what it arms
        if due.what == "round":
            await timers.next_round(live)
            return
        seat = None if match.round_over else match.round.to_move
        if seat is None:
            return
        if due.what == "computer" and live.is_auto(seat):
            await timers.computer_move(live)
        elif due.what == "reminder" and live.deadline is not None:
            if self.setup.shared and self.setup.clock() >= live.deadline:
                # Taken over from a dead process after the turn's end: no reminder of a turn
                # already over, the turn times out. (One process alone reminds even when
                # late, a busy loop's lateness: then the turn's end follows at once.)
                await timers.timeout(live)
                return
            timers.remind(live)
            await timers.arm(live, "turn", live.deadline)
        elif due.what == "turn":
            await timers.timeout(live)
