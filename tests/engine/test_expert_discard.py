"""Expert's discard and draw by imagined games among hard's close choices (two players;
`ExpertParams.discard_k`: on by default under patient rules; `draw_close`: tried, off)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import partial
from types import SimpleNamespace

import pytest

from bot.engine.actions import DISCARD, Action
from bot.engine.players import Player, play_round
from bot.engine.players._cardbits import BIT
from bot.engine.players.expert import ExpertParams, ExpertPlayer
from bot.engine.players.hard import HardPlayer, _Picture
from bot.engine.round import Round
from bot.engine.rules import RuleSet
from bot.engine.view import RoundView
from tests.engine.twins import same_on_twins

#: Read patient from the start, so expert plays its own game (not hard's) at once.
PATIENT = {"hasty_prior_10": 0.1, "hasty_prior_25": 0.1}


def _log(player: Player, rounds: int = 4) -> list[Action]:
    """`player`'s decisions over `rounds` cardgames rounds in a row against hard."""
    rules = RuleSet.preset("cardgames")
    log: list[Action] = []

    def recorded(view: RoundView, legal: Sequence[Action]) -> Action:
        action = player.choose(view, legal)
        log.append(action)
        return action

    seat = SimpleNamespace(choose=recorded)
    for k in range(rounds):
        play_round(Round(rules, 2, 900 + k, k % 2), [seat, HardPlayer(5)])
    return log


def _against_hard(
    expert: ExpertPlayer, preset: str, first_seed: int, hard_seed: int
) -> Iterator[tuple[int, Action]]:
    """Four rounds in a row of `expert` at seat 0 against hard: each seat and its action,
    as it is played."""
    rules = RuleSet.preset(preset)
    hard = HardPlayer(hard_seed)
    for k in range(4):
        rnd = Round(rules, 2, first_seed + k, k % 2)
        while (seat := rnd.to_move) is not None:
            view = rnd.view(seat)
            action = (expert if seat == 0 else hard).choose(view, view.legal)
            yield seat, action
            rnd.apply(action, seat)


def test_the_imagined_games_change_discards_only_when_they_beat_hards_choice() -> None:
    """Off, or with a margin no imagined game reaches, expert makes the very same
    decisions (the look-ahead draws its own random numbers); with no margin some
    discards change."""
    off = _log(ExpertPlayer(4, expert=ExpertParams(discard_k=0, **PATIENT)))
    never = _log(
        ExpertPlayer(
            4, expert=ExpertParams(discard_k=3, discard_close=5.0, discard_margin=1e9, **PATIENT)
        )
    )
    on = _log(ExpertPlayer(4, expert=ExpertParams(discard_k=3, discard_close=5.0, **PATIENT)))
    assert len(off) >= 40
    assert never == off
    assert on != off


def test_the_discard_is_one_of_hards_close_choices() -> None:
    """The imagined games run only on hard's best `discard_k` discards within
    `discard_close` of its best score, and the card thrown is one of them."""
    expert = ExpertPlayer(4, expert=ExpertParams(discard_k=3, discard_close=1.5, **PATIENT))
    asked: list[list[int]] = []
    original = expert._discard_values

    def spy(view: RoundView, pic: _Picture, cards: list[int]) -> list[float]:
        options = sorted(expert._discard_options(view, view.legal, pic))
        assert cards == [b for s, _, b in options[:3] if s - options[0][0] <= 1.5]
        assert len(cards) >= 2
        asked.append(cards)
        return original(view, pic, cards)

    expert._discard_values = spy  # type: ignore[method-assign]
    changed = seen = 0
    for seat, action in _against_hard(expert, "cardgames", 950, 6):
        if len(asked) > seen:
            seen = len(asked)
            assert seat == 0 and action.kind == DISCARD and action.card is not None
            assert BIT[action.card] in asked[-1]
            changed += BIT[action.card] != asked[-1][0]
    assert len(asked) >= 5
    assert changed >= 1


@pytest.mark.parametrize("preset", ["cardgames", "playingcards"])
def test_twin_deals_get_the_same_decisions_with_the_imagined_discards_and_draws(
    preset: str,
) -> None:
    """Fairness, as in test_players: on twin deals (every card the seat never saw shuffled
    among the places those cards held) expert with the discard and draw look-ahead on makes
    the very same decisions."""
    rules = RuleSet.preset(preset)
    params = ExpertParams(
        discard_k=4,
        discard_close=5.0,
        discard_patience=0.0,
        draw_turns=4,
        draw_close=3.0,
        **PATIENT,
    )
    rng = random.Random(21)
    decisions = 0
    for r in range(3):
        seed, dealer, seat = 7600 + r, r % 2, (r + 1) % 2
        players: list[Player] = [HardPlayer(50), HardPlayer(51)]
        players[seat] = ExpertPlayer(50 + seat, expert=params)
        tested = partial(ExpertPlayer, 50 + seat, expert=params)
        decisions += same_on_twins(rules, seed, dealer, seat, players, tested, rng)
    assert decisions >= 30


@pytest.mark.parametrize(
    ("preset", "runs"), [("cardgames", True), ("classic", True), ("playingcards", False)]
)
def test_the_default_discard_runs_only_under_patient_rules(preset: str, runs: bool) -> None:
    """Expert's defaults choose discards by imagined games under an undercut bonus of 25
    (cardgames, classic) and never under playingcards' 10, where they cost too much."""
    expert = ExpertPlayer(4, expert=ExpertParams(**PATIENT))
    asked: list[list[int]] = []
    original = expert._discard_values

    def spy(view: RoundView, pic: _Picture, cards: list[int]) -> list[float]:
        asked.append(cards)
        return original(view, pic, cards)

    expert._discard_values = spy  # type: ignore[method-assign]
    discards = sum(
        seat == 0 and action.kind == DISCARD
        for seat, action in _against_hard(expert, preset, 980, 7)
    )
    assert discards >= 20
    assert bool(asked) is runs
