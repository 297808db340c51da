"""Matches: rounds to the target, scoring through match_scores, dealers, records."""

from __future__ import annotations

import json

import pytest

from bot.engine.actions import Action
from bot.engine.breakdown import match_breakdown
from bot.engine.cards import parse_cards
from bot.engine.errors import IllegalAction
from bot.engine.match import Match
from bot.engine.players import BaselinePlayer, auto_move, play_match, play_round
from bot.engine.round import Round, derive_seed
from bot.engine.rules import RuleSet
from bot.engine.scoring import match_scores
from tests.engine.test_round import KNOCKER, deal_deck, discard, knock, knock_round

CARDGAMES = RuleSet.preset("cardgames")
PLAYINGCARDS = RuleSet.preset("playingcards")
CLASSIC = RuleSet.preset("classic")


def players(n: int) -> list[BaselinePlayer]:
    return [BaselinePlayer() for _ in range(n)]


@pytest.mark.parametrize(
    ("rules", "seats"),
    [(CARDGAMES, 2), (PLAYINGCARDS, 2), (CLASSIC, 2), (CLASSIC, 3), (CLASSIC, 4)],
)
def test_a_match_plays_to_the_target(rules: RuleSet, seats: int) -> None:
    match = play_match(Match(rules, seats, 2024), players(seats))
    assert match.over and match.round_over
    assert max(match.totals) >= rules.target
    # Only the last round reached the target.
    before = [0] * seats
    for res in match.results[:-1]:
        before = [b + p for b, p in zip(before, res.points, strict=True)]
    assert max(before) < rules.target
    assert match.scores == match_scores(rules, match.scored_rounds)
    winner = match.winner
    assert winner is not None
    if rules.scoring == "penalty":
        assert match.scores[winner] == min(match.scores)
    else:
        assert match.scores[winner] == max(match.scores)
    for index, rnd in enumerate(match.rounds):
        assert rnd.seed == derive_seed(2024, "round", index)
    with pytest.raises(IllegalAction, match="^match-over$"):
        match.next_round()
    with pytest.raises(IllegalAction, match="^match-over$"):
        match.apply(Action("draw_stock"))


def test_the_deal_passes_to_the_next_seat_after_every_round() -> None:
    match = play_match(Match(CLASSIC, 3, 11, first_dealer=2), players(3))
    assert len(match.rounds) > 3
    assert [r.dealer for r in match.rounds] == [(2 + i) % 3 for i in range(len(match.rounds))]


def test_first_dealer_comes_from_the_seed() -> None:
    dealers = {Match(CARDGAMES, 2, seed).first_dealer for seed in range(20)}
    assert dealers == {0, 1}
    assert Match(CARDGAMES, 2, 5).first_dealer == Match(CARDGAMES, 2, 5).first_dealer


def test_next_round_is_explicit() -> None:
    match = Match(CARDGAMES, 2, 3)
    with pytest.raises(IllegalAction, match="^round-not-over$"):
        match.next_round()
    first = match.round
    result = play_round(first, players(2))
    assert match.round_over and match.round is first  # still shown until the next deal
    assert match.results == (result,)
    nxt = match.next_round()
    assert match.round is nxt and nxt.dealer == (first.dealer + 1) % 2
    assert nxt.seed == derive_seed(3, "round", 1)


def test_playingcards_redeal_keeps_the_dealer_and_is_not_a_round() -> None:
    for seed in range(200):
        match = Match(PLAYINGCARDS, 2, seed)
        play_round(match.round, players(2))
        result = match.round.result
        assert result is not None
        if result.kind == "redeal":
            break
    else:
        pytest.fail("no re-deal in 200 seeded rounds")
    assert match.next_dealer == match.round.dealer
    assert match.scored_rounds == [] and match.draws == 0
    assert match.next_round().dealer == match.rounds[0].dealer


def test_cardgames_draws_are_counted_and_break_the_shutout() -> None:
    quick = CARDGAMES.replace(target=1)
    saw_draw = saw_shutout = False
    for seed in range(300):
        match = play_match(Match(quick, 2, seed), players(2))
        winner = match.winner
        assert winner is not None
        pts = match.totals[winner]
        assert len([r for r in match.results if r.winner is not None]) == 1
        if match.draws:
            saw_draw = True
            assert match.scores[winner] == pts + 100 + 25
        else:
            saw_shutout = True
            assert match.scores[winner] == 2 * pts + 100 + 25
        assert match.scores[1 - winner] == 0
        if saw_draw and saw_shutout:
            break
    assert saw_draw and saw_shutout


def test_forfeit_ends_the_match_for_the_other_seat() -> None:
    match = Match(CARDGAMES, 2, 8)
    match.apply(Action("pass"))
    match.forfeit(match.round.to_move or 0)
    assert match.over and match.forfeited is not None
    assert match.winner == 1 - match.forfeited
    with pytest.raises(IllegalAction):
        match.apply(Action("pass"))
    loaded = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert loaded.over and loaded.winner == match.winner


def test_match_records_round_trip_at_every_stage() -> None:
    seats = 3
    original = Match(CLASSIC, seats, 99)
    ps = players(seats)
    checked = 0
    while True:
        rnd = original.round
        while not rnd.over:
            record = json.loads(json.dumps(original.to_dict()))
            loaded = Match.from_dict(record)
            assert loaded.to_dict() == original.to_dict()
            assert loaded.round.snapshot() == rnd.snapshot()
            checked += 1
            seat = rnd.to_move
            assert seat is not None
            view = rnd.view(seat)
            action = ps[seat].choose(view, view.legal)
            original.apply(action, seat)
            if checked % 7 == 0:
                loaded.apply(action, seat)  # a rebuilt match plays on the same way
                assert loaded.round.snapshot() == rnd.snapshot()
        loaded = Match.from_dict(json.loads(json.dumps(original.to_dict())))
        assert (loaded.totals, loaded.over, loaded.winner) == (
            original.totals,
            original.over,
            original.winner,
        )
        if original.over:
            break
        original.next_round()
    assert checked > 50


def test_bad_match_records_are_refused() -> None:
    match = play_match(Match(CARDGAMES, 2, 4), players(2))
    record = json.loads(json.dumps(match.to_dict()))
    wrong_seed = json.loads(json.dumps(record))
    wrong_seed["rounds"][0]["seed"] += 1
    with pytest.raises(ValueError, match="wrong seed or dealer"):
        Match.from_dict(wrong_seed)
    extra = json.loads(json.dumps(record))
    extra["rounds"].append(extra["rounds"][-1])
    with pytest.raises(ValueError, match="after the match or round ended"):
        Match.from_dict(extra)
    with pytest.raises(ValueError, match="players"):
        Match(CARDGAMES, 3, 0)


# ----- the baseline ("normal") player and the timeout move -----------------------------------


def test_baseline_takes_only_cards_that_join_a_meld() -> None:
    hands = {1: "H5 H6 C1 C3 D9 D11 S2 S4 S13 D7", 0: KNOCKER}
    joins = Round(CARDGAMES, 2, 0, 0, deck=deal_deck(2, 0, hands, "H7", "C5"))
    assert BaselinePlayer().choose(joins.view(1), joins.legal_actions()) == Action("take_upcard")
    loose = Round(CARDGAMES, 2, 0, 0, deck=deal_deck(2, 0, hands, "H9", "C5"))
    assert BaselinePlayer().choose(loose.view(1), loose.legal_actions()) == Action("pass")
    # Later turns: the top discard if it joins a meld, else the stock.
    for action in (Action("pass"), Action("pass"), Action("draw_stock"), discard("C5")):
        loose.apply(action)
    view = loose.view(0)  # seat 0 holds C10 C11 C12: C5 does not join
    assert BaselinePlayer().choose(view, view.legal) == Action("draw_stock")


def test_baseline_discards_its_highest_deadwood_but_never_the_card_it_took() -> None:
    hands = {1: "H5 H6 C1 C3 D9 D11 S2 S4 S13 D7", 0: KNOCKER}
    rnd = Round(CARDGAMES, 2, 0, 0, deck=deal_deck(2, 0, hands, "H7", "C5"))
    rnd.apply(Action("take_upcard"))
    view = rnd.view(1)
    assert BaselinePlayer().choose(view, view.legal) == discard("S13")  # S13 over D11
    assert auto_move(view) == discard("S13")

    rnd = Round(CARDGAMES, 2, 0, 0, deck=deal_deck(2, 0, hands, "D13", "C5"))
    rnd.apply(Action("take_upcard"))  # D13 joins nothing but may not go straight back
    view = rnd.view(1)
    assert BaselinePlayer().choose(view, view.legal) == discard("S13")


def test_baseline_knocks_as_soon_as_allowed_keeping_the_least_deadwood() -> None:
    rnd = knock_round()  # knocks with C5 (2 left), D2 (5) or H3 (10)
    view = rnd.view(1)
    assert BaselinePlayer().choose(view, view.legal) == knock("C5")
    assert auto_move(view) == discard("C5")  # the timeout move never knocks
    rnd = knock_round(stock="C13")
    view = rnd.view(1)
    assert BaselinePlayer().choose(view, view.legal) == Action("gin", parse_cards("D2")[0])


def test_auto_move_passes_and_draws_from_the_stock() -> None:
    rnd = Round(CARDGAMES, 2, 1, 0)
    assert auto_move(rnd.view(1)) == Action("pass")
    rnd.apply(Action("pass"))
    rnd.apply(Action("take_upcard"))
    rnd.apply(auto_move(rnd.view(0)))
    assert auto_move(rnd.view(1)) == Action("draw_stock")


def test_a_tie_on_the_final_score_goes_to_the_latest_round_winner_and_says_so() -> None:
    # Seed 51 (classic to 20, three baseline players) ends with seats 1 and 2 level.
    match = play_match(Match(CLASSIC.replace(target=20), 3, 51), players(3))
    winner = match.winner
    assert winner is not None and match.tie_break == "latest_round"
    tied = [s for s in range(3) if match.scores[s] == match.scores[winner]]
    assert len(tied) == 2 and winner in tied
    latest = max(i for i, r in enumerate(match.results) if r.winner in tied)
    assert match.results[latest].winner == winner
    # Without a tie there is nothing to break.
    assert play_match(Match(CLASSIC, 3, 2024), players(3)).tie_break is None


def test_scores_follow_every_rounds_end_and_a_move_kept_from_its_trial() -> None:
    """A move checked on a copy of the round and kept (`play_on`, as the table service
    plays) leaves the match as `apply` would; the scores, made again only at a round's end,
    are always those of the rounds scored so far, from a record too."""
    for rules, seats in [(CARDGAMES, 2), (PLAYINGCARDS, 2), (CLASSIC, 3)]:
        kept, applied = Match(rules, seats, 77), Match(rules, seats, 77)
        baseline = BaselinePlayer()
        while not kept.over:
            assert kept.scores == (match_scores(rules, kept.scored_rounds) or (0,) * seats)
            assert kept.breakdown == match_breakdown(rules, kept.scored_rounds)
            if kept.round_over:
                assert kept.to_dict() == applied.to_dict()
                loaded = Match.from_dict(json.loads(json.dumps(kept.to_dict())))
                assert loaded.scores == kept.scores
                kept.next_round()
                applied.next_round()
                continue
            view = kept.round.view(kept.round.to_move or 0)
            action = baseline.choose(view, view.legal)
            before = kept.breakdown
            trial = kept.round.copy()
            trial.apply(action)
            kept.play_on(trial)
            applied.apply(action)
            assert kept.round is trial
            # Made again only when a round ends (a table shows it at every move).
            assert (kept.breakdown is before) is not kept.round_over
            assert kept.round.snapshot() == applied.round.snapshot()
        assert kept.scores == applied.scores == match_scores(rules, kept.scored_rounds)
        with pytest.raises(IllegalAction, match="^match-over$"):
            kept.play_on(kept.round.copy())


def test_only_a_copy_with_moves_applied_is_kept() -> None:
    match = Match(CARDGAMES, 2, 8)
    with pytest.raises(ValueError, match="copy"):
        match.play_on(match.round)
    with pytest.raises(ValueError, match="copy"):
        match.play_on(match.round.copy())  # nothing applied
    other = Match(CARDGAMES, 2, 9).round.copy()
    other.apply(Action("pass"))
    with pytest.raises(ValueError, match="copy"):
        match.play_on(other)
