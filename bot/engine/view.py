"""What one seat may know about a round: the only thing players (human or computer) get."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.engine.actions import Action
from bot.engine.cards import Card

if TYPE_CHECKING:
    from bot.engine.events import Event, RoundResult
    from bot.engine.rules import RuleSet


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [c.code for c in cards]


@dataclass(frozen=True, slots=True)
class RoundView:
    """One seat's knowledge of a round (built by `Round.view(seat)`).

    Holds the seat's own hand, the public table (discard pile, stock size, card counts,
    the public history) and the cards opponents are known to hold because they took them
    from the discard pile and haven't discarded them since. Never another seat's hidden
    cards or the stock order. Once the round is over, `hands` and `result` show everything.
    """

    seat: int
    seats: int
    dealer: int
    rules: RuleSet
    #: "first_turn" (up-card offer), "draw", "discard" or "over".
    phase: str
    #: The seat whose decision it is; None once the round is over.
    to_move: int | None
    #: Number of actions played so far (a stale-button check for services).
    move_number: int
    #: This seat's cards, sorted.
    hand: tuple[Card, ...]
    #: The card this seat drew this turn (from either pile), while it still has to discard.
    drawn: Card | None
    #: The card this seat took from the discard pile this turn: it may not be discarded now.
    must_keep: Card | None
    #: The face-up discard pile, bottom to top (the last card is the one that may be taken).
    discard_pile: tuple[Card, ...]
    stock_size: int
    #: Number of cards in each seat's hand.
    hand_sizes: tuple[int, ...]
    #: Per seat, the cards everyone knows it holds (taken from the discard pile, not yet
    #: discarded). This seat's own entry is what the opponents know about it.
    known_cards: tuple[tuple[Card, ...], ...]
    #: The public log of the round, oldest first (stock draws never name the card).
    history: tuple[Event, ...]
    #: The actions this seat may take now (empty when it isn't this seat's turn).
    legal: tuple[Action, ...]
    #: Times the discard pile has been shuffled into a new stock (`classic` wall).
    reshuffles: int
    #: Turns in a row the stock has not shrunk (the stall rule ends the round at the limit).
    stall_count: int
    #: Every seat's final hand (the knocker's without the knock card), once over.
    hands: tuple[tuple[Card, ...], ...] | None
    result: RoundResult | None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (card codes as in `H8`)."""
        return {
            "seat": self.seat,
            "seats": self.seats,
            "dealer": self.dealer,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "to_move": self.to_move,
            "move_number": self.move_number,
            "hand": _codes(self.hand),
            "drawn": None if self.drawn is None else self.drawn.code,
            "must_keep": None if self.must_keep is None else self.must_keep.code,
            "discard_pile": _codes(self.discard_pile),
            "stock_size": self.stock_size,
            "hand_sizes": list(self.hand_sizes),
            "known_cards": [_codes(k) for k in self.known_cards],
            "history": [e.to_dict() for e in self.history],
            "legal": [a.to_dict() for a in self.legal],
            "reshuffles": self.reshuffles,
            "stall_count": self.stall_count,
            "hands": None if self.hands is None else [_codes(h) for h in self.hands],
            "result": None if self.result is None else self.result.to_dict(),
        }


__all__ = ["RoundView"]
