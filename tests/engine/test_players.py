"""Computer players: only their seat's view, always a legal action, deterministic per seed."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

import pytest

from bot.engine.actions import Action
from bot.engine.cards import Card, parse_cards, shuffled_deck
from bot.engine.match import Match
from bot.engine.players import BaselinePlayer, Player, play_round
from bot.engine.players._cardbits import BIT, mask_of
from bot.engine.players._infer import HandSampler, InferParams, in_melds
from bot.engine.players._knowledge import Knowledge, read_view
from bot.engine.players.easy import EasyPlayer
from bot.engine.players.expert import ExpertPlayer, _playout
from bot.engine.players.hard import HardParams, HardPlayer, _Eval
from bot.engine.players.levels import LEVELS, make_player
from bot.engine.round import Round
from bot.engine.rules import RuleSet
from bot.engine.view import RoundView
from tests.engine.twins import same_on_twins

TABLES = [("cardgames", 2), ("playingcards", 2), ("classic", 2), ("classic", 3), ("classic", 4)]


def hidden_from(rnd: Round, seat: int) -> set[Card]:
    """Cards `seat` may not know: the stock and the other seats' cards that were never
    shown (cards named in the public log, e.g. discards later reshuffled, are public)."""
    public = {e.card for e in rnd.history if e.card is not None}
    cards = set(parse_cards(" ".join(rnd.snapshot()["stock"])))
    for other in range(rnd.seats):
        if other != seat:
            cards |= set(rnd.hand(other)) - set(rnd.view(seat).known_cards[other])
    return cards - public


class Checked:
    """Wraps a player: each call checks that the view holds only what the seat may know and
    that the answer is one of the legal actions."""

    def __init__(self, inner: Player, rnd_box: list[Round], seat: int) -> None:
        self.inner = inner
        self.rnd_box = rnd_box
        self.seat = seat
        self.calls = 0

    def choose(self, view: RoundView, legal: Sequence[Action]) -> Action:
        rnd = self.rnd_box[0]
        assert isinstance(view, RoundView) and view.seat == self.seat
        assert view.hand == rnd.hand(self.seat)
        shown = view.to_dict()
        assert all(e["card"] is None for e in shown["history"] if e["kind"] == "draw_stock")
        del shown["history"]
        text = json.dumps(shown)
        for card in hidden_from(rnd, self.seat):
            assert f'"{card.code}"' not in text, f"{card} leaked to seat {self.seat}"
        action = self.inner.choose(view, legal)
        assert action in legal, f"{action} is not legal"
        self.calls += 1
        return action


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("preset", "seats"), TABLES)
def test_players_see_only_their_view_and_play_legal_moves(
    level: str, preset: str, seats: int
) -> None:
    """Many seeded rounds with the level at every seat (the others mixed), to the end."""
    rules = RuleSet.preset(preset)
    others = [lvl for lvl in LEVELS if lvl != level]
    calls = [0] * seats
    for r in range(6 if seats == 2 else 4):
        seed = 1000 * seats + r
        rnd = Round(rules, seats, seed, r % seats)
        box = [rnd]
        # Odd rounds: the level at every seat. Even rounds: at one seat (each seat in
        # turn), the other levels around it.
        levels = [level if r % 2 else others[(s + r) % 2] for s in range(seats)]
        levels[r % seats] = level
        players = [Checked(make_player(lvl, seed + s), box, s) for s, lvl in enumerate(levels)]
        result = play_round(rnd, players)
        assert rnd.over and result.kind in ("knock", "gin", "big_gin", "undercut", "draw", "redeal")
        for s, lvl in enumerate(levels):
            if lvl == level:
                calls[s] += players[s].calls
    # The level made decisions at every seat of the table.
    assert all(calls), calls


@pytest.mark.parametrize(("preset", "seats"), TABLES)
def test_hard_plays_every_seat_of_whole_matches(preset: str, seats: int) -> None:
    rules = RuleSet.preset(preset).replace(target=40)
    match = Match(rules, seats, 77 + seats)
    box: list[Round] = [match.round]
    players = [Checked(make_player("hard", s), box, s) for s in range(seats)]
    for _ in range(40):
        box[0] = match.round
        play_round(match.round, players)
        if match.over:
            break
        match.next_round()
    assert match.over


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    """Swap two cards the seat cannot see and replay: a fresh player with the same seed
    makes the same decision, so nothing hidden reaches it."""
    rules = RuleSet.preset("cardgames")
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        rnd = Round(rules, 2, seed, seed % 2)
        players: list[Player] = [BaselinePlayer(), BaselinePlayer()]
        for _ in range(rng.randrange(4, 20)):
            if rnd.over:
                break
            seat = rnd.to_move
            assert seat is not None
            view = rnd.view(seat)
            rnd.apply(players[seat].choose(view, view.legal), seat)
        if rnd.over:
            continue
        seat = rnd.to_move
        assert seat is not None
        hidden = sorted(hidden_from(rnd, seat))
        holder = [set(rnd.hand(s)) for s in range(2)]
        a = rng.choice(hidden)
        b = rng.choice([c for c in hidden if c != a and not any(a in h and c in h for h in holder)])
        deck = shuffled_deck(seed)
        i, j = deck.index(a), deck.index(b)
        deck[i], deck[j] = deck[j], deck[i]
        twin = Round.replay(rules, 2, seed, seed % 2, rnd.actions, deck=deck)
        assert twin.snapshot() != rnd.snapshot()
        for level in LEVELS:
            one = make_player(level, 3).choose(rnd.view(seat), rnd.view(seat).legal)
            two = make_player(level, 3).choose(twin.view(seat), twin.view(seat).legal)
            assert one == two
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("preset", "seats"), [("cardgames", 2), ("playingcards", 2), ("classic", 3)]
)
def test_twin_deals_get_the_same_decisions(level: str, preset: str, seats: int) -> None:
    """Fairness: play a round, then replay it on twin deals in which every card the tested
    seat never saw (until its last decision) is shuffled among the places those cards held
    (other hands and the stock). The others replay their moves; a fresh player of the level
    with the same seed must choose the very same action at each of the seat's decisions."""
    rules = RuleSet.preset(preset)
    rng = random.Random(20)
    decisions = 0
    for r in range(3):
        dealer = r % seats
        seat = (dealer + 1 + r) % seats
        players = [make_player(level, 50 + s) for s in range(seats)]
        tested = partial(make_player, level, 50 + seat)
        decisions += same_on_twins(rules, 7000 + 10 * seats + r, dealer, seat, players, tested, rng)
    assert decisions >= 30


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_match(level: str) -> None:
    def actions(seed: int) -> list[str]:
        rules = RuleSet.preset("cardgames").replace(target=50)
        match = Match(rules, 2, 9)
        players = [make_player(level, seed), make_player("normal", 0)]
        out: list[str] = []
        while True:
            play_round(match.round, players)
            out += [a.encode() for a in match.round.actions]
            if match.over:
                return out
            match.next_round()

    assert actions(4) == actions(4)


def test_make_player_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert isinstance(make_player("easy", 1), EasyPlayer)
    assert isinstance(make_player("normal", 1), BaselinePlayer)
    assert isinstance(make_player("hard", 1), HardPlayer)
    assert isinstance(make_player("expert", 1), ExpertPlayer)
    with pytest.raises(ValueError, match="unknown level"):
        make_player("master", 1)


def _net(a: str, b: str, deals: int) -> int:
    """A's points minus B's over seeded rounds, each dealt twice with seats swapped."""
    rules = RuleSet.preset("cardgames")
    net = 0
    for seed in range(deals):
        for a_seat in (0, 1):
            players = [make_player(b, seed), make_player(b, seed)]
            players[a_seat] = make_player(a, seed)
            result = play_round(Round(rules, 2, 500 + seed, seed % 2), players)
            net += result.points[a_seat] - result.points[1 - a_seat]
    return net


def test_easy_loses_to_normal() -> None:
    # A fixed sample of seeded deals (bench/arena.py measures the real rates).
    assert _net("easy", "normal", 40) < 0


# ----- the hard player's pieces ----------------------------------------------------------


def deck_for(hands: dict[int, str], upcard: str, stock: str = "") -> list[Card]:
    """A deck dealing `hands` (seat -> 10 cards) with dealer 0, then the up-card and stock."""
    slots: list[Card | None] = [None] * 52
    for seat, text in hands.items():
        for i, card in enumerate(parse_cards(text)):
            slots[2 * i + (0 if seat == 1 else 1)] = card
    slots[20] = parse_cards(upcard)[0]
    for i, card in enumerate(parse_cards(stock)):
        slots[21 + i] = card
    used = {c for c in slots if c is not None}
    rest = iter(c for c in shuffled_deck(0) if c not in used)
    return [c if c is not None else next(rest) for c in slots]


def test_hard_takes_an_upcard_that_completes_a_meld_and_passes_junk() -> None:
    rules = RuleSet.preset("cardgames")
    hand = "H4 H5 S9 D9 C13 S12 D11 C2 S3 D6"
    junk = "C5 C7 D1 D3 H10 H12 S5 S7 C9 S1"
    meld = Round(rules, 2, 1, 0, deck=deck_for({1: hand, 0: junk}, "H6"))
    view = meld.view(1)
    assert HardPlayer(1).choose(view, view.legal) == Action("take_upcard")
    loose = Round(rules, 2, 1, 0, deck=deck_for({1: hand, 0: junk}, "C11"))
    view = loose.view(1)
    assert HardPlayer(1).choose(view, view.legal) == Action("pass")


def test_hard_goes_gin_and_big_gin() -> None:
    rules = RuleSet.preset("cardgames")
    gin_hand = "H1 H2 H3 S7 S8 S9 C10 C11 C12 D2"
    junk = "C5 C7 D1 D3 H10 H12 S5 S4 C9 S1"
    rnd = Round(rules, 2, 1, 0, deck=deck_for({1: gin_hand, 0: junk}, "D13", "C13"))
    rnd.apply(Action("pass"))
    rnd.apply(Action("pass"))
    rnd.apply(Action("draw_stock"))
    view = rnd.view(1)
    assert HardPlayer(2).choose(view, view.legal).kind == "gin"
    melded = "H1 H2 H3 S7 S8 S9 C10 C11 C12 C13"
    big = Round(rules, 2, 1, 0, deck=deck_for({1: melded, 0: junk}, "D13", "H4"))
    for action in (Action("pass"), Action("pass"), Action("draw_stock")):
        big.apply(action)
    view = big.view(1)
    assert HardPlayer(2).choose(view, view.legal) == Action("big_gin")


def test_knowledge_reads_the_public_history() -> None:
    rules = RuleSet.preset("cardgames")
    hand = "H4 H5 S9 D9 C13 S12 D11 C2 S3 D6"
    opp = "C5 C7 D1 D3 H10 H12 S5 S7 C9 S1"
    rnd = Round(rules, 2, 1, 0, deck=deck_for({1: hand, 0: opp}, "C11", "H9 H13"))
    rnd.apply(Action("pass"))  # seat 1 passes C11
    rnd.apply(Action("take_upcard"))  # seat 0 takes it
    rnd.apply(Action("discard", parse_cards("H12")[0]))
    know = read_view(rnd.view(1))
    model = know.next_opponent
    assert model.seat == 0
    assert model.known == mask_of(parse_cards("C11"))
    assert model.discarded == mask_of(parse_cards("H12"))
    assert model.holds(BIT[parse_cards("C11")[0]]) == 1.0
    # The seat's own cards, the pile and the opponent's known card are not unseen.
    assert know.unseen & (know.hand | know.pile | model.known) == 0
    assert know.unseen.bit_count() == 52 - 10 - 1 - 1
    # Cards next to what the opponent took are more likely in its hand than far ones.
    assert model.holds(BIT[parse_cards("C12")[0]]) > model.holds(BIT[parse_cards("D7")[0]])


def test_sampler_respects_what_is_seen_and_the_opponents_choices() -> None:
    rules = RuleSet.preset("cardgames")
    hand = "H4 H5 S9 D9 C13 S12 D11 C2 S3 D6"
    opp = "C5 C7 D1 D3 H10 H12 S5 S7 C9 S1"
    rnd = Round(rules, 2, 1, 0, deck=deck_for({1: hand, 0: opp}, "C11", "H9 H13"))
    rnd.apply(Action("pass"))
    rnd.apply(Action("take_upcard"))
    rnd.apply(Action("discard", parse_cards("H12")[0]))
    view = rnd.view(1)
    c11 = BIT[parse_cards("C11")[0]]
    seen = mask_of(view.hand) | mask_of(view.discard_pile)

    def fits(params: InferParams) -> int:
        guesses = HandSampler(0, random.Random(1), params).sample(view)
        for g in guesses:
            assert g.bit_count() == 10 and g & c11 and not g & seen
        return sum(1 for g in guesses if c11 & in_melds(g))

    # It took C11: guesses in which C11 melds are far more common than with no inference.
    blind = InferParams(
        chains=60,
        first_steps=300,
        took_loose=1.0,
        broke_meld=1.0,
        kept_higher=1.0,
        declined_meld=1.0,
    )
    assert fits(replace(blind, took_loose=0.1)) > 2 * max(1, fits(blind))


def test_in_melds() -> None:
    m = mask_of(parse_cards("H1 H2 H3 S7 D7 C7 C9 D12"))
    assert in_melds(m) == mask_of(parse_cards("H1 H2 H3 S7 D7 C7"))


def test_hard_values_a_knock_in_points_for_itself_under_every_scoring() -> None:
    """Knocking with 2 deadwood against junk is worth about the junk's deadwood to the
    knocker, whether the rule set scores points (cardgames) or penalties (classic)."""
    kept = mask_of(parse_cards("H1 H2 H3 S7 S8 S9 C10 C11 C12 D2"))
    junk = mask_of(parse_cards("C1 C3 D5 D7 H9 H11 S2 S4 S13 D9"))
    for preset in ("cardgames", "classic"):
        rules = RuleSet.preset(preset)
        rnd = Round(rules, 2, 3, 0)
        value, laid = HardPlayer(1)._knock_value(rnd.view(1), kept, [junk])
        assert value == 60 - 2 and laid == 0


def test_outcome_of_the_opponents_knock() -> None:
    from bot.engine.players.hard import _outcome

    rules = RuleSet.preset("cardgames")
    assert _outcome(rules, 20, 6) == -14  # it knocks with 6 against our 20
    assert _outcome(rules, 5, 6) == 25 + 1  # we undercut
    assert _outcome(rules, 6, 6) == 25  # a tie is an undercut too
    assert _outcome(rules, 12, 0) == -(25 + 12)  # its gin


def _m(text: str) -> int:
    return mask_of(parse_cards(text))


def test_expert_playout_scores_each_waiting_plan() -> None:
    """The look-ahead's playout: who goes gin first decides every plan still waiting."""
    rules = RuleSet.preset("cardgames")
    kept = _m("HA H2 H3 S4 S5 S6 D7 D8 D9 C2")  # deadwood 2
    loose = _m("CA C4 C6 C8 D2 D4 D6 S8 ST SQ")  # no meld, deadwood 59
    # The opponent draws a king it cannot use; this seat draws the ten of diamonds: gin.
    stock = [BIT[parse_cards("SK")[0]], BIT[parse_cards("DT")[0]]]
    ck = BIT[parse_cards("CK")[0]]
    out = _playout(rules, kept, loose, ck, stock, 2, 0, 0.0, [0, 1], False)
    assert out == [rules.gin_bonus + 59, rules.gin_bonus + 59]
    # The opponent takes the thrown ten of spades into its run and goes gin first.
    near_gin = _m("CA C2 C3 D4 D5 D6 S7 S8 S9 HJ")
    st = BIT[parse_cards("ST")[0]]
    out = _playout(rules, kept, near_gin, st, stock, 2, 0, 0.0, [0, 1], False)
    assert out == [-(rules.gin_bonus + 2)] * 2
    # Nobody improves: at the wall the waiting plan is a draw (0); cut short by the
    # look-ahead's horizon instead, it knocks then (3 against 59).
    kept = _m("HA H2 H3 S4 S5 S6 D7 D8 D9 C3")  # deadwood 3
    stock = [BIT[parse_cards("SK")[0]], BIT[parse_cards("HK")[0]]]
    assert _playout(rules, kept, loose, ck, stock, 1, 0, 0.0, [0], True) == [0.0]
    assert _playout(rules, kept, loose, ck, stock, 1, 0, 0.0, [0], False) == [56.0]


def test_expert_is_registered_and_plays_whole_matches() -> None:
    rules = RuleSet.preset("cardgames").replace(target=40)
    match = Match(rules, 2, 31)
    box: list[Round] = [match.round]
    players = [Checked(make_player("expert", 1), box, 0), Checked(make_player("hard", 2), box, 1)]
    for _ in range(40):
        box[0] = match.round
        play_round(match.round, players)
        if match.over:
            break
        match.next_round()
    assert match.over
    assert players[0].calls > 20


def test_gin_pull_values_the_draws_that_make_gin() -> None:
    """`gin_pull` counts each stock draw that makes gin as that many points below zero:
    a hand's value drops by the pull times the chance of such a draw, and not at all for
    a hand that no single draw takes to gin."""
    draws = [BIT[c] for c in parse_cards("D10 D6 SK HK CQ C2 C4")]
    unseen = sum(draws)

    def values(hand: int) -> tuple[float, float]:
        know = Knowledge(hand=hand, unseen=unseen, pile=0, opponents=[], stock_prob={})
        know.stock_prob = dict.fromkeys(draws, 1.0)
        plain = _Eval(know, 10, HardParams()).value(hand)
        return plain, _Eval(know, 10, HardParams(gin_pull=10.0)).value(hand)

    plain, pulled = values(_m("HA H2 H3 S4 S5 S6 D7 D8 C9 CK"))  # two draws from gin at best
    assert pulled == plain
    # D10 or D6 extends the diamond run and C3 goes: gin with 2 of the 7 draws.
    plain, pulled = values(_m("HA H2 H3 S4 S5 S6 D7 D8 D9 C3"))
    assert pulled == pytest.approx(plain - 10 * 2 / 7)
