"""The moves a player can make in a round, as plain frozen values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine.cards import Card, parse_card

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


@dataclass(frozen=True, slots=True)
class Action:
    """One move. `card` is the card discarded (face up for `discard`, face down for
    `knock` and `gin`) and is None for every other kind."""

    kind: str
    card: Card | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown action kind {self.kind!r}")
        if (self.kind in CARD_KINDS) != (self.card is not None):
            need = "needs a card" if self.kind in CARD_KINDS else "takes no card"
            raise ValueError(f"action {self.kind!r} {need}")

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
