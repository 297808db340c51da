"""How scores were made: a round's points and a match's grand totals, part by part.

The renderers show these parts (deadwood, bonuses, penalties); the parts always add up to the
engine's own numbers (`Settlement.points`, `match_scores`), which `match_scores` itself is
computed from, so what players read cannot drift from what the engine scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.rules import RuleSet
from bot.engine.settlement import Settlement

__all__ = [
    "MatchBreakdown",
    "RoundPoints",
    "SeatTotal",
    "match_breakdown",
    "round_points",
    "round_winner",
]


def round_winner(points: Sequence[int] | None) -> int | None:
    """The seat that won a round under "points" scoring (the one that scored), or None for a
    draw or a round in which nobody scored."""
    if points is None or max(points, default=0) <= 0:
        return None
    return max(range(len(points)), key=lambda s: (points[s], -s))


@dataclass(frozen=True, slots=True)
class RoundPoints:
    """One seat's points for a settled round: `deadwood - minus + bonus == points`.

    Under "points" scoring only the winner has points: `deadwood` is the opponents' deadwood
    counted for them, `minus` the deadwood subtracted (the knocker's own, once per opponent),
    `bonus` the gin, big gin or undercut bonus. Under "penalty" scoring every loser has
    penalty points: their own deadwood, minus the knocker's (or the undercutter's), plus the
    gin penalty or (for an undercut knocker) the undercut penalty.
    """

    seat: int
    points: int
    deadwood: int
    minus: int
    bonus: int
    #: "gin", "big_gin" or "undercut" when `bonus` is set, else None.
    bonus_kind: str | None


def round_points(settlement: Settlement, rules: RuleSet) -> tuple[RoundPoints, ...]:
    """The parts of every seat's points in `settlement` (zeros for seats without points)."""
    s = settlement
    dw = [seat.deadwood_points for seat in s.seats]
    n = len(dw)
    kind = s.kind
    gin_bonus = {"gin": rules.gin_bonus, "big_gin": rules.big_gin_bonus}.get(kind, 0)
    out: list[RoundPoints] = []
    for seat in range(n):
        plus = minus = bonus = 0
        bonus_kind: str | None = None
        if s.scoring == "points":
            if seat == s.winner:
                if kind == "undercut":
                    plus, minus = dw[s.knocker], dw[seat]
                    bonus, bonus_kind = rules.undercut_bonus, "undercut"
                else:
                    plus = sum(dw[o] for o in range(n) if o != seat)
                    if kind == "knock":
                        minus = (n - 1) * dw[s.knocker]
                    else:
                        bonus, bonus_kind = gin_bonus, kind
        elif seat != s.winner:
            plus = dw[seat]
            if kind == "undercut":
                minus = dw[s.winner]
                if seat == s.knocker:
                    bonus, bonus_kind = rules.undercut_bonus, "undercut"
            elif kind == "knock":
                minus = dw[s.knocker]
            else:
                bonus, bonus_kind = gin_bonus, kind
        out.append(RoundPoints(seat, plus - minus + bonus, plus, minus, bonus, bonus_kind))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SeatTotal:
    """One seat's grand total: `round_points + shutout + game_bonus + line_bonus == total`."""

    seat: int
    round_points: int
    #: The round points again when this seat won by a shutout (they are doubled), else 0.
    shutout: int
    game_bonus: int
    line_bonus: int
    rounds_won: int
    total: int


@dataclass(frozen=True, slots=True)
class MatchBreakdown:
    """Grand totals per seat with their parts. `bonuses` is False while no seat has reached
    the target and under penalty scoring (the totals are then plain sums)."""

    seats: tuple[SeatTotal, ...]
    bonuses: bool

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.seats)


def match_breakdown(rules: RuleSet, rounds: Sequence[Sequence[int] | None]) -> MatchBreakdown:
    """Grand totals with their parts. `rounds` lists each round as None (a draw) or the
    points each seat scored in it (see `match_scores`, which returns `.totals`)."""
    played = [r for r in rounds if r is not None]
    if not played:
        return MatchBreakdown((), False)
    n = len(played[0])
    if any(len(r) != n for r in played):
        raise ValueError("every round must list the same number of seats")
    sums = [sum(r[s] for r in played) for s in range(n)]
    wins = [0] * n
    for r in played:
        w = round_winner(r)
        if w is not None:
            wins[w] += 1
    reached = [s for s in range(n) if sums[s] >= rules.target]
    if rules.scoring == "penalty" or not reached:
        plain = tuple(SeatTotal(s, sums[s], 0, 0, 0, wins[s], sums[s]) for s in range(n))
        return MatchBreakdown(plain, False)
    winner = max(reached, key=lambda s: (sums[s], -s))
    shutout = rules.shutout and len(played) == len(rounds) and wins[winner] == len(played)
    seats = []
    for s in range(n):
        double = sums[s] if shutout and s == winner else 0
        game = rules.game_bonus if s == winner else 0
        line = rules.line_bonus * wins[s]
        seats.append(
            SeatTotal(s, sums[s], double, game, line, wins[s], sums[s] + double + game + line)
        )
    return MatchBreakdown(tuple(seats), True)
