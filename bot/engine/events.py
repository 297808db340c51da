"""What a round logs and how it ends: `Event` (one entry of the public log) and
`RoundResult`. Their own module so that `round` and `view` both import them, not each other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine.actions import KINDS
from bot.engine.cards import Card
from bot.engine.rules import MAX_PLAYERS
from bot.engine.settlement import Settlement

#: Event kinds: the action kinds, and a table's reshuffle.
_EVENT_KINDS = frozenset(KINDS) | {"reshuffle"}


# `init=False`: construction is `__new__` alone, which shares one instance per value among
# the values a round can log (seats x kinds x 53 card values, a bounded set), so a match's
# history holds references, not a new garbage-collector-tracked object per move. Other
# values (never logged by a round) are still built, unvalidated and unshared as before, so
# odd input cannot grow the cache. `object.__init__` ignores the arguments `__new__` used.
@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One entry of a round's public log. `card` is None where the card stays hidden
    (a stock draw) or there is none; `seat` is None for table events (a reshuffle).

    Equal events a round logs are the same object."""

    seat: int | None
    kind: str
    card: Card | None = None

    def __new__(cls, seat: int | None, kind: str, card: Card | None = None) -> Event:
        shared = (
            (seat is None or (type(seat) is int and 0 <= seat < MAX_PLAYERS))
            and type(kind) is str
            and kind in _EVENT_KINDS
            and (card is None or type(card) is Card)
        )
        if not shared:
            return _make_event(seat, kind, card)
        key = (seat, kind, card)
        event = _EVENTS.get(key)
        if event is None:
            event = _EVENTS[key] = _make_event(seat, kind, card)
        return event

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling calls the constructor, which returns the shared instance.
        return (Event, (self.seat, self.kind, self.card))

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "card": None if self.card is None else self.card.code,
        }


def _make_event(seat: int | None, kind: str, card: Card | None) -> Event:
    event = object.__new__(Event)
    object.__setattr__(event, "seat", seat)
    object.__setattr__(event, "kind", kind)
    object.__setattr__(event, "card", card)
    return event


#: The shared events made so far, by (seat, kind, card); at most MAX_PLAYERS + 1 seat
#: values x 9 kinds x 53 card values.
_EVENTS: dict[tuple[int | None, str, Card | None], Event] = {}


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended.

    `kind` is "knock", "gin", "big_gin" or "undercut" (settled by `settle_knock`), "draw"
    (wall or stall; `reason` says which) or "redeal" (the `redeal` wall: hands thrown in).
    `points[seat]` is what each seat scored (points scoring) or took (penalty scoring).
    """

    kind: str
    winner: int | None
    points: tuple[int, ...]
    knocker: int | None = None
    knock_card: Card | None = None
    #: "wall", "stall" or "reshuffle_limit" for a draw or re-deal, else None.
    reason: str | None = None
    settlement: Settlement | None = None
    #: Every seat's final hand; the knocker's without the knock card.
    hands: tuple[tuple[Card, ...], ...] = ()

    @property
    def is_draw(self) -> bool:
        """True when nobody won: a drawn or re-dealt round."""
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "points": list(self.points),
            "knocker": self.knocker,
            "knock_card": None if self.knock_card is None else self.knock_card.code,
            "reason": self.reason,
            "settlement": None if self.settlement is None else self.settlement.to_dict(),
            "hands": [[c.code for c in h] for h in self.hands],
        }
