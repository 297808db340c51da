"""The "hard" computer player. See docs/computer.md for the strategy."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.engine.actions import (
    BIG_GIN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    PASS,
    TAKE_UPCARD,
    Action,
)
from bot.engine.players._cardbits import (
    BIT,
    PTS,
    best_after_draw,
    best_drop,
    bits_of,
    by_points,
    mask_deadwood,
    meld_capable,
    near,
)
from bot.engine.players._infer import HandSampler, InferParams
from bot.engine.players._knowledge import Knowledge, OpponentModel, read_view
from bot.engine.view import RoundView

__all__ = ["HardParams", "HardPlayer"]


@dataclass(frozen=True, slots=True)
class HardParams:
    """Tunable weights (defaults tuned with bench/arena.py against "normal")."""

    #: Deadwood points a discard costs per unit chance that the next opponent can meld it.
    danger_cost: float = 6.0
    #: How much of one stock draw's expected gain a second draw is worth (draw choice).
    second_draw: float = 0.8
    #: Extra cost of ending a hand above the knock limit (in deadwood points).
    over_limit: float = 0.0


class _Eval:
    """Hand values for one decision: the expected deadwood after one more stock draw."""

    def __init__(self, know: Knowledge, limit: int, params: HardParams) -> None:
        self.know = know
        self.limit = limit
        self.params = params
        self.draws = [(b, PTS[b], w) for b, w in know.stock_prob.items()]
        self.total = sum(w for _, _, w in self.draws) or 1.0
        self.cache: dict[int, float] = {}

    def value(self, m: int) -> float:
        """Expected deadwood of the 10-card hand `m` after the next stock draw and the best
        discard (lower is better)."""
        cached = self.cache.get(m)
        if cached is not None:
            return cached
        d0 = mask_deadwood(m)
        order = by_points(m)
        drop = best_drop(m, d0, order)
        capable = meld_capable(m)
        over = self.params.over_limit
        limit = self.limit
        acc = 0.0
        for b, p, w in self.draws:
            v = best_after_draw(m, d0, order, b) if b & capable else min(d0, drop + p)
            if over and v > limit:
                acc += w * (v + over)
            else:
                acc += w * v
        result = acc / self.total
        self.cache[m] = result
        return result

    def best_keep(self, m: int, keep: int = 0, shortlist: int = 3) -> float:
        """Value of the 11-card hand `m` after its best discard (never `keep`). Only the
        `shortlist` discards leaving the least deadwood now are valued in full."""
        ranked = sorted((mask_deadwood(m ^ b), -PTS[b], b) for b in by_points(m) if b != keep)
        return min(self.value(m ^ b) for _, _, b in ranked[:shortlist])

    def stock_value(self, m: int) -> float:
        """Expected value of the 10-card hand `m` after a stock draw and the best discard.
        A card that cannot pair with the hand is assumed thrown straight back."""
        here = self.value(m)
        close = near(m)
        acc = 0.0
        for b, _, w in self.draws:
            if b & close:
                acc += w * min(here, self.best_keep(m | b, b))
            else:
                acc += w * here
        return acc / self.total


def _prob_two_of(ps: Sequence[float]) -> float:
    """Chance that at least two of independent events with chances `ps` happen."""
    none = 1.0
    for p in ps:
        none *= 1.0 - p
    one = 0.0
    for i, p in enumerate(ps):
        term = p
        for j, q in enumerate(ps):
            if i != j:
                term *= 1.0 - q
        one += term
    return max(0.0, 1.0 - none - one)


def danger(opp: OpponentModel, bit: int) -> float:
    """Chance that `opp` can put the card `bit` into a meld with cards it holds."""
    pos = bit.bit_length() - 1
    suit, rank = divmod(pos, 16)
    others = [opp.holds(1 << (16 * s + rank)) for s in range(4) if s != suit]
    p_set = _prob_two_of(others)

    def at(r: int) -> float:
        return opp.holds(1 << (16 * suit + r)) if 0 <= r < 13 else 0.0

    a, b, d, e = at(rank - 2), at(rank - 1), at(rank + 1), at(rank + 2)
    p_run = b * (a + (1.0 - a) * d) + (1.0 - b) * d * e
    return 1.0 - (1.0 - p_set) * (1.0 - p_run)


class HardPlayer:
    """Tracks what opponents took, passed and threw away, and plays by expected deadwood
    after the next draw, discard danger and bonus-aware knocking."""

    name = "hard"

    def __init__(
        self, seed: int = 0, params: HardParams | None = None, infer: InferParams | None = None
    ) -> None:
        self._rng = random.Random(seed)
        self.params = params or HardParams()
        self.infer_params = infer or InferParams()
        self._sampler: HandSampler | None = None

    def _read(self, view: RoundView) -> tuple[Knowledge, Callable[[int], float]]:
        """The seat's picture of the round and the chance that the next opponent can meld
        a given card. Two-player rounds use the particle filter over the opponent's hand."""
        know = read_view(view)
        if view.seats != 2:
            opp = know.next_opponent
            return know, lambda b: danger(opp, b)
        f = self._sampler
        other = 1 - view.seat
        if f is None or f.seat != other:
            f = self._sampler = HandSampler(other, self._rng, self.infer_params)
        hands = f.sample(view)
        share = 1.0 / len(hands)
        parts = [(h, share) for h in hands]
        unseen = know.unseen
        prob: dict[int, float] = dict.fromkeys(bits_of(unseen), 0.0)
        caps: list[tuple[int, float]] = []
        for h, w in parts:
            for b in bits_of(h & unseen):
                prob[b] += w
            caps.append((meld_capable(h), w))
        know.opponents[0].prob = prob
        know.stock_prob = {b: max(0.02, 1.0 - p) for b, p in prob.items()}

        def threat(b: int) -> float:
            if b & know.opponents[0].known:
                return 0.0
            return sum(w for c, w in caps if c & b)

        return know, threat

    def choose(self, view: RoundView, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if TAKE_UPCARD in kinds or DRAW_STOCK in kinds:
            return self._draw(view, kinds)
        if BIG_GIN in kinds:
            return Action(BIG_GIN)
        for action in legal:
            if action.kind == GIN:
                return action
        return self._discard(view, legal)

    # ----- drawing ------------------------------------------------------------------

    def _draw(self, view: RoundView, kinds: set[str]) -> Action:
        take, decline = (
            (Action(TAKE_UPCARD), Action(PASS))
            if TAKE_UPCARD in kinds
            else (Action(DRAW_DISCARD), Action(DRAW_STOCK))
        )
        top = view.top_discard
        if top is None or take.kind not in kinds:
            return decline
        know, _ = self._read(view)
        hand = know.hand
        tb = BIT[top]
        if not tb & near(hand):
            return decline
        ev = _Eval(know, view.rules.knock_limit, self.params)
        stock = ev.stock_value(hand)
        with_top = hand | tb
        best = min(ev.value(with_top ^ b) for b in by_points(hand))
        return take if best < stock else decline

    # ----- discarding and knocking ----------------------------------------------------

    def _discard(self, view: RoundView, legal: Sequence[Action]) -> Action:
        knocks = [a for a in legal if a.kind == KNOCK and a.card is not None]
        hand = [BIT[c] for c in view.hand]
        mask = sum(hand)
        if knocks:
            # v0: knock as soon as allowed, keeping the least deadwood.
            cards = [a.card for a in knocks if a.card is not None]
            return Action(KNOCK, min(cards, key=lambda c: (mask_deadwood(mask ^ BIT[c]), c)))
        know, threat = self._read(view)
        ev = _Eval(know, view.rules.knock_limit, self.params)
        cost = self.params.danger_cost
        options = []
        for a in legal:
            if a.kind != DISCARD or a.card is None:
                continue
            b = BIT[a.card]
            score = ev.value(mask ^ b) + cost * threat(b)
            options.append((score, -PTS[b], a.card))
        _, _, card = min(options)
        return Action(DISCARD, card)
