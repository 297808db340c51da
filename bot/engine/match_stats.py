"""A finished match's statistics, seat by seat: what each player's records add up.

Beside `breakdown.py` (how the scores were made), this counts what happened: rounds played
and won, gins, knocks, undercuts, points for and against, and how the match ended for the
seat (won, resigned, forfeited, a shutout).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, fields

from bot.engine.events import RoundResult
from bot.engine.match import Match

__all__ = ["SeatLine", "SeatStats", "match_lines", "seat_stats"]


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat's counts over a match's rounds."""

    rounds_played: int = 0
    rounds_won: int = 0
    gins: int = 0
    big_gins: int = 0
    knocks: int = 0
    undercuts_made: int = 0
    undercuts_suffered: int = 0
    points_for: int = 0
    points_against: int = 0


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat's part in a finished match: how it ended for the seat, and its counts."""

    seat: int
    won: bool
    score: int
    resigned: bool
    forfeited: bool
    shutout: bool
    stats: SeatStats


_COUNTS = tuple(f.name for f in fields(SeatStats))

#: The knocker's counters for each kind of round a knocker ended.
_KNOCKER_COUNTS = {
    "gin": ("gins",),
    "big_gin": ("big_gins",),
    "knock": ("knocks",),
    "undercut": ("knocks", "undercuts_suffered"),
}


def _count_outcome(counts: list[dict[str, int]], result: RoundResult) -> None:
    """Who won the round, and the knocker's gin, knock or undercut."""
    winner = result.winner
    assert winner is not None
    counts[winner]["rounds_won"] += 1
    knocker = result.knocker
    if knocker is None:
        return
    for name in _KNOCKER_COUNTS.get(result.kind, ()):
        counts[knocker][name] += 1
    if result.kind == "undercut":
        counts[winner]["undercuts_made"] += 1


def _count_points(counts: list[dict[str, int]], result: RoundResult, penalty: bool) -> None:
    """Penalty scoring: a seat's points are against it. Points scoring: a seat's points are
    for it and against every other seat."""
    for seat, pts in enumerate(result.points):
        if penalty:
            counts[seat]["points_against"] += pts
            continue
        counts[seat]["points_for"] += pts
        for other, other_counts in enumerate(counts):
            if other != seat:
                other_counts["points_against"] += pts


def seat_stats(match: Match) -> tuple[SeatStats, ...]:
    """Each seat's counts over the match's finished rounds (re-deals and draws are played
    rounds that nobody won)."""
    counts = [dict.fromkeys(_COUNTS, 0) for _ in range(match.seats)]
    penalty = match.rules.scoring == "penalty"
    for result in match.results:
        for seat_counts in counts:
            seat_counts["rounds_played"] += 1
        if result.winner is None:
            continue
        _count_outcome(counts, result)
        _count_points(counts, result, penalty)
    return tuple(SeatStats(**c) for c in counts)


def _shutout(match: Match, ended_by: str) -> bool:
    """The winner took every round of a match played to the end (points scoring only)."""
    winner = match.winner
    return (
        match.rules.scoring != "penalty"
        and winner is not None
        and match.draws == 0
        and all(r.winner == winner for r in match.results)
        and ended_by == "score"
    )


def match_lines(
    match: Match, ended_by: str, loser: int | None, resigned: Collection[int]
) -> tuple[SeatLine, ...]:
    """Every seat's line of a match that ended by `ended_by` ("score", "resign", "timeout",
    "forfeit"), `loser` the seat that resigned or forfeited it, `resigned` the seats that
    resigned at three or four and played on automatically. A seat removed for being away is
    a forfeit."""
    totals = match.scores  # the final score, bonuses included
    winner = match.winner
    shutout = _shutout(match, ended_by)
    return tuple(
        SeatLine(
            seat=seat,
            won=seat == winner,
            score=totals[seat],
            resigned=(ended_by == "resign" and seat == loser) or seat in resigned,
            forfeited=(ended_by in ("timeout", "forfeit") and seat == loser)
            or (seat in match.withdrawn and seat not in resigned),
            shutout=shutout and seat == winner,
            stats=stats,
        )
        for seat, stats in enumerate(seat_stats(match))
    )
