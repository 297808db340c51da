"""Cards in words: "Queen of Spades", "Reina de picas", "Dame de pique"; short labels.

Short labels keep the index letters printed on each country's French-suited deck: J Q K in
English and Spanish (the poker deck sold in Spain prints them; "J" reads *jota*), V D R in
French (valet, dame, roi). The catalog (``cards.ftl``) holds the words.
"""

from __future__ import annotations

from typing import Any

from bot.engine.cards import SUIT_SYMBOLS, Card
from bot.i18n.catalog import t


def rank_name(rank: int, locale: Any = "en") -> str:
    """``12`` → "Queen" / "Reina" / "Dame"."""
    return t(locale, f"rank-{rank}")


def suit_name(suit: str, locale: Any = "en") -> str:
    """``"S"`` → "Spades" / "picas" / "pique" (as said after "of": *Reina de picas*)."""
    return t(locale, f"suit-{suit}")


def name(card: Card, locale: Any = "en") -> str:
    """The card in words: "Queen of Spades", "Reina de picas", "Dame de pique"."""
    return t(
        locale, "card-name", rank=rank_name(card.rank, locale), suit=suit_name(card.suit, locale)
    )


def rank_index(rank: int, locale: Any = "en") -> str:
    """The rank as printed in a card's corner: "Q" in English and Spanish, "D" in French.
    The one source of a card's short name: labels, menus, buttons and pictures use it."""
    return t(locale, f"rank-short-{rank}")


def label(card: Card, locale: Any = "en") -> str:
    """The short label: "Q♠" in English and Spanish, "D♠" in French, "10♦" everywhere."""
    return rank_index(card.rank, locale) + SUIT_SYMBOLS[card.suit]


def labels(cards: Any, locale: Any = "en") -> str:
    """Short labels separated by spaces (``label_cards`` in the reader's language)."""
    return " ".join(label(c, locale) for c in cards)
