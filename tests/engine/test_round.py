"""Round state machine: deal, first turn, draws and discards, knocks, gin, walls, stalls."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import pytest

from bot.engine.actions import Action
from bot.engine.cards import Card, deck, parse_cards
from bot.engine.errors import IllegalAction
from bot.engine.round import MAX_RESHUFFLES, Event, Round, derive_seed
from bot.engine.rules import RuleSet
from bot.engine.scoring import score_knock, settle_knock
from bot.i18n import Coded, render

CARDGAMES = RuleSet.preset("cardgames")
PLAYINGCARDS = RuleSet.preset("playingcards")
CLASSIC = RuleSet.preset("classic")

TAKE = Action("take_upcard")
PASS = Action("pass")
STOCK = Action("draw_stock")
TOP = Action("draw_discard")
BIG_GIN = Action("big_gin")


@contextmanager
def refused(pattern: str) -> Iterator[None]:
    """The move is refused; the engine's code, in the English catalog, matches ``pattern``."""
    with pytest.raises(IllegalAction) as info:
        yield
    said = render(Coded(f"illegal-{info.value.code}", info.value.values))
    assert re.search(pattern, said), said


def C(code: str) -> Card:
    return parse_cards(code)[0]


def discard(code: str) -> Action:
    return Action("discard", C(code))


def knock(code: str) -> Action:
    return Action("knock", C(code))


def gin(code: str) -> Action:
    return Action("gin", C(code))


def deal_deck(
    seats: int,
    dealer: int,
    hands: Mapping[int, str],
    upcard: str,
    stock: str = "",
    size: int = 10,
) -> list[Card]:
    """A 52-card deck that deals `hands` (by seat), the up-card, then `stock` (top first);
    every other position gets the unused cards in deck order."""
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    slots: list[Card | None] = [None] * 52
    for seat, text in hands.items():
        cards = parse_cards(text)
        assert len(cards) == size
        for i, card in enumerate(cards):
            slots[i * seats + order.index(seat)] = card
    pos = seats * size
    slots[pos] = C(upcard)
    for i, card in enumerate(parse_cards(stock)):
        slots[pos + 1 + i] = card
    used = {c for c in slots if c is not None}
    assert len(used) == sum(c is not None for c in slots), "a card is dealt twice"
    rest = iter(c for c in deck() if c not in used)
    return [c if c is not None else next(rest) for c in slots]


KNOCKER = "H1 H2 H3 S7 S8 S9 C10 C11 C12 D2"  # deadwood: D2
JUNK = "C1 C3 D5 D7 H9 H11 S2 S4 S13 D9"


def knock_round(rules: RuleSet = CARDGAMES, stock: str = "C5") -> Round:
    """Seat 1 (non-dealer) holds a 2-deadwood hand; both pass; seat 1 draws the stock's top."""
    rnd = Round(rules, 2, 0, 0, deck=deal_deck(2, 0, {1: KNOCKER, 0: JUNK}, "D13", stock))
    for action in (PASS, PASS, STOCK):
        rnd.apply(action)
    return rnd


def drawn_card(rnd: Round) -> Card:
    seat = rnd.to_move
    assert seat is not None
    card = rnd.view(seat).drawn
    assert card is not None
    return card


def play_stock_turn(rnd: Round) -> None:
    """Draw from the stock and throw the drawn card away."""
    rnd.apply(STOCK)
    rnd.apply(Action("discard", drawn_card(rnd)))


# ----- deal -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "seats", "size", "stock"),
    [(CARDGAMES, 2, 10, 31), (PLAYINGCARDS, 2, 10, 31), (CLASSIC, 2, 10, 31),
     (CLASSIC, 3, 7, 30), (CLASSIC, 4, 7, 23)],
)  # fmt: skip
def test_deal_sizes_and_every_card_once(rules: RuleSet, seats: int, size: int, stock: int) -> None:
    rnd = Round(rules, seats, 42, seats - 1)
    assert [len(rnd.hand(s)) for s in range(seats)] == [size] * seats
    assert rnd.stock_size == stock
    assert len(rnd.discard_pile) == 1
    cards = [c for s in range(seats) for c in rnd.hand(s)] + list(rnd.discard_pile)
    assert len(set(cards)) == len(cards)
    snap = rnd.snapshot()
    assert len(set(cards) | set(parse_cards(" ".join(snap["stock"])))) == 52


def test_deal_is_seeded_and_follows_the_deal_order() -> None:
    a, b, c = Round(CARDGAMES, 2, 7, 0), Round(CARDGAMES, 2, 7, 0), Round(CARDGAMES, 2, 8, 0)
    assert a.snapshot() == b.snapshot()
    assert a.snapshot() != c.snapshot()
    # One card at a time, starting left of the dealer; then the up-card; then the stock.
    d = deal_deck(2, 1, {0: KNOCKER, 1: JUNK}, "D13", "C5 C6")
    rnd = Round(CARDGAMES, 2, 0, 1, deck=d)
    assert rnd.hand(0) == tuple(sorted(parse_cards(KNOCKER)))
    assert rnd.hand(1) == tuple(sorted(parse_cards(JUNK)))
    assert rnd.discard_pile == (C("D13"),)
    assert rnd.snapshot()["stock"][-2:] == ["C6", "C5"]  # the top is drawn first


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        Round(CARDGAMES, 3, 0, 0)
    with pytest.raises(ValueError, match="dealer"):
        Round(CARDGAMES, 2, 0, 2)
    with pytest.raises(ValueError, match="52"):
        Round(CARDGAMES, 2, 0, 0, deck=deck()[:51])


# ----- first turn -----------------------------------------------------------------------


def test_first_turn_non_dealer_then_dealer_then_stock_only() -> None:
    rnd = Round(CARDGAMES, 2, 3, 0)
    assert (rnd.phase, rnd.to_move) == ("first_turn", 1)
    assert rnd.legal_actions() == [TAKE, PASS]
    with refused("only take the up-card or pass"):
        rnd.apply(STOCK)
    rnd.apply(PASS)
    assert (rnd.phase, rnd.to_move) == ("first_turn", 0)
    rnd.apply(PASS)
    assert (rnd.phase, rnd.to_move) == ("draw", 1)
    assert rnd.legal_actions() == [STOCK]
    with refused("Everyone passed on the up-card"):
        rnd.apply(TOP)
    rnd.apply(STOCK)
    assert rnd.phase == "discard"
    rnd.apply(Action("discard", rnd.hand(1)[0]))
    # From the next turn on, the discard pile may be drawn again.
    assert rnd.legal_actions() == [STOCK, TOP]
    assert [e.kind for e in rnd.history] == ["pass", "pass", "draw_stock", "discard"]


def test_non_dealer_takes_the_up_card_and_may_not_discard_it() -> None:
    rnd = Round(CARDGAMES, 2, 3, 0)
    up = rnd.discard_pile[-1]
    rnd.apply(TAKE)
    assert (rnd.phase, rnd.to_move) == ("discard", 1)
    assert up in rnd.hand(1) and rnd.discard_pile == ()
    assert Action("discard", up) not in rnd.legal_actions()
    with refused("^You can't discard the card you just took from the discard pile.$"):
        rnd.apply(Action("discard", up))
    other = next(c for c in rnd.hand(1) if c != up)
    rnd.apply(Action("discard", other))
    assert (rnd.phase, rnd.to_move) == ("draw", 0)
    assert rnd.discard_pile == (other,)


def test_dealer_takes_after_a_pass_then_non_dealer_plays() -> None:
    rnd = Round(CARDGAMES, 2, 3, 1)
    rnd.apply(PASS)  # seat 0, the non-dealer
    rnd.apply(TAKE, seat=1)
    keep = rnd.hand(1)[0] if rnd.hand(1)[0] != rnd.history[-1].card else rnd.hand(1)[1]
    rnd.apply(Action("discard", keep), seat=1)
    assert (rnd.phase, rnd.to_move) == ("draw", 0)
    assert rnd.legal_actions() == [STOCK, TOP]


def test_three_players_offer_goes_round_the_table_from_the_dealers_left() -> None:
    rnd = Round(CLASSIC, 3, 5, 0)
    assert rnd.to_move == 1
    rnd.apply(PASS)
    assert rnd.to_move == 2
    rnd.apply(TAKE)
    taken = rnd.history[-1].card
    rnd.apply(Action("discard", next(c for c in rnd.hand(2) if c != taken)))
    assert (rnd.phase, rnd.to_move) == ("draw", 0)  # play goes on after the taker

    everyone_passes = Round(CLASSIC, 4, 5, 2)
    seen = []
    for _ in range(4):
        seen.append(everyone_passes.to_move)
        everyone_passes.apply(PASS)
    assert seen == [3, 0, 1, 2]
    assert (everyone_passes.to_move, everyone_passes.legal_actions()) == (3, [STOCK])


# ----- turns ------------------------------------------------------------------------------


def test_draw_from_the_discard_pile_and_the_readable_refusals() -> None:
    rnd = Round(CARDGAMES, 2, 11, 0)
    rnd.apply(PASS)
    rnd.apply(PASS)
    play_stock_turn(rnd)
    top = rnd.discard_pile[-1]
    with refused("^It's not your turn.$"):
        rnd.apply(TOP, seat=1)
    with refused("Draw a card first"):
        rnd.apply(Action("discard", rnd.hand(0)[0]))
    with refused("up-card offer is over"):
        rnd.apply(PASS)
    rnd.apply(TOP, seat=0)
    assert top in rnd.hand(0)
    with refused("already drawn"):
        rnd.apply(STOCK)
    with refused("^You can't discard the card you just took"):
        rnd.apply(Action("discard", top))
    with refused("^You can't knock with the card you just took"):
        rnd.apply(Action("knock", top))
    missing = next(c for c in deck() if c not in rnd.hand(0))
    with refused(f"^You don't have {missing.label}.$"):
        rnd.apply(Action("discard", missing))
    assert Action("discard", top) not in rnd.legal_actions()
    assert len(rnd.legal_actions()) >= 10


def test_an_illegal_action_changes_nothing() -> None:
    rnd = knock_round()
    before = (rnd.snapshot(), rnd.actions, rnd.history, rnd.legal_actions())
    for bad in (knock("S8"), gin("D2"), BIG_GIN, STOCK, discard("D13")):
        with pytest.raises(IllegalAction):
            rnd.apply(bad)
    assert (rnd.snapshot(), rnd.actions, rnd.history, rnd.legal_actions()) == before


# ----- knock, gin, big gin ------------------------------------------------------------------


def test_knock_actions_list_each_card_that_allows_a_knock() -> None:
    rnd = knock_round()  # seat 1 holds KNOCKER + C5
    legal = rnd.legal_actions()
    assert [a for a in legal if a.kind == "knock"] == [knock("C5"), knock("D2"), knock("H3")]
    assert not [a for a in legal if a.kind in ("gin", "big_gin")]
    assert sorted(a.card for a in legal if a.kind == "discard" and a.card) == sorted(rnd.hand(1))
    with refused("knock with 12 points of deadwood: the limit is 10"):
        rnd.apply(knock("H1"))
    with refused("can't go gin: the cards you keep leave 2 points"):
        rnd.apply(gin("C5"))
    with refused("Big Gin: your cards leave 7 points"):
        rnd.apply(BIG_GIN)


def test_knock_is_settled_like_score_knock() -> None:
    rnd = knock_round()
    rnd.apply(knock("C5"), seat=1)
    result = rnd.result
    assert result is not None and rnd.over and rnd.to_move is None
    assert rnd.legal_actions() == []
    kept = parse_cards(KNOCKER)
    expected = score_knock(kept, parse_cards(JUNK), CARDGAMES)
    assert (result.kind, result.knocker, result.knock_card) == ("knock", 1, C("C5"))
    assert (expected.kind, expected.winner) == ("knock", 0)
    assert result.winner == 1 and result.points == (0, expected.points)
    assert result.settlement == settle_knock(list(result.hands), 1, CARDGAMES, "knock")
    assert result.hands[1] == tuple(sorted(kept))
    assert C("C5") not in rnd.discard_pile  # the knock card goes face down
    assert rnd.history[-1] == Event(1, "knock", C("C5"))
    with refused("^This round is over.$"):
        rnd.apply(STOCK)


def test_multi_player_knock_uses_settle_knock_with_original_melds() -> None:
    # RULES.md: the knocker shows 7H 8H 9H 10H; the next player lays off 6H; the one after
    # can't lay off 5H.
    hands = {1: "H7 H8 H9 H10 C3 D3 S3", 2: "H6 C9 D9 S9 C12 D12 S12", 0: "H5 D1 D4 C6 C7 C8 S1"}
    rnd = Round(CLASSIC, 3, 0, 0, deck=deal_deck(3, 0, hands, "S13", "D2", size=7))
    for action in (PASS, PASS, PASS, STOCK):
        rnd.apply(action)
    assert knock("D2") not in rnd.legal_actions()  # no deadwood left: that is gin
    rnd.apply(gin("D2"))
    result = rnd.result
    assert result is not None and result.kind == "gin"
    expected = settle_knock(list(result.hands), 1, CLASSIC, "gin")
    assert result.settlement == expected and result.points == expected.points

    hands[1] = "H7 H8 H9 H10 C3 D3 S4"
    rnd = Round(CLASSIC, 3, 0, 0, deck=deal_deck(3, 0, hands, "S13", "D2", size=7))
    for action in (PASS, PASS, PASS, STOCK):
        rnd.apply(action)
    rnd.apply(knock("D2"))
    result = rnd.result
    assert result is not None
    expected = settle_knock(list(result.hands), 1, CLASSIC, "knock")
    assert result.settlement == expected and result.points == expected.points
    assert result.winner == expected.winner
    laid = [lo.card for seat in expected.seats for lo in seat.layoffs]
    assert C("H6") in laid and C("H5") not in laid


def test_gin_and_big_gin_options() -> None:
    gin_hand = "H1 H2 H3 S7 S8 S9 C10 C11 C12 C13"
    rnd = Round(CARDGAMES, 2, 0, 0, deck=deal_deck(2, 0, {1: gin_hand, 0: JUNK}, "D13", "C9"))
    for action in (PASS, PASS, STOCK):
        rnd.apply(action)
    legal = rnd.legal_actions()
    # Deadwood left: C10 9, C12 10, H1 5, H2 4, H3 3.
    knocks = [knock("C10"), knock("C12"), knock("H1"), knock("H2"), knock("H3")]
    assert [a for a in legal if a.kind != "discard"] == [*knocks, gin("C9"), gin("C13"), BIG_GIN]
    rnd.apply(BIG_GIN)
    result = rnd.result
    assert result is not None and result.kind == "big_gin" and result.knock_card is None
    dw = settle_knock(list(result.hands), 1, CARDGAMES, "big_gin").seats[0].deadwood_points
    assert result.points == (0, 31 + dw)
    assert len(result.hands[1]) == 11

    # playingcards has no Big Gin: only the gins are offered, and Big Gin is refused.
    rnd = Round(PLAYINGCARDS, 2, 0, 0, deck=deal_deck(2, 0, {1: gin_hand, 0: JUNK}, "D13", "C9"))
    for action in (PASS, PASS, STOCK):
        rnd.apply(action)
    assert [a for a in rnd.legal_actions() if a.kind == "gin"] == [gin("C9"), gin("C13")]
    assert BIG_GIN not in rnd.legal_actions()
    with refused("Big Gin isn't played under these rules"):
        rnd.apply(BIG_GIN)
    rnd.apply(gin("C13"))
    result = rnd.result
    assert result is not None and result.kind == "gin"
    assert result.points == (0, 20 + result.settlement.seats[0].deadwood_points)  # type: ignore[union-attr]


def test_knocking_with_no_deadwood_is_gin_not_a_knock() -> None:
    rnd = knock_round(stock="C13")  # C10 C11 C12 C13 then D2 is the only deadwood
    assert gin("D2") in rnd.legal_actions()
    with refused("that's gin, not a knock"):
        rnd.apply(knock("D2"))


def test_undercut_is_reported() -> None:
    # Seat 0 (defender) holds less deadwood than the knocker's 10: an undercut.
    hands = {1: "H1 H2 H3 S7 S8 S9 C10 C11 C12 D10", 0: "C2 C3 C4 D5 D6 D7 S11 S12 S13 H5"}
    rnd = Round(CARDGAMES, 2, 0, 0, deck=deal_deck(2, 0, hands, "D13", "C1"))
    for action in (PASS, PASS, STOCK):
        rnd.apply(action)
    rnd.apply(knock("C1"))
    result = rnd.result
    assert result is not None and result.kind == "undercut" and result.winner == 0
    assert result.points == (25 + 10 - 5, 0)


# ----- walls and stalls -------------------------------------------------------------------


def _to_wall(rnd: Round) -> None:
    """Pass, pass, then stock turns until the third-last card has just been drawn."""
    rnd.apply(PASS)
    rnd.apply(PASS)
    while rnd.stock_size > rnd.rules.wall_cards + 1:
        play_stock_turn(rnd)
    rnd.apply(STOCK)
    assert rnd.stock_size == rnd.rules.wall_cards


def test_cardgames_wall_is_a_draw_but_the_last_drawer_may_knock() -> None:
    d = deal_deck(2, 0, {1: KNOCKER, 0: JUNK}, "D13")
    rnd = Round(CARDGAMES, 2, 0, 0, deck=d)
    _to_wall(rnd)
    assert rnd.to_move == 1  # 29 stock turns from seat 1: seat 1 drew the third-last card
    drawn = drawn_card(rnd)
    other = rnd.copy()
    rnd.apply(Action("discard", drawn))
    result = rnd.result
    assert result is not None
    assert (result.kind, result.reason, result.winner, result.points) == (
        "draw",
        "wall",
        None,
        (0, 0),
    )
    # The same turn with a knock (or gin) instead ends the round by it, not by the wall.
    ender = next(a for a in other.legal_actions() if a.kind in ("knock", "gin"))
    other.apply(ender)
    assert other.result is not None and other.result.kind in ("knock", "gin", "undercut")
    assert other.result.reason is None and other.result.knocker == 1


def test_playingcards_wall_throws_the_hands_in() -> None:
    rnd = Round(PLAYINGCARDS, 2, 9, 0)
    _to_wall(rnd)
    rnd.apply(Action("discard", drawn_card(rnd)))
    result = rnd.result
    assert result is not None and (result.kind, result.reason) == ("redeal", "wall")
    assert result.is_draw and result.points == (0, 0)


def test_classic_wall_reshuffles_the_discards_under_the_last_two_cards() -> None:
    rnd = Round(CLASSIC, 2, 9, 0)
    _to_wall(rnd)
    last_two = rnd.snapshot()["stock"]
    assert len(last_two) == 2
    pile = list(rnd.discard_pile)
    drawn = drawn_card(rnd)
    rnd.apply(Action("discard", drawn))
    assert not rnd.over and rnd.phase == "draw" and rnd.to_move == 0
    assert rnd.discard_pile == (drawn,)
    stock = rnd.snapshot()["stock"]
    assert stock[-2:] == last_two  # the two cards left are still drawn first
    assert sorted(stock[:-2]) == sorted(c.code for c in pile)
    assert stock[:-2] != [c.code for c in pile]  # shuffled
    assert rnd.history[-1] == Event(None, "reshuffle")
    assert rnd.view(0).reshuffles == 1
    assert derive_seed(9, "reshuffle", 1) == derive_seed(9, "reshuffle", 1)
    # Deterministic: the same actions rebuild the same stock.
    assert Round.replay(CLASSIC, 2, 9, 0, rnd.actions).snapshot() == rnd.snapshot()


def test_classic_reshuffles_are_bounded() -> None:
    rnd = Round(CLASSIC, 2, 9, 0)
    rnd.apply(PASS)
    rnd.apply(PASS)
    while not rnd.over:
        play_stock_turn(rnd)
    result = rnd.result
    assert result is not None and (result.kind, result.reason) == ("draw", "reshuffle_limit")
    assert rnd.view(0).reshuffles == MAX_RESHUFFLES
    cards = [c for s in range(2) for c in rnd.hand(s)] + list(rnd.discard_pile)
    assert len(cards) + rnd.stock_size == 52


def _stall_turn(rnd: Round) -> None:
    """Take the top discard and throw away another card."""
    rnd.apply(TOP if rnd.phase == "draw" else TAKE)
    rnd.apply(next(a for a in rnd.legal_actions() if a.kind == "discard"))


@pytest.mark.parametrize("rules", [CARDGAMES, CARDGAMES.replace(stall_turns=5)])
def test_stall_rule_ends_a_round_whose_stock_never_shrinks(rules: RuleSet) -> None:
    rnd = Round(rules, 2, 4, 0)
    _stall_turn(rnd)  # the up-card taken: a turn that does not shrink the stock
    _stall_turn(rnd)
    assert rnd.view(0).stall_count == 2
    play_stock_turn(rnd)  # a stock draw starts the count again
    assert rnd.view(0).stall_count == 0
    turns = 0
    while not rnd.over:
        _stall_turn(rnd)
        turns += 1
    assert turns == rules.stall_turns
    result = rnd.result
    assert result is not None and (result.kind, result.reason) == ("draw", "stall")
    assert rnd.stock_size == 30


def test_copy_is_independent() -> None:
    rnd = knock_round()
    twin = rnd.copy()
    twin.apply(knock("C5"))
    assert twin.over and not rnd.over
    assert rnd.phase == "discard" and len(rnd.hand(1)) == 11
