"""A match's result for the tournament, and what a table decided without play says."""

from __future__ import annotations

from bot.i18n import Coded

from ..noshow import no_show_result
from ..types import Pairing, Result, ResultKind


def match_result(p: Pairing, present: set[int], winner: int | None, ended_by: str) -> Result:
    """The result of a finished match. Played to the target score: the winner wins (even a
    player who never had a turn, beaten by an early gin, was there). Ended otherwise (a
    resignation, or removal for being away): if both made a move it is a win too; if not,
    it is a forfeit to the table's winner (unrated), or a double forfeit if neither of
    them ever moved."""
    if winner is None or winner not in p.players:
        return no_show_result(p, present) or Result.double_forfeit()
    if ended_by != "forfeit" and (ended_by == "score" or set(p.players) <= present):
        return Result.win(winner)
    if present & set(p.players):
        return Result.forfeit(winner)
    return Result.double_forfeit()


def _names_of(names: dict[int, str], *users: int | None) -> list[str]:
    return [names.get(u, str(u)) if u is not None else "?" for u in users]


def no_show_note(p: Pairing, result: Result, names: dict[int, str]) -> Coded:
    """What a deadline decided at a table (said in each reader's language)."""
    if result.kind is ResultKind.DOUBLE_FORFEIT:
        a, b = _names_of(names, p.a, p.b)
        return Coded("tournament-no-show-both", {"a": a, "b": b})
    loser = p.b if result.winner == p.a else p.a
    w, lo = _names_of(names, result.winner, loser)
    return Coded("tournament-no-show-one", {"loser": lo, "winner": w})


def decided_note(p: Pairing, names: dict[int, str], *, removed: str | None = None) -> Coded | None:
    """A table decided without play (None for a match played out); ``removed``: the name
    of the player whose removal decided it."""
    res = p.result
    if res is None or res.played or p.b is None:
        return None
    if res.kind is ResultKind.DOUBLE_FORFEIT:
        a, b = _names_of(names, p.a, p.b)
        if removed is not None:
            return Coded("tournament-removed-both", {"name": removed, "a": a, "b": b})
        return Coded("tournament-decided-both", {"a": a, "b": b})
    loser = p.b if res.winner == p.a else p.a
    w, lo = _names_of(names, res.winner, loser)
    if removed is not None:
        return Coded("tournament-removed-one", {"name": removed, "winner": w})
    return Coded("tournament-decided-one", {"loser": lo, "winner": w})
