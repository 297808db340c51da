"""Cards in words: "Queen of Spades", "Reina de picas", "Dame de pique"; short labels.

Short labels keep the index letters printed on each country's French-suited deck: J Q K in
English and Spanish (the poker deck sold in Spain prints them; "J" reads *jota*), V D R in
French (valet, dame, roi). The catalog (``cards.ftl``) holds the words.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.cards import SUIT_SYMBOLS, Card
from bot.i18n.catalog import DEFAULT, t
from bot.i18n.locales import Language


def rank_name(rank: int, language: Language = DEFAULT) -> str:
    """``12`` → "Queen" / "Reina" / "Dame"."""
    return t(language, f"rank-{rank}")


def suit_name(suit: str, language: Language = DEFAULT) -> str:
    """``"S"`` → "Spades" / "picas" / "pique" (as said after "of": *Reina de picas*)."""
    return t(language, f"suit-{suit}")


def name(card: Card, language: Language = DEFAULT) -> str:
    """The card in words: "Queen of Spades", "Reina de picas", "Dame de pique"."""
    return t(
        language,
        "card-name",
        rank=rank_name(card.rank, language),
        suit=suit_name(card.suit, language),
    )


def rank_index(rank: int, language: Language = DEFAULT) -> str:
    """The rank as printed in a card's corner: "Q" in English and Spanish, "D" in French.
    The one source of a card's short name: labels, menus, buttons and pictures use it."""
    return t(language, f"rank-short-{rank}")


#: (id(card), language) -> the card and its short label: a hand asks for ~26 at every move,
#: and the catalog's labels never change while the bot runs (52 a language). Read by the
#: card's id, checked against the card kept: there is one instance per card, and a card's
#: hash is a Python call.
_LABELS: dict[tuple[int, str], tuple[Card, str]] = {}
#: Labels kept at most (then forgotten at once: 52 a language are ever made).
_LABELS_KEPT = 1024


def label(card: Card, language: Language = DEFAULT) -> str:
    """The short label: "Q♠" in English and Spanish, "D♠" in French, "10♦" everywhere."""
    key = (id(card), language)
    found = _LABELS.get(key)
    if found is not None and found[0] is card:
        return found[1]
    text = rank_index(card.rank, language) + SUIT_SYMBOLS[card.suit]
    if len(_LABELS) >= _LABELS_KEPT:
        _LABELS.clear()
    _LABELS[key] = (card, text)
    return text


def labels(cards: Iterable[Card], language: Language = DEFAULT) -> str:
    """Short labels separated by spaces (``label_cards`` in the reader's language)."""
    return " ".join(label(c, language) for c in cards)
