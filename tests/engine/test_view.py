"""Views show a seat what it may know and nothing else."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from bot.engine.actions import Action
from bot.engine.cards import Card, parse_card, shuffled_deck
from bot.engine.round import Round
from bot.engine.rules import RuleSet

TABLES = [("cardgames", 2), ("playingcards", 2), ("classic", 2), ("classic", 3), ("classic", 4)]


def random_prefix(rnd: Round, steps: int, rng: random.Random) -> Round:
    """Play up to `steps` random legal actions, stopping before any action that would end
    the round (so hidden information remains)."""
    for _ in range(steps):
        legal = rnd.legal_actions()
        rng.shuffle(legal)
        for action in legal:
            trial = rnd.copy()
            trial.apply(action)
            if not trial.over:
                rnd = trial
                break
        else:
            break
    return rnd


def hidden_from(rnd: Round, seat: int) -> set[Card]:
    """Cards `seat` cannot know: the stock and other seats' cards not publicly taken; cards
    ever named in the public log are left out (actions may refer to them)."""
    snap = rnd.snapshot()
    public = {e.card for e in rnd.history if e.card is not None}
    cards = {parse_card(code) for code in snap["stock"]}
    for other in range(rnd.seats):
        if other != seat:
            known = set(rnd.view(seat).known_cards[other])
            cards |= set(rnd.hand(other)) - known
    return cards - public


@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 90),
    choices=st.integers(0, 2**32),
    data=st.data(),
)
def test_a_view_does_not_change_when_hidden_cards_do(
    table: tuple[str, int], seed: int, steps: int, choices: int, data: st.DataObject
) -> None:
    """Swap two cards the seat cannot see (in other hands or the stock), replay the same
    actions: the seat's view must be identical, so it carries no hidden information."""
    preset, seats = table
    rules = RuleSet.preset(preset)
    dealer = seed % seats
    rnd = random_prefix(Round(rules, seats, seed, dealer), steps, random.Random(choices))
    deck = shuffled_deck(seed)
    for seat in range(seats):
        hidden = sorted(hidden_from(rnd, seat))
        a = data.draw(st.sampled_from(hidden))
        # Two cards of one hand would swap to the same (sorted) hand: pick another place.
        holder = next((h for h in map(rnd.hand, range(seats)) if a in h), ())
        b = data.draw(st.sampled_from([c for c in hidden if c != a and c not in holder]))
        swapped = list(deck)
        i, j = deck.index(a), deck.index(b)
        swapped[i], swapped[j] = b, a
        twin = Round.replay(rules, seats, seed, dealer, rnd.actions, deck=swapped)
        assert twin.snapshot() != rnd.snapshot()
        assert twin.view(seat) == rnd.view(seat)
        # And the serialised view names none of those cards outside the public log.
        shown = rnd.view(seat).to_dict()
        del shown["history"]
        text = json.dumps(shown)
        for card in hidden:
            assert f'"{card.code}"' not in text


@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_view_fields_match_the_round(table: tuple[str, int], seed: int, choices: int) -> None:
    preset, seats = table
    rnd = Round(RuleSet.preset(preset), seats, seed, seed % seats)
    rng = random.Random(choices)
    for step in range(400):
        mover = rnd.to_move
        hands = [rnd.hand(s) for s in range(seats)]
        history = rnd.history
        for seat in range(seats):
            view = rnd.view(seat)
            assert view.hand == hands[seat]
            assert view.discard_pile == rnd.discard_pile
            assert view.stock_size == rnd.stock_size
            assert view.hand_sizes == tuple(len(h) for h in hands)
            assert view.history == history
            assert view.to_move == mover and view.phase == rnd.phase
            if seat == mover:
                assert list(view.legal) == rnd.legal_actions() and view.my_turn
            else:
                assert view.legal == () and view.drawn is None and view.must_keep is None
            for other in range(seats):
                assert set(view.known_cards[other]) <= set(hands[other])
            if rnd.over:
                assert view.result == rnd.result and view.result is not None
                assert view.hands == view.result.hands
            else:
                assert view.hands is None and view.result is None
        assert all(e.card is None for e in history if e.kind == "draw_stock")
        if rnd.over:
            break
        legal = rnd.legal_actions()
        # Late on, end the round when possible so the finished views get checked too.
        enders = [a for a in legal if a.kind in ("knock", "gin", "big_gin")]
        rnd.apply(rng.choice(enders if enders and step > 60 else legal))


def test_cards_taken_from_the_pile_are_known_until_discarded() -> None:
    rnd = Round(RuleSet.preset("cardgames"), 2, 21, 0)
    up = rnd.discard_pile[-1]
    rnd.apply(Action("take_upcard"))
    view0 = rnd.view(0)
    assert view0.known_cards == ((), (up,))
    assert view0.history[-1].card == up
    # The taker's own view says which card it drew and must keep; the opponent's doesn't.
    mine = rnd.view(1)
    assert (mine.drawn, mine.must_keep) == (up, up)
    rnd.apply(next(a for a in rnd.legal_actions() if a.kind == "discard"))
    rnd.apply(Action("draw_stock"))
    drawn = rnd.view(0).drawn
    assert drawn is not None and rnd.view(0).must_keep is None
    assert rnd.view(1).drawn is None
    assert rnd.view(1).history[-1].card is None  # a stock draw never names the card
    rnd.apply(Action("discard", drawn))
    rnd.apply(Action("draw_stock"))
    rnd.apply(Action("discard", up))
    assert rnd.view(0).known_cards == ((), ())


def test_view_to_dict_is_json() -> None:
    rnd = Round(RuleSet.preset("classic"), 3, 5, 1)
    data = json.loads(json.dumps(rnd.view(2).to_dict()))
    assert data["seat"] == 2 and data["phase"] == "first_turn"
    assert data["legal"] == [{"kind": "take_upcard", "card": None}, {"kind": "pass", "card": None}]
    assert data["hand"] == [c.code for c in rnd.hand(2)]


def test_views_of_several_seats_are_each_seats_own_view() -> None:
    """`Round.views` (a table's every seat at each move, the public parts built once) gives
    each seat exactly its `view`: its own hand, drawn card and legal moves, never another's."""
    rng = random.Random(7)
    for preset, seats in TABLES:
        rules = RuleSet.preset(preset)
        for game in range(3):
            rnd = Round(rules, seats, seed=1_000 + game, dealer=game % seats)
            while True:
                shown = rnd.views(range(seats))
                assert shown == {seat: rnd.view(seat) for seat in range(seats)}
                assert rnd.views([seats - 1]) == {seats - 1: rnd.view(seats - 1)}
                if rnd.over:
                    break
                rnd.apply(rng.choice(rnd.legal_actions()))
    assert Round(RuleSet.preset("classic"), 2, seed=1, dealer=0).views(()) == {}
