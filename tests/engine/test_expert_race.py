"""Expert at two seats: its draw playouts (`_race.py`, off by default) and its pull
toward gin."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.engine.cards import parse_cards
from bot.engine.players._cardbits import BIT, bits_of, mask_deadwood, mask_of
from bot.engine.players._knowledge import Knowledge
from bot.engine.players._race import improve, race_values
from bot.engine.players.expert import ExpertParams, ExpertPlayer
from bot.engine.players.hard import HardParams, _Eval
from bot.engine.round import Round
from bot.engine.rules import RuleSet

RULES = RuleSet.preset("cardgames")


def _m(text: str) -> int:
    return mask_of(parse_cards(text))


def _b(code: str) -> int:
    return BIT[parse_cards(code)[0]]


def test_improve_throws_the_card_that_leaves_least_deadwood_but_never_the_kept_one() -> None:
    hand = _m("HA H2 H3 S4 S5 S6 D7 D8 C9 CK")
    kept, thrown = improve(hand, _b("D9"))
    assert thrown == _b("CK")
    assert mask_deadwood(kept) == 9
    # A card that fits nothing goes straight back, unless it must be kept.
    assert improve(hand, _b("SQ")) == (hand, _b("SQ"))
    kept, thrown = improve(hand, _b("SQ"), keep=_b("SQ"))
    assert thrown == _b("CK") and kept & _b("SQ")


def test_taking_the_gin_card_beats_drawing() -> None:
    hand = _m("HA H2 H3 S4 S5 S6 D7 D8 D9 CK")  # the king goes, the ten of diamonds is gin
    loose = _m("CA C4 C6 C8 D2 D4 D6 S8 ST SQ")
    unseen = _m("SK HK DK H9 H7 S2 C3 C5 C7 H5 D3 DJ HQ")
    take, draw = race_values(RULES, hand, _b("DT"), [loose], unseen, random.Random(1), 3)
    assert take == RULES.gin_bonus + mask_deadwood(loose)
    assert draw < take


def test_feeding_the_opponent_its_gin_card_counts_against_a_choice() -> None:
    """Taking the eight of hearts makes a run but throws the nine of clubs, which gives
    this opponent gin at once; drawing a king instead does not."""
    hand = _m("HA H2 H3 CJ CQ CK H9 HT C9 DA")
    near_gin = _m("D9 S9 D2 D3 D4 S4 S5 S6 S7 HK")  # C9 makes a set, the king goes: gin
    far = _m("D8 S8 D2 D3 D4 S4 S5 S6 S7 HK")  # C9 fits nothing
    unseen = _m("SK DK")
    take, draw = race_values(RULES, hand, _b("H8"), [near_gin], unseen, random.Random(3), 1)
    assert improve(hand, _b("H8"), keep=_b("H8"))[1] == _b("C9")
    assert take == -(RULES.gin_bonus + 1)  # this seat keeps the ace of diamonds
    assert draw > take
    take2, _ = race_values(RULES, hand, _b("H8"), [far], unseen, random.Random(3), 1)
    assert take2 > take


def test_the_same_seed_gives_the_same_values() -> None:
    hand = _m("HA H2 H3 S4 S5 S6 D7 D8 C9 CK")
    guesses = [_m("CA C4 C6 C8 D2 D4 D6 S8 ST SQ"), _m("C2 C3 C4 D5 D6 D3 S7 S9 C8 CT")]
    unseen = _m("SK HK DK H9 H7 S2 C3 C5 C7 H5 D3 DJ HQ DT S3 H4 SA") & ~guesses[1]

    def run() -> tuple[float, float]:
        return race_values(RULES, hand, _b("D9"), guesses, unseen, random.Random(9), 4)

    assert run() == run()


def test_expert_pulls_toward_gin_at_two_seats_only() -> None:
    """At two seats expert values hands with `gin_pull2`; at 3-4 seats it keeps the
    parameters it was given (its measured play there is hard's draws and discards)."""
    classic = RuleSet.preset("classic")
    # Before its reading of the opponent scales the pull (tests/engine/test_expert_reading.py).
    player = ExpertPlayer(5, expert=ExpertParams(read=0))
    two = ExpertParams().gin_pull2
    assert two > 0
    for seats, pull in ((2, two), (3, 0.0), (2, two)):
        rnd = Round(classic, seats, 40 + seats, 0)
        mover = rnd.to_move
        assert mover is not None
        view = rnd.view(mover)
        assert player.choose(view, view.legal) in view.legal
        assert player.params.gin_pull == pull
    off = ExpertPlayer(5, expert=ExpertParams(gin_pull2=0.0))
    rnd = Round(RULES, 2, 3, 0)
    view = rnd.view(rnd.to_move or 0)
    off.choose(view, view.legal)
    assert off.params.gin_pull == 0.0


def test_expert_keeps_a_hand_one_draw_from_gin_over_a_merely_lower_one() -> None:
    """Throwing the four of clubs leaves the least deadwood after the next draw (hard's
    choice); throwing the ace of hearts keeps the run start C3 C4, and the two of clubs
    then gives gin (the ace of spades goes). Expert's pull at two seats picks the latter."""
    hand = _m("C3 C4 C8 C9 CT CJ D8 D9 DT HA SA")
    draws = bits_of(_m("H9 HQ C6 S2 HT D4 S4 C2"))

    def discard(params: HardParams) -> int:
        know = Knowledge(hand=hand, unseen=sum(draws), pile=0, opponents=[], stock_prob={})
        know.stock_prob = dict.fromkeys(draws, 1.0)
        ev = _Eval(know, 10, params)
        return min(bits_of(hand), key=lambda b: (ev.value(hand ^ b), b))

    assert discard(HardParams()) == _b("C4")
    assert discard(replace(HardParams(), gin_pull=10.0)) == _b("C4")
    assert discard(replace(HardParams(), gin_pull=ExpertParams().gin_pull2)) == _b("HA")
