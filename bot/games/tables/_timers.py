"""What happens next without a click, and when: the turn's deadline and reminder, a computer's
move, the pause between rounds. Armed on the one scheduler (`bot/kernel`): a task of this
process, or on a shared store (several processes) a timer row in the store; either way
`_store_timers.py` fires it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.engine import Match
from bot.engine.round import Round
from bot.kernel import Scheduler
from bot.store.models import NextTimer

from ._live import LiveTable
from ._setup import Setup
from ._state import update
from ._updates import Updates

log = logging.getLogger(__name__)

Step = Callable[[LiveTable], Awaitable[None]]


#: The scheduler's kind for a table's timers (the store's `timers.kind`).
TIMER_KIND = "table"


class Timers:
    """Arms each table's next timer on the scheduler."""

    #: What a timer does when it comes due, bound by `TableService` (the moves and rounds
    #: arm timers, and timers make moves and deal rounds): a computer's move, a turn run
    #: out, the next deal or the match's end.
    computer_move: Step
    timeout: Step
    next_round: Step

    def __init__(self, setup: Setup, updates: Updates, scheduler: Scheduler) -> None:
        self.setup = setup
        self.updates = updates
        self.scheduler = scheduler

    # ----- the plan -----------------------------------------------------------------

    def deadline_for(self, live: LiveTable, rnd: Round) -> datetime | None:
        seat = rnd.to_move
        if seat is None or live.is_auto(seat):
            return None
        return datetime.fromtimestamp(self.setup.clock() + self.setup.timing.turn, UTC)

    def next_deadline(self, live: LiveTable, match: Match) -> datetime | None:
        return self.deadline_for(live, match.round)

    def next_timer(
        self, live: LiveTable, rnd: Round, deadline: float | None
    ) -> tuple[str, float] | None:
        """What a shared store's timer for the table is to do next, and when (wall-clock
        seconds), with `rnd` the round as it stands and `deadline` the turn's: the next
        round after a pause, a computer's move, the reminder, or the turn running out.
        None: nothing to arm. One rule for `schedule`, `after_round` and a move's commit."""
        clock, timing = self.setup.clock, self.setup.timing
        if rnd.over:
            return "round", clock() + timing.round_pause
        seat = rnd.to_move
        if self.setup.closing or seat is None:
            return None
        if live.is_auto(seat):
            return "computer", clock() + timing.computer_delay
        if deadline is None:
            deadline = clock() + timing.turn
        remind_at = deadline - timing.reminder
        if remind_at > clock():
            return "reminder", remind_at
        return "turn", deadline

    def timer_with(
        self, live: LiveTable, rnd: Round, deadline: datetime | None
    ) -> NextTimer | None:
        """On a shared store, the table's next timer (`next_timer`) to commit with the
        change about to be written (a move, a start, a deal, a removal), in this process's
        name: a process killed right after the commit leaves the timer its restart finds
        (`recover`). None on one process alone, or when nothing is to be armed."""
        if not self.setup.shared:
            return None
        nxt = self.next_timer(live, rnd, None if deadline is None else deadline.timestamp())
        if nxt is None:
            return None
        what, due = nxt
        return NextTimer(
            what,
            datetime.fromtimestamp(due, UTC),
            for_owner=self.setup.owner,
            grace=self.setup.timing.lease,
        )

    # ----- arming ---------------------------------------------------------------------

    async def schedule(self, live: LiveTable, *, arm: bool = True) -> None:
        """Arm what happens next without a click: a computer's move, or the turn's reminder
        and then its end (unless `arm` is False: on a shared store, committed with the move
        already)."""
        match = live.match
        if match is not None and match.round_over and not match.over and not self.setup.closing:
            # Between rounds (a seat left during the pause): the next deal stays due, armed
            # again at the table's new version (a timer armed before it would be moot).
            await self.after_round(live, arm=arm)
            return
        live.cancel_timer()
        if self.setup.closing or live.match is None or live.match.round_over:
            return
        seat = live.match.round.to_move
        if seat is None:
            return
        if live.is_auto(seat):
            live.deadline = None
        elif live.deadline is None:
            live.deadline = self.setup.clock() + self.setup.timing.turn
        nxt = self.next_timer(live, live.match.round, live.deadline)
        if arm and nxt is not None:
            await self.arm(live, *nxt)

    async def after_round(self, live: LiveTable, *, arm: bool = True) -> None:
        """The pause before the next round (`arm` False: its timer is in the store already,
        committed with the move that ended the round)."""
        match = live.match
        assert match is not None
        live.cancel_timer()
        nxt = self.next_timer(live, match.round, live.deadline)
        if arm and nxt is not None:
            await self.arm(live, *nxt)

    async def arm(self, live: LiveTable, what: str, at: float) -> None:
        """The table's next timer: `what` is due at `at` (wall-clock seconds) for the table
        at its current version. On a shared store it is fired by this process (which holds
        the table and has queued its notifications) unless it is gone a lease after; a
        failure to write it is logged, not raised: the move is committed, and the sweep
        (`Scheduler.fire_due`) arms a "check" for a table left without timer."""
        try:
            live.timer = await self.scheduler.arm(
                TIMER_KIND, live.record.id, what, live.version, at, mine=True
            )
        except Exception:
            log.exception("could not arm the %s timer of table %s", what, live.record.id)

    def remind(self, live: LiveTable) -> None:
        seat = live.match.round.to_move if live.match else None
        if seat is not None and live.deadline is not None:
            left = max(0, round(live.deadline - self.setup.clock()))
            self.updates.emit(live, update(live, "reminder", note=f"{left}"))
