"""Cards, actions and events are shared values: equal ones are the same object, whatever
made them, so a match's history does not add objects as it grows."""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle
import random

import pytest

from bot.engine import (
    Action,
    Card,
    Event,
    Match,
    RoundResult,
    RuleSet,
    deck,
    parse_card,
    parse_cards,
    shuffled_deck,
)
from bot.engine.players import BaselinePlayer


def test_one_instance_per_card_whatever_made_it() -> None:
    for card in deck():
        made = (
            Card(card.suit, card.rank),
            Card(suit=card.suit, rank=card.rank),
            Card.from_index(card.index),
            parse_card(card.code),
            parse_card(card.label),
            parse_cards(f"{card.code},{card.label}")[1],
            pickle.loads(pickle.dumps(card)),
            pickle.loads(pickle.dumps(card, protocol=0)),
            copy.copy(card),
            copy.deepcopy(card),
            dataclasses.replace(card),
        )
        assert all(c is card for c in made)
    assert {id(c) for c in deck()} == {id(c) for c in shuffled_deck(3)}
    assert dataclasses.replace(Card("H", 8), rank=9) is Card("H", 9)


def test_shared_cards_keep_their_value_behaviour() -> None:
    card = parse_card("8H")
    assert repr(card) == "Card(H8)" and str(card) == "H8" and card.label == "8♥"
    assert hash(card) == hash(("H", 8)) and card == Card("H", 8) and card != Card("H", 9)
    assert Card("C", 13) < Card("D", 1) < Card("D", 2)
    assert sorted(shuffled_deck(5)) == deck()
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = 9  # type: ignore[misc]
    assert card.rank == 8


@pytest.mark.parametrize("suit, rank", [("X", 1), ("H", 0), ("H", 14), ("", 5), ("HS", 1)])
def test_a_card_that_does_not_exist_is_refused(suit: str, rank: int) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card(suit, rank)


def test_equal_actions_are_one_object() -> None:
    h8 = parse_card("H8")
    assert Action("discard", h8) is Action("discard", Card("H", 8))
    assert Action.decode("knock:8h") is Action("knock", h8)
    assert Action.from_dict({"kind": "gin", "card": "H8"}) is Action("gin", h8)
    assert Action("pass") is Action("pass", None) is Action.decode("pass")
    action = Action("discard", h8)
    for other in (
        pickle.loads(pickle.dumps(action)),
        copy.copy(action),
        copy.deepcopy(action),
        dataclasses.replace(action),
    ):
        assert other is action
    assert dataclasses.replace(action, kind="knock") is Action("knock", h8)
    assert Action("discard", h8) != Action("knock", h8)
    assert action.encode() == "discard:H8" and action.to_dict() == {"kind": "discard", "card": "H8"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.kind = "knock"  # type: ignore[misc]


@pytest.mark.parametrize(
    "kind, card, message",
    [
        ("fold", None, "unknown action kind"),
        ("discard", None, "needs a card"),
        ("pass", Card("H", 8), "takes no card"),
        ("discard", "H8", "needs a card"),
    ],
)
def test_a_bad_action_is_refused(kind: str, card: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Action(kind, card)  # type: ignore[arg-type]


def test_equal_events_are_one_object() -> None:
    h8 = Card("H", 8)
    assert Event(0, "discard", h8) is Event(0, "discard", parse_card("8h"))
    assert Event(None, "reshuffle") is Event(None, "reshuffle", None)
    assert Event(1, "draw_stock") is not Event(0, "draw_stock")
    event = Event(1, "knock", h8)
    assert pickle.loads(pickle.dumps(event)) is event
    assert copy.deepcopy([event])[0] is event
    assert event.to_dict() == {"seat": 1, "kind": "knock", "card": "H8"}


def test_events_no_round_logs_are_built_but_not_kept() -> None:
    # No validation (as before), so odd values still make events, each a new one: they
    # cannot fill the shared set.
    odd = [Event(7, "discard"), Event(0, "wave"), Event(True, "pass"), Event(-1, "pass")]
    assert [e.seat for e in odd] == [7, 0, True, -1]
    assert Event(0, "wave") == odd[1] and Event(0, "wave") is not odd[1]
    assert Event(True, "pass").seat is True


def _play(match: Match, moves: int, rng: random.Random) -> int:
    player = BaselinePlayer()
    played = 0
    while played < moves and not match.over:
        if match.round_over:
            match.next_round()
        rnd = match.round
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        legal = list(view.legal)
        action = player.choose(view, legal) if rng.random() < 0.8 else rng.choice(legal)
        # As a button click does: the move comes back from its text form.
        match.apply(Action.decode(action.encode()))
        played += 1
    return played


def _instances() -> dict[type, int]:
    gc.collect()
    kinds = (Card, Action, Event)
    counts = dict.fromkeys(kinds, 0)
    for obj in gc.get_objects():
        if type(obj) in counts:
            counts[type(obj)] += 1
    return counts


def test_a_match_history_adds_no_card_action_or_event_objects() -> None:
    rules = RuleSet.preset("cardgames")
    rng = random.Random(4)
    warm = [Match(rules, 2, seed) for seed in range(20)]
    for match in warm:
        _play(match, 400, rng)  # meets most of the events two seats can log
    before = _instances()
    matches = [Match(rules, 2, seed) for seed in range(100, 110)]
    played = sum(_play(match, 400, rng) for match in matches)
    after = _instances()
    assert played > 1000
    assert sum(len(m.round.history) + len(m.round.actions) for m in matches) > 100
    assert after[Card] == before[Card] == 52
    assert after[Action] == before[Action] == 161  # every valid action, made once
    # The events are a bounded set (2 seats x 9 kinds x 53 cards at most); new tables only
    # meet the few combinations the warm-up tables did not.
    assert after[Event] <= 2 * 9 * 53 + 1
    assert after[Event] - before[Event] < played // 20
    for match in matches:
        for rnd in match.rounds:
            assert all(e is Event(e.seat, e.kind, e.card) for e in rnd.history)
            assert all(a is Action(a.kind, a.card) for a in rnd.actions)


def test_a_record_read_back_shares_the_same_objects() -> None:
    match = Match(RuleSet.preset("cardgames"), 2, 9)
    _play(match, 120, random.Random(9))
    again = Match.from_dict(match.to_dict())
    for old, new in zip(match.rounds, again.rounds, strict=True):
        assert all(a is b for a, b in zip(old.actions, new.actions, strict=True))
        assert all(a is b for a, b in zip(old.history, new.history, strict=True))
        assert all(a is b for a, b in zip(old.hand(0), new.hand(0), strict=True))
    finished = [r.result for r in again.rounds if r.result is not None]
    assert finished and all(isinstance(r, RoundResult) for r in finished)
    copied = pickle.loads(pickle.dumps(finished))
    assert copied == finished
    for ours, theirs in zip(finished, copied, strict=True):
        for hand, read in zip(ours.hands, theirs.hands, strict=True):
            assert all(c is d for c, d in zip(hand, read, strict=True))
