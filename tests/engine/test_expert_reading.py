"""Expert reads the opponent it faces (`_styles.py`) from public play alone."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from functools import partial
from itertools import pairwise
from types import SimpleNamespace
from typing import cast

import pytest

from bot.engine.actions import DISCARD, DRAW_STOCK, PASS, TAKE_UPCARD, Action
from bot.engine.cards import parse_card, parse_cards
from bot.engine.events import Event
from bot.engine.players import BaselinePlayer, Player, play_round
from bot.engine.players._cardbits import mask_deadwood, mask_of
from bot.engine.players._expert_params import LOOSE_INFER
from bot.engine.players._infer import HandSampler, InferParams, _likelihood
from bot.engine.players._styles import StyleReader
from bot.engine.players.expert import ExpertParams, ExpertPlayer
from bot.engine.players.hard import HardPlayer
from bot.engine.players.levels import make_player
from bot.engine.round import Round
from bot.engine.rules import RuleSet
from bot.engine.view import RoundView
from tests.engine.twins import same_on_twins


class StockOnly(BaselinePlayer):
    """`normal`, but it never takes the up-card or a discard."""

    def _draw(self, view: RoundView, kinds: set[str]) -> Action:
        return Action(PASS) if TAKE_UPCARD in kinds else Action(DRAW_STOCK)


def _read_after(opponent: Player, preset: str, rounds: int = 6) -> ExpertPlayer:
    """An expert that played `rounds` rounds in a row against `opponent` at seat 1."""
    rules = RuleSet.preset(preset)
    expert = ExpertPlayer(3)
    for k in range(rounds):
        play_round(Round(rules, 2, 400 + k, k % 2), [expert, opponent])
    return expert


def test_a_hasty_opponent_reads_hastier_than_a_patient_one() -> None:
    # Under cardgames hard holds out for gin (2 rounds in 3 end in gin); normal knocks at
    # its first chance. Expert starts leaning hasty there (it then plays as hard).
    fresh = ExpertPlayer(3)
    view = Round(RuleSet.preset("cardgames"), 2, 1, 1).view(0)
    fresh.choose(view, view.legal)
    prior = fresh._hasty
    vs_normal = _read_after(BaselinePlayer(), "cardgames", 10)._hasty
    vs_hard = _read_after(make_player("hard", 9), "cardgames", 10)._hasty
    assert prior > 0.5
    assert vs_normal > 0.5 > vs_hard
    assert vs_hard < 0.1


@pytest.mark.parametrize("preset", ["cardgames", "playingcards"])
def test_an_opponent_that_never_takes_a_discard_is_read_as_such(preset: str) -> None:
    stock_only = _read_after(StockOnly(), preset, 3)
    taker = _read_after(BaselinePlayer(), preset, 3)
    assert stock_only._reader is not None and taker._reader is not None
    assert stock_only._reader.stock_only > 0.9
    assert taker._reader.stock_only == 0.0
    # Declined discards then say nothing about the opponent's hand, in expert's own play
    # (under cardgames this hasty player's last hands, which could not knock, read it
    # hasty enough for hard's play and hard's guesses).
    if preset == "playingcards":
        assert stock_only.infer_params.declined_meld > 0.9
    else:
        assert stock_only._as_hard
        assert stock_only.infer_params == cast(HardPlayer, make_player("hard", 1)).infer_params


@pytest.mark.parametrize("preset", ["cardgames", "playingcards"])
def test_what_expert_read_in_earlier_rounds_leaks_nothing_hidden(preset: str) -> None:
    """Fairness with memory: an expert that played a first round (and read its opponent)
    then makes the very same decisions in the next round on twin deals, in which every
    card it never saw is shuffled among the places those cards held."""
    rules = RuleSet.preset(preset)
    rng = random.Random(35)
    decisions = 0
    for r in range(3):
        seat = r % 2
        players: list[Player] = [BaselinePlayer(), BaselinePlayer()]
        players[seat] = ExpertPlayer(60 + r)
        play_round(Round(rules, 2, 8100 + r, 0), players)
        before = copy.deepcopy(players[seat])
        tested = partial(copy.deepcopy, before)
        decisions += same_on_twins(rules, 8200 + r, 1, seat, players, tested, rng)
    assert decisions >= 20


def test_against_a_hasty_opponent_expert_pulls_less_toward_gin() -> None:
    vs_normal = _read_after(BaselinePlayer(), "cardgames")
    vs_hard = _read_after(make_player("hard", 9), "cardgames")
    full = vs_hard.expert.gin_pull2
    assert vs_normal.params.gin_pull < vs_hard.params.gin_pull <= full
    # Read patient (about 1 in 4 hasty after six rounds): most of the pull stays.
    assert vs_hard.params.gin_pull > 0.5 * full
    # The late margin fades as much: a hasty opponent that has not knocked rarely undercuts.
    rules = RuleSet.preset("cardgames")
    assert vs_normal.knock_margin(rules, 10) < vs_hard.knock_margin(rules, 10)


@pytest.mark.parametrize("preset", ["cardgames", "playingcards", "classic"])
def test_while_the_opponent_reads_hasty_expert_plays_exactly_as_hard(preset: str) -> None:
    """Read as hasty at every decision (the threshold at 0), expert makes hard's every
    decision over rounds in a row: its look-ahead draws its own random numbers, so the
    guesses of the opponent's hand stay hard's."""
    rules = RuleSet.preset(preset)
    always_hard = ExpertPlayer(21, expert=ExpertParams(read_commit_10=0.0, read_commit_25=0.0))
    hard = HardPlayer(21)
    logs: list[list[Action]] = []
    for player in (always_hard, hard):
        log: list[Action] = []

        def recorded(
            view: RoundView, legal: Sequence[Action], p: Player = player, out: list[Action] = log
        ) -> Action:
            action = p.choose(view, legal)
            out.append(action)
            return action

        seat = SimpleNamespace(choose=recorded)
        for k in range(4):
            play_round(Round(rules, 2, 700 + k, k % 2), [seat, BaselinePlayer()])
        logs.append(log)
    assert len(logs[0]) >= 40
    assert logs[0] == logs[1]


def test_a_hasty_opponent_gets_hards_play_and_a_patient_one_experts_own() -> None:
    vs_normal = _read_after(BaselinePlayer(), "cardgames", 10)
    vs_hunter = _read_after(make_player("hard", 9), "cardgames", 10)
    rules = RuleSet.preset("cardgames")
    view = Round(rules, 2, 77, 1).view(0)
    for expert in (vs_normal, vs_hunter):
        expert.choose(view, view.legal)
    assert vs_normal._as_hard
    assert not vs_hunter._as_hard


def test_a_loose_opponent_reads_loose_and_careful_ones_do_not() -> None:
    # Easy throws a random unmelded card a third of the time, so low cards early in a
    # round; careful players throw their high cards first.
    vs_easy = _read_after(make_player("easy", 5), "cardgames", 8)
    careful = [
        _read_after(make_player("hard", 9), "cardgames", 8),
        _read_after(BaselinePlayer(), "cardgames", 8),
    ]
    assert vs_easy._reader is not None
    assert vs_easy._reader.loose > 0.5
    for expert in careful:
        assert expert._reader is not None
        assert expert._reader.loose < 0.2


def test_low_cards_thrown_early_read_loose_and_high_ones_careful() -> None:
    rules = RuleSet.preset("cardgames")
    low = [parse_card(c) for c in ("S2", "H3", "D4")]
    high = [parse_card(c) for c in ("SK", "HQ", "DJ")]
    for cards, expect in ((low, True), (high, False)):
        reader = StyleReader(0.5)
        history = tuple(e for c in cards for e in (Event(1, DRAW_STOCK), Event(1, DISCARD, c)))
        view = SimpleNamespace(history=history, rules=rules, stock_size=25)
        reader.observe(cast(RoundView, view), 1)
        assert (reader.loose > 0.9) is expect
        assert (reader.loose < 0.5) is not expect


def test_a_loose_opponent_gets_hards_play_under_cardgames_only() -> None:
    loose = StyleReader(0.5)
    loose.loose_logodds = 3.0
    loose.hasty_logodds = -3.0
    for preset, as_hard in (("cardgames", True), ("classic", True), ("playingcards", False)):
        expert = ExpertPlayer(4)
        expert._reader = loose
        view = Round(RuleSet.preset(preset), 2, 78, 1).view(0)
        expert.choose(view, view.legal)
        assert expert._as_hard is as_hard


def test_low_cards_on_the_fourth_and_fifth_turns_count_for_loose_too() -> None:
    # Three high cards then two low ones: read over five turns, the low ones weigh against
    # the high ones (careful players throw low cards later in a round, but less often).
    rules = RuleSet.preset("cardgames")
    cards = [parse_card(c) for c in ("SK", "HQ", "DJ", "S2", "H3")]
    history = tuple(e for c in cards for e in (Event(1, DRAW_STOCK), Event(1, DISCARD, c)))
    view = cast(RoundView, SimpleNamespace(history=history, rules=rules, stock_size=21))
    three, five = StyleReader(0.5, 3), StyleReader(0.5, 5)
    for reader in (three, five):
        reader.observe(view, 1)
    assert three.loose < 0.5 < five.loose


def test_a_loose_opponents_hand_is_guessed_with_the_loose_weights() -> None:
    # Read loose (and patient), expert plays hard's moves but guesses the hand of a player
    # who misses melds, throws low cards and knocks late; read careful, hard's weights.
    for loose_odds, on, expect in ((3.0, 1, LOOSE_INFER), (3.0, 0, None), (-3.0, 1, None)):
        reader = StyleReader(0.5)
        reader.loose_logodds = loose_odds
        reader.hasty_logodds = 3.0 if loose_odds < 0 else -3.0
        expert = ExpertPlayer(4, expert=ExpertParams(read_loose_infer=on))
        expert._reader = reader
        view = Round(RuleSet.preset("cardgames"), 2, 78, 1).view(0)
        expert.choose(view, view.legal)
        assert expert._as_hard
        if expect is None:
            assert expert.infer_params == InferParams()
        else:
            assert expert.infer_params is expect


def test_guesses_of_a_late_knocker_keep_deadwood_it_would_not_knock_with() -> None:
    # A hand of 7 deadwood could have knocked at the limit (10), not at 4: only the first
    # belief weighs it down; 3 deadwood is weighed down by both.
    seven = mask_of([parse_card(c) for c in ("C2", "C3", "C4", "D5", "D6", "D7", "H2", "SA", "H4")])
    three = mask_of([parse_card(c) for c in ("C2", "C3", "C4", "D5", "D6", "D7", "H2", "SA")])
    assert mask_deadwood(seven) == 7 and mask_deadwood(three) == 3
    assert _likelihood(seven, [], 10, 0.25) == 0.25
    assert _likelihood(seven, [], 4, 0.25) == 1.0
    assert _likelihood(three, [], 4, 0.25) == 0.25


def test_the_sampler_reads_knock_at_for_could_have_knocked() -> None:
    # After a few opponent turns, guesses under "knocks at 4 or less" hold more deadwood
    # than under "knocks at the limit" (the same seed and swaps otherwise).
    rules = RuleSet.preset("cardgames")
    rnd = Round(rules, 2, 91, 0)
    players = [HardPlayer(1), HardPlayer(2)]
    while sum(1 for e in rnd.view(0).history if e.seat == 1 and e.kind == DISCARD) < 4:
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        rnd.apply(players[seat].choose(view, view.legal), seat)
    view = rnd.view(0)
    means = []
    for at in (-1, 4):
        prm = InferParams(chains=48, first_steps=400, knock_at=at)
        guesses = HandSampler(1, random.Random(5), prm).sample(view)
        means.append(sum(mask_deadwood(h) for h in guesses) / len(guesses))
    assert means[1] > means[0]


def _knock_ended(knocker: int, deadwood: int, stock: int, kind: str = "knock") -> RoundView:
    """The end of a round as the reader sees it: who knocked, with how much deadwood."""
    seats = [SimpleNamespace(deadwood_points=20), SimpleNamespace(deadwood_points=20)]
    seats[knocker] = SimpleNamespace(deadwood_points=deadwood)
    result = SimpleNamespace(
        knocker=knocker, kind=kind, settlement=SimpleNamespace(seats=seats), hands=()
    )
    view = SimpleNamespace(
        result=result, rules=RuleSet.preset("cardgames"), stock_size=stock, history=()
    )
    return cast(RoundView, view)


def _left_with(
    cards: str, kind: str = "knock", knocker: int | None = 0, discarded: bool = True
) -> RoundView:
    """The end of a round seat 1 did not end, with `cards` its last hand."""
    hand = tuple(parse_cards(cards))
    result = SimpleNamespace(knocker=knocker, kind=kind, hands=((), hand), settlement=None)
    history = (Event(1, DISCARD, parse_card("CK")),) if discarded else ()
    view = SimpleNamespace(
        result=result, rules=RuleSet.preset("cardgames"), stock_size=20, history=history
    )
    return cast(RoundView, view)


#: A last hand of seat 1 with 2 points of deadwood, 8 and 35 (cardgames: knock at 10).
_LOW_HAND = "SA S2 S3 H5 D5 C5 C7 C8 C9 D2"
_MID_HAND = "SA S2 S3 H5 D5 C5 C7 C8 C9 D8"
_HIGH_HAND = "SA S2 S3 H5 D5 C5 C7 C8 DK HQ"


def test_a_knock_declined_reads_patient_and_a_hand_that_could_not_knock_hasty() -> None:
    cases = [
        (_left_with(_LOW_HAND), "down", "down"),  # patient; and not a low knocker
        (_left_with(_MID_HAND), "same", "same"),  # patient and low knockers decline it
        (_left_with(_HIGH_HAND), "up", "same"),  # it never had the chance
        (_left_with(_HIGH_HAND, kind="draw", knocker=None), "up", "same"),  # the wall
        (_left_with(_LOW_HAND, discarded=False), "same", "same"),  # no turn of its own
        (_left_with(_LOW_HAND, kind="redeal", knocker=None), "same", "same"),
        (_left_with(_LOW_HAND, kind="gin", knocker=1), "same", "same"),  # it ended it
    ]
    for view, hasty, low in cases:
        reader = StyleReader(0.5, declined=True)
        before = (reader.hasty, reader.low_knocker)
        reader.ended(view, 1)
        for way, old, new in (
            (hasty, before[0], reader.hasty),
            (low, before[1], reader.low_knocker),
        ):
            assert (new > old, new < old) == (way == "up", way == "down"), (view, way)
    # A knock declined weighs more than a round without the chance.
    reader = StyleReader(0.5, declined=True)
    reader.ended(_left_with(_LOW_HAND), 1)
    reader.ended(_left_with(_HIGH_HAND), 1)
    assert reader.hasty < 0.5
    off = StyleReader(0.5)
    off.ended(_left_with(_LOW_HAND), 1)
    assert (off.hasty, off.low_knocker) == (0.5, StyleReader(0.5).low_knocker)


def test_early_low_knocks_read_a_low_knocker_and_high_or_late_ones_do_not() -> None:
    # Half the knock limit (10) is 5; the stock counts as high above the wall (2) plus 8.
    cases = [
        ((1, 5, 20, "knock"), "up"),
        ((1, 2, 11, "undercut"), "up"),
        ((1, 6, 20, "knock"), "down"),
        ((1, 9, 30, "undercut"), "down"),
        ((1, 3, 10, "knock"), "same"),  # late: hard's own low knocks come then
        ((1, 0, 20, "gin"), "same"),
        ((0, 3, 20, "knock"), "same"),  # this seat's own knock
    ]
    for args, way in cases:
        reader = StyleReader(0.5)
        before = reader.low_knocker
        reader.ended(_knock_ended(*args), 1)
        after = reader.low_knocker
        assert (after > before, after < before) == (way == "up", way == "down"), args
    one = StyleReader(0.5)
    one.ended(_knock_ended(1, 4, 20), 1)
    assert one.low_knocker > 0.5  # one early low knock is enough to play as hard


def test_easy_reads_a_low_knocker_and_hard_and_normal_do_not() -> None:
    # Easy knocks with 4 or less; normal at its first chance (often 6-10); hard rarely
    # knocks while the stock is high.
    vs_easy = _read_after(make_player("easy", 5), "cardgames", 12)
    others = [
        _read_after(make_player("hard", 9), "cardgames", 12),
        _read_after(BaselinePlayer(), "cardgames", 12),
    ]
    assert vs_easy._reader is not None and vs_easy._reader.low_knocker > 0.5
    for expert in others:
        assert expert._reader is not None and expert._reader.low_knocker < 0.4


def test_a_low_knocker_gets_hards_exact_play_under_an_undercut_bonus_of_25_only() -> None:
    # Read low (and patient, careful), expert plays hard's moves with hard's own guesses.
    for preset, as_hard in (("cardgames", True), ("classic", True), ("playingcards", False)):
        reader = StyleReader(0.5)
        reader.low_logodds = 3.0
        reader.hasty_logodds = -3.0
        reader.loose_logodds = 3.0
        expert = ExpertPlayer(4)
        expert._reader = reader
        view = Round(RuleSet.preset(preset), 2, 78, 1).view(0)
        expert.choose(view, view.legal)
        assert expert._as_hard is as_hard
        if as_hard:
            assert expert.infer_params == InferParams()


@pytest.mark.parametrize(
    ("preset", "start", "reads"),
    [("cardgames", 25, True), ("playingcards", 25, False), ("cardgames", 99, False)],
)
def test_declined_knocks_are_read_from_the_undercut_bonus_set(
    preset: str, start: int, reads: bool
) -> None:
    expert = ExpertPlayer(4, expert=ExpertParams(read_declined_from=start))
    view = Round(RuleSet.preset(preset), 2, 78, 1).view(0)
    expert.choose(view, view.legal)
    reader = expert._reader
    assert reader is not None
    before = reader.hasty
    reader.ended(_left_with(_LOW_HAND), 1)
    assert (reader.hasty < before) is reads


class _GinOnly(BaselinePlayer):
    """normal's draws and discards, but it never knocks (it goes gin when it can)."""

    def _knock(self, view: RoundView, legal: Sequence[Action]) -> Action:
        return self.discard(view, legal)


def _first_round_modes(expert: ExpertPlayer, seed: int) -> list[tuple[bool, float]]:
    """(played as hard, chance of a hasty opponent) at each of expert's decisions of one
    cardgames round against `_GinOnly`."""
    rnd = Round(RuleSet.preset("cardgames"), 2, seed, 1)
    players: list[Player] = [expert, _GinOnly()]
    modes = []
    while (seat := rnd.to_move) is not None:
        view = rnd.view(seat)
        action = players[seat].choose(view, view.legal)
        if seat == 0:
            modes.append((expert._as_hard, expert._hasty))
        rnd.apply(action, seat)
    return modes


def test_a_round_played_as_hard_stays_so_until_the_reading_falls_below_read_uncommit() -> None:
    """Turns without a knock read the opponent less hasty as a round goes on; by default
    expert turns to its own play once the chance falls below one half, with `read_uncommit`
    only below that."""
    for seed in range(1, 40):
        default = _first_round_modes(ExpertPlayer(3), seed)
        if any(a and not b and h >= 0.3 for (a, _), (b, h) in pairwise(default)):
            break
    else:
        raise AssertionError("no round in which the default turns from hard's play mid-way")
    kept = _first_round_modes(ExpertPlayer(3, expert=ExpertParams(read_uncommit=0.3)), seed)
    assert kept[: len(kept) // 3] == default[: len(kept) // 3]  # the same start
    pairs = list(pairwise(kept))
    assert all(b for (a, _), (b, h) in pairs if a and h >= 0.3)
    assert any(b and h < 0.5 for (a, _), (b, h) in pairs if a)
