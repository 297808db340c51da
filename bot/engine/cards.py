"""Cards, the deck, a seeded shuffle, and the card notations players type."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()} | {"♧": "C", "♢": "D", "♡": "H", "♤": "S"}
_RANK_WORDS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


# `init=False`: construction is `__new__` alone. It hands out the one shared instance of each
# card (built once below), so a table's hands, piles and history hold references to 52
# objects instead of a new garbage-collector-tracked object per card made (parsed codes,
# button ids, records read back). The dataclass still gives the frozen fields, equality,
# ordering and hashing; with no `__init__` of its own, `object.__init__` ignores the
# arguments `__new__` already used.
@dataclass(frozen=True, order=True, slots=True, init=False)
class Card:
    """One playing card. Ordered by suit then rank; `index` is a stable 0-51 id.

    There is exactly one instance per card: `Card("H", 8) is parse_card("8H")`. Copies and
    pickles come back as that instance too.
    """

    suit: str
    rank: int

    def __new__(cls, suit: str, rank: int) -> Card:
        card = _CARDS.get((suit, rank))
        if card is None:
            raise ValueError(f"not a card: suit {suit!r}, rank {rank!r}")
        return card

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling calls the constructor, which returns the shared instance.
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def points(self) -> int:
        """Deadwood value: ace 1, two to ten face value, J Q K 10."""
        return min(self.rank, 10)

    @property
    def index(self) -> int:
        return SUITS.index(self.suit) * 13 + self.rank - 1

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _DECK[index]

    @property
    def code(self) -> str:
        """The sources' notation: suit letter then rank number (`H8`, `S12`, `C1`)."""
        return f"{self.suit}{self.rank}"

    @property
    def label(self) -> str:
        """How a player reads it: `8♥`, `Q♠`, `A♣`, `10♦`."""
        return f"{_RANK_NAMES.get(self.rank, str(self.rank))}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


def _make_card(suit: str, rank: int) -> Card:
    """The one instance of a card (the constructor only looks instances up)."""
    card = object.__new__(Card)
    object.__setattr__(card, "suit", suit)
    object.__setattr__(card, "rank", rank)
    return card


_DECK: tuple[Card, ...] = tuple(_make_card(s, r) for s in SUITS for r in range(1, 14))
_CARDS: dict[tuple[str, int], Card] = {(c.suit, c.rank): c for c in _DECK}


def deck() -> list[Card]:
    """A fresh, ordered 52-card deck."""
    return list(_DECK)


def shuffled_deck(seed: int) -> list[Card]:
    """The deck shuffled reproducibly from `seed` (same seed, same order, on every machine)."""
    cards = list(_DECK)
    random.Random(seed).shuffle(cards)
    return cards


def _parse_rank(text: str) -> int | None:
    if text in _RANK_WORDS:
        return _RANK_WORDS[text]
    if text.isdigit():
        rank = int(text)
        return rank if 1 <= rank <= 13 else None
    return None


def parse_card(token: str) -> Card:
    """Parse one card in any notation of RULES.md; `ValueError` names the bad token."""
    raw = token.strip()
    text = raw.upper()
    if text and text[-1] in _SYMBOL_SUITS:
        text = text[:-1] + _SYMBOL_SUITS[text[-1]]
    if text and text[0] in _SYMBOL_SUITS:
        text = _SYMBOL_SUITS[text[0]] + text[1:]
    if len(text) >= 2:
        # Rank then suit (8H, QS, 10H, TH, AS) is tried before suit then rank (H8, S12), so
        # "C1" still reads as the ace of clubs and "8H" as the eight of hearts.
        if text[-1] in SUITS:
            rank = _parse_rank(text[:-1])
            if rank is not None:
                return Card(text[-1], rank)
        if text[0] in SUITS:
            rank = _parse_rank(text[1:])
            if rank is not None:
                return Card(text[0], rank)
    raise ValueError(f"not a card: {raw!r}")


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas, e.g. `H8 S12 8h QS Q♠ 10♥ TH AS`."""
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card]) -> str:
    """The sources' form, space separated: `H8 S12 C1`."""
    return " ".join(c.code for c in cards)


def label_cards(cards: Iterable[Card]) -> str:
    """The players' form, space separated: `8♥ Q♠ A♣`."""
    return " ".join(c.label for c in cards)
