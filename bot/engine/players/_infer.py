"""Guessing one opponent's hidden cards from its public decisions (Markov chain sampling).

Every decision the opponent made in the round says something about the cards it held:
a sensible player takes a discard that melds with its cards and leaves one that does not,
throws away a card outside its melds, and usually its highest one. Each decision becomes a
soft constraint on the opponent's hand, weaker the more cards it has drawn since (those
cards may have arrived later). Guesses of the hidden cards are drawn with Metropolis swaps
(one hidden card for one unseen card) under the product of the constraints; the chains
carry over from one decision to the next, so each call only needs a few steps.

Only public information is used: the seat's own hand, the discard pile, the history and the
cards the opponent is known to hold.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import exp

from bot.engine.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, PASS, TAKE_UPCARD
from bot.engine.players._cardbits import ALL_CARDS, BIT, PTS, bits_of, mask_deadwood, mask_of
from bot.engine.round import Event
from bot.engine.view import RoundView

__all__ = ["InferParams", "HandSampler", "in_melds", "meld_pairs"]

_LOW13 = 0x1FFF
_SPREAD = 1 | 1 << 16 | 1 << 32 | 1 << 48
#: Cards worth more than p points, for p = 0..10.
_HIGHER = [sum(b for b, v in PTS.items() if v > p) for p in range(11)]


def in_melds(m: int) -> int:
    """Cards of `m` lying in some meld (a run of 3+ or a set of 3+) within `m`."""
    t = m & m >> 1 & m >> 2
    runs = t | t << 1 | t << 2
    a = m & _LOW13
    b = m >> 16 & _LOW13
    c = m >> 32 & _LOW13
    d = m >> 48 & _LOW13
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    return (runs | ranks * _SPREAD) & m


def _meld_pairs(bit: int) -> tuple[int, ...]:
    """The two-card masks that make a meld with the card `bit`."""
    pos = bit.bit_length() - 1
    suit, rank = divmod(pos, 16)
    out = []
    for lo, hi in ((-2, -1), (-1, 1), (1, 2)):
        if rank + lo >= 0 and rank + hi < 13:
            out.append(1 << (pos + lo) | 1 << (pos + hi))
    mates = [1 << (16 * s + rank) for s in range(4) if s != suit]
    for i in range(3):
        for j in range(i + 1, 3):
            out.append(mates[i] | mates[j])
    return tuple(out)


_PAIRS: dict[int, tuple[int, ...]] = {b: _meld_pairs(b) for b in BIT.values()}


def meld_pairs(bit: int) -> tuple[int, ...]:
    """The two-card masks that make a meld with the card `bit` (runs, then sets)."""
    return _PAIRS[bit]


def melds_with(h: int, bit: int) -> bool:
    """Whether the card `bit` makes a meld with two cards of `h`."""
    return any(h & pm == pm for pm in _PAIRS[bit])


@dataclass(frozen=True, slots=True)
class InferParams:
    """How much each kind of decision is trusted: the weight a guess keeps when the
    decision contradicts it (1 = no information, 0 = certain)."""

    chains: int = 24
    #: Metropolis swaps per chain per call (more on the first call of a round).
    steps: int = 12
    first_steps: int = 40
    declined_meld: float = 0.08
    took_loose: float = 0.3
    broke_meld: float = 0.1
    #: Per unmelded card of the guess worth more than the card thrown.
    kept_higher: float = 0.35
    #: How fast a constraint fades per card the opponent has drawn since (0..1).
    fade: float = 0.12
    #: Weight of a guess that could have knocked (or gone gin) on the opponent's last turn
    #: but did not: players knock soon after they can.
    could_knock: float = 0.25
    #: The deadwood at or below which the opponent is believed to knock (-1: the rule
    #: set's knock limit). A player who knocks only with little deadwood holds more.
    knock_at: int = -1
    #: Guesses are weighted by exp(-improve * turns * deadwood): hands improve as the
    #: opponent draws (it keeps what melds and throws its highest cards).
    improve: float = 0.04


# A constraint: (pair masks, weight when any pair is held, weight when none is,
#                cards to leave out of the hand, higher-card mask, weight per higher card)
_Constraint = tuple[tuple[int, ...], float, float, int, int, float]


def _soft(w: float, age: int, fade: float) -> float:
    return w + (1.0 - w) * min(1.0, fade * age)


class HandSampler:
    """Guesses of one opponent's hand, re-drawn at each call with a few Metropolis swaps."""

    def __init__(self, seat: int, rng: random.Random, params: InferParams) -> None:
        self.seat = seat
        self.rng = rng
        self.params = params
        self.chains: list[int] = []
        self.key: tuple[Event, ...] = ()

    def constraints(self, view: RoundView) -> list[_Constraint]:
        """One soft constraint per opponent decision in the history."""
        prm = self.params
        seat = self.seat
        out: list[_Constraint] = []
        events = view.history
        # Walk backwards so each decision knows how many cards were drawn and which
        # cards were taken after it.
        pile = _pile_tops(view)
        draws_after = 0
        taken_after = 0
        for idx in range(len(events) - 1, -1, -1):
            e = events[idx]
            if e.seat != seat:
                continue
            kind = e.kind
            if kind in (PASS, DRAW_STOCK):
                top = pile[idx]
                if top:
                    w = _soft(prm.declined_meld, draws_after, prm.fade)
                    if w < 1.0:
                        out.append((_PAIRS[top], w, 1.0, taken_after, 0, 1.0))
                if kind == DRAW_STOCK:
                    draws_after += 1
            elif kind in (TAKE_UPCARD, DRAW_DISCARD) and e.card is not None:
                card = BIT[e.card]
                taken_after |= card
                w = _soft(prm.took_loose, draws_after, prm.fade)
                if w < 1.0:
                    out.append((_PAIRS[card], 1.0, w, taken_after, 0, 1.0))
            elif kind == DISCARD and e.card is not None:
                card = BIT[e.card]
                w = _soft(prm.broke_meld, draws_after, prm.fade)
                hw = _soft(prm.kept_higher, draws_after, prm.fade)
                if w < 1.0 or hw < 1.0:
                    out.append((_PAIRS[card], w, 1.0, taken_after, _HIGHER[PTS[card]], hw))
        return out

    def sample(self, view: RoundView) -> list[int]:
        """Guesses of the opponent's whole hand (its known cards included)."""
        prm = self.params
        rng = self.rng
        known = mask_of(view.known_cards[self.seat])
        seen = mask_of(view.hand) | mask_of(view.discard_pile)
        for _s, k in enumerate(view.known_cards):
            seen |= mask_of(k)
        pool = ALL_CARDS & ~seen
        hidden_count = max(0, view.hand_sizes[self.seat] - known.bit_count())
        pool_bits = bits_of(pool)
        if hidden_count > len(pool_bits):
            hidden_count = len(pool_bits)
        history = view.history
        n = len(self.key)
        fresh = not self.chains or history[:n] != self.key
        # Only the opponent's own decisions add constraints worth new steps.
        news = fresh or any(e.seat == self.seat for e in history[n:])
        self.key = history
        chains: list[int] = []
        for i in range(prm.chains):
            h = 0 if fresh else self.chains[i] & pool
            if h.bit_count() > hidden_count:
                h = sum(rng.sample(bits_of(h), hidden_count))
            missing = hidden_count - h.bit_count()
            if missing:
                h |= sum(rng.sample(bits_of(pool & ~h), missing))
            chains.append(h)
        cons = self.constraints(view)
        # Once the opponent has discarded face up, its kept cards did not allow a knock it
        # wanted to make.
        opp_moved = any(e.seat == self.seat and e.kind == DISCARD for e in history)
        at = (
            view.rules.knock_limit
            if prm.knock_at < 0
            else min(prm.knock_at, view.rules.knock_limit)
        )
        limit = at if opp_moved else -1
        w_knock = prm.could_knock
        turns = sum(1 for e in history if e.seat == self.seat and e.kind == DISCARD)
        slope = prm.improve * turns
        steps = prm.first_steps if fresh else prm.steps if news else 0
        if (
            steps
            and (cons or limit >= 0 or slope)
            and hidden_count
            and len(pool_bits) > hidden_count
        ):
            rand = rng.random
            for i, h in enumerate(chains):
                inside = bits_of(h)
                outside = [b for b in pool_bits if not b & h]
                n_in = len(inside)
                n_out = len(outside)
                like = _likelihood(h | known, cons, limit, w_knock, slope)
                for _ in range(steps):
                    a = int(rand() * n_in)
                    b = int(rand() * n_out)
                    out_bit = inside[a]
                    in_bit = outside[b]
                    h2 = h ^ out_bit ^ in_bit
                    like2 = _likelihood(h2 | known, cons, limit, w_knock, slope)
                    if like2 >= like or rand() * like < like2:
                        h, like = h2, like2
                        inside[a] = in_bit
                        outside[b] = out_bit
                chains[i] = h
        self.chains = chains
        return [h | known for h in chains]


def _likelihood(
    h: int, cons: list[_Constraint], limit: int = -1, w_knock: float = 1.0, slope: float = 0.0
) -> float:
    """How well the guess `h` fits the constraints (product of weights); a guess whose
    deadwood is within `limit` gets `w_knock` too (its holder would have knocked), and
    every guess exp(-slope * deadwood)."""
    melded = -1
    like = 1.0
    if limit >= 0 or slope:
        dw = mask_deadwood(h)
        if dw <= limit:
            like = w_knock
        if slope:
            like *= exp(-slope * dw)
    for pairs, w_pair, w_none, drop, higher, hw in cons:
        hh = h & ~drop if drop else h
        for pm in pairs:
            if hh & pm == pm:
                like *= w_pair
                break
        else:
            like *= w_none
        if higher:
            if melded < 0:
                melded = in_melds(h)
            k = (hh & ~melded & higher).bit_count()
            if k:
                like *= hw**k
    return like


def _pile_tops(view: RoundView) -> list[int]:
    """Per history index, the top discard at that moment (0 if none or unknown)."""
    events = view.history
    upcard = 0
    pile = [0]
    reshuffled = False
    for e in events:
        if e.kind in (TAKE_UPCARD, DRAW_DISCARD):
            top = pile.pop() if pile else -1
            if top == 0 and e.card is not None:
                upcard = BIT[e.card]
        elif e.kind == DISCARD and e.card is not None:
            pile.append(BIT[e.card])
        elif e.kind == "reshuffle":
            reshuffled = True
            pile = pile[-1:]
    if not upcard and not reshuffled and view.discard_pile and 0 in pile:
        upcard = BIT[view.discard_pile[0]]
    tops = []
    pile = [upcard]
    for e in events:
        tops.append(pile[-1] if pile else 0)
        if e.kind in (TAKE_UPCARD, DRAW_DISCARD):
            if pile:
                pile.pop()
        elif e.kind == DISCARD and e.card is not None:
            pile.append(BIT[e.card])
        elif e.kind == "reshuffle":
            pile = pile[-1:]
    return tops
