"""Leaving a match before its end: a turn run out (played automatically, then the player
removed for being away), a resignation, a match called off."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine.actions import DRAW_STOCK
from bot.engine.players import auto_move
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.i18n import Coded
from bot.store.errors import NotFound, StaleVersion, WrongStatus
from bot.store.models import EndedBy

from ._live import LiveTable, StaleButton
from ._moves import Moves
from ._part import Core, Part
from ._rounds import Rounds
from ._state import update


class Leaving(Part):
    """Seats that leave a match, and matches that end early."""

    def __init__(self, core: Core, moves: Moves, rounds: Rounds) -> None:
        super().__init__(core)
        self.moves = moves
        self.rounds = rounds

    async def timeout(self, live: LiveTable) -> None:
        """The turn ran out: play the whole turn automatically (pass, or draw from the stock
        and discard the highest deadwood). The second automatic turn in a row removes the
        player (see docs/playing.md)."""
        match = live.match
        assert match is not None
        seat = match.round.to_move
        assert seat is not None
        misses = live.auto_moves.get(seat, 0) + 1
        live.auto_moves[seat] = misses
        action = auto_move(match.round.view(seat))
        await self.moves.apply(live, seat, action, actor=None)
        if action.kind == DRAW_STOCK and not match.round_over and match.round.to_move == seat:
            await self.moves.apply(live, seat, auto_move(match.round.view(seat)), actor=None)
        if misses >= self.setup.timing.max_auto_moves and not match.over:
            await self._remove_for_absence(live, seat)

    async def _remove_for_absence(self, live: LiveTable, seat: int) -> None:
        match = live.match
        assert match is not None
        if match.seats == 2:
            match.forfeit(seat)
            await self.rounds.finish(live, ended_by="timeout", loser=seat, actor=None)
            return
        await self._withdraw(live, seat, resigned=False, actor=None)

    async def _withdraw(
        self, live: LiveTable, seat: int, *, resigned: bool, actor: int | None
    ) -> TableUpdate | None:
        """A seat leaves a match of three or four (away too long, or resigned): it plays on
        automatically (the deal is fixed) but can no longer win; the match ends once fewer
        than two seats are in. None if another process moved the table on meanwhile."""
        match = live.match
        assert match is not None
        match.withdraw(seat)
        timer = None
        if not match.over and not match.round_over:
            deadline = live.deadline
            timer = self.timers.timer_with(
                live,
                match.round,
                None if deadline is None else datetime.fromtimestamp(deadline, UTC),
            )
        try:
            await self.store.tables.remove_seat(
                live.record.id, seat, expected_version=live.version, timer=timer, resigned=resigned
            )
        except (StaleVersion, WrongStatus, NotFound):
            if not self.setup.shared:
                raise
            # Another process moved the table on since: take it as it is now. The seat's
            # missed turns are in the store, so its next missed turn removes it.
            await self.registry.reload(live)
            if resigned:
                raise StaleButton("table-stale") from None
            return None
        await self.registry.refresh(live)
        if resigned:
            live.resigned.add(seat)
        removed = update(live, "removed", seat=seat, actor=actor)
        self.updates.emit(live, removed)
        if match.over:  # nobody is left to play against
            ended_by: EndedBy = "resign" if resigned else "timeout"
            return await self.rounds.finish(live, ended_by=ended_by, loser=seat, actor=actor)
        await self.timers.schedule(live, arm=timer is None)
        return removed

    async def resign(self, table_id: int, user_id: int) -> TableUpdate:
        """At two seats the opponent wins now; at three or four the seat leaves the match
        (played on automatically, as an away player is) and the others play on."""
        async with self.registry.hold(table_id) as live:
            seat = live.seat_no(user_id)
            if live.record.status != "playing" or live.match is None:
                raise GameError("match-not-in-play")
            if live.record.seats[seat].removed:
                raise GameError("match-already-left")
            live.acted.add(user_id)
            if live.match.seats > 2:
                resigned = await self._withdraw(live, seat, resigned=True, actor=user_id)
                assert resigned is not None  # a resignation raises StaleButton instead
                return resigned
            live.match.forfeit(seat)
            return await self.rounds.finish(live, ended_by="resign", loser=seat, actor=user_id)

    async def abandon(self, table_id: int, note: str | Coded) -> TableUpdate:
        """End a match that is not to count at all (a tournament no-show): no history, no
        stats, no rating. The table shows ``note``."""
        async with self.registry.hold(table_id) as live:
            if live.record.status != "playing" or self.registry.live.get(table_id) is not live:
                raise GameError("match-not-in-play")
            live.cancel_timer()
            await self.store.tables.abandon(table_id, live.version)
            await self.registry.refresh(live)
            self.registry.live.pop(table_id, None)
            closed = update(live, "closed", note=note)
            self.updates.emit(live, closed)
            return closed
