"""Computer players' seeds are one-way: nothing a player holds gives the deal away."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.match import Match
from bot.engine.players import play_round
from bot.engine.players.levels import LEVELS, make_player
from bot.engine.players.seeds import player_seed
from bot.engine.rules import RuleSet


def test_player_seed_is_stable_and_differs_per_seat_and_match() -> None:
    seeds = {player_seed(m, s) for m in (1, 2, 2**61 + 5) for s in range(4)}
    assert len(seeds) == 12
    assert all(0 <= x < 2**63 for x in seeds)
    assert player_seed(12345, 1) == player_seed(12345, 1)
    # Not the old, invertible XOR with the seat.
    assert player_seed(12345, 1) != 12345 ^ 2
    assert player_seed(12345, 0) ^ player_seed(12345, 1) != 3


def _ints(obj: object, out: set[int], depth: int = 0) -> None:
    """Every int reachable from `obj` (attributes, containers, a Random's state)."""
    if depth > 12:
        return
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        out.add(obj)
        return
    if isinstance(obj, str | bytes | float) or obj is None:
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            _ints(k, out, depth + 1)
            _ints(v, out, depth + 1)
        return
    if isinstance(obj, list | tuple | set | frozenset):
        for v in obj:
            _ints(v, out, depth + 1)
        return
    getstate: Any = getattr(obj, "getstate", None)
    if callable(getstate) and type(obj).__module__ == "random":
        _ints(getstate(), out, depth + 1)
    for name in getattr(type(obj), "__slots__", ()):
        _ints(getattr(obj, name, None), out, depth + 1)
    _ints(getattr(obj, "__dict__", {}), out, depth + 1)


@pytest.mark.parametrize("level", LEVELS)
def test_players_hold_no_seed_of_the_deal(level: str) -> None:
    """After playing a round, no int reachable from a player is the match's or the round's
    seed (nor the old seed ^ (seat + 1)) from which the deal can be rebuilt."""
    match = Match(RuleSet.preset("cardgames"), 2, 987654321987)
    players = [make_player(level, player_seed(match.seed, s)) for s in range(2)]
    play_round(match.round, players)
    found: set[int] = set()
    for p in players:
        _ints(p, found)
    forbidden = {match.seed, match.round.seed} | {match.seed ^ (s + 1) for s in range(2)}
    assert not found & forbidden
