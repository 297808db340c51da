"""Rule sets: the presets carry RULES.md's numbers; bad rule sets are refused clearly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.engine.rules import PRESETS, RuleSet


def test_cardgames_preset_numbers() -> None:
    r = RuleSet.preset("cardgames")
    assert (r.min_players, r.max_players, r.hand_size) == (2, 2, 10)
    assert (r.knock_limit, r.gin_bonus, r.big_gin, r.big_gin_bonus, r.undercut_bonus) == (
        10,
        25,
        True,
        31,
        25,
    )
    assert (r.wall_cards, r.wall, r.scoring, r.target) == (2, "draw", "points", 100)
    assert (r.game_bonus, r.line_bonus, r.shutout, r.stall_turns) == (100, 25, True, 40)


def test_playingcards_preset_numbers() -> None:
    r = RuleSet.preset("playingcards")
    assert (r.gin_bonus, r.undercut_bonus, r.big_gin, r.wall, r.target) == (
        20,
        10,
        False,
        "redeal",
        100,
    )
    assert (r.game_bonus, r.line_bonus, r.shutout) == (0, 0, False)
    assert (r.knock_limit, r.hand_size, r.max_players) == (10, 10, 2)


def test_classic_preset_numbers() -> None:
    r = RuleSet.preset("classic")
    assert (r.min_players, r.max_players) == (2, 4)
    assert (r.hand_size_for(2), r.hand_size_for(3), r.hand_size_for(4)) == (10, 7, 7)
    assert (r.knock_limit, r.gin_bonus, r.undercut_bonus) == (10, 25, 25)
    assert (r.layoff_mode, r.wall, r.scoring, r.target) == ("original", "reshuffle", "penalty", 100)
    assert (r.game_bonus, r.line_bonus, r.shutout) == (0, 0, False)


def test_unknown_preset_names_the_choices() -> None:
    with pytest.raises(ValueError, match="unknown rule preset 'gin'.*cardgames"):
        RuleSet.preset("gin")


def test_replace_adjusts_and_validates() -> None:
    r = RuleSet.preset("cardgames").replace(target=250, knock_limit=5)
    assert (r.target, r.knock_limit, r.gin_bonus) == (250, 5, 25)
    with pytest.raises(ValueError, match="knock_limit"):
        r.replace(knock_limit=-1)
    with pytest.raises(ValueError, match="unknown rule field"):
        r.replace(knock_limt=5)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"max_players": 4}, "points scoring is for two players"),
        ({"scoring": "penalty"}, "penalty scoring has no game, line or shutout bonus"),
        ({"wall": "explode"}, "wall must be one of"),
        ({"layoff_mode": "some"}, "layoff_mode must be one of"),
        ({"scoring": "money"}, "scoring must be one of"),
        ({"min_players": 3, "max_players": 2}, "min_players <= max_players"),
        ({"hand_size": 2}, "hand_size must be between 3 and 13"),
        ({"gin_bonus": -5}, "gin_bonus must not be negative"),
        ({"target": 0}, "target must be at least 1"),
        ({"stall_turns": 1}, "stall_turns"),
        ({"hand_size": True}, "hand_size must be a whole number"),
        ({"shutout": 1}, "shutout must be true or false"),
        ({"name": " "}, "name must be a non-empty string"),
    ],
)
def test_invalid_rule_sets_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RuleSet.preset("cardgames").replace(**changes)


def test_hands_up_card_and_wall_must_fit_in_the_deck() -> None:
    classic = RuleSet.preset("classic")
    # 4 x 12 + up-card + 2 wall cards leaves one card to draw: playable, just.
    assert classic.replace(hand_size_multi=12).hand_size_multi == 12
    with pytest.raises(ValueError, match="4 hands, the up-card and the wall do not fit"):
        classic.replace(hand_size_multi=12, wall_cards=3)
    with pytest.raises(ValueError, match="4 hands"):
        classic.replace(hand_size_multi=13)


def test_hand_size_for_refuses_wrong_table() -> None:
    with pytest.raises(ValueError, match="2 to 2 players, not 3"):
        RuleSet.preset("cardgames").hand_size_for(3)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_json_round_trip(name: str) -> None:
    r = RuleSet.preset(name).replace(target=150)
    assert RuleSet.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_from_dict_fills_missing_fields_from_named_preset_and_refuses_unknown() -> None:
    assert RuleSet.from_dict({"name": "classic"}) == RuleSet.preset("classic")
    assert RuleSet.from_dict({"name": "house", "target": 50}).target == 50
    with pytest.raises(ValueError, match="unknown rule field"):
        RuleSet.from_dict({"name": "classic", "jokers": 2})
    with pytest.raises(ValueError, match="knock_limit"):
        RuleSet.from_dict({"knock_limit": 500})


def test_rule_sets_are_immutable_and_hashable() -> None:
    r = RuleSet.preset("cardgames")
    with pytest.raises(AttributeError):
        r.target = 5  # type: ignore[misc]
    assert {r, RuleSet.preset("cardgames")} == {r}
