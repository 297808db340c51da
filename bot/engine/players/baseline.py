"""The "normal" computer player: the classic simple strategy.

Take the up-card (or the top discard) only if it joins a meld; otherwise draw from the
stock. Discard the highest deadwood card not in a meld. Knock as soon as allowed (Big Gin,
then Gin, then the knock that keeps the least deadwood).
"""

from __future__ import annotations

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
from bot.engine.cards import Card
from bot.engine.melds import best_melds, discard_options
from bot.engine.view import RoundView


def joins_meld(hand: Sequence[Card], card: Card) -> bool:
    """True when `card` is in a meld of the best arrangement of `hand` plus `card`."""
    arrangement = best_melds([*hand, card])
    return any(card in meld for meld in arrangement.melds)


def _highest(cards: Sequence[Card]) -> Card:
    # Highest points, then highest rank (a king before a ten), then suit order.
    return max(cards, key=lambda c: (c.points, c.rank, c.suit))


class BaselinePlayer:
    """The "normal" level (and the benchmark's player). Stateless and deterministic."""

    name = "normal"

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
            return self._knock(view, legal)
        return self.discard(view, legal)

    def _draw(self, view: RoundView, kinds: set[str]) -> Action:
        top = view.top_discard
        wants = top is not None and joins_meld(view.hand, top)
        if TAKE_UPCARD in kinds:
            return Action(TAKE_UPCARD) if wants else Action(PASS)
        return Action(DRAW_DISCARD) if wants and DRAW_DISCARD in kinds else Action(DRAW_STOCK)

    def _knock(self, view: RoundView, legal: Sequence[Action]) -> Action:
        knockable = {a.card for a in legal if a.kind == KNOCK}
        options = [(dw, -c.points, c) for c, dw in discard_options(view.hand) if c in knockable]
        return Action(KNOCK, min(options)[2])

    def discard(self, view: RoundView, legal: Sequence[Action]) -> Action:
        """The face-up discard among `legal`: the highest deadwood card not in a meld."""
        allowed = {a.card for a in legal if a.kind == DISCARD}
        deadwood = [c for c in best_melds(view.hand).deadwood if c in allowed]
        if deadwood:
            return Action(DISCARD, _highest(deadwood))
        # Every card is melded (or the only deadwood is the card just taken): drop the card
        # that leaves the least deadwood.
        options = [(dw, -c.points, c) for c, dw in discard_options(view.hand) if c in allowed]
        return Action(DISCARD, min(options)[2])


__all__ = ["BaselinePlayer", "joins_meld"]
