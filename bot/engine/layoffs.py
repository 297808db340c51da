"""Lay-offs: the least deadwood a defender keeps once their cards join the knocker's melds.

The defender's own melds and their lay-offs are chosen together: breaking one of their own
sets can free a card that starts a chain of lay-offs and leave less deadwood. For each rank
where the defender holds a set we try keeping it, releasing one card of a four-card set, or
breaking it; the rest is melded in maximal runs, and every leftover card that a chain of
leftover cards connects to a knocker's run (at either end), or that is the missing fourth card
of a knocker's set, is laid off. Laying off is monotone (a laid card never blocks another), so
this closure is the most that can be laid off, and the search over set choices is exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from bot.engine.cards import Card
from bot.engine.melds import (
    _CARD_OF_BIT,
    _LOW13,
    _SPREAD,
    Meld,
    _arrangement,
    _points,
    _run_cover,
    _set_ranks,
    hand_mask,
    is_meld,
)

__all__ = ["Layoff", "LayoffPlan", "lay_off"]


@dataclass(frozen=True, slots=True)
class Layoff:
    """One card laid off onto the knocker's meld number `meld` (an index into their melds)."""

    card: Card
    meld: int

    def to_dict(self) -> dict[str, object]:
        return {"card": self.card.code, "meld": self.meld}


@dataclass(frozen=True, slots=True)
class LayoffPlan:
    """A defender's best play after a knock: own melds, lay-offs in an order that can be
    played (each card next to its meld or to a card laid before it), and what is left."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int


@dataclass(frozen=True, slots=True)
class _Targets:
    cards: int  # every card on the table
    runs: int  # mask of every card in a knocker's run (chains grow from these)
    set_slots: int  # mask of the missing fourth card of each knocker's three-card set
    owner: dict[int, int]  # card bit (run card or set slot) -> meld index


def _layoff_targets(melds: Sequence[Sequence[Card]]) -> _Targets:
    """Where cards can be laid off onto these melds (a knocker's, maybe already extended)."""
    cards = 0
    runs = 0
    slots = 0
    owner: dict[int, int] = {}
    for i, meld in enumerate(melds):
        if not is_meld(meld):
            raise ValueError(f"not a meld: {' '.join(c.code for c in meld)}")
        mask = hand_mask(meld)
        if mask & cards:
            raise ValueError("two melds on the table hold the same card")
        cards |= mask
        if all(c.rank == meld[0].rank for c in meld):
            if len(meld) == 3:
                slot = _rank_all(mask) & ~mask
                slots |= slot
                owner[slot] = i
        else:
            runs |= mask
            rest = mask
            while rest:
                b = rest & -rest
                rest ^= b
                owner[b] = i
    return _Targets(cards, runs, slots, owner)


def _rank_all(mask: int) -> int:
    """All four cards of the rank of a one-rank mask."""
    a = mask & _LOW13 | mask >> 16 & _LOW13 | mask >> 32 & _LOW13 | mask >> 48 & _LOW13
    return a * _SPREAD


def _flood(seeds: int, free: int) -> int:
    """Cards of `free` joined to `seeds` by a chain of adjacent cards of one suit."""
    reach = seeds
    while True:
        grow = (reach << 1 | reach >> 1) & free & ~reach
        if not grow:
            return reach & ~seeds
        reach |= grow


def _defender_options(m: int) -> list[list[int]]:
    options = []
    ranks = _set_ranks(m)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        cards = m & low * _SPREAD
        opts = [cards]
        if cards.bit_count() == 4:
            rest = cards
            while rest:
                c = rest & -rest
                rest ^= c
                opts.append(cards ^ c)
        opts.append(0)
        options.append(opts)
    return options


def _best(m: int, t: _Targets) -> tuple[int, int, int, int]:
    """(deadwood points, set mask, run mask, laid mask) of the defender's best play."""
    best: tuple[int, int, int, int] | None = None
    total = _points(m)
    for combo in product(*_defender_options(m)):
        sm = 0
        for part in combo:
            sm |= part
        rest = m & ~sm
        rm = _run_cover(rest)
        left = rest & ~rm
        laid = (_flood(t.runs, left) if t.runs else 0) | (t.set_slots & left)
        dw = total - _points(sm | rm | laid)
        # Ties: lay off as few cards as possible (own melds first), then the first found.
        if best is None or (dw, laid.bit_count()) < (best[0], best[3].bit_count()):
            best = (dw, sm, rm, laid)
    assert best is not None
    return best


def _nearest_run(b: int, laid: int, t: _Targets) -> tuple[int, int]:
    """(meld index, distance) of the knocker run a laid card's chain reaches, looking down first."""
    for shift in (-1, 1):
        pos = b
        dist = 0
        while True:
            pos = pos >> 1 if shift < 0 else pos << 1
            dist += 1
            if pos & t.runs:
                return t.owner[pos], dist
            if not pos & laid:
                break
    raise AssertionError("a laid-off card is not connected to a run")


def _order(laid: int, t: _Targets) -> tuple[Layoff, ...]:
    """Assign each laid card to a meld and list them in a playable order (nearest first)."""
    placed: list[tuple[int, int, Card]] = []
    rest = laid
    while rest:
        b = rest & -rest
        rest ^= b
        card = _CARD_OF_BIT[b]
        if b & t.set_slots:
            placed.append((t.owner[b], 0, card))
        else:
            meld, dist = _nearest_run(b, laid, t)
            placed.append((meld, dist, card))
    placed.sort(key=lambda p: (p[0], p[1], p[2]))
    return tuple(Layoff(card, meld) for meld, _, card in placed)


def lay_off(defender: Iterable[Card], melds: Sequence[Sequence[Card]]) -> LayoffPlan:
    """The defender's best play against `melds` (the knocker's melds as laid down, or as
    extended by earlier opponents): least deadwood over own melds and lay-offs together."""
    m = hand_mask(defender)
    t = _layoff_targets(melds)
    if m & t.cards:
        raise ValueError("the defender holds a card that is already on the table")
    dw, sm, rm, laid = _best(m, t)
    own = _arrangement(m & ~laid, sm, rm, dw)
    return LayoffPlan(own.melds, _order(laid, t), own.deadwood, dw)
