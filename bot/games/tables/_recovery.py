"""A restart: the tables in play rebuilt from the store, their timers armed again and every
one shown afresh."""

from __future__ import annotations

import dataclasses
import logging

from bot.engine import IllegalAction, Match
from bot.engine.breakdown import match_breakdown
from bot.games.errors import GameError
from bot.games.model import PublicRound, TableState, TableUpdate
from bot.kernel import Scheduler

from ._live import LiveTable, auto_counts, resigned_seats
from ._part import Core, Part
from ._registry import replay
from ._state import state, update

log = logging.getLogger(__name__)


class Recovery(Part):
    """`TableService.recover`."""

    def __init__(self, core: Core, scheduler: Scheduler) -> None:
        super().__init__(core)
        self.scheduler = scheduler

    async def recover(self) -> int:
        """Rebuild every table in play from its snapshot plus the moves logged after it,
        arm its timers again and show it afresh. Returns how many tables were restored.

        On a shared store (several processes) a process is responsible for showing the
        changes it makes; so a process that starts takes over, and shows afresh, only the
        tables whose latest change its predecessor made (the one process before it with the
        same `role`, found by the owner of the tables' timers, `Timers.arm`): those whose
        last update may have died with it. Any other table is another live process's to show
        (were it shown here too, that process would go on editing the messages this one
        replaced), and is rebuilt by whichever process needs it, at its next click or timer.
        Then the timers' poll starts."""
        if self.setup.shared:
            restored = await self._take_over()
            self.scheduler.start()
            return restored
        return await self._rebuild_all()

    async def _take_over(self) -> int:
        """Shared store: the tables the process before this one (same role) changed last."""
        restored = 0
        role = self.setup.role
        left = (
            []
            if role is None
            else await self.store.timers.left_by("table", role, but=self.setup.owner)
        )
        for timer in left:
            try:
                async with self.registry.hold(timer.ref_id) as live:
                    if live.match is None or live.record.status != "playing":
                        continue
                    await self.show_again(live)
            except GameError:
                continue  # over or gone meanwhile
            restored += 1
        log.info(
            "tables in play shown afresh: %d (last changed by the process before this one, %s)",
            restored,
            role,
        )
        return restored

    async def _rebuild_all(self) -> int:
        """One process alone: every table in play."""
        restored = 0
        for item in await self.store.tables.in_play():
            record = item.table
            try:
                if record.status == "lobby":
                    self.registry.live[record.id] = LiveTable(record, None, record.version)
                    continue
                if record.state_json is None:
                    continue
                match = replay(item)
            except (ValueError, IllegalAction, KeyError):
                log.exception("table %s could not be restored; it is abandoned", record.id)
                await self.store.tables.abandon(record.id)
                continue
            live = LiveTable(record, match, record.version, resigned=resigned_seats(record))
            live.auto_moves = auto_counts(record)
            live.auto_saved = dict(live.auto_moves)
            if record.turn_deadline is not None:
                live.deadline = record.turn_deadline.timestamp()
            self.registry.live[record.id] = live
            await self.show_again(live)
            restored += 1
        return restored

    async def show_again(self, live: LiveTable) -> None:
        """A table rebuilt at a restart: arm what it waits for again (on a shared store, in
        this process's name) and, in a round, show it and every hand afresh: updates still
        queued when the process stopped are gone, and nobody is to be left without their
        controls. Changes neither the game nor the version."""
        assert live.match is not None
        # A round's reveal the process before never posted (killed between the round's
        # end and its post) goes first, before the current round's board.
        for number in missing_reveals(live):
            self.updates.emit(live, TableUpdate("reveal", past_round(live, number)))
        # Its next update (this one, or the next deal's) first retires the hands the
        # process before left live that no table remembers.
        live.restored = True
        if live.match.round_over:
            await self.timers.after_round(live)  # the next deal shows everything
            return
        self.updates.emit(live, update(live, "round_start"))
        await self.timers.schedule(live)

    async def revealed(self, table_id: int, round_no: int) -> None:
        """Round `round_no`'s reveal is in the table's channel: a restart need not post it
        (the notifier tells, once Discord has it)."""
        await self.store.tables.set_revealed(table_id, round_no)


def missing_reveals(live: LiveTable) -> list[int]:
    """The rounds over (numbered from 1, as their reveals are) whose reveal the store does
    not know as posted."""
    assert live.match is not None
    rounds = live.match.rounds
    first = live.record.revealed_round + 1
    return [n for n in range(first, len(rounds) + 1) if rounds[n - 1].over]


def past_round(live: LiveTable, number: int) -> TableState:
    """The table as it was when round `number` ended, for its reveal."""
    match = live.match
    assert match is not None
    now = state(live)
    if number == len(match.rounds):  # the round over is the table's newest
        return now
    return dataclasses.replace(
        now,
        public=PublicRound.of(match.rounds[number - 1].view(0), number),
        scores=_scores_after(match, number),
        turn_deadline_ts=None,
        previous=None,
        match_over=False,
        breakdown=None,
    )


def _scores_after(match: Match, number: int) -> tuple[int, ...]:
    """The match's scores once its first `number` rounds were played (`Match.scores`, cut
    to the rounds it counts among those)."""
    counted = sum(
        1 for rnd in match.rounds[:number] if rnd.result is not None and rnd.result.kind != "redeal"
    )
    return match_breakdown(match.rules, match.scored_rounds[:counted]).totals or (
        (0,) * match.seats
    )
