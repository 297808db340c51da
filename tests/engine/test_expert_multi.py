"""Expert's look-ahead at tables of three or four: guessed deals, penalties, playouts."""

from __future__ import annotations

import random

from bot.engine.cards import parse_cards
from bot.engine.players._cardbits import BIT, mask_of
from bot.engine.players._knowledge import read_view
from bot.engine.players._multi import deal_guesses, knock_now, penalties, playout
from bot.engine.round import Round
from bot.engine.rules import RuleSet

CLASSIC = RuleSet.preset("classic")


def _m(text: str) -> int:
    return mask_of(parse_cards(text))


def _b(code: str) -> int:
    return BIT[parse_cards(code)[0]]


def test_penalties_follow_the_classic_scoring() -> None:
    # Seat 0 knocks with 4 against 9 and 20: each loser takes its deadwood minus 4.
    assert penalties(CLASSIC, [4, 9, 20], 0) == [0, 5, 16]
    # Gin: each loser takes its deadwood plus 25.
    assert penalties(CLASSIC, [0, 9, 20], 0) == [0, 34, 45]
    # Seat 1 knocks with 6; seat 2 (5) and seat 0 (6) undercut, the lowest wins; every
    # loser takes its deadwood minus 5 and the knocker 25 more.
    assert penalties(CLASSIC, [6, 6, 5], 1) == [1, 26, 0]
    # A tie goes to the first in turn order after the knocker (seat 2 knocks: seat 0).
    assert penalties(CLASSIC, [3, 3, 8], 2) == [0, 0, 30]


def test_guessed_deals_fit_what_the_seat_sees() -> None:
    rnd = Round(CLASSIC, 3, 12, 0)
    for _ in range(7):  # a few turns of passes and draws, then a discard
        seat = rnd.to_move
        assert seat is not None
        legal = rnd.view(seat).legal
        rnd.apply(next(a for a in legal if a.kind in ("pass", "draw_stock", "discard")), seat)
    seat = rnd.to_move
    assert seat is not None
    know = read_view(rnd.view(seat))
    deals = deal_guesses(know, random.Random(3), 20)
    assert len(deals) == 20
    for hands in deals:
        assert len(hands) == 2
        together = 0
        for opp, h in zip(know.opponents, hands, strict=True):
            assert h & opp.known == opp.known
            assert h.bit_count() == opp.unknown_count + opp.known.bit_count()
            assert not h & together  # no card in two hands
            assert not h & (know.hand | know.pile)  # never a card the seat sees elsewhere
            together |= h
    # Cards are drawn, not fixed: the guesses differ.
    assert len({tuple(h) for h in deals}) > 1


def test_knock_now_is_settled_exactly() -> None:
    kept = _m("HA H2 H3 S9 S10 SJ C2")  # deadwood 2
    opp1 = _m("D5 D7 D9 C9 CJ CQ HK")  # no meld: 5+7+9+9+30 = 60
    opp2 = _m("H4 H5 S2 S6 D2 C8 C6")  # H4 H5 lay off on HA H2 H3: 2+6+2+8+6 = 24
    # The others' mean penalty minus this seat's: ((60 - 2) + (24 - 2)) / 2.
    assert knock_now(CLASSIC, kept, [[opp1, opp2]]) == (58 + 22) / 2


def test_playout_ends_with_the_first_knock() -> None:
    kept = _m("HA H2 H3 S9 S10 SJ C9")  # deadwood 9
    loose = _m("D5 D7 D9 C3 CJ HQ DK")  # no meld: 54
    near = _m("D2 D3 C5 C6 C7 S2 S3")  # takes the thrown D4 into D2 D3 D4
    thrown = _b("D4")
    stock = [_b(c) for c in ("SK", "HK", "CK", "H9", "H8", "H7")]
    out = playout(CLASSIC, kept, [near, loose], thrown, stock, 3, [0, 4, 8])
    # Seat 1 throws S3 and knocks with S2 (2) before this seat draws again: this seat
    # takes 9 - 2, the loose hand 54 - 2; every plan gets that value.
    assert penalties(CLASSIC, [9, 2, 54], 1) == [7, 0, 52]
    assert out == [52 / 2 - 7] * 3


def test_playout_scores_each_plan_when_this_seat_knocks() -> None:
    kept = _m("HA H2 H3 S9 S10 SJ C9")  # deadwood 9
    loose1 = _m("D5 D7 D9 C3 CJ HQ DK")  # 54, nothing below melds
    loose2 = _m("S5 S7 C5 C7 HJ DQ CK")  # 54
    stock = [_b(c) for c in ("H9", "S2", "C8", "H5", "D2", "HK", "S4")]
    # Seat 1 draws H9, seat 2 S2, this seat C8 (C8 C9: no meld, keeps 9 -> drops C9 for
    # C8? 8 < 9: deadwood 8), then H5, D2, HK: plans "at most 8" and "at most 9" knock
    # after the first draw; "at most 0" never gets there (0: no information).
    out = playout(CLASSIC, kept, [loose1, loose2], _b("CQ"), stock, 2, [0, 8, 9])
    assert out[0] == 0.0
    assert out[1] == out[2] > 0
