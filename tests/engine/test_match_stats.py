"""A finished match's statistics per seat (`match_stats`): the counts agree with the
engine's own results and totals, and how the match ended is told seat by seat."""

from __future__ import annotations

import pytest

from bot.engine.actions import Action
from bot.engine.match import Match
from bot.engine.match_stats import match_lines, seat_stats
from bot.engine.players import BaselinePlayer, play_match
from bot.engine.rules import RuleSet

CARDGAMES = RuleSet.preset("cardgames")
CLASSIC = RuleSet.preset("classic")


def played(rules: RuleSet, seats: int, seed: int) -> Match:
    return play_match(Match(rules, seats, seed), [BaselinePlayer() for _ in range(seats)])


@pytest.mark.parametrize(
    ("preset", "seats"),
    [("cardgames", 2), ("playingcards", 2), ("classic", 2), ("classic", 3), ("classic", 4)],
)
@pytest.mark.parametrize("seed", range(4))
def test_the_counts_agree_with_the_results(preset: str, seats: int, seed: int) -> None:
    match = played(RuleSet.preset(preset), seats, seed)
    stats = seat_stats(match)
    results = match.results
    won = [r for r in results if r.winner is not None]
    assert len(stats) == seats
    assert all(s.rounds_played == len(results) for s in stats)
    assert tuple(s.rounds_won for s in stats) == match.rounds_won
    by_kind = {kind: sum(1 for r in won if r.kind == kind) for kind in ("gin", "big_gin")}
    assert sum(s.gins for s in stats) == by_kind["gin"]
    assert sum(s.big_gins for s in stats) == by_kind["big_gin"]
    undercuts = sum(1 for r in won if r.kind == "undercut")
    assert sum(s.undercuts_made for s in stats) == undercuts
    assert sum(s.undercuts_suffered for s in stats) == undercuts
    # An undercut knocker knocked too.
    assert sum(s.knocks for s in stats) == undercuts + sum(1 for r in won if r.kind == "knock")
    if match.rules.scoring == "penalty":
        assert tuple(s.points_against for s in stats) == match.totals
        assert all(s.points_for == 0 for s in stats)
    else:
        assert tuple(s.points_for for s in stats) == match.totals
        everyone = sum(match.totals)
        assert tuple(s.points_against for s in stats) == tuple(everyone - t for t in match.totals)


def test_an_undercut_counts_for_the_winner_and_against_the_knocker() -> None:
    for seed in range(200):
        match = played(CARDGAMES, 2, seed)
        undercut = next((r for r in match.results if r.kind == "undercut"), None)
        if undercut is not None:
            break
    else:
        pytest.fail("no undercut in 200 matches")
    assert undercut.knocker is not None and undercut.winner == 1 - undercut.knocker
    stats = seat_stats(match)
    assert stats[undercut.winner].undercuts_made >= 1
    assert stats[undercut.knocker].undercuts_suffered >= 1


def test_a_match_to_the_end_names_its_winner_and_a_shutout() -> None:
    quick = CARDGAMES.replace(target=1)
    seen = set()
    for seed in range(300):
        match = played(quick, 2, seed)
        winner = match.winner
        assert winner is not None
        lines = match_lines(match, "score", None, frozenset())
        assert [line.seat for line in lines] == [0, 1]
        assert [line.won for line in lines] == [s == winner for s in range(2)]
        assert tuple(line.score for line in lines) == match.scores
        assert not any(line.resigned or line.forfeited for line in lines)
        # One round won and no draw: a shutout; a draw before it breaks the shutout.
        assert lines[winner].shutout == (match.draws == 0)
        assert not lines[1 - winner].shutout
        seen.add(match.draws == 0)
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_no_shutout_but_by_score() -> None:
    match = played(CARDGAMES.replace(target=1), 2, 0)
    assert match.draws == 0
    assert not any(line.shutout for line in match_lines(match, "timeout", 1, frozenset()))


def test_no_shutout_under_penalty_scoring() -> None:
    for seed in range(20):
        lines = match_lines(played(CLASSIC, 3, seed), "score", None, frozenset())
        assert not any(line.shutout for line in lines)


@pytest.mark.parametrize(
    ("ended_by", "resigned", "forfeited"),
    [("resign", True, False), ("timeout", False, True), ("forfeit", False, True)],
)
def test_who_left_a_match_of_two(ended_by: str, resigned: bool, forfeited: bool) -> None:
    match = Match(CARDGAMES, 2, 8)
    match.apply(Action("pass"))
    loser = match.round.to_move
    assert loser is not None
    match.forfeit(loser)
    lines = match_lines(match, ended_by, loser, frozenset())
    left, other = lines[loser], lines[1 - loser]
    assert (left.won, left.resigned, left.forfeited) == (False, resigned, forfeited)
    assert (other.won, other.resigned, other.forfeited) == (True, False, False)
    assert left.stats.rounds_played == 0  # the round in play was never settled


def test_a_seat_removed_for_absence_forfeits_and_one_that_resigned_resigned() -> None:
    match = Match(CLASSIC, 4, 5)
    match.withdraw(1)  # away too long
    match.withdraw(2)  # resigned, played on automatically
    match.withdraw(3)
    lines = match_lines(match, "resign", 3, frozenset({2, 3}))
    assert [(line.resigned, line.forfeited) for line in lines] == [
        (False, False),
        (False, True),
        (True, False),
        (True, False),
    ]
    assert [line.won for line in lines] == [True, False, False, False]
