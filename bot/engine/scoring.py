"""Settling a knock (lay-offs, undercut, gin, big gin) and totalling a match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.breakdown import match_breakdown, round_winner
from bot.engine.cards import Card
from bot.engine.errors import IllegalAction
from bot.engine.layoffs import Layoff, LayoffPlan, lay_off
from bot.engine.melds import Arrangement, Meld, best_arrangements, best_melds, hand_mask
from bot.engine.rules import RuleSet
from bot.engine.settlement import SeatResult, Settlement

__all__ = [
    "KNOCK_KINDS",
    "KnockResult",
    "match_scores",
    "round_winner",
    "score_knock",
    "settle_knock",
]

KNOCK_KINDS = ("knock", "gin", "big_gin")


@dataclass(frozen=True, slots=True)
class KnockResult:
    """A two-player knock. `winner` is 0 (knocker) or 1 (defender); `points` is what the
    winner scores (under "penalty" scoring: the penalty the loser takes)."""

    kind: str
    winner: int
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    layoffs: tuple[Card, ...]
    knocker_melds: tuple[Meld, ...]
    defender_melds: tuple[Meld, ...]
    settlement: Settlement

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "points": self.points,
            "knocker_deadwood": self.knocker_deadwood,
            "defender_deadwood": self.defender_deadwood,
            "layoffs": [c.code for c in self.layoffs],
            "settlement": self.settlement.to_dict(),
        }


def _seat_of(arr: Arrangement) -> SeatResult:
    return SeatResult(arr.melds, (), arr.deadwood, arr.deadwood_points)


def _seat_of_plan(plan: LayoffPlan) -> SeatResult:
    return SeatResult(plan.melds, plan.layoffs, plan.deadwood, plan.deadwood_points)


def _extend(melds: list[list[Card]], layoffs: Sequence[Layoff]) -> None:
    for lo in layoffs:
        melds[lo.meld].append(lo.card)
        melds[lo.meld].sort(key=lambda c: (c.rank, c.suit))


def _defend(
    knocker_melds: Sequence[Meld], hands: Sequence[Sequence[Card]], order: Sequence[int], mode: str
) -> dict[int, LayoffPlan]:
    """Each opponent's best play, in turn order. "original": onto the knocker's melds as laid
    down; "any": onto them as extended by the earlier opponents' lay-offs too."""
    plans: dict[int, LayoffPlan] = {}
    current = [list(m) for m in knocker_melds]
    for seat in order:
        plan = lay_off(hands[seat], knocker_melds if mode == "original" else current)
        plans[seat] = plan
        if mode != "original":
            _extend(current, plan.layoffs)
    return plans


def _validate(hands: Sequence[Sequence[Card]], knocker: int, rules: RuleSet, kind: str) -> None:
    n = len(hands)
    size = rules.hand_size_for(n)
    if not 0 <= knocker < n:
        raise ValueError(f"knocker seat {knocker} is not at a table of {n}")
    if kind not in KNOCK_KINDS:
        raise ValueError(f"kind must be one of {', '.join(KNOCK_KINDS)}, not {kind!r}")
    for seat, hand in enumerate(hands):
        want = size + 1 if seat == knocker and kind == "big_gin" else size
        if len(hand) != want:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, expected {want}")
    seen = 0
    for hand in hands:
        m = hand_mask(hand)
        if m & seen:
            raise ValueError("two hands hold the same card")
        seen |= m


def settle_knock(
    hands: Sequence[Sequence[Card]], knocker: int, rules: RuleSet, kind: str = "knock"
) -> Settlement:
    """Settle the round: `hands[knocker]` are the knocker's kept cards (all 11 for big gin),
    the other hands are the opponents' cards. Raises `IllegalAction` if the knocker's hand
    does not allow `kind` (over the knock limit, not gin, big gin not played). A knock with
    no deadwood is gin."""
    _validate(hands, knocker, rules, kind)
    n = len(hands)
    order = [(knocker + i) % n for i in range(1, n)]
    best = best_melds(hands[knocker])
    k = best.deadwood_points
    if kind == "big_gin":
        if not rules.big_gin:
            raise IllegalAction("no-big-gin")
        if k:
            raise IllegalAction("big-gin-needs-all", cards=len(hands[knocker]), deadwood=k)
    elif kind == "gin" and k:
        raise IllegalAction("gin-deadwood", deadwood=k)
    elif kind == "knock" and k > rules.knock_limit:
        raise IllegalAction("knock-deadwood", deadwood=k, limit=rules.knock_limit)
    if kind == "knock" and k == 0:
        kind = "gin"

    seats: list[SeatResult] = [_seat_of(best)] * n
    if kind != "knock":
        # Nobody lays off against gin or big gin.
        for seat in order:
            seats[seat] = _seat_of(best_melds(hands[seat]))
    else:
        chosen = _knocker_choice(best_arrangements(hands[knocker]), hands, order, rules)
        arr, plans = chosen
        seats[knocker] = _seat_of(arr)
        for seat in order:
            seats[seat] = _seat_of_plan(plans[seat])

    dw = [s.deadwood_points for s in seats]
    winner = knocker
    if kind == "knock":
        under = [s for s in order if dw[s] <= k]
        if under:
            # The lowest deadwood wins; ties go to the first in turn order after the knocker.
            winner = min(under, key=lambda s: (dw[s], order.index(s)))
            kind = "undercut"
    points = _round_points(kind, knocker, winner, dw, rules)
    return Settlement(kind, knocker, winner, rules.scoring, tuple(seats), points)


def _knocker_choice(
    arrangements: list[Arrangement],
    hands: Sequence[Sequence[Card]],
    order: Sequence[int],
    rules: RuleSet,
) -> tuple[Arrangement, dict[int, LayoffPlan]]:
    """Among equally good knocker arrangements, the one that lets the opponents lay off the
    least: first one that avoids an undercut, then the most deadwood left to the opponents."""
    best: tuple[tuple[bool, int], Arrangement, dict[int, LayoffPlan]] | None = None
    for arr in arrangements:
        plans = _defend(arr.melds, hands, order, rules.layoff_mode)
        left = [p.deadwood_points for p in plans.values()]
        key = (min(left) <= arr.deadwood_points, -sum(left))
        if best is None or key < best[0]:
            best = (key, arr, plans)
    assert best is not None
    return best[1], best[2]


def _round_points(
    kind: str, knocker: int, winner: int, dw: Sequence[int], rules: RuleSet
) -> tuple[int, ...]:
    n = len(dw)
    pts = [0] * n
    bonus = {"gin": rules.gin_bonus, "big_gin": rules.big_gin_bonus}.get(kind, 0)
    if rules.scoring == "points":
        losers = sum(dw[s] for s in range(n) if s != winner)
        if kind == "undercut":
            pts[winner] = rules.undercut_bonus + dw[knocker] - dw[winner]
        elif kind == "knock":
            pts[winner] = losers - (n - 1) * dw[knocker]
        else:
            pts[winner] = bonus + losers
        return tuple(pts)
    for s in range(n):
        if s == winner:
            continue
        if kind == "undercut":
            pts[s] = dw[s] - dw[winner] + (rules.undercut_bonus if s == knocker else 0)
        elif kind == "knock":
            pts[s] = dw[s] - dw[knocker]
        else:
            pts[s] = dw[s] + bonus
    return tuple(pts)


def score_knock(
    knocker_cards: Sequence[Card], defender_cards: Sequence[Card], rules: RuleSet
) -> KnockResult:
    """Settle a two-player knock: the knocker's kept cards (10; 11 for big gin) against the
    defender's. Gin and big gin are recognised from the cards. Raises `IllegalAction` for a
    knock over the limit or a big gin the rules do not play."""
    kind = "big_gin" if len(knocker_cards) == len(defender_cards) + 1 else "knock"
    s = settle_knock([knocker_cards, defender_cards], 0, rules, kind)
    knocker, defender = s.seats
    points = s.points[s.winner] if s.scoring == "points" else s.points[1 - s.winner]
    return KnockResult(
        kind=s.kind,
        winner=s.winner,
        points=points,
        knocker_deadwood=knocker.deadwood_points,
        defender_deadwood=defender.deadwood_points,
        layoffs=tuple(lo.card for lo in defender.layoffs),
        knocker_melds=knocker.melds,
        defender_melds=defender.melds,
        settlement=s,
    )


def match_scores(rules: RuleSet, rounds: Sequence[Sequence[int] | None]) -> tuple[int, ...]:
    """Grand totals per seat. `rounds` lists each round as None (a draw) or the points each
    seat scored in it. Under "points" scoring, once a seat has reached the target the bonuses
    are added: game bonus to that seat, line bonus per round won to every seat, and the
    winner's round scores doubled for a shutout (won every round, no draws). Before that, and
    under "penalty" scoring, the totals are plain sums. The parts: `match_breakdown`."""
    return match_breakdown(rules, rounds).totals
