"""The twin-deal fairness check shared by the players' tests: a round is played, then
replayed on twin deals in which every card the tested seat never saw (until its last
decision) is shuffled among the places those cards held (other hands, the stock); the other
seats replay their moves, and the tested player must choose the very same actions."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bot.engine.cards import Card, shuffled_deck
from bot.engine.players import Player
from bot.engine.round import Round
from bot.engine.rules import RuleSet


def twin_deck(deck: list[Card], seen: set[Card], rng: random.Random) -> list[Card]:
    """`deck` with every card not in `seen` moved to another unseen card's place."""
    places = [i for i, c in enumerate(deck) if c not in seen]
    cards = [deck[i] for i in places]
    while True:
        rng.shuffle(cards)
        if any(deck[i] != c for i, c in zip(places, cards, strict=True)):
            break
    twin = list(deck)
    for i, c in zip(places, cards, strict=True):
        twin[i] = c
    return twin


def same_on_twins(
    rules: RuleSet,
    seed: int,
    dealer: int,
    seat: int,
    players: Sequence[Player],
    tested: Callable[[], Player],
    rng: random.Random,
    twins: int = 2,
) -> int:
    """Play the round of `seed` with `players`, then `twins` twin deals, each with a fresh
    `tested()` at `seat` (the others' moves replayed): every decision of the seat must be
    the one it made on the real deal. Returns how many decisions were compared."""
    seats = len(players)
    deck = shuffled_deck(seed)
    rnd = Round(rules, seats, seed, dealer, deck=deck)
    seen: set[Card] = set()
    last = -1
    while rnd.to_move is not None:
        mover = rnd.to_move
        view = rnd.view(mover)
        if mover == seat:
            seen |= set(view.hand) | set(view.discard_pile)
            seen |= {c for k in view.known_cards for c in k}
            seen |= {e.card for e in view.history if e.card is not None}
            last = len(rnd.actions)
        rnd.apply(players[mover].choose(view, view.legal), mover)
    actions = rnd.actions[: last + 1]
    decisions = 0
    for _ in range(twins):
        twin = Round(rules, seats, seed, dealer, deck=twin_deck(deck, seen, rng))
        assert twin.snapshot() != Round(rules, seats, seed, dealer, deck=deck).snapshot()
        player = tested()
        for action in actions:
            mover = twin.to_move
            if mover == seat:
                view = twin.view(seat)
                assert player.choose(view, view.legal) == action
                decisions += 1
            twin.apply(action, mover)
    return decisions
