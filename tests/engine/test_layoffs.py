"""Lay-offs: RULES.md's examples, the classic "original melds" rule, and a brute-force check."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bot.engine.cards import Card, deck, parse_cards
from bot.engine.layoffs import LayoffPlan, lay_off
from bot.engine.melds import best_arrangements, best_melds, is_meld
from bot.engine.rules import RuleSet
from bot.engine.scoring import score_knock, settle_knock

CARDGAMES = RuleSet.preset("cardgames")
CLASSIC = RuleSet.preset("classic")


def H(text: str) -> list[Card]:
    return parse_cards(text)


def meld_sets(melds: tuple[tuple[Card, ...], ...]) -> set[frozenset[Card]]:
    return {frozenset(m) for m in melds}


# ---------------------------------------------------------------- brute-force reference


def ref_melds(cards: list[Card]) -> list[frozenset[Card]]:
    out: list[frozenset[Card]] = []
    for rank in range(1, 14):
        same = [c for c in cards if c.rank == rank]
        for size in (3, 4):
            out += [frozenset(g) for g in combinations(same, size)]
    have = set(cards)
    for suit in "CDHS":
        for low in range(1, 12):
            for high in range(low + 2, 14):
                run = [Card(suit, r) for r in range(low, high + 1)]
                if all(c in have for c in run):
                    out.append(frozenset(run))
    return out


def fits(meld: frozenset[Card], card: Card) -> bool:
    """Whether `card` can be added to the meld on the table right now."""
    if len({c.rank for c in meld}) == 1:
        return card.rank == next(iter(meld)).rank and len(meld) < 4
    suit = next(iter(meld)).suit
    ranks = {c.rank for c in meld}
    return card.suit == suit and (card.rank == min(ranks) - 1 or card.rank == max(ranks) + 1)


def ref_most_laid(rest: list[Card], table: list[frozenset[Card]]) -> int:
    """Most points of `rest` that can be laid off, one card at a time, trying every order."""
    seen: dict[tuple[frozenset[Card], ...], int] = {}

    def search(melds: tuple[frozenset[Card], ...], left: frozenset[Card]) -> int:
        if melds in seen:
            return seen[melds]
        best = 0
        for card in left:
            for i, meld in enumerate(melds):
                if fits(meld, card):
                    grown = melds[:i] + (meld | {card},) + melds[i + 1 :]
                    best = max(best, card.points + search(grown, left - {card}))
        seen[melds] = best
        return best

    return search(tuple(table), frozenset(rest))


def ref_after_layoffs(defender: list[Card], table: list[frozenset[Card]]) -> int:
    """Least deadwood over every choice of own melds (any disjoint collection) + lay-offs."""
    melds = ref_melds(defender)
    total = sum(c.points for c in defender)
    best = total

    def walk(start: int, used: frozenset[Card]) -> None:
        nonlocal best
        rest = [c for c in defender if c not in used]
        left = sum(c.points for c in rest) - ref_most_laid(rest, table)
        best = min(best, left)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                walk(i + 1, used | melds[i])

    walk(0, frozenset())
    return best


def check_plan(defender: list[Card], table: list[tuple[Card, ...]], plan: LayoffPlan) -> None:
    """The plan is playable: own melds are melds, each lay-off fits when it is made."""
    grown = [frozenset(m) for m in table]
    for lo in plan.layoffs:
        assert fits(grown[lo.meld], lo.card), lo
        grown[lo.meld] = grown[lo.meld] | {lo.card}
    own = [c for m in plan.melds for c in m]
    laid = [lo.card for lo in plan.layoffs]
    assert all(is_meld(m) for m in plan.melds)
    assert sorted(own + laid + list(plan.deadwood)) == sorted(defender)
    assert plan.deadwood_points == sum(c.points for c in plan.deadwood)


# A small pool (ranks 2-9 of three suits) so knocker and defender share suits and ranks and
# lay-offs, chains and broken melds happen in most examples.
POOL = [c for c in deck() if c.suit in "CHS" and 2 <= c.rank <= 9]


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    cards = draw(st.permutations(POOL))
    size = draw(st.integers(min_value=4, max_value=10))
    return cards[:10], cards[10 : 10 + size]


@given(deals())
def test_layoffs_match_brute_force(deal: tuple[list[Card], list[Card]]) -> None:
    knocker, defender = deal
    table = list(best_melds(knocker).melds)
    plan = lay_off(defender, table)
    check_plan(defender, table, plan)
    assert plan.deadwood_points == ref_after_layoffs(defender, [frozenset(m) for m in table])


# ---------------------------------------------------------------- RULES.md examples


def test_lay_off_one_after_another_along_a_run() -> None:
    # "laying off H4 then H5 onto H1 H2 H3 is fine"
    plan = lay_off(H("H5 H4 CK"), [tuple(H("H1 H2 H3"))])
    assert [(lo.card.code, lo.meld) for lo in plan.layoffs] == [("H4", 0), ("H5", 0)]
    assert plan.deadwood == tuple(H("CK"))


def test_lay_off_at_both_ends_and_fourth_card_of_a_set() -> None:
    table = [tuple(H("S5 S6 S7")), tuple(H("C9 D9 H9"))]
    plan = lay_off(H("S3 S4 S8 D2"), table)
    assert [(lo.card.code, lo.meld) for lo in plan.layoffs] == [("S4", 0), ("S8", 0), ("S3", 0)]
    assert plan.deadwood == tuple(H("D2"))
    plan = lay_off(H("S9 C2"), table)
    assert [(lo.card.code, lo.meld) for lo in plan.layoffs] == [("S9", 1)]
    assert plan.deadwood_points == 2


def test_nothing_onto_a_full_set_or_across_a_gap() -> None:
    assert lay_off(H("C12 C3"), [tuple(H("C11 D11 H11 S11"))]).layoffs == ()
    plan = lay_off(H("H6 C2"), [tuple(H("H1 H2 H3"))])  # H4, H5 missing: H6 cannot go on
    assert plan.layoffs == ()
    assert plan.deadwood_points == 8


def test_no_lay_off_past_the_king_or_below_the_ace() -> None:
    assert lay_off(H("H1"), [tuple(H("H11 H12 H13"))]).layoffs == ()  # no K-A wrap
    assert lay_off(H("S13"), [tuple(H("S1 S2 S3"))]).layoffs == ()
    assert [lo.card.code for lo in lay_off(H("S1"), [tuple(H("S2 S3 S4"))]).layoffs] == ["S1"]


def test_chain_bridges_two_runs() -> None:
    table = [tuple(H("H1 H2 H3")), tuple(H("H7 H8 H9"))]
    plan = lay_off(H("H4 H5 H6 SK"), table)
    # H4 H5 H6 is a run of the defender's own; melding or laying off leaves the same 10.
    assert plan.deadwood_points == 10
    plan = lay_off(H("H4 H6 SK"), table)
    assert {(lo.card.code, lo.meld) for lo in plan.layoffs} == {("H4", 0), ("H6", 1)}


def test_breaking_own_meld_can_leave_less() -> None:
    # Own best: the four 9s, leaving C8 SK = 18, and C8 cannot be laid off while C9 sits in
    # the set. Keeping D9 H9 S9 and laying off C9 then C8 onto C10-CQ leaves only SK = 10.
    defender = H("C8 C9 D9 H9 S9 S13")
    assert best_melds(defender).deadwood_points == 18
    plan = lay_off(defender, [tuple(H("C10 C11 C12"))])
    assert plan.deadwood_points == 10
    assert [lo.card.code for lo in plan.layoffs] == ["C9", "C8"]
    assert meld_sets(plan.melds) == {frozenset(H("D9 H9 S9"))}


def test_no_lay_offs_against_gin() -> None:
    knocker = H("H1 H2 H3 S5 S6 S7 D9 D10 D11 D12")
    defender = H("H4 H5 S4 S8 D8 D13 C2 C3 C6 C7")
    r = score_knock(knocker, defender, CARDGAMES)
    assert r.kind == "gin"
    assert r.layoffs == ()
    assert r.defender_deadwood == sum(c.points for c in defender)


def test_defender_lay_offs_count_in_a_knock() -> None:
    knocker = H("H1 H2 H3 S5 S6 S7 D9 D10 D11 C3")
    defender = H("H4 H5 C9 C10 S2 S3 S4 D13 S13 C13")
    r = score_knock(knocker, defender, CARDGAMES)
    assert r.layoffs == tuple(H("H4 H5"))
    assert (r.kind, r.knocker_deadwood, r.defender_deadwood, r.points) == ("knock", 3, 19, 16)


def test_knocker_picks_arrangement_that_lets_defender_lay_off_least() -> None:
    # The knocker's nine cards are three runs or three sets: equal deadwood (C13).
    knocker = H("H4 H5 H6 S4 S5 S6 D4 D5 D6 C13")
    # Runs would take H3, S7 and D3; sets would take only... nothing (no clubs 4-6).
    defender = H("H3 S7 D3 C1 C9 H9 S9 D12 S12 H12")
    r = score_knock(knocker, defender, CARDGAMES)
    assert meld_sets(r.knocker_melds) == {
        frozenset(H("D4 H4 S4")),
        frozenset(H("D5 H5 S5")),
        frozenset(H("D6 H6 S6")),
    }
    assert r.layoffs == ()
    # With C5 in hand the sets would take it; now the runs let the defender lay off less.
    defender = H("C5 C1 C9 H9 S9 D12 S12 H12 D1 S2")
    r = score_knock(knocker, defender, CARDGAMES)
    assert len(r.knocker_melds) == 3 and all(len({c.suit for c in m}) == 1 for m in r.knocker_melds)
    assert r.layoffs == ()


def test_classic_original_melds_rule() -> None:
    # Source example: the knocker shows H7-H10; the next player lays off H6; the player after
    # cannot lay off H5, which would only fit onto the other player's H6.
    knocker = H("H7 H8 H9 H10 C2 D3 S4")  # deadwood 9
    second = H("H6 C13 D13 S13 C5 D8 S8")
    third = H("H5 C11 D11 S11 C6 D6 S9")
    s = settle_knock([knocker, second, third], 0, CLASSIC, "knock")
    assert [lo.card.code for lo in s.seats[1].layoffs] == ["H6"]
    assert s.seats[2].layoffs == ()
    assert s.seats[2].deadwood_points == 5 + 6 + 6 + 9
    # Under "any" the third player may build on the second player's H6.
    anyway = CLASSIC.replace(layoff_mode="any")
    s = settle_knock([knocker, second, third], 0, anyway, "knock")
    assert [lo.card.code for lo in s.seats[2].layoffs] == ["H5"]


def test_classic_each_opponent_may_use_the_same_original_spot() -> None:
    # Both opponents hold a card for the knocker's run end; under "original" each may lay off
    # onto the melds as the knocker laid them down (extended only by their own lay-offs).
    knocker = H("H7 H8 H9 C2 D2 S2 C3")
    second = H("H10 C13 D13 C5 D8 S8 C6")
    third = H("H6 H5 D11 S11 C7 D6 S9")
    s = settle_knock([knocker, second, third], 0, CLASSIC, "knock")
    assert [lo.card.code for lo in s.seats[1].layoffs] == ["H10"]
    assert [lo.card.code for lo in s.seats[2].layoffs] == ["H6", "H5"]


@pytest.mark.parametrize("mode", ["any", "original"])
def test_two_player_modes_agree(mode: str) -> None:
    rules = CARDGAMES.replace(layoff_mode=mode)
    knocker = H("H1 H2 H3 S5 S6 S7 D9 D10 D11 C3")
    defender = H("H4 H5 C9 C10 S2 S3 S4 D13 S13 C13")
    assert score_knock(knocker, defender, rules).defender_deadwood == 19


ANY_KNOCK = CARDGAMES.replace(knock_limit=100)  # every non-gin hand may knock


@given(deals())
def test_knocker_arrangement_leaves_defender_the_most(deal: tuple[list[Card], list[Card]]) -> None:
    knocker, defender = deal
    defender = (defender + [c for c in POOL if c not in knocker and c not in defender])[:10]
    arrangements = best_arrangements(knocker)
    k = arrangements[0].deadwood_points
    assume(k > 0)
    r = score_knock(knocker, defender, ANY_KNOCK)
    most = max(lay_off(defender, a.melds).deadwood_points for a in arrangements)
    assert r.defender_deadwood == most
    assert r.knocker_deadwood == k
    if most <= k:
        assert (r.kind, r.winner, r.points) == ("undercut", 1, 25 + k - most)
    else:
        assert (r.kind, r.winner, r.points) == ("knock", 0, most - k)
