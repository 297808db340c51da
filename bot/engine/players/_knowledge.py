"""What one seat can infer from its view: where the unseen cards probably are.

Everything here is read from a `RoundView` alone (own hand, discard pile, public history and
the cards opponents are publicly known to hold), so a player built on it cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, PASS, TAKE_UPCARD
from bot.engine.players._cardbits import ALL_CARDS, BIT, bits_of, mask_of
from bot.engine.view import RoundView

__all__ = ["Knowledge", "OpponentModel", "read_view"]


@dataclass(frozen=True, slots=True)
class Weights:
    """How much the public history moves an unseen card's chance of being in a hand.

    Factors multiply a card's prior weight for each related card: "near" means the same
    rank or a suit neighbour one rank away, "far" a suit neighbour two ranks away.
    """

    discarded_near: float = 0.45
    discarded_far: float = 0.75
    passed_near: float = 0.55
    passed_far: float = 0.8
    taken_near: float = 2.6
    taken_far: float = 1.5


DEFAULT_WEIGHTS = Weights()


@dataclass(slots=True)
class OpponentModel:
    """One opponent: the cards it is known to hold, what it threw away or declined, and per
    unseen card bit the estimated chance that it holds it."""

    seat: int
    known: int
    discarded: int
    passed: int
    taken: int
    unknown_count: int
    prob: dict[int, float]

    def holds(self, bit: int) -> float:
        """Chance this opponent holds the card `bit` (1 for publicly known cards)."""
        if bit & self.known:
            return 1.0
        return self.prob.get(bit, 0.0)


@dataclass(slots=True)
class Knowledge:
    """The seat's picture of the round."""

    hand: int
    #: Cards whose place the seat cannot see (stock or opponents' hidden cards).
    unseen: int
    #: Discard pile cards and every card seen thrown away (they are out of play for melds
    #: unless taken back, which the pile shows).
    pile: int
    opponents: list[OpponentModel]
    #: Per unseen card bit, the chance it is in the stock (not in any opponent's hand).
    stock_prob: dict[int, float]

    @property
    def next_opponent(self) -> OpponentModel:
        return self.opponents[0]


def _related(bit: int) -> tuple[int, int]:
    """(near, far) masks around one card: same rank or one rank apart in the suit; two
    ranks apart in the suit."""
    pos = bit.bit_length() - 1
    rank = pos % 16
    same_rank = 0
    for s in range(4):
        same_rank |= 1 << (16 * s + rank)
    near = (same_rank | bit << 1 | bit >> 1) & ~bit
    far = bit << 2 | bit >> 2
    return near & ALL_CARDS, far & ALL_CARDS


_RELATED: dict[int, tuple[int, int]] = {b: _related(b) for b in BIT.values()}


def _history_masks(view: RoundView) -> tuple[list[int], list[int], list[int]]:
    """Per seat: cards discarded, top discards declined, cards taken from the pile."""
    n = view.seats
    discarded = [0] * n
    passed = [0] * n
    taken = [0] * n
    events = view.history
    # The up-card is only named when someone takes it; otherwise it is still the bottom of
    # the pile (unless a reshuffle buried it, then it is unknown: None).
    upcard = 0
    pile = [0]  # 0 stands for the up-card until an event names it
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
    pile = [upcard]
    for e in events:
        seat = e.seat
        kind = e.kind
        if kind in (TAKE_UPCARD, DRAW_DISCARD):
            if pile:
                pile.pop()
            if seat is not None and e.card is not None:
                taken[seat] |= BIT[e.card]
        elif kind == DISCARD and e.card is not None:
            pile.append(BIT[e.card])
            if seat is not None:
                discarded[seat] |= BIT[e.card]
        elif kind in (PASS, DRAW_STOCK):
            if seat is not None and pile:
                passed[seat] |= pile[-1]
        elif kind == "reshuffle":
            pile = pile[-1:]
    return discarded, passed, taken


def read_view(
    view: RoundView, weights: Weights = DEFAULT_WEIGHTS, *, model: bool = True
) -> Knowledge:
    """Build the seat's picture of the round from its view. With `model=False` the
    per-card chances are left empty (for a caller that estimates them another way)."""
    me = view.seat
    hand = mask_of(view.hand)
    pile = mask_of(view.discard_pile)
    known = [mask_of(k) for k in view.known_cards]
    seen = hand | pile
    for s in range(view.seats):
        if s != me:
            seen |= known[s]
    unseen = ALL_CARDS & ~seen
    if model:
        discarded, passed, taken = _history_masks(view)
    else:
        discarded = passed = taken = [0] * view.seats
    unseen_bits = bits_of(unseen)
    models: list[OpponentModel] = []
    total_unknown = 0
    for i in range(1, view.seats):
        seat = (me + i) % view.seats
        unknown = max(0, view.hand_sizes[seat] - len(view.known_cards[seat]))
        total_unknown += unknown
        raw: dict[int, float] = {}
        for b in unseen_bits if model else ():
            w = 1.0
            for src, near_f, far_f in (
                (discarded[seat], weights.discarded_near, weights.discarded_far),
                (passed[seat] & ~taken[seat], weights.passed_near, weights.passed_far),
                (known[seat], weights.taken_near, weights.taken_far),
            ):
                if src:
                    near, far = _RELATED[b]
                    k = (near & src).bit_count()
                    if k:
                        w *= near_f**k
                    k = (far & src).bit_count()
                    if k:
                        w *= far_f**k
            raw[b] = w
        total = sum(raw.values())
        prob: dict[int, float] = {}
        if total > 0 and unknown:
            scale = unknown / total
            prob = {b: min(0.97, w * scale) for b, w in raw.items()}
        models.append(
            OpponentModel(
                seat=seat,
                known=known[seat],
                discarded=discarded[seat],
                passed=passed[seat],
                taken=taken[seat],
                unknown_count=unknown,
                prob=prob,
            )
        )
    stock_prob: dict[int, float] = {}
    for b in unseen_bits:
        held = sum(m.prob.get(b, 0.0) for m in models)
        stock_prob[b] = max(0.02, 1.0 - held)
    return Knowledge(hand=hand, unseen=unseen, pile=pile, opponents=models, stock_prob=stock_prob)
