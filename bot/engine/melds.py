"""Optimal melds: the arrangement of a hand that leaves the least deadwood points.

Internally a hand is one int with 16 bits per suit (bit `16 * suit + rank - 1`); the three
spare bits between suits stay zero, so shifts never join cards of different suits. Runs are
found with shifts (`m & m >> 1 & m >> 2`), sets from the four suit masks. When no card can
belong both to a set and to a run the optimum is simply "meld every meldable card"; otherwise
an exact search tries, for each rank holding a set, every way of keeping or breaking it (at most
6 per rank), and melds the runs left by each choice. Tables are built once at import.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product
from typing import Any

from bot.engine.cards import SUITS, Card

__all__ = [
    "Arrangement",
    "best_arrangements",
    "best_melds",
    "cards_of_mask",
    "deadwood_points",
    "discard_options",
    "hand_mask",
    "is_meld",
    "mask_deadwood",
]

Meld = tuple[Card, ...]

_STRIDE = 16
_LOW13 = 0x1FFF
_SUIT_SHIFTS = (0, 16, 32, 48)
# A bit per rank replicated in every suit: `rank_bits * _SPREAD` puts it in all four suits.
_SPREAD = 1 | 1 << 16 | 1 << 32 | 1 << 48

_CARD_OF_BIT: dict[int, Card] = {}
_BIT_OF_ID: dict[int, int] = {}
for _s, _suit in enumerate(SUITS):
    for _r in range(1, 14):
        _c = Card.from_index(_s * 13 + _r - 1)
        _b = 1 << (_s * _STRIDE + _r - 1)
        _CARD_OF_BIT[_b] = _c
        # The 52 deck cards live for the whole process, so their ids are stable keys; this
        # skips the (Python-level) dataclass hash for the cards a deal actually hands out.
        _BIT_OF_ID[id(_c)] = _b


def _build_points() -> list[int]:
    pts = [0] * (1 << 13)
    for chunk in range(1, 1 << 13):
        low = chunk & -chunk
        pts[chunk] = pts[chunk ^ low] + min(low.bit_length(), 10)
    return pts


def _build_cards(suit: int) -> list[tuple[Card, ...]]:
    """Cards of one suit per 13-bit rank mask, ascending."""
    out: list[tuple[Card, ...]] = [()] * (1 << 13)
    for chunk in range(1, 1 << 13):
        high = 1 << (chunk.bit_length() - 1)
        out[chunk] = out[chunk ^ high] + (Card.from_index(suit * 13 + chunk.bit_length() - 1),)
    return out


def _segments(chunk: int) -> list[tuple[int, int]]:
    """Maximal runs of consecutive set bits in a 13-bit mask as (low rank index, length)."""
    segs = []
    i = 0
    while i < 13:
        if chunk >> i & 1:
            j = i
            while j < 13 and chunk >> j & 1:
                j += 1
            segs.append((i, j - i))
            i = j
        else:
            i += 1
    return segs


_PTS = _build_points()
_CARDS = [_build_cards(s) for s in range(4)]
# Cards of a 13-bit suit mask that lie in a run of 3+ (aces low: bit 0 is the ace).
_RUN_COVER13 = [0] * (1 << 13)
for _chunk in range(1 << 13):
    _t = _chunk & _chunk >> 1 & _chunk >> 2
    _RUN_COVER13[_chunk] = (_t | _t << 1 | _t << 2) & _LOW13
# Run melds of one suit, indexed by a 13-bit mask that is a union of runs of 3+ cards (the
# run cover of some mask); other entries stay empty and are never read.
_RUNS: list[list[tuple[Meld, ...]]] = [[()] * (1 << 13) for _ in range(4)]
for _chunk in set(_RUN_COVER13):
    _segs = _segments(_chunk)
    for _s in range(4):
        _RUNS[_s][_chunk] = tuple(
            tuple(Card.from_index(_s * 13 + i) for i in range(lo, lo + n)) for lo, n in _segs
        )
# Set melds keyed by rank index (0-12) and a 4-bit suit mask.
_SETS = [
    [tuple(Card.from_index(s * 13 + r) for s in range(4) if sm >> s & 1) for sm in range(16)]
    for r in range(13)
]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds and deadwood of a hand. Runs come first (by suit C D H S, then rank), then sets
    (by rank); cards in a run ascend by rank, in a set by suit; deadwood is in card order."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int

    def to_dict(self) -> dict[str, object]:
        """JSON-able form with cards in the sources' notation."""
        return {
            "melds": [[c.code for c in m] for m in self.melds],
            "deadwood": [c.code for c in self.deadwood],
            "deadwood_points": self.deadwood_points,
        }


_new = object.__new__
_SLOTS: dict[str, Any] = dict(vars(Arrangement))
_set_melds = _SLOTS["melds"].__set__
_set_deadwood = _SLOTS["deadwood"].__set__
_set_points = _SLOTS["deadwood_points"].__set__


def _make(melds: tuple[Meld, ...], deadwood: tuple[Card, ...], points: int) -> Arrangement:
    """`Arrangement(melds, deadwood, points)` through the slot descriptors: the frozen
    dataclass __init__ costs a third of a microsecond more, on the hottest path."""
    arr: Arrangement = _new(Arrangement)
    _set_melds(arr, melds)
    _set_deadwood(arr, deadwood)
    _set_points(arr, points)
    return arr


_SUIT_OFFSET = {suit: s * _STRIDE - 1 for s, suit in enumerate(SUITS)}


def _bit_slow(card: Card) -> int:
    """Bit of a Card that is not one of the deck's own instances (e.g. from `parse_card`)."""
    if not isinstance(card, Card):
        raise TypeError(f"not a card: {card!r}")
    # Card validated suit and rank when it was built, so this is always a real bit.
    return 1 << (_SUIT_OFFSET[card.suit] + card.rank)


def hand_mask(cards: Iterable[Card]) -> int:
    """The internal bit mask of a hand; `ValueError` on a repeated card."""
    get = _BIT_OF_ID.get
    m = 0
    n = 0
    for c in cards:
        b = get(id(c))
        if b is None:
            b = _bit_slow(c)
        m |= b
        n += 1
    if m.bit_count() != n:
        raise ValueError("a hand cannot hold the same card twice")
    return m


def cards_of_mask(m: int) -> tuple[Card, ...]:
    """The cards of a mask in card order (suit C D H S, then rank)."""
    c = _CARDS
    return (
        c[0][m & _LOW13] + c[1][m >> 16 & _LOW13] + c[2][m >> 32 & _LOW13] + c[3][m >> 48 & _LOW13]
    )


def _points(m: int) -> int:
    p = _PTS
    return p[m & _LOW13] + p[m >> 16 & _LOW13] + p[m >> 32 & _LOW13] + p[m >> 48 & _LOW13]


def _run_cover(m: int) -> int:
    """Every card of `m` lying in a run of 3+ (the gap bits keep suits apart)."""
    t = m & m >> 1 & m >> 2
    return t | t << 1 | t << 2


def _set_ranks(m: int) -> int:
    """13-bit mask of ranks held in at least three suits."""
    a = m & _LOW13
    b = m >> 16 & _LOW13
    c = m >> 32 & _LOW13
    d = m >> 48
    return (a & b & (c | d)) | (c & d & (a | b))


def _set_options(m: int, ranks: int, contested: int) -> list[list[int]]:
    """For each set rank whose cards also fit a run: the set masks worth trying. Keeping all
    cards, releasing one contested card from a four-card set, or breaking the set (0)."""
    options = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        cards = m & low * _SPREAD
        if not cards & contested:
            continue
        opts = [cards]
        if cards.bit_count() == 4:
            rest = cards & contested
            while rest:
                c = rest & -rest
                rest ^= c
                opts.append(cards ^ c)
        opts.append(0)
        options.append(opts)
    return options


def _solve(m: int) -> tuple[int, list[tuple[int, int]]]:
    """Most meldable points of `m` and every optimal (set mask, run mask) choice."""
    runs = _run_cover(m)
    ranks = _set_ranks(m)
    if not ranks:
        return _points(runs), [(0, runs)]
    sets = m & ranks * _SPREAD
    contested = sets & runs
    if not contested:
        both = sets | runs
        return _points(both), [(sets, runs)]
    fixed = sets
    options = _set_options(m, ranks, contested)
    for opts in options:
        fixed &= ~opts[0]
    best = -1
    found: list[tuple[int, int]] = []
    for combo in product(*options):
        sm = fixed
        for part in combo:
            sm |= part
        rm = _run_cover(m & ~sm)
        value = _points(sm | rm)
        if value > best:
            best = value
            found = [(sm, rm)]
        elif value == best:
            found.append((sm, rm))
    return best, found


def _max_melded(m: int) -> int:
    """Most meldable points of `m` (no arrangement built)."""
    runs = _run_cover(m)
    ranks = _set_ranks(m)
    if not ranks:
        return _points(runs)
    sets = m & ranks * _SPREAD
    contested = sets & runs
    if not contested:
        return _points(sets | runs)
    return _solve(m)[0]


def _tie_key(m: int, choice: tuple[int, int]) -> tuple[int, int, int, int]:
    """Order of equally good arrangements: fewest deadwood cards, then the deadwood that is
    lowest in card order (compared from the highest card down), then fewest cards in sets."""
    sm, rm = choice
    dw = m & ~(sm | rm)
    return (dw.bit_count(), dw, sm.bit_count(), sm)


def _arrangement(m: int, sm: int, rm: int, dw_points: int) -> Arrangement:
    runs = _RUNS
    melds: tuple[Meld, ...] = ()
    if rm:
        melds = (
            runs[0][rm & _LOW13]
            + runs[1][rm >> 16 & _LOW13]
            + runs[2][rm >> 32 & _LOW13]
            + runs[3][rm >> 48]
        )
    if sm:
        a = sm & _LOW13
        b = sm >> 16 & _LOW13
        c = sm >> 32 & _LOW13
        d = sm >> 48
        ranks = a | b | c | d
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            suits = (a & low and 1) | (b & low and 2) | (c & low and 4) | (d & low and 8)
            melds += (_SETS[low.bit_length() - 1][suits],)
    return _make(melds, cards_of_mask(m & ~(sm | rm)), dw_points)


def mask_deadwood(m: int) -> int:
    """Least deadwood points of the hand mask `m` (see `hand_mask`)."""
    a = m & _LOW13
    b = m >> 16 & _LOW13
    c = m >> 32 & _LOW13
    d = m >> 48
    if (a & b & (c | d)) | (c & d & (a | b)):
        return _points(m) - _max_melded(m)
    cover = _RUN_COVER13
    p = _PTS
    return p[a ^ cover[a]] + p[b ^ cover[b]] + p[c ^ cover[c]] + p[d ^ cover[d]]


def deadwood_points(cards: Iterable[Card]) -> int:
    """Least deadwood points of a hand, without building the arrangement."""
    return mask_deadwood(hand_mask(cards))


def best_melds(cards: Iterable[Card]) -> Arrangement:
    """The arrangement with the least deadwood points; ties broken as in `best_arrangements`."""
    # The common cases are inlined on the four 13-bit suit masks (small ints, table lookups):
    # this is the hot call of the computer players and of the benchmark.
    get = _BIT_OF_ID.get
    m = 0
    n = 0
    for card in cards:
        bit = get(id(card))
        if bit is None:
            bit = _bit_slow(card)
        m |= bit
        n += 1
    if m.bit_count() != n:
        raise ValueError("a hand cannot hold the same card twice")
    a = m & _LOW13
    b = m >> 16 & _LOW13
    c = m >> 32 & _LOW13
    d = m >> 48
    if (a & b & (c | d)) | (c & d & (a | b)):
        return _best_with_sets(m)
    cover = _RUN_COVER13
    ra = cover[a]
    rb = cover[b]
    rc = cover[c]
    rd = cover[d]
    a ^= ra
    b ^= rb
    c ^= rc
    d ^= rd
    p = _PTS
    cs = _CARDS
    deadwood = cs[0][a] + cs[1][b] + cs[2][c] + cs[3][d]
    points = p[a] + p[b] + p[c] + p[d]
    if ra | rb | rc | rd:
        runs = _RUNS
        melds = runs[0][ra] + runs[1][rb] + runs[2][rc] + runs[3][rd]
        return _make(melds, deadwood, points)
    return _make((), deadwood, points)


def _best_with_sets(m: int) -> Arrangement:
    runs = _run_cover(m)
    sets = m & _set_ranks(m) * _SPREAD
    if not sets & runs:
        return _arrangement(m, sets, runs, _points(m & ~(sets | runs)))
    value, found = _solve(m)
    sm, rm = min(found, key=lambda ch: _tie_key(m, ch))
    return _arrangement(m, sm, rm, _points(m) - value)


def best_arrangements(cards: Iterable[Card]) -> list[Arrangement]:
    """Every arrangement reaching the least deadwood, first the one `best_melds` returns.
    Adjacent runs of one suit are always joined, so a run is never listed split in two."""
    m = hand_mask(cards)
    value, found = _solve(m)
    found.sort(key=lambda ch: _tie_key(m, ch))
    dw_points = _points(m) - value
    return [_arrangement(m, sm, rm, dw_points) for sm, rm in found]


def discard_options(cards: Iterable[Card]) -> list[tuple[Card, int]]:
    """For each card of the hand (in card order), the least deadwood the other cards leave.
    Exact: every remaining hand is solved, never "best arrangement minus its worst card"."""
    m = hand_mask(cards)
    out = []
    rest = m
    while rest:
        b = rest & -rest
        rest ^= b
        out.append((_CARD_OF_BIT[b], mask_deadwood(m ^ b)))
    return out


def is_meld(cards: Iterable[Card]) -> bool:
    """Whether the cards form one meld: 3-4 of a rank, or 3+ consecutive of a suit (ace low)."""
    group = list(cards)
    if len(group) < 3 or len(set(group)) != len(group):
        return False
    if all(c.rank == group[0].rank for c in group):
        return len(group) <= 4
    if any(c.suit != group[0].suit for c in group):
        return False
    ranks = sorted(c.rank for c in group)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))
