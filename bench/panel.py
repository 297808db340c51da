"""Test-only opponent styles for judging the computer levels (`bench/arena.py --panel`).

None of these is a level players can pick, and no level is tuned on one of them alone: they
are here so a change to `expert` (or `hard`) is judged against play unlike its own.

    gin_hunter     hard's draws and discards, but knocks only for gin (or near the wall)
    early_knocker  takes any discard that lowers its deadwood, knocks as soon as allowed
    highest        takes a discard only if it melds, throws its highest unmelded card,
                   knocks once its deadwood is at most half the knock limit
    no_upcard      hard's discards and knocks, but never takes the up-card or a discard
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from bot.engine.players import Player
from bot.engine.players.baseline import BaselinePlayer
from bot.engine.players.hard import HardPlayer, _Picture
from bot.engine.view import RoundView

__all__ = ["PANEL_STYLES", "PANEL", "make_style"]


class GinHunter(HardPlayer):
    """Plays `hard`'s cards but holds out for gin; knocks only when the stock is nearly
    down to the wall."""

    name = "gin_hunter"

    def _knock(self, view: RoundView, legal: Sequence[Action], pic: _Picture) -> Action | None:
        if view.stock_size > view.rules.wall_cards + 4:
            return None
        return super()._knock(view, legal, pic)


class NoUpcard(HardPlayer):
    """Plays `hard`'s discards and knocks, but always draws from the stock."""

    name = "no_upcard"

    def _draw(self, view: RoundView, kinds: set[str]) -> Action:
        return Action(PASS) if TAKE_UPCARD in kinds else Action(DRAW_STOCK)


def _cards(legal: Sequence[Action], kind: str) -> set[Card]:
    return {a.card for a in legal if a.kind == kind and a.card is not None}


def _least_deadwood(hand: Sequence[Card], allowed: set[Card]) -> tuple[int, Card]:
    # (deadwood after the discard, card); ties: the higher card goes.
    options = [(dw, -c.points, c) for c, dw in discard_options(hand) if c in allowed]
    dw, _, card = min(options)
    return dw, card


class EarlyKnocker:
    """Greedy: takes the discard whenever it lowers its deadwood, throws the card that
    leaves the least, knocks at the first chance."""

    name = "early_knocker"

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, view: RoundView, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if TAKE_UPCARD in kinds or DRAW_STOCK in kinds:
            top = view.top_discard
            take = Action(TAKE_UPCARD) if TAKE_UPCARD in kinds else Action(DRAW_DISCARD)
            decline = Action(PASS) if TAKE_UPCARD in kinds else Action(DRAW_STOCK)
            if top is None or take.kind not in kinds:
                return decline
            now = best_melds(view.hand).deadwood_points
            hand = [*view.hand, top]
            after = min(dw for c, dw in discard_options(hand) if c != top)
            return take if after < now else decline
        if BIG_GIN in kinds:
            return Action(BIG_GIN)
        for action in legal:
            if action.kind == GIN:
                return action
        if KNOCK in kinds:
            return Action(KNOCK, _least_deadwood(view.hand, _cards(legal, KNOCK))[1])
        return Action(DISCARD, _least_deadwood(view.hand, _cards(legal, DISCARD))[1])


class Highest(BaselinePlayer):
    """The simple strategy (take only what melds, throw the highest unmelded card) with a
    knock at half the knock limit or less, or once the stock runs low."""

    name = "highest"

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, view: RoundView, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if KNOCK in kinds and BIG_GIN not in kinds and not any(a.kind == GIN for a in legal):
            dw, card = _least_deadwood(view.hand, _cards(legal, KNOCK))
            late = view.stock_size <= view.rules.wall_cards + 6
            if dw <= view.rules.knock_limit // 2 or late:
                return Action(KNOCK, card)
            return self.discard(view, legal)
        return super().choose(view, legal)


PANEL_STYLES: dict[str, Callable[[int], Player]] = {
    "gin_hunter": GinHunter,
    "early_knocker": EarlyKnocker,
    "highest": Highest,
    "no_upcard": NoUpcard,
}

#: The panel: the levels but expert, then the styles.
PANEL: tuple[str, ...] = ("easy", "normal", "hard", *PANEL_STYLES)


def make_style(name: str, seed: int) -> Player | None:
    """A fresh panel style player, or None if `name` is not one."""
    factory = PANEL_STYLES.get(name)
    return None if factory is None else factory(seed)
