"""Swiss pairing: score groups, no rematches, floaters, byes, round count."""

from __future__ import annotations

import pytest

from bot.tournaments import BYE_POINTS, Format, Result, ResultKind, TournamentError
from bot.tournaments.swiss import default_rounds, max_rounds, pair_round

from .helpers import higher_seed_wins, make, met_pairs, play_round


@pytest.mark.parametrize(
    ("n", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (16, 4), (17, 5), (64, 6)]
)
def test_default_rounds_is_ceil_log2(n: int, rounds: int) -> None:
    assert default_rounds(n) == rounds
    assert make(Format.SWISS, n).total_rounds == rounds


def test_first_round_pairs_top_half_against_bottom_half() -> None:
    res = pair_round([1, 2, 3, 4, 5, 6, 7, 8], dict.fromkeys(range(1, 9), 0), set(), [])
    assert res.pairs == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert res.bye is None and res.rematches == 0


def test_pairs_within_score_groups_and_floats_the_lowest_down() -> None:
    points = {1: 2, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0}
    res = pair_round(list(range(1, 9)), points, set(), [])
    # group of three on 2 points: 1 v 2, 3 floats down to the top of the 1-point group
    assert res.pairs == [(1, 2), (3, 4), (5, 6), (7, 8)]


def test_avoids_rematches_by_backtracking() -> None:
    points = dict.fromkeys(range(1, 5), 1)
    # 1 v 3 is the natural pairing but they met; 2 v 4 met too
    met = {frozenset((1, 3)), frozenset((2, 4))}
    res = pair_round([1, 2, 3, 4], points, met, [])
    assert res.rematches == 0
    assert {frozenset(p) for p in res.pairs}.isdisjoint(met)
    assert res.pairs == [(1, 4), (2, 3)]


def test_deep_backtracking_when_the_bottom_is_stuck() -> None:
    # 5 and 6 have both played everyone in the top group except each other's natural
    # opponents; a greedy top-down pairing would leave 5 v 6, which also met.
    points = {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}
    met = {frozenset(x) for x in [(5, 6), (5, 4), (5, 3), (6, 1), (6, 2)]}
    res = pair_round(list(range(1, 7)), points, met, [])
    assert res.rematches == 0
    paired = sorted(x for pair in res.pairs for x in pair)
    assert paired == [1, 2, 3, 4, 5, 6]
    assert {frozenset(p) for p in res.pairs}.isdisjoint(met)


def test_rematch_only_when_unavoidable() -> None:
    # four players after three rounds have all met: any pairing is a rematch
    met = {frozenset((a, b)) for a in range(1, 5) for b in range(a + 1, 5)}
    res = pair_round([1, 2, 3, 4], dict.fromkeys(range(1, 5), 1), met, [])
    assert res.rematches == 2 and len(res.pairs) == 2


def test_bye_goes_to_first_candidate_unless_it_forces_a_rematch() -> None:
    points = {1: 1, 2: 1, 3: 0, 4: 0, 5: 0}
    res = pair_round([1, 2, 3, 4, 5], points, set(), [5, 4, 3])
    assert res.bye == 5
    # 1 has met 2, 3 and 4: with 5 on the bye, 1 would need a rematch; 4 takes it instead
    met = {frozenset((1, 2)), frozenset((1, 3)), frozenset((1, 4))}
    res = pair_round([1, 2, 3, 4, 5], points, met, [5, 4, 3])
    assert res.bye == 4 and res.rematches == 0
    assert res.pairs == [(1, 5), (2, 3)]


def test_tournament_bye_is_a_win_for_the_lowest_ranked_without_one() -> None:
    t = make(Format.SWISS, 5)
    r1 = play_round(t, higher_seed_wins)
    byes = [p for p in r1 if p.is_bye]
    assert [p.a for p in byes] == [5]  # lowest seed, nobody has points yet
    assert byes[0].result == Result.bye(5)
    st = {s.player: s for s in t.standings()}
    assert st[5].match_points == BYE_POINTS == 1 and st[5].byes == 1 and st[5].wins == 0
    r2 = play_round(t, higher_seed_wins)
    bye2 = next(p.a for p in r2 if p.is_bye)
    # lowest-ranked now: the round-one losers on 0 points; seed 5 has had its bye
    assert bye2 != 5
    assert st[bye2].match_points == 0
    r3 = play_round(t, higher_seed_wins)
    assert len({p.a for rnd in (r1, r2, r3) for p in rnd if p.is_bye}) == 3
    assert t.finished and t.current_round == 3


def test_no_repeats_over_full_round_robin_length_swiss() -> None:
    # 6 players, 5 rounds: a Swiss that long must be a round robin
    t = make(Format.SWISS, 6, rounds=5)
    while not t.finished:
        play_round(t, higher_seed_wins)
    pairs = met_pairs(t.all_pairings)
    assert len(pairs) == len(set(pairs)) == 15


def test_each_round_pairs_everyone_once() -> None:
    t = make(Format.SWISS, 11)
    while not t.finished:
        rnd = play_round(t, higher_seed_wins)
        seen = [x for p in rnd for x in p.players]
        assert sorted(seen) == list(range(1, 12))
        assert sum(p.is_bye for p in rnd) == 1


def test_round_count_is_validated() -> None:
    assert max_rounds(6) == 5 and max_rounds(7) == 7
    with pytest.raises(TournamentError, match="1 to 5 rounds"):
        make(Format.SWISS, 6, rounds=6)
    with pytest.raises(TournamentError):
        make(Format.SWISS, 6, rounds=0)
    with pytest.raises(TournamentError, match="only be chosen for Swiss"):
        make(Format.ROUND_ROBIN, 6, rounds=3)


def test_withdrawn_player_is_not_paired_again() -> None:
    t = make(Format.SWISS, 6)
    play_round(t, higher_seed_wins)
    t.withdraw(3)
    rnd = play_round(t, higher_seed_wins)
    assert all(3 not in p.players for p in rnd)
    assert sum(p.is_bye for p in rnd) == 1  # five left: one bye
    assert next(s for s in t.standings() if s.player == 3).status == "withdrawn"


def test_forfeits_count_as_met_and_score_like_wins() -> None:
    t = make(Format.SWISS, 4, rounds=3)
    r1 = t.start_round()
    t.record_result(r1[0].id, Result.forfeit(r1[0].b or 0))
    t.record_result(r1[1].id, Result.double_forfeit())
    st = {s.player: s for s in t.standings()}
    assert st[r1[0].b or 0].match_points == 1 and st[r1[0].a].losses == 1
    assert st[r1[1].a].match_points == st[r1[1].b or 0].match_points == 0
    assert st[r1[1].a].losses == 1
    r2 = t.start_round()
    assert set(met_pairs(r2)).isdisjoint(met_pairs(r1))
    assert all(p.result is None for p in r2)
    assert r1[1].result is None and t.pairing(r1[1].id).result.kind is ResultKind.DOUBLE_FORFEIT
