"""One round of Gin Rummy as a deterministic state machine (see docs/engine-rounds.md)."""

from __future__ import annotations

import hashlib
import random
from bisect import insort
from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine.actions import (
    BIG_GIN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    PASS,
    TAKE_UPCARD,
    Action,
)
from bot.engine.cards import Card, parse_card, shuffled_deck
from bot.engine.errors import IllegalAction

# Event and RoundResult live in bot.engine.events; they are re-exported from here, where
# much code imports them.
from bot.engine.events import Event, RoundResult
from bot.engine.melds import deadwood_points, discard_options
from bot.engine.rules import RuleSet
from bot.engine.scoring import settle_knock
from bot.engine.view import RoundView

FIRST_TURN = "first_turn"
DRAW = "draw"
DISCARD_PHASE = "discard"
OVER = "over"

#: A `reshuffle` wall rebuilds the stock at most this many times; the next wall is a draw.
#: It bounds every round (with the stall rule) so no two players can play one forever.
MAX_RESHUFFLES = 10

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


def derive_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed derived from `seed` and labels, the same on every machine and run."""
    text = ":".join([str(seed), *(str(x) for x in labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


class Round:
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
            self._custom_deck: tuple[Card, ...] | None = None
        else:
            cards = list(deck)
            if len(cards) != 52 or len(set(cards)) != 52:
                raise ValueError("a deck must hold each of the 52 cards once")
            self._custom_deck = tuple(cards)
        if seats * size + 1 + rules.wall_cards >= len(cards):
            raise ValueError(f"{seats} hands of {size} cards leave no stock to play with")
        order = [(dealer + 1 + i) % seats for i in range(seats)]
        self._hands: list[list[Card]] = [[] for _ in range(seats)]
        # Dealt one card at a time round the table, starting left of the dealer.
        pos = 0
        for _ in range(size):
            for s in order:
                self._hands[s].append(cards[pos])
                pos += 1
        # Hands are kept sorted (card order), so views and records need no sorting.
        for hand in self._hands:
            hand.sort()
        self._discard: list[Card] = [cards[pos]]
        # The stock's top is its last element, so the deck's next card is drawn first.
        self._stock: list[Card] = cards[pos + 1 :][::-1]
        self._phase = FIRST_TURN
        self._to_move = order[0]
        self._passes = 0
        self._stock_only = False
        self._taken: Card | None = None
        self._drawn: Card | None = None
        self._known: list[list[Card]] = [[] for _ in range(seats)]
        self._stall = 0
        self._reshuffles = 0
        self._actions: list[Action] = []
        self._events: list[Event] = []
        self._result: RoundResult | None = None
        self._legal: list[Action] | None = None

    # ----- public state -------------------------------------------------------------

    @property
    def phase(self) -> str:
        """ "first_turn", "draw", "discard" or "over"."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; None once the round is over."""
        return None if self._phase == OVER else self._to_move

    @property
    def over(self) -> bool:
        return self._phase == OVER

    @property
    def result(self) -> RoundResult | None:
        return self._result

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, in order (with the seed, enough to replay)."""
        return tuple(self._actions)

    @property
    def move_number(self) -> int:
        return len(self._actions)

    @property
    def history(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return tuple(self._discard)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards, sorted. Hidden information: for services and tests, not players."""
        return tuple(self._hands[seat])

    # ----- legal actions ------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action `to_move` may take now (knock/gin: one per card allowing it)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self._phase == OVER:
            return []
        if self._phase == FIRST_TURN:
            return [Action(TAKE_UPCARD), Action(PASS)]
        if self._phase == DRAW:
            if self._stock_only or not self._discard:
                return [Action(DRAW_STOCK)]
            return [Action(DRAW_STOCK), Action(DRAW_DISCARD)]
        hand = self._hands[self._to_move]
        taken = self._taken
        if taken is None:
            legal = [Action(DISCARD, c) for c in hand]
        else:
            legal = [Action(DISCARD, c) for c in hand if c != taken]
        deadwood = deadwood_points(hand)
        options = self._knock_options(hand, deadwood)
        legal += [Action(KNOCK, c) for c, dw in options if dw > 0]
        legal += [Action(GIN, c) for c, dw in options if dw == 0]
        if self.rules.big_gin and deadwood == 0:
            legal.append(Action(BIG_GIN))
        return legal

    def _knock_options(self, hand: list[Card], deadwood: int) -> list[tuple[Card, int]]:
        """(card, deadwood of the other cards) for each card the mover may knock with, given
        the hand's own least `deadwood`."""
        limit = self.rules.knock_limit
        taken = self._taken
        # Dropping card c leaves at least deadwood - points(c): any arrangement of the other
        # cards plus c as deadwood is one of the whole hand. Most turns no card passes.
        floor = deadwood - limit
        if not any(c.points >= floor and c != taken for c in hand):
            return []
        return sorted((c, dw) for c, dw in discard_options(hand) if dw <= limit and c != taken)

    # ----- applying actions ---------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Play `action` for `to_move` (or check it is `seat`'s turn first).

        Raises IllegalAction with a message a player can read; the state is unchanged then.
        """
        if self._phase == OVER:
            raise IllegalAction("round-over")
        if seat is not None and seat != self._to_move:
            raise IllegalAction("not-your-turn")
        kind = action.kind
        if self._phase == FIRST_TURN:
            if kind == TAKE_UPCARD:
                self._take_upcard()
            elif kind == PASS:
                self._pass()
            else:
                raise IllegalAction("first-turn-upcard-or-pass")
        elif self._phase == DRAW:
            if kind == DRAW_STOCK:
                self._draw_stock()
            elif kind == DRAW_DISCARD:
                self._draw_discard()
            elif kind in (TAKE_UPCARD, PASS):
                raise IllegalAction("upcard-offer-over")
            else:
                raise IllegalAction("draw-first")
        else:
            if kind == DISCARD:
                self._discard_card(action)
            elif kind in (KNOCK, GIN):
                self._knock(action)
            elif kind == BIG_GIN:
                self._big_gin()
            else:
                raise IllegalAction("already-drawn")
        self._actions.append(action)
        self._legal = None

    def _take_upcard(self) -> None:
        seat = self._to_move
        card = self._discard.pop()
        insort(self._hands[seat], card)
        self._known[seat].append(card)
        self._taken = self._drawn = card
        self._phase = DISCARD_PHASE
        self._events.append(Event(seat, TAKE_UPCARD, card))

    def _pass(self) -> None:
        self._events.append(Event(self._to_move, PASS))
        self._passes += 1
        self._to_move = (self._to_move + 1) % self.seats
        if self._passes == self.seats:
            # Everybody passed: the seat after the dealer starts, and must draw from the stock.
            self._phase = DRAW
            self._stock_only = True

    def _draw_stock(self) -> None:
        seat = self._to_move
        card = self._stock.pop()
        insort(self._hands[seat], card)
        self._drawn = card
        self._taken = None
        self._phase = DISCARD_PHASE
        self._events.append(Event(seat, DRAW_STOCK))

    def _draw_discard(self) -> None:
        if self._stock_only:
            raise IllegalAction("upcard-passed")
        if not self._discard:
            raise IllegalAction("discard-empty")
        seat = self._to_move
        card = self._discard.pop()
        insort(self._hands[seat], card)
        self._known[seat].append(card)
        self._taken = self._drawn = card
        self._phase = DISCARD_PHASE
        self._events.append(Event(seat, DRAW_DISCARD, card))

    def _check_card(self, card: Card | None, verb: str) -> Card:
        assert card is not None  # Action guarantees a card for these kinds
        if card not in self._hands[self._to_move]:
            raise IllegalAction("not-in-hand", card=card)
        if card == self._taken:
            raise IllegalAction("just-taken", move=verb)
        return card

    def _remove_from_hand(self, card: Card) -> None:
        seat = self._to_move
        self._hands[seat].remove(card)
        if card in self._known[seat]:
            self._known[seat].remove(card)

    def _discard_card(self, action: Action) -> None:
        card = self._check_card(action.card, "discard")
        seat = self._to_move
        from_stock = self._taken is None
        self._remove_from_hand(card)
        self._discard.append(card)
        self._events.append(Event(seat, DISCARD, card))
        self._taken = self._drawn = None
        self._stock_only = False
        self._stall = 0 if from_stock else self._stall + 1
        if len(self._stock) <= self.rules.wall_cards and self._wall():
            return
        if self._stall >= self.rules.stall_turns:
            self._finish_void("draw", "stall")
            return
        self._to_move = (seat + 1) % self.seats
        self._phase = DRAW

    def _wall(self) -> bool:
        """Apply the rule set's wall; True when it ended the round."""
        wall = self.rules.wall
        if wall == "draw":
            self._finish_void("draw", "wall")
            return True
        if wall == "redeal":
            self._finish_void("redeal", "wall")
            return True
        # "reshuffle": all but the top discard, shuffled, go under the cards left in the stock.
        if len(self._discard) < 2:
            self._finish_void("draw", "wall")
            return True
        if self._reshuffles >= MAX_RESHUFFLES:
            self._finish_void("draw", "reshuffle_limit")
            return True
        self._reshuffles += 1
        pile = self._discard[:-1]
        random.Random(derive_seed(self.seed, "reshuffle", self._reshuffles)).shuffle(pile)
        self._stock[:0] = pile
        del self._discard[:-1]
        self._events.append(Event(None, "reshuffle"))
        return False

    def _knock(self, action: Action) -> None:
        card = self._check_card(action.card, action.kind)
        kept = [c for c in self._hands[self._to_move] if c != card]
        deadwood = deadwood_points(kept)
        limit = self.rules.knock_limit
        if action.kind == GIN and deadwood:
            raise IllegalAction("gin-deadwood", deadwood=deadwood)
        if action.kind == KNOCK:
            if deadwood > limit:
                raise IllegalAction("knock-deadwood", deadwood=deadwood, limit=limit)
            if deadwood == 0:
                raise IllegalAction("knock-is-gin")
        self._remove_from_hand(card)
        self._events.append(Event(self._to_move, action.kind, card))
        self._settle(action.kind, card)

    def _big_gin(self) -> None:
        if not self.rules.big_gin:
            raise IllegalAction("no-big-gin")
        deadwood = deadwood_points(self._hands[self._to_move])
        if deadwood:
            raise IllegalAction("big-gin-deadwood", deadwood=deadwood)
        self._events.append(Event(self._to_move, BIG_GIN))
        self._settle(BIG_GIN, None)

    def _settle(self, kind: str, knock_card: Card | None) -> None:
        knocker = self._to_move
        hands = [tuple(h) for h in self._hands]
        settlement = settle_knock(hands, knocker, self.rules, kind)
        self._result = RoundResult(
            kind=settlement.kind,
            winner=settlement.winner,
            points=tuple(settlement.points),
            knocker=knocker,
            knock_card=knock_card,
            settlement=settlement,
            hands=tuple(hands),
        )
        self._end()

    def _finish_void(self, kind: str, reason: str) -> None:
        self._result = RoundResult(
            kind=kind,
            winner=None,
            points=(0,) * self.seats,
            reason=reason,
            hands=tuple(tuple(h) for h in self._hands),
        )
        self._end()

    def _end(self) -> None:
        self._phase = OVER
        self._taken = self._drawn = None

    # ----- views --------------------------------------------------------------------

    def view(self, seat: int) -> RoundView:
        """What `seat` may know now, with its legal actions when it is to move."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} at a table of {self.seats}")
        mine = self._phase != OVER and seat == self._to_move
        result = self._result
        return RoundView(
            seat=seat,
            seats=self.seats,
            dealer=self.dealer,
            rules=self.rules,
            phase=self._phase,
            to_move=self.to_move,
            move_number=len(self._actions),
            hand=tuple(self._hands[seat]),
            drawn=self._drawn if mine else None,
            must_keep=self._taken if mine else None,
            discard_pile=tuple(self._discard),
            stock_size=len(self._stock),
            hand_sizes=tuple(len(h) for h in self._hands),
            known_cards=tuple(tuple(sorted(k)) for k in self._known),
            history=tuple(self._events),
            legal=tuple(self.legal_actions()) if mine else (),
            reshuffles=self._reshuffles,
            stall_count=self._stall,
            hands=None if result is None else result.hands,
            result=result,
        )

    # ----- persistence and replay ---------------------------------------------------

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


__all__ = ["MAX_RESHUFFLES", "Event", "Round", "RoundResult", "derive_seed"]
