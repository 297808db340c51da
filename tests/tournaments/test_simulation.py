"""Whole tournaments of 2..16 players with random results, checked against invariants."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from bot.tournaments import Format, Pairing, Result, ResultKind, Status, Tournament

from .helpers import make, met_pairs

FIELD = st.integers(min_value=2, max_value=16)


def _random_result(rng: random.Random, p: Pairing, no_shows: bool) -> Result:
    assert p.b is not None
    roll = rng.random()
    if no_shows and roll < 0.08:
        return Result.double_forfeit()
    if no_shows and roll < 0.2:
        return Result.forfeit(rng.choice(p.players))
    return Result.win(rng.choice(p.players))


def _play_out(t: Tournament, rng: random.Random, no_shows: bool, check_round=None) -> Tournament:
    """Play to the end, checking per-round invariants, with a save/load every round."""
    limit = 64
    while not t.finished:
        before = list(t.all_pairings)
        tables = t.start_round()
        seen = [x for p in tables for x in p.players]
        assert len(seen) == len(set(seen)), "a player sits at two tables in one round"
        assert not set(seen) & set(t.withdrawn), "a player who left was paired"
        assert all(p.round == t.current_round for p in tables)
        assert all(p.result is not None for p in tables if p.b is None), "an undecided bye"
        if check_round is not None:
            check_round(t, before, tables)
        for p in tables:
            if p.result is None:
                t.record_result(p.id, _random_result(rng, p, no_shows))
        # a restart between any two rounds changes nothing
        t = Tournament.from_dict(json.loads(json.dumps(t.to_dict())))
        limit -= 1
        assert limit > 0, "the tournament does not end"
    ranking = t.final_ranking()
    assert sorted(s.player for s in ranking) == sorted(t.seeds)
    assert [s.place for s in ranking] == sorted(s.place for s in ranking)
    return t


def _perfect_matching_exists(players: frozenset[int], met: frozenset[frozenset[int]]) -> bool:
    @cache
    def solve(rest: frozenset[int]) -> bool:
        if not rest:
            return True
        top = min(rest)
        return any(frozenset((top, o)) not in met and solve(rest - {top, o}) for o in rest - {top})

    return solve(players)


def _swiss_round_check(t: Tournament, before: list[Pairing], tables: list[Pairing]) -> None:
    active = set(t.active_players)
    met_before = frozenset(met_pairs(before))
    new = met_pairs(tables)
    rematches = [pair for pair in new if pair in met_before]
    byes_before = Counter(p.a for p in before if p.b is None)
    bye = [p.a for p in tables if p.b is None]
    assert len(bye) == len(active) % 2
    if bye:
        no_bye_yet = [p for p in active if byes_before[p] == 0]
        # the bye goes to someone without one whenever anyone is left without one
        assert (byes_before[bye[0]] == 0) == bool(no_bye_yet)
    if rematches:
        # only when no rematch-free pairing existed for any allowed bye
        candidates = [p for p in active if byes_before[p] == 0] or list(active)
        options = [frozenset(active - {c}) for c in candidates] if bye else [frozenset(active)]
        assert not any(_perfect_matching_exists(o, met_before) for o in options)


@given(n=FIELD, seed=st.integers(0, 2**32), no_shows=st.booleans(), rounds=st.integers(0, 3))
def test_swiss(n: int, seed: int, no_shows: bool, rounds: int) -> None:
    rng = random.Random(seed)
    # default length, or a few more rounds (up to a full round robin) to stress rematches
    total = min(n - 1 if n % 2 == 0 else n, max(1, (n - 1).bit_length()) + rounds)
    t = make(Format.SWISS, n, rounds=total if rounds else None)
    t = _play_out(t, rng, no_shows, _swiss_round_check)
    assert t.current_round == t.total_rounds
    ranking = t.final_ranking()
    # standings are sorted by the tiebreak chain
    keys = [(s.match_points, s.buchholz, s.sonneborn_berger) for s in ranking]
    assert keys == sorted(keys, reverse=True)
    assert len(t.winners) >= 1


@given(n=FIELD, seed=st.integers(0, 2**32), double=st.booleans())
def test_round_robin_everyone_meets_everyone(n: int, seed: int, double: bool) -> None:
    t = make(Format.ROUND_ROBIN, n, double_round_robin=double)
    t = _play_out(t, random.Random(seed), no_shows=True)
    legs = 2 if double else 1
    meetings = Counter(met_pairs(t.all_pairings))
    assert meetings == Counter({frozenset(c): legs for c in combinations(t.seeds, 2)})
    assert t.current_round == legs * (n if n % 2 else n - 1)


def _elimination_check(t: Tournament, no_shows: bool) -> None:
    lives = 2 if t.format is Format.DOUBLE_ELIMINATION else 1
    losses: Counter[int] = Counter()
    out: set[int] = set()
    size = 1 << (len(t.seeds) - 1).bit_length()
    k = size.bit_length() - 1
    any_double_forfeit = False
    for rnd in t.rounds:
        for p in rnd:
            assert not set(p.players) & out, "an eliminated player played again"
        for p in rnd:
            assert p.result is not None
            if p.result.kind is ResultKind.DOUBLE_FORFEIT:
                out.update(p.players)
                any_double_forfeit = True
            elif (loser := p.loser()) is not None:
                losses[loser] += 1
                if losses[loser] >= lives:
                    out.add(loser)
    ranking = t.final_ranking()
    champions = [s.player for s in ranking if s.status is Status.CHAMPION]
    assert champions == t.winners and len(champions) <= 1
    if champions:
        assert losses[champions[0]] < lives
        assert ranking[0].place == 1
    else:
        # only a double no-show among the last players standing leaves no champion
        assert any_double_forfeit and ranking[0].place == 2
    # everyone but the champion is out, with the right number of losses or a no-show
    assert out == set(t.seeds) - set(champions)
    if not no_shows:
        assert len(champions) == 1
        assert all(losses[p] == lives for p in out)
    assert t.current_round <= (k if lives == 1 else 2 * k + 1)


@given(n=FIELD, seed=st.integers(0, 2**32), no_shows=st.booleans(), double=st.booleans())
def test_elimination_ends_with_one_winner(n: int, seed: int, no_shows: bool, double: bool) -> None:
    fmt = Format.DOUBLE_ELIMINATION if double else Format.SINGLE_ELIMINATION
    t = _play_out(make(fmt, n), random.Random(seed), no_shows)
    _elimination_check(t, no_shows)
    if not no_shows and not double:
        assert t.current_round == (n - 1).bit_length()
        assert len(t.all_pairings) == n - 1  # one match per eliminated player


@given(
    fmt=st.sampled_from(list(Format)),
    n=st.integers(3, 12),
    seed=st.integers(0, 2**32),
    leave=st.lists(st.integers(1, 12), max_size=4),
)
def test_withdrawals_never_break_a_tournament(
    fmt: Format, n: int, seed: int, leave: list[int]
) -> None:
    rng = random.Random(seed)
    t = make(fmt, n)
    pending = [p for p in leave if p <= n]
    limit = 64
    while not t.finished:
        tables = t.start_round()
        # a player who left is never at a table still to be played (round robin keeps
        # their scheduled games, already decided as forfeits)
        assert not {x for p in tables if p.result is None for x in p.players} & set(t.withdrawn)
        if pending:
            t.withdraw(pending.pop())
        for p in t.pending_pairings():
            t.record_result(p.id, _random_result(rng, p, no_shows=True))
        limit -= 1
        assert limit > 0
    ranking = t.final_ranking()
    assert sorted(s.player for s in ranking) == list(range(1, n + 1))
    assert len(t.winners) <= (n if not fmt.is_elimination else 1)
