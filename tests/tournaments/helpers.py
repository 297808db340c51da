"""Shared helpers for the tournament tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.tournaments import Entrant, Format, Pairing, Result, Tournament, TournamentConfig


def make(fmt: Format, n: int, **options: object) -> Tournament:
    """A tournament of players 1..n where player i is seed i (higher rating = better seed)."""
    entrants = [Entrant(i, 2000.0 - i) for i in range(1, n + 1)]
    return Tournament.create(TournamentConfig(fmt, **options), entrants)


def play_round(t: Tournament, decide: Callable[[Pairing], Result]) -> list[Pairing]:
    """Start a round and record ``decide(table)`` for every table needing a result."""
    tables = t.start_round()
    for p in tables:
        if p.result is None:
            t.record_result(p.id, decide(p))
    return t.current_pairings()


def higher_seed_wins(p: Pairing) -> Result:
    assert p.b is not None
    return Result.win(min(p.a, p.b))


def winner_is(*favourites: int) -> Callable[[Pairing], Result]:
    """The listed players win whenever they play; otherwise the higher seed wins."""

    def decide(p: Pairing) -> Result:
        for f in favourites:
            if f in p.players:
                return Result.win(f)
        return higher_seed_wins(p)

    return decide


def met_pairs(pairings: Iterable[Pairing]) -> list[frozenset[int]]:
    return [frozenset((p.a, p.b)) for p in pairings if p.b is not None]
