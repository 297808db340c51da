"""Replays and records: a seed plus the actions rebuilds the exact round; JSON round-trips;
the legal list is exactly what `apply` accepts."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.actions import CARD_KINDS, KINDS, Action
from bot.engine.cards import deck
from bot.engine.errors import IllegalAction
from bot.engine.round import Round
from bot.engine.rules import RuleSet
from bot.i18n import LANGUAGES, Coded, keys, render

TABLES = [("cardgames", 2), ("playingcards", 2), ("classic", 2), ("classic", 3), ("classic", 4)]
ALL_ACTIONS = [Action(k) for k in KINDS if k not in CARD_KINDS] + [
    Action(k, c) for k in sorted(CARD_KINDS) for c in deck()
]


def random_round(table: tuple[str, int], seed: int, choices: int, steps: int) -> Round:
    preset, seats = table
    rnd = Round(RuleSet.preset(preset), seats, seed, seed % seats)
    rng = random.Random(choices)
    for _ in range(steps):
        legal = rnd.legal_actions()
        if not legal:
            break
        rnd.apply(rng.choice(legal))
    return rnd


def all_views(rnd: Round) -> list[object]:
    return [rnd.view(s) for s in range(rnd.seats)]


@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**63),
    choices=st.integers(0, 2**32),
    steps=st.integers(0, 160),
)
def test_replay_and_json_rebuild_the_exact_round(
    table: tuple[str, int], seed: int, choices: int, steps: int
) -> None:
    rnd = random_round(table, seed, choices, steps)
    again = Round.replay(rnd.rules, rnd.seats, rnd.seed, rnd.dealer, rnd.actions)
    record = json.loads(json.dumps(rnd.to_dict()))
    loaded = Round.from_dict(record)
    for other in (again, loaded):
        assert other.snapshot() == rnd.snapshot()
        assert other.actions == rnd.actions and other.history == rnd.history
        assert other.legal_actions() == rnd.legal_actions()
        assert all_views(other) == all_views(rnd)
        assert other.result == rnd.result
    assert loaded.to_dict() == rnd.to_dict()
    # The rebuilt round plays on exactly like the original.
    rng = random.Random(choices + 1)
    for _ in range(20):
        legal = rnd.legal_actions()
        if not legal:
            break
        action = rng.choice(legal)
        rnd.apply(action)
        loaded.apply(action)
    assert loaded.snapshot() == rnd.snapshot()


@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
    steps=st.integers(0, 120),
)
def test_legal_actions_are_exactly_what_apply_accepts(
    table: tuple[str, int], seed: int, choices: int, steps: int
) -> None:
    rnd = random_round(table, seed, choices, steps)
    legal = rnd.legal_actions()
    assert len(set(legal)) == len(legal)
    before = rnd.snapshot()
    mover = rnd.to_move
    for action in ALL_ACTIONS:
        trial = rnd.copy()
        try:
            trial.apply(action)
        except IllegalAction as exc:
            assert action not in legal, f"{action} is listed but refused: {exc}"
            # A code, not words: each has a sentence in every catalog.
            for language in LANGUAGES:
                assert f"illegal-{exc.code}" in keys(language)
            sentence = render(Coded(f"illegal-{exc.code}", exc.values))
            assert sentence[0].isupper() and sentence.endswith(".")
            assert trial.snapshot() == before and trial.actions == rnd.actions
        else:
            assert action in legal, f"{action} is accepted but not listed"
        if mover is not None:
            for seat in range(rnd.seats):
                if seat != mover:
                    with pytest.raises(IllegalAction, match="^not-your-turn$"):
                        rnd.copy().apply(action, seat=seat)
    assert rnd.snapshot() == before


def test_tampered_records_are_refused() -> None:
    rnd = random_round(("cardgames", 2), 5, 5, 30)
    good = rnd.to_dict()
    assert Round.from_dict(good).snapshot() == rnd.snapshot()

    bad_state = json.loads(json.dumps(good))
    bad_state["state"]["stock"].reverse()
    with pytest.raises(ValueError, match="does not match"):
        Round.from_dict(bad_state)

    bad_action = json.loads(json.dumps(good))
    bad_action["actions"][0] = "draw_stock"  # the first turn is an up-card offer
    with pytest.raises(ValueError, match="illegal action.*first-turn-upcard-or-pass"):
        Round.from_dict(bad_action)

    with pytest.raises(ValueError, match="format"):
        Round.from_dict({**good, "format": 99})


def test_a_custom_deck_is_kept_in_the_record() -> None:
    cards = deck()[::-1]
    rnd = Round(RuleSet.preset("classic"), 3, 1, 2, deck=cards)
    rnd.apply(Action("pass"))
    loaded = Round.from_dict(json.loads(json.dumps(rnd.to_dict())))
    assert loaded.snapshot() == rnd.snapshot()
    assert Round.replay(rnd.rules, 3, 1, 2, rnd.actions).snapshot() != rnd.snapshot()


def test_rounds_depend_only_on_the_seed() -> None:
    """Two rounds from one seed are identical; the global random state plays no part."""
    random.seed(1)
    a = random_round(("classic", 3), 77, 3, 200)
    random.seed(2)
    b = random_round(("classic", 3), 77, 3, 200)
    assert a.to_dict() == b.to_dict()


@pytest.mark.parametrize(
    "action",
    [Action("pass"), Action("discard", deck()[7]), Action("knock", deck()[51]), Action("big_gin")],
)
def test_action_text_and_dict_round_trip(action: Action) -> None:
    assert Action.decode(action.encode()) == action
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_action_shapes_and_labels() -> None:
    assert Action("discard", deck()[20]).encode() == "discard:D8"
    assert Action("knock", deck()[20]).label == "Knock with 8♦"
    assert Action("draw_stock").label == "Draw from the stock"
    with pytest.raises(ValueError, match="unknown action kind"):
        Action("fold")
    with pytest.raises(ValueError, match="needs a card"):
        Action("discard")
    with pytest.raises(ValueError, match="takes no card"):
        Action("pass", deck()[0])
    with pytest.raises(ValueError):
        Action.decode("discard:Z9")
