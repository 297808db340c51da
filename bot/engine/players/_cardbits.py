"""Card bit masks for the computer players (the layout of `bot.engine.melds`).

A card is bit `16 * suit + rank - 1`; a hand is the OR of its cards. The spare bits between
suits stay zero, so one-bit shifts find run neighbours without crossing suits.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.cards import SUITS, Card
from bot.engine.melds import mask_deadwood

__all__ = [
    "ALL_CARDS",
    "BIT",
    "CARD",
    "PTS",
    "bits_of",
    "by_points",
    "best_after_draw",
    "best_drop",
    "cards_in",
    "improve",
    "mask_deadwood",
    "mask_of",
    "meld_capable",
    "near",
]

#: Card -> its bit.
BIT: dict[Card, int] = {}
#: bit -> card.
CARD: dict[int, Card] = {}
#: bit -> deadwood points.
PTS: dict[int, int] = {}
for _s, _suit in enumerate(SUITS):
    for _r in range(1, 14):
        _c = Card(_suit, _r)
        _b = 1 << (16 * _s + _r - 1)
        BIT[_c] = _b
        CARD[_b] = _c
        PTS[_b] = min(_r, 10)

#: Every card's bit, highest points first (ties: higher bit first): scanning it for a
#: hand's cards is cheaper than sorting them on every call.
_DESC = sorted(PTS, key=lambda b: (PTS[b], b), reverse=True)

#: Every card's bit.
ALL_CARDS = sum(BIT.values())
_LOW13 = 0x1FFF
_SPREAD = 1 | 1 << 16 | 1 << 32 | 1 << 48


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some distinct cards."""
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def bits_of(m: int) -> list[int]:
    """The single-card bits of a mask, lowest first."""
    out = []
    while m:
        b = m & -m
        out.append(b)
        m ^= b
    return out


def cards_in(m: int) -> list[Card]:
    return [CARD[b] for b in bits_of(m)]


def _ranks_with(m: int, at_least: int) -> int:
    """13-bit mask of ranks held in at least `at_least` (1-3) suits of `m`."""
    a = m & _LOW13
    b = m >> 16 & _LOW13
    c = m >> 32 & _LOW13
    d = m >> 48 & _LOW13
    if at_least == 1:
        return a | b | c | d
    if at_least == 2:
        return (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    return (a & b & (c | d)) | (c & d & (a | b))


def meld_capable(m: int) -> int:
    """Cards (not in `m`) that would lie in some meld together with cards of `m`: a run
    through two neighbours, or a set with two cards of the rank."""
    up1 = m << 1
    dn1 = m >> 1
    runs = (up1 & m << 2) | (up1 & dn1) | (dn1 & m >> 2)
    sets = _ranks_with(m, 2) * _SPREAD
    return (runs | sets) & ALL_CARDS & ~m


def near(m: int) -> int:
    """Cards (not in `m`) that share a rank with a card of `m` or sit within two ranks of
    one in the same suit: the cards that can form a meld or a two-card start with `m`."""
    spread = m << 1 | m << 2 | m >> 1 | m >> 2
    sets = _ranks_with(m, 1) * _SPREAD
    return (spread | sets) & ALL_CARDS & ~m


def best_drop(m: int, dw: int, order: list[int], keep: int = 0) -> int:
    """Least deadwood after dropping one card of `m` (not `keep`). `dw` is the deadwood of
    `m` and `order` its bits by points, highest first. Dropping a card lowers deadwood by at
    most its points, which prunes the search once no card can beat the best found."""
    best = 1 << 30
    for b in order:
        if dw - PTS[b] >= best:
            break
        if b == keep:
            continue
        v = mask_deadwood(m ^ b)
        if v < best:
            best = v
    return best


def best_after_draw(m: int, d0: int, order: list[int], card: int) -> int:
    """Least deadwood of `m` + `card` after the best discard (`d0` = deadwood of `m`,
    `order` = bits of `m` by points, highest first). Discarding `card` itself gives `d0`."""
    m2 = m | card
    full = mask_deadwood(m2)
    best = d0
    for b in order:
        if full - PTS[b] >= best:
            break
        v = mask_deadwood(m2 ^ b)
        if v < best:
            best = v
    return best


def improve(m: int, card: int, keep: int = 0) -> tuple[int, int, int]:
    """Add `card` to the hand `m` and drop the card (not `keep`) that leaves the least
    deadwood, the highest on ties (points, then bit). Returns the new hand, the card dropped
    and the new hand's deadwood."""
    m2 = m | card
    full = mask_deadwood(m2)
    best = 1 << 30
    drop = 0
    for b in _DESC:
        if not m2 & b:
            continue
        if full - PTS[b] >= best:
            break
        if b == keep:
            continue
        v = mask_deadwood(m2 ^ b)
        if v < best:
            best, drop = v, b
    return m2 ^ drop, drop, best


def by_points(m: int) -> list[int]:
    """Bits of `m`, highest points first (ties: higher bit first)."""
    return [b for b in _DESC if m & b]
