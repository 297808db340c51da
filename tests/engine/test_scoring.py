"""Scoring: every scoring rule and worked example of RULES.md for the three presets."""

from __future__ import annotations

import json

import pytest

from bot.engine.cards import Card, parse_cards
from bot.engine.errors import IllegalAction
from bot.engine.melds import best_melds
from bot.engine.rules import RuleSet
from bot.engine.scoring import match_scores, round_winner, score_knock, settle_knock

CARDGAMES = RuleSet.preset("cardgames")
PLAYINGCARDS = RuleSet.preset("playingcards")
CLASSIC = RuleSet.preset("classic")


def H(text: str) -> list[Card]:
    return parse_cards(text)


# Knocker hands: three melds plus a deadwood card of the given value.
KNOCK3 = H("H1 H2 H3 S5 S6 S7 D9 D10 D11 C3")  # deadwood 3
KNOCK10 = H("H1 H2 H3 S5 S6 S7 D9 D10 D11 C13")  # deadwood 10
KNOCK11 = H("H1 H2 H3 H4 S5 S6 S7 S8 C1 D10")  # deadwood 11
GIN = H("H1 H2 H3 S5 S6 S7 D9 D10 D11 D12")
BIG_GIN = H("H1 H2 H3 S5 S6 S7 D9 D10 D11 D12 D13")
# Defenders that cannot lay anything off onto the hands above.
LOOSE = H("C5 C7 C9 D2 D4 D6 H6 H8 H10 S12")  # 67, no melds
DEF3 = H("C5 C6 C7 H9 S9 C9 D4 D5 D6 S3")  # three melds + S3: deadwood 3
DEF1 = H("C5 C6 C7 H9 S9 C9 D4 D5 D6 S1")  # deadwood 1
DEF0 = H("C5 C6 C7 H9 S9 C9 D4 D5 D6 D7")  # gin


def test_fixture_deadwood() -> None:
    knockers = (KNOCK3, KNOCK10, KNOCK11, GIN, BIG_GIN)
    assert [best_melds(h).deadwood_points for h in knockers] == [3, 10, 11, 0, 0]
    assert [best_melds(h).deadwood_points for h in (LOOSE, DEF3, DEF1, DEF0)] == [67, 3, 1, 0]


# ---------------------------------------------------------------- cardgames


def test_knock_scores_the_difference() -> None:
    r = score_knock(KNOCK3, LOOSE, CARDGAMES)
    assert (r.kind, r.winner, r.points) == ("knock", 0, 64)
    assert (r.knocker_deadwood, r.defender_deadwood, r.layoffs) == (3, 67, ())


def test_knock_at_the_limit_is_allowed_over_it_is_not() -> None:
    assert score_knock(KNOCK10, LOOSE, CARDGAMES).points == 57
    with pytest.raises(IllegalAction, match=r"^knock-deadwood \(deadwood=11, limit=10\)$"):
        score_knock(KNOCK11, LOOSE, CARDGAMES)
    assert score_knock(KNOCK11, LOOSE, CARDGAMES.replace(knock_limit=11)).points == 56


def test_undercut_on_equal_deadwood() -> None:
    r = score_knock(KNOCK3, DEF3, CARDGAMES)
    assert (r.kind, r.winner, r.points) == ("undercut", 1, 25)
    assert r.settlement.points == (0, 25)


def test_undercut_on_less_deadwood_scores_bonus_plus_difference() -> None:
    r = score_knock(KNOCK10, DEF1, CARDGAMES)
    assert (r.kind, r.winner, r.points) == ("undercut", 1, 25 + 9)


def test_undercut_counts_deadwood_after_lay_offs() -> None:
    # The defender keeps 4 points (H4) in their own melds; H4 joins H1-H3, leaving 0 <= 3.
    defender = H("C5 C6 C7 H9 S9 C9 D4 D5 D6 H4")
    assert best_melds(defender).deadwood_points == 4
    r = score_knock(KNOCK3, defender, CARDGAMES)
    assert (r.kind, r.winner, r.points, r.defender_deadwood) == ("undercut", 1, 28, 0)
    assert r.layoffs == tuple(H("H4"))


def test_gin_scores_bonus_plus_deadwood_and_is_never_undercut() -> None:
    r = score_knock(GIN, LOOSE, CARDGAMES)
    assert (r.kind, r.winner, r.points) == ("gin", 0, 25 + 67)
    r = score_knock(GIN, DEF0, CARDGAMES)
    assert (r.kind, r.winner, r.points) == ("gin", 0, 25)


def test_big_gin_scores_31_plus_deadwood() -> None:
    r = score_knock(BIG_GIN, LOOSE, CARDGAMES)
    assert (r.kind, r.winner, r.points) == ("big_gin", 0, 31 + 67)


def test_eleven_cards_that_are_not_all_melded_are_no_big_gin() -> None:
    with pytest.raises(IllegalAction, match=r"^big-gin-needs-all \(cards=11, deadwood="):
        score_knock([*KNOCK3, Card("S", 13)], LOOSE, CARDGAMES)


# ---------------------------------------------------------------- playingcards


def test_playingcards_gin_is_20_plus_deadwood() -> None:
    assert score_knock(GIN, LOOSE, PLAYINGCARDS).points == 20 + 67


def test_playingcards_undercut_is_difference_plus_10() -> None:
    r = score_knock(KNOCK10, DEF1, PLAYINGCARDS)
    assert (r.kind, r.winner, r.points) == ("undercut", 1, 9 + 10)
    assert score_knock(KNOCK3, DEF3, PLAYINGCARDS).points == 10


def test_playingcards_knock_and_no_big_gin() -> None:
    assert score_knock(KNOCK3, LOOSE, PLAYINGCARDS).points == 64
    with pytest.raises(IllegalAction, match="^no-big-gin$"):
        score_knock(BIG_GIN, LOOSE, PLAYINGCARDS)


# ---------------------------------------------------------------- classic (penalty points)

# Seven-card hands for 3-4 players.
K7 = H("H1 H2 H3 S5 S6 S7 C3")  # deadwood 3
G7 = H("H1 H2 H3 S5 S6 S7 S8")  # gin
A7 = H("C5 C7 C9 D2 D4 D6 S12")  # 43
B7 = H("D9 D10 D11 C10 C11 C12 C2")  # 2
E7 = H("C13 D13 S13 H13 D1 S10 H10")  # 21


def test_classic_two_players_penalty_is_the_losers() -> None:
    r = score_knock(KNOCK3, LOOSE, CLASSIC)
    assert (r.kind, r.winner, r.points) == ("knock", 0, 64)
    assert r.settlement.points == (0, 64)


def test_classic_gin_each_loser_takes_deadwood_plus_25() -> None:
    s = settle_knock([G7, A7, E7], 0, CLASSIC, "gin")
    assert (s.kind, s.winner, s.points) == ("gin", 0, (0, 43 + 25, 21 + 25))


def test_classic_knock_each_loser_takes_deadwood_minus_knockers() -> None:
    s = settle_knock([A7, K7, E7], 1, CLASSIC, "knock")
    assert (s.kind, s.winner, s.points) == ("knock", 1, (43 - 3, 0, 21 - 3))


def test_classic_undercut_every_loser_pays_and_knocker_25_more() -> None:
    s = settle_knock([K7, A7, B7, E7], 0, CLASSIC, "knock")
    assert (s.kind, s.winner) == ("undercut", 2)
    assert s.points == (3 - 2 + 25, 43 - 2, 0, 21 - 2)


def test_classic_undercut_tie_goes_to_first_in_turn_order_after_knocker() -> None:
    # Knocker is seat 1; turn order after it is 2, 3, 0. Seats 0 and 3 both hold 2 points.
    twin = H("S9 S10 S11 H11 H12 H13 S2")  # 2 points, no card of B7
    s = settle_knock([B7, K7, A7, twin], 1, CLASSIC, "knock")
    assert (s.kind, s.winner) == ("undercut", 3)
    assert s.points == (0, 3 - 2 + 25, 43 - 2, 0)


def test_classic_undercut_with_equal_deadwood_costs_knocker_25() -> None:
    same = H("D9 D10 D11 C10 C11 C12 S3")  # 3 points like K7
    s = settle_knock([K7, same, A7], 0, CLASSIC, "knock")
    assert (s.kind, s.winner, s.points) == ("undercut", 1, (25, 0, 43 - 3))


# ---------------------------------------------------------------- settle_knock details


def test_knock_without_deadwood_is_gin() -> None:
    s = settle_knock([GIN, LOOSE], 0, CARDGAMES, "knock")
    assert (s.kind, s.points) == ("gin", (92, 0))


def test_declared_gin_with_deadwood_is_illegal() -> None:
    with pytest.raises(IllegalAction, match=r"^gin-deadwood \(deadwood=3\)$"):
        settle_knock([KNOCK3, LOOSE], 0, CARDGAMES, "gin")


def test_bad_tables_are_programming_errors() -> None:
    with pytest.raises(ValueError, match="seat 1 holds 9 cards, expected 10"):
        settle_knock([KNOCK3, LOOSE[:9]], 0, CARDGAMES)
    with pytest.raises(ValueError, match="two hands hold the same card"):
        settle_knock([KNOCK3, [*LOOSE[:9], Card("C", 3)]], 0, CARDGAMES)
    with pytest.raises(ValueError, match="2 to 2 players, not 3"):
        settle_knock([K7, A7, E7], 0, CARDGAMES)
    with pytest.raises(ValueError, match="kind must be one of"):
        settle_knock([KNOCK3, LOOSE], 0, CARDGAMES, "undercut")


def test_settlement_is_json_able() -> None:
    s = settle_knock([KNOCK3, H("C5 C6 C7 H9 S9 C9 D4 D5 D6 H4")], 0, CARDGAMES)
    data = json.loads(json.dumps(s.to_dict()))
    assert data["kind"] == "undercut"
    assert data["seats"][1]["layoffs"] == [{"card": "H4", "meld": 1}]
    assert data["seats"][0]["melds"][1] == ["H1", "H2", "H3"]
    assert data["points"] == [0, 28]


# ---------------------------------------------------------------- match totals


def test_worked_example_shutout() -> None:
    assert match_scores(CARDGAMES, [(30, 0), (40, 0), (35, 0)]) == (385, 0)


def test_worked_example_opponent_won_a_round() -> None:
    assert match_scores(CARDGAMES, [(30, 0), (0, 20), (40, 0), (35, 0)]) == (280, 45)


def test_worked_example_a_draw_prevents_the_shutout() -> None:
    assert match_scores(CARDGAMES, [(30, 0), None, (40, 0), (35, 0)]) == (280, 0)


def test_no_bonuses_before_the_target_is_reached() -> None:
    assert match_scores(CARDGAMES, [(30, 0), (0, 20)]) == (30, 20)
    assert match_scores(CARDGAMES, []) == ()


def test_second_seat_can_win_the_match() -> None:
    assert match_scores(CARDGAMES, [(10, 0), (0, 100)]) == (10 + 25, 100 + 100 + 25)


def test_playingcards_has_no_bonuses() -> None:
    assert match_scores(PLAYINGCARDS, [(30, 0), (40, 0), (35, 0)]) == (105, 0)


def test_classic_totals_are_penalty_points_without_bonuses() -> None:
    rounds = [(0, 40, 18), None, (26, 41, 0), (0, 30, 12)]
    assert match_scores(CLASSIC, rounds) == (26, 111, 30)


def test_rounds_must_agree_on_seats() -> None:
    with pytest.raises(ValueError, match="same number of seats"):
        match_scores(CARDGAMES, [(1, 0), (0, 1, 0)])


def test_round_winner() -> None:
    assert round_winner((0, 25)) == 1
    assert round_winner(None) is None
    assert round_winner((0, 0)) is None
