"""A round's state, the phases, and what anyone may read: legal actions and views."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

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
from bot.engine.events import Event, RoundResult
from bot.engine.melds import deadwood_points, discard_options
from bot.engine.rules import RuleSet
from bot.engine.view import RoundView

FIRST_TURN = "first_turn"
DRAW = "draw"
DISCARD_PHASE = "discard"
OVER = "over"

#: A `reshuffle` wall rebuilds the stock at most this many times; the next wall is a draw.
#: It bounds every round (with the stall rule) so no two players can play one forever.
MAX_RESHUFFLES = 10


def derive_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed derived from `seed` and labels, the same on every machine and run."""
    text = ":".join([str(seed), *(str(x) for x in labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


class RoundState:
    """A round's state (dealt by `Round`, changed by `RoundPlay`) and what may be read of
    it: the public state, the legal actions and each seat's view."""

    rules: RuleSet
    seats: int
    seed: int
    dealer: int
    _custom_deck: tuple[Card, ...] | None
    _hands: list[list[Card]]
    _discard: list[Card]
    _stock: list[Card]
    _phase: str
    _to_move: int
    _passes: int
    _stock_only: bool
    _taken: Card | None
    _drawn: Card | None
    _known: list[list[Card]]
    _stall: int
    _reshuffles: int
    _actions: list[Action]
    _events: list[Event]
    _result: RoundResult | None
    _legal: list[Action] | None

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

    def views(self, seats: Iterable[int]) -> dict[int, RoundView]:
        """`view(seat)` for each of `seats`: the same views, their public parts (the pile,
        the counts, the known cards, the history) built once and shared, as a table shows
        every seat's view at each move."""
        seats = tuple(seats)
        for seat in seats:
            if not 0 <= seat < self.seats:
                raise ValueError(f"no seat {seat} at a table of {self.seats}")
        over = self._phase == OVER
        to_move = None if over else self._to_move
        result = self._result
        hands = None if result is None else result.hands
        move_number = len(self._actions)
        discard_pile = tuple(self._discard)
        stock_size = len(self._stock)
        hand_sizes = tuple(len(h) for h in self._hands)
        known_cards = tuple(tuple(sorted(k)) for k in self._known)
        history = tuple(self._events)
        views: dict[int, RoundView] = {}
        for seat in seats:
            mine = seat == to_move
            views[seat] = RoundView(
                seat=seat,
                seats=self.seats,
                dealer=self.dealer,
                rules=self.rules,
                phase=self._phase,
                to_move=to_move,
                move_number=move_number,
                hand=tuple(self._hands[seat]),
                drawn=self._drawn if mine else None,
                must_keep=self._taken if mine else None,
                discard_pile=discard_pile,
                stock_size=stock_size,
                hand_sizes=hand_sizes,
                known_cards=known_cards,
                history=history,
                legal=tuple(self.legal_actions()) if mine else (),
                reshuffles=self._reshuffles,
                stall_count=self._stall,
                hands=hands,
                result=result,
            )
        return views
