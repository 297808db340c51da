"""Computer players: one interface, fed only a seat's view and its legal actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from bot.engine.actions import DISCARD, DRAW_STOCK, PASS, Action
from bot.engine.match import Match
from bot.engine.players.baseline import BaselinePlayer
from bot.engine.round import Round, RoundResult
from bot.engine.view import RoundView


class Player(Protocol):
    """Anything that picks a move from what its seat may know. It never sees the round
    itself, so it cannot peek at other hands or the stock."""

    def choose(self, view: RoundView, legal: Sequence[Action]) -> Action: ...


def auto_move(view: RoundView) -> Action:
    """The move made for a player whose turn timer ran out: pass on the up-card, draw from
    the stock, then discard the highest deadwood card (never a knock)."""
    if view.phase == "first_turn":
        return Action(PASS)
    if view.phase == "draw":
        return Action(DRAW_STOCK)
    discards = [a for a in view.legal if a.kind == DISCARD]
    if not discards:
        raise ValueError(f"seat {view.seat} has no discard to make now")
    return BaselinePlayer().discard(view, discards)


def play_round(rnd: Round, players: Sequence[Player]) -> RoundResult:
    """Play `rnd` to its end, asking `players[seat]` for each of that seat's moves."""
    while True:
        seat = rnd.to_move
        if seat is None:
            break
        view = rnd.view(seat)
        rnd.apply(players[seat].choose(view, view.legal), seat)
    assert rnd.result is not None
    round_ended(rnd, players)
    return rnd.result


def round_ended(rnd: Round, players: Sequence[object] | Mapping[int, object]) -> None:
    """Show each player (by seat) that reads its opponents, one with `round_ended`, the
    finished round from its own seat: every hand is public then."""
    seated = players.items() if isinstance(players, Mapping) else enumerate(players)
    for seat, player in seated:
        hook = getattr(player, "round_ended", None)
        if hook is not None:
            hook(rnd.view(seat))


def play_match(match: Match, players: Sequence[Player]) -> Match:
    """Play `match` to its end (dealing each next round at once)."""
    while True:
        play_round(match.round, players)
        if match.over:
            return match
        match.next_round()


__all__ = ["BaselinePlayer", "Player", "auto_move", "play_match", "play_round", "round_ended"]
