"""Single and double elimination: seeding, byes, losers' bracket flow, reset, forfeits."""

from __future__ import annotations

import pytest

from bot.text.tournaments import render_bracket
from bot.tournaments import (
    Format,
    Pairing,
    Result,
    Status,
    TournamentError,
    build_bracket,
    seed_order,
)

from .helpers import higher_seed_wins, make, play_round, winner_is


def test_seed_order_meets_one_v_n_and_keeps_top_seeds_apart() -> None:
    assert seed_order(2) == [1, 2]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = seed_order(32)
    assert all(order[i] + order[i + 1] == 33 for i in range(0, 32, 2))
    # seeds 1 and 2 in different halves, 1-4 in different quarters
    assert {order.index(1) // 16, order.index(2) // 16} == {0, 1}
    assert len({order.index(s) // 8 for s in (1, 2, 3, 4)}) == 4


def test_byes_go_to_top_seeds() -> None:
    t = make(Format.SINGLE_ELIMINATION, 6)
    r1 = t.start_round()
    assert [(p.a, p.b) for p in r1] == [(4, 5), (3, 6)]
    assert [p.id for p in r1] == ["W1.2", "W1.4"]
    # seeds 1 and 2 wait for round 2 rather than play each other's bye-mates early
    for p in r1:
        t.record_win(p.id, p.a)
    r2 = t.start_round()
    assert sorted((p.a, p.b) for p in r2) == [(1, 4), (2, 3)]


def test_single_elimination_ranking_shares_places_by_round() -> None:
    t = make(Format.SINGLE_ELIMINATION, 8)
    while not t.finished:
        play_round(t, higher_seed_wins)
    assert t.current_round == 3 and t.total_rounds is None
    places = {s.player: s.place for s in t.final_ranking()}
    assert places == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5, 7: 5, 8: 5}
    assert t.winners == [1]
    assert t.final_ranking()[0].status is Status.CHAMPION


def test_single_elimination_one_loss_knocks_out() -> None:
    t = make(Format.SINGLE_ELIMINATION, 5)
    play_round(t, winner_is(5))  # 5 beats 4
    r2 = play_round(t, winner_is(5))  # 5 beats 1
    assert any(p.players == (1, 5) for p in r2)
    st = {s.player: s for s in t.standings()}
    assert st[1].status is Status.ELIMINATED and st[1].eliminated_round == 2
    assert st[5].status is Status.ACTIVE


def test_double_elimination_losers_bracket_flow() -> None:
    t = make(Format.DOUBLE_ELIMINATION, 4)
    r1 = play_round(t, higher_seed_wins)
    assert [(p.id, p.a, p.b) for p in r1] == [("W1.1", 1, 4), ("W1.2", 2, 3)]
    r2 = play_round(t, higher_seed_wins)
    # winners of round 1 meet; the losers drop into the losers' bracket and meet
    assert sorted((p.id, p.a, p.b) for p in r2) == [("L1.1", 4, 3), ("W2.1", 1, 2)]
    r3 = play_round(t, higher_seed_wins)
    # the survivor of L1 meets the loser of the winners' final
    assert [(p.id, p.a, p.b) for p in r3] == [("L2.1", 3, 2)]
    st = {s.player: s for s in t.standings()}
    assert st[4].status is Status.ELIMINATED and st[4].losses == 2
    assert st[3].status is Status.ELIMINATED and st[3].losses == 2
    assert st[2].status is Status.ACTIVE and st[2].losses == 1
    r4 = play_round(t, higher_seed_wins)
    assert [(p.id, p.a, p.b) for p in r4] == [("GF1", 1, 2)]
    # the winners' champion won the grand final: no reset
    assert t.finished and t.current_round == 4
    assert [s.player for s in t.final_ranking()] == [1, 2, 3, 4]
    assert "GF2   not needed" in render_bracket(t, {})


def test_bracket_reset_when_losers_champion_wins_grand_final() -> None:
    t = make(Format.DOUBLE_ELIMINATION, 4)

    def decide(p: Pairing) -> Result:
        if p.id == "GF1":
            return Result.win(p.b or 0)  # the losers' champion (2) wins
        return higher_seed_wins(p)

    while not t.finished:
        play_round(t, decide)
    ids = [p.id for p in t.all_pairings]
    assert ids[-2:] == ["GF1", "GF2"]
    assert t.pairing("GF2").players == (1, 2)
    assert t.winners == [1]  # 1 won the reset
    st = {s.player: s for s in t.final_ranking()}
    assert st[1].losses == 1 and st[2].losses == 2 and st[2].place == 2


def test_nobody_is_eliminated_before_two_losses() -> None:
    t = make(Format.DOUBLE_ELIMINATION, 8)
    losses: dict[int, int] = dict.fromkeys(range(1, 9), 0)
    while not t.finished:
        for p in play_round(t, winner_is(8, 7)):
            loser = p.loser()
            if loser is not None:
                losses[loser] += 1
        for s in t.standings():
            assert (s.status is Status.ELIMINATED) == (losses[s.player] >= 2)
    assert t.winners in ([8], [7])
    # 8 players, no reset: winners' bracket 3 rounds, losers' bracket 4, grand final
    assert t.current_round in (6, 7)


def test_double_forfeit_knocks_both_out_and_gives_a_walkover() -> None:
    t = make(Format.SINGLE_ELIMINATION, 4)
    r1 = t.start_round()
    t.record_result("W1.1", Result.double_forfeit())
    t.record_win("W1.2", 2)
    assert r1[0].id == "W1.1"
    assert t.finished  # 2 walks over the empty slot and wins
    assert t.winners == [2]
    st = {s.player: s for s in t.final_ranking()}
    assert st[1].status is Status.ELIMINATED and st[4].status is Status.ELIMINATED


def test_double_forfeit_in_double_elimination_removes_both_and_skips_empty_rounds() -> None:
    t = make(Format.DOUBLE_ELIMINATION, 4)
    t.start_round()
    t.record_result("W1.1", Result.double_forfeit())
    t.record_win("W1.2", 2)
    st = {s.player: s for s in t.standings()}
    # both no-shows leave the bracket at once, even in double elimination
    assert st[1].status is Status.ELIMINATED and st[4].status is Status.ELIMINATED
    assert st[3].status is Status.ACTIVE
    r2 = t.start_round()
    # W2.1, L1.1 and L2.1 are all walkovers: rather than an empty round, the grand final
    # comes forward
    assert [(p.id, p.a, p.b) for p in r2] == [("GF1", 2, 3)]
    t.record_win("GF1", 2)
    assert t.finished and t.winners == [2]


def test_withdrawal_gives_the_next_opponent_a_walkover() -> None:
    t = make(Format.SINGLE_ELIMINATION, 8)
    play_round(t, higher_seed_wins)
    t.withdraw(4)
    r2 = t.start_round()
    assert sorted((p.a, p.b) for p in r2) == [(2, 3)]
    st = {s.player: s for s in t.standings()}
    assert st[4].status is Status.WITHDRAWN
    # a pending table of a leaving player goes to the opponent
    changed = t.withdraw(3)
    assert [(p.id, p.result) for p in changed] == [(r2[0].id, Result.forfeit(2))]


def test_bracket_view_before_and_during() -> None:
    t = make(Format.DOUBLE_ELIMINATION, 5)
    names = {1: "Alice", 2: "Bob", 3: "Carol", 4: "Dave", 5: "Eve"}
    t.start_round()
    text = render_bracket(t, names)
    assert "— Winners round 1" in text and "— Losers round 1" in text
    assert "Dave (4)  vs  Eve (5)" in text
    assert "Alice (1)  bye" in text
    assert "TBD" in text and "GF2" in text
    assert max(len(line) for line in text.splitlines()) <= 60
    small = render_bracket(t, names, max_chars=200)
    assert len(small) <= 200


def test_structure_sizes() -> None:
    for n in (2, 3, 8, 9, 16):
        single = build_bracket(n, double=False)
        double = build_bracket(n, double=True)
        size = 1 << (n - 1).bit_length()
        assert len(single) == size - 1
        # winners' bracket + losers' bracket (size - 2) + grand final and reset
        assert len(double) == (size - 1) + (size - 2) + 2
        assert [m.id for m in double][-2:] == ["GF1", "GF2"]


def test_recording_is_checked() -> None:
    t = make(Format.SINGLE_ELIMINATION, 4)
    with pytest.raises(TournamentError, match="not started"):
        t.record_win("W1.1", 1)
    t.start_round()
    with pytest.raises(TournamentError, match="one of the two players"):
        t.record_win("W1.1", 2)
    with pytest.raises(TournamentError, match="current round"):
        t.record_win("W2.1", 1)
    t.record_win("W1.1", 1)
    t.record_win("W1.1", 1)  # the same result again is fine (replay after a restart)
    with pytest.raises(TournamentError, match="already has a result"):
        t.record_win("W1.1", 4)
    with pytest.raises(TournamentError, match="still has matches"):
        t.start_round()
