"""Optimal melds: RULES.md's meld rules, and property tests against a brute-force reference."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.cards import Card, deck, parse_cards
from bot.engine.melds import (
    Arrangement,
    best_arrangements,
    best_melds,
    deadwood_points,
    discard_options,
    is_meld,
)

DECK = deck()
DENSE_POOL = [c for c in DECK if 4 <= c.rank <= 7]

# ---------------------------------------------------------------- brute-force reference
# Written for clarity, independently of the engine: list every meld the cards contain, then
# try every collection of disjoint melds.


def ref_melds(cards: list[Card]) -> list[frozenset[Card]]:
    out: list[frozenset[Card]] = []
    for rank in range(1, 14):
        same = [c for c in cards if c.rank == rank]
        for size in (3, 4):
            out += [frozenset(g) for g in combinations(same, size)]
    have = set(cards)
    for suit in "CDHS":
        for low in range(1, 12):  # aces low only: the highest run ends at the king
            for high in range(low + 2, 14):
                run = [Card(suit, r) for r in range(low, high + 1)]
                if all(c in have for c in run):
                    out.append(frozenset(run))
    return out


def ref_collections(cards: list[Card]) -> list[list[frozenset[Card]]]:
    """Every collection of pairwise disjoint melds (including the empty one)."""
    melds = ref_melds(cards)
    found: list[list[frozenset[Card]]] = []

    def walk(start: int, used: frozenset[Card], chosen: list[frozenset[Card]]) -> None:
        found.append(list(chosen))
        for i in range(start, len(melds)):
            if not melds[i] & used:
                walk(i + 1, used | melds[i], [*chosen, melds[i]])

    walk(0, frozenset(), [])
    return found


def ref_deadwood(cards: list[Card]) -> int:
    total = sum(c.points for c in cards)
    return min(total - sum(c.points for m in col for c in m) for col in ref_collections(cards))


def canonical(melds: list[frozenset[Card]]) -> frozenset[frozenset[Card]]:
    """Join runs of one suit that touch (H1-H3 + H4-H6 is the run H1-H6)."""
    groups = [set(m) for m in melds]
    joined = True
    while joined:
        joined = False
        for a, b in combinations(range(len(groups)), 2):
            ga, gb = groups[a], groups[b]
            if len({c.suit for c in ga | gb}) == 1 and len({c.rank for c in ga}) > 1:
                ranks = {c.rank for c in ga}
                if any(c.rank + 1 in ranks or c.rank - 1 in ranks for c in gb):
                    ga |= gb
                    del groups[b]
                    joined = True
                    break
    return frozenset(frozenset(g) for g in groups)


def ref_optimal(cards: list[Card]) -> set[frozenset[frozenset[Card]]]:
    total = sum(c.points for c in cards)
    scored = [
        (total - sum(c.points for m in col for c in m), col) for col in ref_collections(cards)
    ]
    least = min(s for s, _ in scored)
    return {canonical(col) for s, col in scored if s == least}


# ---------------------------------------------------------------- helpers

hands = st.lists(st.sampled_from(DECK), unique=True, max_size=11)
hands11 = st.lists(st.sampled_from(DECK), unique=True, min_size=11, max_size=11)
dense = st.lists(st.sampled_from(DENSE_POOL), unique=True, min_size=6, max_size=11)
dense11 = st.lists(st.sampled_from(DENSE_POOL), unique=True, min_size=11, max_size=11)


def check_valid(cards: list[Card], arr: Arrangement) -> None:
    melded = [c for m in arr.melds for c in m]
    assert sorted(melded + list(arr.deadwood)) == sorted(cards)
    assert len(set(melded)) == len(melded)
    assert all(is_meld(m) for m in arr.melds)
    assert arr.deadwood_points == sum(c.points for c in arr.deadwood)
    assert list(arr.deadwood) == sorted(arr.deadwood)


def H(text: str) -> list[Card]:
    return parse_cards(text)


# ---------------------------------------------------------------- RULES.md: cards and melds


def test_card_points_count_as_deadwood() -> None:
    # ace 1, two to ten face value, J Q K 10
    assert deadwood_points(H("C1 D2 H10 S11 C12 D13")) == 1 + 2 + 10 + 10 + 10 + 10


def test_sets_of_three_and_four() -> None:
    assert best_melds(H("C7 D7 H7")).deadwood_points == 0
    assert best_melds(H("C7 D7 H7 S7")).melds == (tuple(H("C7 D7 H7 S7")),)
    assert best_melds(H("C7 D7")).deadwood_points == 14


def test_runs_of_three_or_more_one_suit() -> None:
    assert best_melds(H("H5 H6 H7 H8 H9")).melds == (tuple(H("H5 H6 H7 H8 H9")),)
    assert best_melds(H("H5 H6 S7")).deadwood_points == 18  # mixed suits are no run
    assert best_melds(H("H5 H6 H8")).deadwood_points == 19  # not consecutive


def test_aces_are_low_only() -> None:
    assert best_melds(H("S1 S2 S3")).deadwood_points == 0
    assert best_melds(H("S12 S13 S1")).deadwood_points == 21  # Q-K-A is not a run
    assert best_melds(H("S13 S1 S2")).deadwood_points == 13  # K-A-2 is not a run
    assert best_melds(H("S11 S12 S13")).deadwood_points == 0


def test_a_card_belongs_to_at_most_one_meld() -> None:
    # H7 would complete both the set and the run; only one of them can have it.
    arr = best_melds(H("C7 D7 H7 H8 H9"))
    assert arr.deadwood_points == 14
    assert arr.melds == (tuple(H("H7 H8 H9")),)  # tie 14 vs 17: the run leaves less


def test_least_deadwood_not_greedy() -> None:
    # Greedy "longest meld first" takes the run S4-S7 and strands the 4s; the optimum breaks
    # the run to make the set of fours and the run S5-S7.
    cards = H("S4 S5 S6 S7 C4 D4 C9 D13")
    arr = best_melds(cards)
    assert arr.deadwood_points == 19
    assert set(map(frozenset, arr.melds)) == {frozenset(H("C4 D4 S4")), frozenset(H("S5 S6 S7"))}


def test_big_gin_hand_and_empty_hand() -> None:
    assert best_melds(H("H1 H2 H3 H4 C9 D9 S9 H9 S10 S11 S12")).deadwood_points == 0
    assert best_melds([]) == Arrangement((), (), 0)


def test_runs_or_sets_of_the_same_cards_are_both_listed() -> None:
    cards = H("H4 H5 H6 S4 S5 S6 D4 D5 D6")
    arrs = best_arrangements(cards)
    assert {frozenset(map(frozenset, a.melds)) for a in arrs} == {
        frozenset(map(frozenset, [H("H4 H5 H6"), H("S4 S5 S6"), H("D4 D5 D6")])),
        frozenset(map(frozenset, [H("D4 H4 S4"), H("D5 H5 S5"), H("D6 H6 S6")])),
    }
    # Tie-break: same deadwood, fewer cards in sets.
    assert best_melds(cards).melds == (
        tuple(H("D4 D5 D6")),
        tuple(H("H4 H5 H6")),
        tuple(H("S4 S5 S6")),
    )


def test_output_order_is_documented_order() -> None:
    arr = best_melds(H("S9 S10 S11 C2 C3 C4 D8 H8 S8 HK"))
    assert arr.melds == (tuple(H("C2 C3 C4")), tuple(H("S9 S10 S11")), tuple(H("D8 H8 S8")))
    assert arr.deadwood == tuple(H("H13"))


def test_duplicate_card_is_refused() -> None:
    with pytest.raises(ValueError, match="same card twice"):
        best_melds(H("H8 H8 C1"))


def test_shortcut_drop_highest_leftover_is_wrong_here() -> None:
    # The best 11-card arrangement melds D5-D7, H6-H8 and the 4s, leaving C6 C7; dropping its
    # highest leftover (C7) keeps 6 points. Discarding H8 instead regroups the rest into sets
    # of 4s, 6s and 7s with only D5 left: 5 points.
    cards = H("C4 C6 C7 D4 D5 D6 D7 H4 H6 H7 H8")
    arr = best_melds(cards)
    assert arr.deadwood == tuple(H("C6 C7"))
    shortcut = arr.deadwood_points - max(c.points for c in arr.deadwood)
    options = dict(discard_options(cards))
    assert shortcut == 6
    assert min(options.values()) == 5
    assert options[H("H8")[0]] == 5
    for card, dw in options.items():
        assert dw == ref_deadwood([c for c in cards if c != card])


# ---------------------------------------------------------------- properties vs brute force


@given(hands)
def test_best_melds_matches_brute_force_random(cards: list[Card]) -> None:
    arr = best_melds(cards)
    check_valid(cards, arr)
    assert arr.deadwood_points == ref_deadwood(cards)


@given(dense)
def test_best_melds_matches_brute_force_dense(cards: list[Card]) -> None:
    arr = best_melds(cards)
    check_valid(cards, arr)
    assert arr.deadwood_points == ref_deadwood(cards)


@given(st.one_of(dense, hands))
def test_best_arrangements_are_every_optimum(cards: list[Card]) -> None:
    arrs = best_arrangements(cards)
    for a in arrs:
        check_valid(cards, a)
    got = [frozenset(map(frozenset, a.melds)) for a in arrs]
    assert len(set(got)) == len(got)
    assert set(got) == ref_optimal(cards)
    # best_melds is the first, and it has the fewest deadwood cards among the optima.
    assert best_melds(cards) == arrs[0]
    assert len(arrs[0].deadwood) == min(len(a.deadwood) for a in arrs)


@given(st.one_of(dense, hands), st.randoms(use_true_random=False))
def test_result_does_not_depend_on_card_order(cards: list[Card], rnd: random.Random) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert best_melds(shuffled) == best_melds(cards)
    assert best_arrangements(shuffled) == best_arrangements(cards)


@given(st.one_of(dense11, hands11))
def test_discard_options_exact(cards: list[Card]) -> None:
    options = discard_options(cards)
    assert [c for c, _ in options] == sorted(cards)
    for card, dw in options:
        assert dw == ref_deadwood([c for c in cards if c != card])


@given(st.one_of(dense, hands))
def test_deadwood_points_agrees_with_best_melds(cards: list[Card]) -> None:
    assert deadwood_points(cards) == best_melds(cards).deadwood_points


def test_is_meld() -> None:
    assert is_meld(H("C1 C2 C3"))
    assert is_meld(H("C5 D5 H5 S5"))
    assert not is_meld(H("C12 C13 C1"))
    assert not is_meld(H("C5 D5"))
    assert not is_meld(H("C5 C6 D7"))
    assert not is_meld(H("C5 C5 C6"))
