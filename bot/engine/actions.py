"""The moves a player can make in a round, as plain frozen values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine.cards import Card, deck, parse_card

TAKE_UPCARD = "take_upcard"
PASS = "pass"
DRAW_STOCK = "draw_stock"
DRAW_DISCARD = "draw_discard"
DISCARD = "discard"
KNOCK = "knock"
GIN = "gin"
BIG_GIN = "big_gin"

#: Every action kind, in the order legal actions are listed.
KINDS: tuple[str, ...] = (TAKE_UPCARD, PASS, DRAW_STOCK, DRAW_DISCARD, DISCARD, KNOCK, GIN, BIG_GIN)
#: Kinds that name a card of the mover's hand (the card discarded, face up or face down).
CARD_KINDS: frozenset[str] = frozenset({DISCARD, KNOCK, GIN})

_LABELS = {
    TAKE_UPCARD: "Take the up-card",
    PASS: "Pass",
    DRAW_STOCK: "Draw from the stock",
    DRAW_DISCARD: "Take the top discard",
    BIG_GIN: "Big Gin",
}


# `init=False`: construction is `__new__` alone, which hands out one shared instance per
# action (all of them are built below: 5 kinds without a card, 3 kinds x 52 cards), so the
# moves a match keeps and the legal lists made each turn hold references, not a new
# garbage-collector-tracked object per move. The dataclass still gives the frozen fields,
# equality and hashing; `object.__init__` ignores the arguments `__new__` already used.
@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One move. `card` is the card discarded (face up for `discard`, face down for
    `knock` and `gin`) and is None for every other kind.

    Equal actions are the same object: `Action("discard", c) is Action("discard", c)`."""

    kind: str
    card: Card | None = None

    def __new__(cls, kind: str, card: Card | None = None) -> Action:
        action = _ACTIONS.get((kind, card))
        if action is None:
            if kind not in KINDS:
                raise ValueError(f"unknown action kind {kind!r}")
            if (kind in CARD_KINDS) != (card is not None):
                need = "needs a card" if kind in CARD_KINDS else "takes no card"
                raise ValueError(f"action {kind!r} {need}")
            raise ValueError(f"action {kind!r} needs a card, not {card!r}")
        return action

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling calls the constructor, which returns the shared instance.
        return (Action, (self.kind, self.card))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: object) -> Action:
        return self

    @property
    def label(self) -> str:
        """How a player reads it: `Discard 8♥`, `Knock with 8♥`, `Pass`."""
        if self.card is None:
            return _LABELS[self.kind]
        verb = {DISCARD: "Discard", KNOCK: "Knock with", GIN: "Gin with"}[self.kind]
        return f"{verb} {self.card.label}"

    def encode(self) -> str:
        """A short stable text form (`discard:H8`, `pass`), e.g. for a button's custom id."""
        return self.kind if self.card is None else f"{self.kind}:{self.card.code}"

    @classmethod
    def decode(cls, text: str) -> Action:
        """Inverse of `encode`; ValueError on anything else."""
        kind, _, code = text.partition(":")
        return cls(kind, parse_card(code) if code else None)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": None if self.card is None else self.card.code}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        card = data.get("card")
        return cls(str(data["kind"]), None if card is None else parse_card(str(card)))

    def __str__(self) -> str:
        return self.encode()


def _make_action(kind: str, card: Card | None) -> Action:
    """The one instance of an action (the constructor only looks instances up)."""
    action = object.__new__(Action)
    object.__setattr__(action, "kind", kind)
    object.__setattr__(action, "card", card)
    return action


#: Every valid action, by (kind, card): the constructor's whole domain.
_ACTIONS: dict[tuple[str, Card | None], Action] = {
    (kind, card): _make_action(kind, card)
    for kind in KINDS
    for card in (deck() if kind in CARD_KINDS else [None])
}


__all__ = [
    "BIG_GIN",
    "CARD_KINDS",
    "DISCARD",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "GIN",
    "KINDS",
    "KNOCK",
    "PASS",
    "TAKE_UPCARD",
    "Action",
]
