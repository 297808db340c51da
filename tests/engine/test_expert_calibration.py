"""Expert at two seats, `calibrate` (off by default): its guesses of the opponent's hand
weighted by the rule set (patient opponents under a large undercut bonus, hastier ones
under a small one)."""

from __future__ import annotations

import random

import pytest

from bot.engine.players._cardbits import mask_deadwood
from bot.engine.players._infer import HandSampler, InferParams
from bot.engine.players.expert import EXPERT_INFER, ExpertParams, ExpertPlayer
from bot.engine.players.hard import HardPlayer
from bot.engine.round import Round
from bot.engine.rules import RuleSet
from bot.engine.view import RoundView

# Without the reading of the opponent (`read`), which moves these weights as the match goes.
ON = ExpertParams(calibrate=1, read=0)


def _first_view(preset: str, seats: int, seed: int = 3) -> RoundView:
    rnd = Round(RuleSet.preset(preset), seats, seed, 0)
    mover = rnd.to_move
    assert mover is not None
    return rnd.view(mover)


@pytest.mark.parametrize(
    ("preset", "could_knock", "improve"),
    [("cardgames", 1.0, 0.1), ("classic", 1.0, 0.1), ("playingcards", 0.5, 0.06)],
)
def test_expert_weighs_its_guesses_by_the_undercut_bonus(
    preset: str, could_knock: float, improve: float
) -> None:
    player = ExpertPlayer(5, expert=ON)
    view = _first_view(preset, 2)
    assert player.choose(view, view.legal) in view.legal
    assert player.infer_params.could_knock == pytest.approx(could_knock)
    assert player.infer_params.improve == pytest.approx(improve)
    # The rest of the sampler's weights are expert's own for the rule set.
    own = EXPERT_INFER if preset == "playingcards" else InferParams()
    assert player.infer_params.declined_meld == own.declined_meld


def test_between_the_presets_the_weights_are_interpolated_and_can_be_turned_off() -> None:
    rules = RuleSet.preset("cardgames").replace(undercut_bonus=16)  # 6 of the 15 points
    rnd = Round(rules, 2, 3, 0)
    view = rnd.view(rnd.to_move or 0)
    player = ExpertPlayer(5, expert=ON)
    player.choose(view, view.legal)
    assert player.infer_params.could_knock == pytest.approx(0.5 + 0.4 * 0.5)
    assert player.infer_params.improve == pytest.approx(0.06 + 0.4 * 0.04)
    given = InferParams(could_knock=0.3, improve=0.02)
    off = ExpertPlayer(5, infer=given, expert=ExpertParams(read=0))  # off by default
    off.choose(view, view.legal)
    assert off.infer_params is given


def test_at_three_seats_expert_keeps_the_weights_it_was_given() -> None:
    player = ExpertPlayer(5, expert=ON)
    view = _first_view("classic", 3)
    player.choose(view, view.legal)
    assert player.infer_params == InferParams()


@pytest.mark.parametrize(
    ("preset", "own"), [("playingcards", EXPERT_INFER), ("cardgames", InferParams())]
)
def test_expert_guesses_with_its_own_weights_under_a_small_undercut_bonus(
    preset: str, own: InferParams
) -> None:
    view = _first_view(preset, 2)
    # Before its reading of the opponent moves them (`read`, tests/engine/test_expert_reading.py).
    unread = ExpertParams(read=0)
    expert, hard = ExpertPlayer(5, expert=unread), HardPlayer(5)
    expert.choose(view, view.legal)
    hard.choose(view, view.legal)
    assert expert.infer_params == own
    assert hard.infer_params == InferParams() != EXPERT_INFER
    given = InferParams(steps=20)
    mine = ExpertPlayer(5, infer=given, expert=unread)
    mine.choose(view, view.legal)
    assert mine.infer_params is given


def _mid_round(seed: int) -> tuple[Round, int]:
    """A cardgames round between two hard players, stopped at seat 1's 12th decision."""
    rnd = Round(RuleSet.preset("cardgames"), 2, seed, 0)
    players = [HardPlayer(1), HardPlayer(2)]
    turns = 0
    while rnd.to_move is not None:
        mover = rnd.to_move
        view = rnd.view(mover)
        if mover == 1:
            turns += 1
            if turns == 12:
                return rnd, mover
        rnd.apply(players[mover].choose(view, view.legal), mover)
    raise AssertionError("the round ended too soon")


def test_patient_weights_guess_lower_hands() -> None:
    """Against a patient opponent (one who does not knock as soon as it may), hard's
    weights guess its hand too high; the patient weights guess lower hands from the same
    public history."""
    lower = 0
    for seed in (11, 12, 13):
        rnd, seat = _mid_round(seed)
        view = rnd.view(seat)

        def mean_deadwood(
            params: InferParams, view: RoundView = view, opp: int = 1 - seat
        ) -> float:
            sampler = HandSampler(opp, random.Random(4), params)
            guesses = sampler.sample(view)
            return sum(mask_deadwood(g) for g in guesses) / len(guesses)

        player = ExpertPlayer(5, expert=ON)
        player.choose(view, view.legal)
        if mean_deadwood(player.infer_params) < mean_deadwood(InferParams()):
            lower += 1
    assert lower == 3
