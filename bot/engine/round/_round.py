"""`Round`: the deal, and the round's records (copies, snapshots, JSON, replays)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine.actions import Action
from bot.engine.cards import Card, parse_card, shuffled_deck
from bot.engine.errors import IllegalAction
from bot.engine.rules import RuleSet

from ._play import RoundPlay
from ._state import FIRST_TURN

_FORMAT = 1
# Immutable attributes `Round.copy` shares; the lists are copied.
_SCALARS = (
    "rules",
    "seats",
    "seed",
    "dealer",
    "_custom_deck",
    "_phase",
    "_to_move",
    "_passes",
    "_stock_only",
    "_taken",
    "_drawn",
    "_stall",
    "_reshuffles",
    "_result",
)


class Round(RoundPlay):
    """A whole round: deal, up-card offer, draws and discards, knock/gin/big gin, walls.

    Seats are numbered 0..seats-1 and play in increasing order (wrapping), starting with
    the seat after the dealer. The stock's top is the next card of the seeded deck.
    """

    def __init__(
        self,
        rules: RuleSet,
        seats: int,
        seed: int,
        dealer: int,
        *,
        deck: Sequence[Card] | None = None,
    ) -> None:
        size = rules.hand_size_for(seats)  # ValueError for a wrong number of players
        if not 0 <= dealer < seats:
            raise ValueError(f"dealer must be a seat from 0 to {seats - 1}, not {dealer}")
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.dealer = dealer
        if deck is None:
            cards = shuffled_deck(seed)
            self._custom_deck = None
        else:
            cards = list(deck)
            if len(cards) != 52 or len(set(cards)) != 52:
                raise ValueError("a deck must hold each of the 52 cards once")
            self._custom_deck = tuple(cards)
        if seats * size + 1 + rules.wall_cards >= len(cards):
            raise ValueError(f"{seats} hands of {size} cards leave no stock to play with")
        order = [(dealer + 1 + i) % seats for i in range(seats)]
        self._hands = [[] for _ in range(seats)]
        # Dealt one card at a time round the table, starting left of the dealer.
        pos = 0
        for _ in range(size):
            for s in order:
                self._hands[s].append(cards[pos])
                pos += 1
        # Hands are kept sorted (card order), so views and records need no sorting.
        for hand in self._hands:
            hand.sort()
        self._discard = [cards[pos]]
        # The stock's top is its last element, so the deck's next card is drawn first.
        self._stock = cards[pos + 1 :][::-1]
        self._phase = FIRST_TURN
        self._to_move = order[0]
        self._passes = 0
        self._stock_only = False
        self._taken = None
        self._drawn = None
        self._known = [[] for _ in range(seats)]
        self._stall = 0
        self._reshuffles = 0
        self._actions = []
        self._events = []
        self._result = None
        self._legal = None

    def copy(self) -> Round:
        """An independent copy (hidden state included), e.g. to try an action."""
        other = Round.__new__(Round)
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))
        other._hands = [list(h) for h in self._hands]
        other._known = [list(k) for k in self._known]
        other._stock = list(self._stock)
        other._discard = list(self._discard)
        other._actions = list(self._actions)
        other._events = list(self._events)
        other._legal = None
        return other

    def snapshot(self) -> dict[str, Any]:
        """The full state, hidden cards included (for the store and audits, never players)."""
        return {
            "phase": self._phase,
            "to_move": self._to_move,
            "hands": [[c.code for c in h] for h in self._hands],
            "stock": [c.code for c in self._stock],
            "discard": [c.code for c in self._discard],
            "known": [[c.code for c in k] for k in self._known],
            "taken": None if self._taken is None else self._taken.code,
            "stall": self._stall,
            "reshuffles": self._reshuffles,
            "result": None if self._result is None else self._result.to_dict(),
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-able record: how to rebuild the round (rules, seed, dealer, actions) plus a
        snapshot that `from_dict` checks the rebuilt state against."""
        return {
            "format": _FORMAT,
            "rules": self.rules.to_dict(),
            "seats": self.seats,
            "seed": self.seed,
            "dealer": self.dealer,
            "deck": None if self._custom_deck is None else [c.code for c in self._custom_deck],
            "actions": [a.encode() for a in self._actions],
            "state": self.snapshot(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Round:
        """Rebuild a round from `to_dict()` output; ValueError if the record is inconsistent."""
        if data.get("format") != _FORMAT:
            raise ValueError(f"unknown round record format {data.get('format')!r}")
        deck = data.get("deck")
        try:
            rnd = cls.replay(
                RuleSet.from_dict(data["rules"]),
                int(data["seats"]),
                int(data["seed"]),
                int(data["dealer"]),
                [Action.decode(str(a)) for a in data["actions"]],
                deck=None if deck is None else [parse_card(str(c)) for c in deck],
            )
        except IllegalAction as exc:
            raise ValueError(f"round record holds an illegal action: {exc}") from exc
        state = data.get("state")
        if state is not None and state != rnd.snapshot():
            raise ValueError("round record's state does not match its replayed actions")
        return rnd

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seats: int,
        seed: int,
        dealer: int,
        actions: Iterable[Action],
        *,
        deck: Sequence[Card] | None = None,
    ) -> Round:
        """Deal from the seed and play `actions` in order (IllegalAction if one is illegal)."""
        rnd = cls(rules, seats, seed, dealer, deck=deck)
        for action in actions:
            rnd.apply(action)
        return rnd

    def __repr__(self) -> str:
        return (
            f"Round({self.rules.name}, seats={self.seats}, seed={self.seed}, "
            f"dealer={self.dealer}, phase={self._phase}, moves={len(self._actions)})"
        )
