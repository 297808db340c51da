"""A restart, and the tournament timers a shared store's poll hands this process: each
tournament carried on from where the store has it."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.kernel import Due

from ..types import TournamentError
from ._deadlines import Deadlines
from ._live import LiveTournament
from ._part import Part
from ._results import Results
from ._rounds import Rounds
from ._setup import TIMER_KIND

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Recovery(Part):
    """`TournamentService.restore` and `fire_timer`."""

    rounds: Rounds
    results: Results
    deadlines: Deadlines

    async def restore(self) -> int:
        """Load every unfinished tournament after a restart: re-arm its deadline, open any
        table a crash left unopened, take results of matches that ended while we were
        away, and carry on. Returns how many were restored.

        On a shared store nothing is loaded here (other processes may be running these
        tournaments): each running one gets a "check" timer due now, and whichever process
        claims it does the above under the timer's lease; returns 0."""
        if self.setup.shared:
            now = self.setup.clock()
            for row in await self.store.tournaments.unfinished():
                if row.status == "running":
                    await self.timers.scheduler.arm(TIMER_KIND, row.id, "check", row.version, now)
            return 0
        count = 0
        for row in await self.store.tournaments.unfinished():
            if row.id in self.registry.live:
                continue
            try:
                live = await self.registry.load(row)
            except (ValueError, KeyError, TournamentError):
                log.exception("tournament %s could not be restored", row.id)
                continue
            self.registry.live[row.id] = live
            async with live.lock:
                if live.t is not None and live.t.started:
                    await self.rounds.ensure(live)
                    await self.results.catch_up(live)
                    await self.timers.arm(live)
                    await self.rounds.after_result(live)
            count += 1
        return count

    async def fire_timer(self, timer: Due) -> None:
        """Shared store: fire the tournament's timer this process claimed (the scheduler's
        poll calls this, through `Timers.fire`). It acts on the tournament's latest state,
        so a timer made moot by a later change does nothing; raising leaves it claimed, and
        it is tried again when its lease runs out."""
        await self.registry.shared_step(timer.ref_id, lambda live: self._fire(live, timer.what))

    async def _fire(self, live: LiveTournament, what: str) -> None:
        t = live.t
        if live.row.status != "running" or t is None or not t.started:
            return
        if what == "check":  # after a restart: the round's tables, as `restore` does
            await self.rounds.ensure(live)
        # Matches whose process ended them without telling us (it died meanwhile).
        await self.results.catch_up(live)
        if what == "round":
            await self.rounds.pair_next(live)
            return
        if live.deadline is not None and self.setup.clock() >= live.deadline:
            await self.deadlines.apply(live)
            return
        await self.rounds.after_result(live)
        await self.timers.arm(live)
