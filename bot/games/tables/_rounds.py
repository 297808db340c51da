"""A match's rounds: the first deal, each next deal after the pause, and the match's end
(its history, stats and ratings written in one transaction)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

from bot.engine import Match
from bot.engine.match_stats import SeatLine, match_lines
from bot.games.model import MatchSummary, TableUpdate
from bot.games.presets import check_seats
from bot.store.models import Deal, EndedBy, MatchLine, RatingUpdate

from ._live import LiveTable
from ._part import Core, Part
from ._state import update

#: ``check(table_id, acted)`` is True when a match ended early was never really played
#: (e.g. a tournament no-show); ``acted`` holds who clicked a move or resigned there.
UnplayedCheck = Callable[[int, frozenset[int]], bool]


class Rounds(Part):
    """Deals a table's rounds and ends its match."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.unplayed: list[UnplayedCheck] = []

    async def start(self, live: LiveTable, *, actor: int | None) -> TableUpdate:
        rules = live.rules
        seats = len(live.record.seats)
        check_seats(rules, seats)
        seed = live.seed if live.seed is not None else self.setup.deal_seed()
        match = Match(rules, seats, seed)
        deadline = self.timers.next_deadline(live, match)
        timer = self.timers.timer_with(live, match.round, deadline)
        # One transaction: the start, the first deal and (shared store) the first timer.
        version = await self.store.tables.start(
            live.record.id,
            live.version,
            json.dumps(match.to_dict()),
            turn_deadline=deadline,
            first_round=Deal(match.round.seed, match.round.dealer),
            timer=timer,
        )
        await self.registry.refresh(live)
        live.match = match
        live.version = version
        live.deadline = None if deadline is None else deadline.timestamp()
        started = update(live, "round_start", actor=None)
        self.updates.emit(live, started)
        await self.timers.schedule(live, arm=timer is None)
        return started

    async def next_round(self, live: LiveTable) -> None:
        """The pause after a round is over: deal the next one, or end the match."""
        match = live.match
        if match is None or live.record.status != "playing" or not match.round_over:
            return
        if match.over:
            await self.finish(live, ended_by="score", loser=None, actor=None)
            return
        # Deal on a copy: the new round becomes visible only once it is committed.
        dealt = Match.from_dict(match.to_dict())
        dealt.next_round()
        deadline = self.timers.next_deadline(live, dealt)
        timer = self.timers.timer_with(live, dealt.round, deadline)
        version = await self.store.tables.start_round(
            live.record.id,
            live.version,
            len(dealt.rounds),
            dealt.round.seed,
            dealt.round.dealer,
            json.dumps(dealt.to_dict()),
            turn_deadline=deadline,
            timer=timer,
        )
        # The new round becomes visible together with its update (no await between).
        await self.registry.refresh(live)
        live.match, live.version = dealt, version
        live.deadline = None if deadline is None else deadline.timestamp()
        self.updates.emit(live, update(live, "round_start"))
        await self.timers.schedule(live, arm=timer is None)

    async def finish(
        self, live: LiveTable, *, ended_by: EndedBy, loser: int | None, actor: int | None
    ) -> TableUpdate:
        match = live.match
        assert match is not None
        live.cancel_timer()
        winner = match.winner
        acted = frozenset(live.acted)
        if ended_by != "score" and any(check(live.record.id, acted) for check in self.unplayed):
            ended_by = "forfeit"
        lines = _lines(live, match, ended_by, loser)
        players = [s.user_id for s in live.record.seats]
        rater = self.setup.ratings
        if rater is not None and rater.is_rated(live.record.id, ended_by, players, winner, acted):
            # Rated: two people (is_rated), so both ids are there.
            assert winner is not None
            won, lost = players[winner], players[1 - winner]
            assert won is not None and lost is not None
            async with rater.turn():
                rated, updates = await rater.plan(live.record.id, live.record.guild_id, won, lost)
                live.version = await self._finish_in_store(live, match, ended_by, lines, updates)
            rater.done(rated)
        else:
            live.version = await self._finish_in_store(live, match, ended_by, lines, [])
        await self.registry.refresh(live)
        breakdown = match.breakdown
        summary = MatchSummary(
            totals=match.scores,
            winner=winner,
            ended_by=ended_by,
            rounds_won=match.rounds_won,
            draws=match.draws,
            scoring=live.rules.scoring,
            breakdown=breakdown if breakdown.seats else None,
            loser=loser,
            removed=match.withdrawn,
            resigned=frozenset(live.resigned),
            tie_break=match.tie_break,
        )
        over = update(live, "match_over", actor=actor, summary=summary)
        self.updates.emit(live, over)
        self.registry.live.pop(live.record.id, None)
        return over

    async def _finish_in_store(
        self,
        live: LiveTable,
        match: Match,
        ended_by: EndedBy,
        lines: dict[int, MatchLine],
        ratings: list[RatingUpdate],
    ) -> int:
        """One transaction: the table finished, its history, stats and new ratings."""
        return await self.store.tables.finish_match(
            live.record.id,
            live.version,
            winner_seat=match.winner,
            ended_by=ended_by,
            lines=lines,
            state_json=json.dumps(match.to_dict()),
            ratings=ratings,
        )


def _lines(live: LiveTable, match: Match, ended_by: str, loser: int | None) -> dict[int, MatchLine]:
    """The store's line for every seat, computers' too: the history shows each seat's final
    score (the arithmetic is the engine's, `match_lines`)."""
    lines = match_lines(match, ended_by, loser, frozenset(live.resigned))
    return {s.seat_no: _stored(lines[s.seat_no]) for s in live.record.seats}


def _stored(line: SeatLine) -> MatchLine:
    return MatchLine(
        won=line.won,
        score=line.score,
        resigned=line.resigned,
        forfeited=line.forfeited,
        shutout=line.shutout,
        **dataclasses.asdict(line.stats),
    )
