"""The parts of scores (deadwood, bonuses, penalties) add up to the engine's own numbers."""

from __future__ import annotations

import pytest

from bot.engine.breakdown import match_breakdown, round_points
from bot.engine.match import Match
from bot.engine.players import BaselinePlayer, play_match
from bot.engine.rules import RuleSet
from bot.engine.scoring import settle_knock
from tests.engine.test_scoring import H

CARDGAMES = RuleSet.preset("cardgames")
CLASSIC = RuleSet.preset("classic")


@pytest.mark.parametrize(
    ("preset", "seats"),
    [("cardgames", 2), ("playingcards", 2), ("classic", 2), ("classic", 3), ("classic", 4)],
)
@pytest.mark.parametrize("seed", range(6))
def test_round_parts_add_up_to_the_settlement(preset: str, seats: int, seed: int) -> None:
    rules = RuleSet.preset(preset)
    match = play_match(Match(rules, seats, seed), [BaselinePlayer() for _ in range(seats)])
    settled = [r.settlement for r in match.results if r.settlement is not None]
    assert settled
    for s in settled:
        parts = round_points(s, rules)
        assert tuple(p.points for p in parts) == s.points
        for p in parts:
            assert p.deadwood - p.minus + p.bonus == p.points
            assert (p.bonus_kind is None) == (p.bonus == 0)
    breakdown = match.breakdown
    assert breakdown.totals == match.scores
    for t in breakdown.seats:
        assert t.round_points + t.shutout + t.game_bonus + t.line_bonus == t.total
        assert t.round_points == match.totals[t.seat]


def test_gin_shows_its_bonus_and_the_deadwood() -> None:
    s = settle_knock(
        [H("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♦ 8♦ 9♦ 10♦"), H("K♣ 4♣ 8♠ 8♥ 8♣ J♠ Q♥ 2♣ 3♦ 6♣")],
        0,
        CARDGAMES,
        "gin",
    )
    parts = round_points(s, CARDGAMES)
    assert (parts[0].bonus_kind, parts[0].bonus, parts[0].deadwood) == (
        "gin",
        25,
        10 + 4 + 0 + 10 + 10 + 2 + 3 + 6,
    )
    assert parts[0].points == 25 + 45 and parts[1].points == 0


def test_an_undercut_penalty_falls_on_the_knocker_in_classic() -> None:
    hands = [H("A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 9♦"), H("A♥ 2♥ 3♥ 8♣ 8♦ 8♠ 2♣"), H("K♣ Q♣ J♦ 10♠ 9♠ 7♣ 6♣")]
    s = settle_knock(hands, 0, CLASSIC)
    assert s.kind == "undercut" and s.winner == 1
    parts = round_points(s, CLASSIC)
    knocker, winner, third = parts
    assert winner.points == 0
    assert (knocker.deadwood, knocker.minus, knocker.bonus, knocker.bonus_kind) == (
        9,
        2,
        25,
        "undercut",
    )
    assert knocker.points == s.points[0] == 32
    assert third.bonus == 0 and third.points == s.points[2] == third.deadwood - 2


def test_the_worked_examples_of_the_rules() -> None:
    shutout = match_breakdown(CARDGAMES, [(30, 0), (40, 0), (35, 0)])
    first = shutout.seats[0]
    assert (first.round_points, first.shutout, first.game_bonus, first.line_bonus) == (
        105,
        105,
        100,
        75,
    )
    assert shutout.totals == (385, 0)
    lost_one = match_breakdown(CARDGAMES, [(30, 0), (0, 20), (40, 0), (35, 0)])
    assert lost_one.totals == (280, 45) and lost_one.seats[1].line_bonus == 25
    drawn = match_breakdown(CARDGAMES, [(30, 0), None, (40, 0), (35, 0)])
    assert drawn.totals == (280, 0) and drawn.seats[0].shutout == 0
    assert not match_breakdown(CARDGAMES, [(30, 0)]).bonuses


def test_a_withdrawn_seat_plays_on_but_cannot_win() -> None:
    match = Match(CLASSIC, 3, 11)
    match.withdraw(1)
    assert not match.over
    played = play_match(match, [BaselinePlayer() for _ in range(3)])
    assert played.over and played.winner != 1
    again = Match.from_dict(played.to_dict())
    assert again.withdrawn == {1} and again.winner == played.winner


def test_the_match_ends_when_one_seat_is_left() -> None:
    match = Match(CLASSIC, 3, 5)
    match.withdraw(0)
    match.withdraw(2)
    assert match.over and match.winner == 1
