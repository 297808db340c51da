"""Applying an action to a round: draws, discards, knocks, gins and walls."""

from __future__ import annotations

import random
from bisect import insort

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
from bot.engine.cards import Card
from bot.engine.errors import IllegalAction
from bot.engine.events import Event, RoundResult
from bot.engine.melds import deadwood_points
from bot.engine.scoring import settle_knock

from ._state import DISCARD_PHASE, DRAW, FIRST_TURN, MAX_RESHUFFLES, OVER, RoundState, derive_seed


class RoundPlay(RoundState):
    """Applying actions: the up-card offer, draws and discards, knocks, gins, walls."""

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
