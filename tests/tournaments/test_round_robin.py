"""Round robin: circle method, byes, double round robin, duplicate deals."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bot.tournaments import Format, circle_schedule, round_robin_rounds

from .helpers import higher_seed_wins, make, met_pairs, play_round


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 11, 16])
def test_everyone_meets_everyone_once(n: int) -> None:
    players = list(range(1, n + 1))
    rounds = circle_schedule(players)
    assert len(rounds) == (n if n % 2 else n - 1)
    pairs = [frozenset((a, b)) for rnd in rounds for a, b in rnd if b is not None]
    assert Counter(pairs) == Counter(frozenset(c) for c in combinations(players, 2))
    for rnd in rounds:
        seen = [x for a, b in rnd for x in (a, b) if x is not None]
        assert sorted(seen) == players  # everyone once a round
        assert sum(b is None for _, b in rnd) == n % 2  # one bye in odd fields


@pytest.mark.parametrize("n", [5, 6])
def test_each_player_has_one_bye_in_odd_fields_and_seats_are_balanced(n: int) -> None:
    rounds = circle_schedule(list(range(1, n + 1)))
    byes = Counter(a for rnd in rounds for a, b in rnd if b is None)
    assert byes == (Counter(range(1, n + 1)) if n % 2 else Counter())
    seat1 = Counter(a for rnd in rounds for a, b in rnd if b is not None)
    games = n - 1
    for p in range(1, n + 1):
        assert abs(2 * seat1[p] - games) <= 2


def test_double_round_robin_plays_both_seatings() -> None:
    rounds = round_robin_rounds([1, 2, 3, 4, 5], double=True)
    assert len(rounds) == 10
    seatings = Counter((a, b) for rnd in rounds for a, b in rnd if b is not None)
    for a, b in combinations(range(1, 6), 2):
        assert seatings[(a, b)] == 1 and seatings[(b, a)] == 1


def test_duplicate_round_robin_replays_deals_with_seats_swapped() -> None:
    t = make(Format.ROUND_ROBIN, 4, duplicate=True, seed=99)
    assert t.config.double_round_robin and t.total_rounds == 6
    while not t.finished:
        play_round(t, higher_seed_wins)
    first, second = t.rounds[:3], t.rounds[3:]
    for leg1, leg2 in zip(first, second, strict=True):
        for p, q in zip(leg1, leg2, strict=True):
            assert (q.a, q.b) == (p.b, p.a)
            assert q.deal_round == p.round
            # the same deals, so whoever held seat 1's hand now holds seat 2's
            assert t.deal_seed(q, 0) == t.deal_seed(p, 0)
            assert t.deal_seed(q, 7) == t.deal_seed(p, 7)
    # every table of a round plays the same deals
    assert len({t.deal_seed(p, 0) for p in t.rounds[0]}) == 1
    assert t.deal_seed(t.rounds[0][0], 0) != t.deal_seed(t.rounds[1][0], 0)


def test_tournament_round_robin_byes_score_nothing_and_finishes() -> None:
    t = make(Format.ROUND_ROBIN, 5)
    assert t.total_rounds == 5
    while not t.finished:
        play_round(t, higher_seed_wins)
    pairs = met_pairs(t.all_pairings)
    assert len(pairs) == len(set(pairs)) == 10
    ranking = t.final_ranking()
    assert [s.player for s in ranking] == [1, 2, 3, 4, 5]
    assert [s.match_points for s in ranking] == [4, 3, 2, 1, 0]
    assert all(s.byes == 1 for s in ranking)


def test_withdrawn_players_forfeit_their_remaining_games() -> None:
    t = make(Format.ROUND_ROBIN, 4)
    play_round(t, higher_seed_wins)
    t.withdraw(1)
    r2 = t.start_round()
    against_1 = next(p for p in r2 if 1 in p.players)
    other = against_1.opponent(1)
    assert against_1.result is not None and against_1.result.winner == other
    assert sum(p.result is None for p in r2) == 1
