"""The "easy" computer player: the simple strategy, played loosely.

It sees up-cards that would make a meld but sometimes misses them, sometimes throws a
random unmelded card instead of the worst one, and knocks late (only with little deadwood
or when the stock runs low), so the levels mean something.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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
from bot.engine.melds import best_melds, discard_options
from bot.engine.players.baseline import joins_meld
from bot.engine.view import RoundView

__all__ = ["EasyPlayer"]

#: Chance of not noticing that the top discard would make a meld.
MISS_UPCARD = 0.35
#: Chance of discarding a random unmelded card instead of the highest.
LOOSE_DISCARD = 0.35
#: Knocks only with this much deadwood or less (unless the stock is nearly gone).
KNOCK_AT = 4
#: Stock size under which it knocks whenever it may.
LATE_STOCK = 8


class EasyPlayer:
    """Sensible but loose. Deterministic for a given seed."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: RoundView, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if TAKE_UPCARD in kinds or DRAW_STOCK in kinds:
            return self._draw(view, kinds)
        if BIG_GIN in kinds:
            return Action(BIG_GIN)
        for action in legal:
            if action.kind == GIN:
                return action
        if KNOCK in kinds:
            knock = self._knock(view, legal)
            if knock is not None:
                return knock
        return self._discard(view, legal)

    def _draw(self, view: RoundView, kinds: set[str]) -> Action:
        top = view.top_discard
        wants = top is not None and joins_meld(view.hand, top)
        if wants and self._rng.random() < MISS_UPCARD:
            wants = False
        if TAKE_UPCARD in kinds:
            return Action(TAKE_UPCARD) if wants else Action(PASS)
        return Action(DRAW_DISCARD) if wants and DRAW_DISCARD in kinds else Action(DRAW_STOCK)

    def _knock(self, view: RoundView, legal: Sequence[Action]) -> Action | None:
        knockable = {a.card for a in legal if a.kind == KNOCK}
        options = [(dw, -c.points, c) for c, dw in discard_options(view.hand) if c in knockable]
        dw, _, card = min(options)
        if dw <= KNOCK_AT or view.stock_size <= LATE_STOCK:
            return Action(KNOCK, card)
        return None

    def _discard(self, view: RoundView, legal: Sequence[Action]) -> Action:
        allowed = [a.card for a in legal if a.kind == DISCARD and a.card is not None]
        deadwood = [c for c in best_melds(view.hand).deadwood if c in allowed]
        if deadwood:
            if self._rng.random() < LOOSE_DISCARD:
                return Action(DISCARD, self._rng.choice(deadwood))
            return Action(DISCARD, max(deadwood, key=lambda c: (c.points, c.rank, c.suit)))
        options = [(dw, -c.points, c) for c, dw in discard_options(view.hand) if c in allowed]
        return Action(DISCARD, min(options)[2])
