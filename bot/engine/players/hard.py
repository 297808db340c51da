"""The "hard" computer player. See docs/computer.md for the strategy.

It reads only its seat's view. In two-player rounds a sampler guesses the opponent's hidden
cards from its public decisions (`_infer.py`); with three or four players a per-card model
from the history stands in (`_knowledge.py`). Hands are valued by the expected deadwood
after one more stock draw, discards by that value plus the chance that the next player
melds the card, and a knock is weighed against waiting one more turn using the guessed
hands, the stock left and the rule set's gin and undercut bonuses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

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
    CARD,
    PTS,
    best_after_draw,
    best_drop,
    bits_of,
    by_points,
    cards_in,
    mask_deadwood,
    mask_of,
    meld_capable,
    near,
)
from bot.engine.players._infer import HandSampler, InferParams, melds_with
from bot.engine.players._knowledge import Knowledge, OpponentModel, read_view
from bot.engine.rules import RuleSet
from bot.engine.scoring import settle_knock
from bot.engine.view import RoundView

__all__ = ["HardParams", "HardPlayer", "danger"]


@dataclass(frozen=True, slots=True)
class HardParams:
    """Tunable weights (defaults tuned with bench/arena.py against "normal")."""

    #: Deadwood points a discard costs per unit chance that the next opponent can meld it.
    danger_cost: float = 3.0
    #: How much of one stock draw's expected gain a second draw is worth (draw choice).
    second_draw: float = 0.8
    #: Extra cost of ending a hand above the knock limit (in deadwood points).
    over_limit: float = 0.0
    #: Discards valued in full (those leaving the least deadwood now).
    shortlist: int = 6
    #: Weight of the opponent's chance to knock next turn in discard choices (0: off).
    defense: float = 0.0
    #: Knock when knocking now is worth at least the estimated value of waiting minus this
    #: (negative: waiting must lose by that many points). The one-turn estimate undervalues
    #: waiting, which pays mostly through undercuts: this is the margin at an undercut bonus
    #: of 25 (cardgames, classic), scaled down to 0 at a bonus of 10 (playingcards) or less.
    knock_margin: float = -3.0
    #: Whether waiting may also mean holding out for gin over several turns.
    hunt: int = 1
    #: Whether to weigh knocks (False: knock as soon as allowed, like "normal").
    weigh_knock: int = 1
    #: Deadwood points a draw that makes gin is worth beyond its 0 deadwood (hand values).
    gin_pull: float = 0.0


class _Eval:
    """Hand values for one decision: the expected deadwood after one more stock draw."""

    def __init__(self, know: Knowledge, limit: int, params: HardParams) -> None:
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
        pull = self.params.gin_pull
        limit = self.limit
        acc = 0.0
        for b, p, w in self.draws:
            # A card that cannot meld with the hand is either thrown back or kept in place
            # of the card whose loss costs least.
            v = best_after_draw(m, d0, order, b) if b & capable else min(d0, drop + p)
            if pull and v == 0:
                acc -= w * pull
            acc += w * (v + over if over and v > limit else v)
        result = acc / self.total
        self.cache[m] = result
        return result

    def stock_value(self, m: int) -> float:
        """Estimated value of the 10-card hand `m` after drawing from the stock now and
        once more next turn (so it compares with taking the top discard now): the next
        draw's expected gain is counted again, scaled by `second_draw`."""
        here = self.value(m)
        return here - self.params.second_draw * (mask_deadwood(m) - here)


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
    """Chance that `opp` can put the card `bit` into a meld with cards it holds, from the
    per-card model (cards assumed independent)."""
    pos = bit.bit_length() - 1
    suit, rank = divmod(pos, 16)
    others = [opp.holds(1 << (16 * s + rank)) for s in range(4) if s != suit]
    p_set = _prob_two_of(others)

    def at(r: int) -> float:
        return opp.holds(1 << (16 * suit + r)) if 0 <= r < 13 else 0.0

    a, b, d, e = at(rank - 2), at(rank - 1), at(rank + 1), at(rank + 2)
    p_run = b * (a + (1.0 - a) * d) + (1.0 - b) * d * e
    return 1.0 - (1.0 - p_set) * (1.0 - p_run)


@dataclass(slots=True)
class _Picture:
    """What the seat believes now: the per-card knowledge, the chance the next player melds
    a card, and (two players) guesses of the opponent's whole hand."""

    know: Knowledge
    threat: Callable[[int], float]
    guesses: list[int] = field(default_factory=list)


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

    # ----- beliefs ------------------------------------------------------------------

    def _read(self, view: RoundView) -> _Picture:
        know = read_view(view, model=view.seats != 2)
        if view.seats != 2:
            opp = know.next_opponent
            return _Picture(know, lambda b: danger(opp, b))
        f = self._sampler
        other = 1 - view.seat
        if f is None or f.seat != other:
            f = self._sampler = HandSampler(other, self._rng, self.infer_params)
        guesses = f.sample(view)
        share = 1.0 / len(guesses)
        unseen = know.unseen
        prob: dict[int, float] = dict.fromkeys(bits_of(unseen), 0.0)
        caps: list[int] = []
        for h in guesses:
            for b in bits_of(h & unseen):
                prob[b] += share
            caps.append(meld_capable(h))
        know.opponents[0].prob = prob
        know.stock_prob = {b: max(0.02, 1.0 - p) for b, p in prob.items()}

        def threat(b: int) -> float:
            return share * sum(1 for c in caps if c & b)

        return _Picture(know, threat, guesses)

    # ----- the decision -------------------------------------------------------------

    def choose(self, view: RoundView, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if TAKE_UPCARD in kinds or DRAW_STOCK in kinds:
            return self._draw(view, kinds)
        if BIG_GIN in kinds:
            return Action(BIG_GIN)
        for action in legal:
            if action.kind == GIN:
                return action
        pic = self._read(view)
        if KNOCK in kinds:
            knock = self._knock(view, legal, pic)
            if knock is not None:
                return knock
        return self._discard(view, legal, pic)

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
        tb = BIT[top]
        if not tb & near(mask_of(view.hand)):
            # It can neither meld nor start a meld with anything held.
            return decline
        best, stock = self._draw_values(view, self._read(view), tb)
        return take if best < stock else decline

    def _draw_values(self, view: RoundView, pic: _Picture, tb: int) -> tuple[float, float]:
        """The values (expected deadwood: lower is better) of taking the top discard `tb`
        and of drawing from the stock instead."""
        hand = pic.know.hand
        ev = _Eval(pic.know, view.rules.knock_limit, self.params)
        stock = ev.stock_value(hand)
        with_top = hand | tb
        best = min(ev.value(with_top ^ b) for b in _shortlist(with_top, by_points(hand), 4))
        return best, stock

    # ----- discarding ---------------------------------------------------------------

    def _discard(self, view: RoundView, legal: Sequence[Action], pic: _Picture) -> Action:
        _, _, best = min(self._discard_options(view, legal, pic))
        return Action(DISCARD, CARD[best])

    def _discard_options(
        self, view: RoundView, legal: Sequence[Action], pic: _Picture
    ) -> list[tuple[float, int, int]]:
        """The shortlisted discards as (score, minus the card's points, the card's bit):
        the lowest is hard's discard."""
        mask = pic.know.hand
        ev = _Eval(pic.know, view.rules.knock_limit, self.params)
        cost = self.params.danger_cost
        threat = pic.threat
        # Chance that the opponent knocks on its next turn, and with what: then the hand
        # kept now is what counts, so weigh it against the longer-term value.
        q = 0.0
        knocks: list[int] = []
        if self.params.defense and pic.guesses:
            knocks, later = self._opponent_turn(view, pic)
            q = self.params.defense * len(knocks) / max(1, len(knocks) + len(later))
        rules = view.rules
        options = []
        allowed = [BIT[a.card] for a in legal if a.kind == DISCARD and a.card is not None]
        for b in _shortlist(mask, allowed, self.params.shortlist):
            score = ev.value(mask ^ b) + cost * threat(b)
            if q:
                kept_dw = mask_deadwood(mask ^ b)
                at_knock = -sum(_outcome(rules, kept_dw, ko) for ko in knocks) / len(knocks)
                score = (1.0 - q) * score + q * (at_knock + cost * threat(b))
            options.append((score, -PTS[b], b))
        return options

    # ----- knocking -----------------------------------------------------------------

    def _knock(self, view: RoundView, legal: Sequence[Action], pic: _Picture) -> Action | None:
        """The knock to make now, or None to discard face up and wait a turn."""
        mask = pic.know.hand
        cards = [a.card for a in legal if a.kind == KNOCK and a.card is not None]
        card = min(cards, key=lambda c: (mask_deadwood(mask ^ BIT[c]), -c.points, c))
        knock = Action(KNOCK, card)
        if not self.params.weigh_knock or not pic.guesses:
            return knock
        kept = mask ^ BIT[card]
        now, laid = self._knock_value(view, kept, pic.guesses)
        wait = self._wait_value(view, kept, BIT[card], pic, laid)
        margin = self.params.knock_margin * max(0, view.rules.undercut_bonus - 10) / 15
        return knock if now >= wait - margin else None

    def _knock_value(self, view: RoundView, kept: int, guesses: list[int]) -> tuple[float, float]:
        """Mean points (own minus opponent's) of knocking with `kept` against the guesses,
        settled exactly (lay-offs, undercut), and the mean deadwood the lay-offs saved."""
        rules = view.rules
        # Under penalty scoring the points are what each seat takes, so they count against.
        sign = 1 if rules.scoring == "points" else -1
        me = cards_in(kept)
        total = 0.0
        laid = 0.0
        for h in guesses:
            s = settle_knock([me, cards_in(h)], 0, rules)
            total += sign * (s.points[0] - s.points[1])
            laid += mask_deadwood(h) - s.seats[1].deadwood_points
        return total / len(guesses), laid / len(guesses)

    def _wait_value(
        self, view: RoundView, kept: int, thrown: int, pic: _Picture, laid: float
    ) -> float:
        """Rough value of throwing `thrown` face up and knocking next turn instead: the
        opponent may knock first (then this hand is counted, perhaps as an undercut),
        else this seat draws once more and knocks or goes gin with what it has then."""
        rules = view.rules
        k = mask_deadwood(kept)
        knocks, later = self._opponent_turn(view, pic, thrown)
        knock_chance = float(len(knocks))
        loss = sum(_outcome(rules, k, ko) for ko in knocks)
        samples = len(later) + knock_chance
        q = knock_chance / samples if samples else 0.0
        loss = loss / knock_chance if knock_chance else 0.0
        if not later:
            return loss
        # This seat's next draw, against the opponent's deadwood after its own turn.
        order = by_points(kept)
        draws = pic.know.stock_prob
        total_w = sum(draws.values()) or 1.0
        # The opponent lays off against a knock about as much as it could now.
        opp = [max(0.0, o - laid) for o in later]
        gin_value = rules.gin_bonus + sum(later) / len(later)  # no lay-offs against gin
        gain = 0.0
        gin_chance = 0.0
        # The deadwood after the draw takes few values (0 to k): value each once.
        by_k2: dict[int, float] = {}
        for b, w in draws.items():
            k2 = best_after_draw(kept, k, order, b)
            if k2 == 0:
                v = gin_value
                gin_chance += w
            else:
                v = by_k2.get(k2, -1e18)
                if v == -1e18:
                    v = by_k2[k2] = sum(
                        (o - k2) if o > k2 else -(rules.undercut_bonus + k2 - o) for o in opp
                    ) / len(opp)
            gain += w * v
        gain /= total_w
        one_turn = q * loss + (1.0 - q) * gain
        if not self.params.hunt:
            return one_turn
        # Or keep waiting until gin: each round of turns the opponent knocks first with
        # chance q, else this seat draws a gin card with chance g (chances held steady).
        g = gin_chance / total_w
        stay = (1.0 - q) * (1.0 - g)
        if stay >= 1.0:
            return one_turn
        hunt = (q * loss + (1.0 - q) * g * gin_value) / (1.0 - stay)
        return max(one_turn, hunt)

    def _opponent_turn(
        self, view: RoundView, pic: _Picture, thrown: int = 0
    ) -> tuple[list[int], list[float]]:
        """Simulate the opponent's next turn on each guess of its hand: it takes `thrown`
        if that melds, else draws one of a few unseen cards. Returns the deadwood of the
        outcomes in which it could knock (0: gin), and of the others."""
        limit = view.rules.knock_limit
        pool = pic.know.unseen
        rng = self._rng
        knocks: list[int] = []
        later: list[float] = []
        for h in pic.guesses:
            dh = mask_deadwood(h)
            order = by_points(h)
            if thrown and melds_with(h, thrown):
                outcomes = [best_after_draw(h, dh, order, thrown)]
            else:
                free = bits_of(pool & ~h)
                picks = rng.sample(free, min(6, len(free))) if free else []
                outcomes = [best_after_draw(h, dh, order, c) for c in picks] or [dh]
            for ko in outcomes:
                if ko <= limit:
                    knocks.append(ko)
                else:
                    later.append(ko)
        return knocks, later


def _shortlist(m: int, candidates: list[int], size: int) -> list[int]:
    """The `size` cards of `candidates` whose discard from `m` leaves the least deadwood
    now (the others break melds and are not worth valuing in full)."""
    if len(candidates) <= size:
        return candidates
    ranked = sorted(candidates, key=lambda b: (mask_deadwood(m ^ b), -PTS[b], b))
    return ranked[:size]


def _outcome(rules: RuleSet, mine: int, theirs: int) -> float:
    """Own points minus the opponent's when it knocks with `theirs` deadwood (0: gin)
    against a hand of `mine` (lay-offs ignored). The same under penalty scoring, read as the
    opponent's penalty minus this seat's."""
    if theirs == 0:
        return -(rules.gin_bonus + mine)
    if mine <= theirs:
        return rules.undercut_bonus + theirs - mine
    return -(mine - theirs)
