"""Glicko-2 ratings: Glickman's worked example, a second hand-checked case, and properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import (
    MAX_RD,
    PROVISIONAL_RD,
    Rating,
    expected_score,
    format_change,
    format_rating,
    inactivity_decay,
    update_after_match,
    update_period,
)

PAPER_OPPONENTS = [
    (Rating(1400, 30), 1.0),
    (Rating(1550, 100), 0.0),
    (Rating(1700, 300), 0.0),
]


def test_glickman_paper_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2012): r' = 1464.06, RD' = 151.52,
    # sigma' = 0.05999. The paper rounds intermediate values, hence the 0.02 tolerance.
    after = update_period(Rating(1500, 200, 0.06), PAPER_OPPONENTS)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert after.games == 3


def test_player_away_from_1500_uses_deviation_not_rating_in_volatility_step() -> None:
    # A common implementation bug (found in the popular `glicko2` package) puts mu^2 where the
    # paper has phi^2 in the volatility function f(x); it is invisible at 1500, where mu = 0.
    # These figures come from an independent step-by-step transcription of the paper.
    after = update_period(Rating(1900, 80, 0.06), PAPER_OPPONENTS)
    assert after.rating == pytest.approx(1854.52119, abs=1e-4)
    assert after.rd == pytest.approx(78.48492, abs=1e-4)
    assert after.volatility == pytest.approx(0.0600165, abs=1e-6)


def test_update_after_match_is_one_game_period_for_both_sides() -> None:
    a, b = Rating(1620, 90, 0.06, games=40), Rating(1480, 180, 0.07, games=5)
    new_a, new_b = update_after_match(a, b, 0.0)
    assert new_a == update_period(a, [(b, 0.0)])
    assert new_b == update_period(b, [(a, 1.0)])
    assert new_a.rating < a.rating and new_b.rating > b.rating
    assert (new_a.games, new_b.games) == (41, 6)
    # the less-known player moves more
    assert abs(new_b.rating - b.rating) > abs(new_a.rating - a.rating)


def test_newcomers_equal_match_is_symmetric() -> None:
    w, loser = update_after_match(Rating(), Rating(), 1.0)
    assert w.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert w.rd == pytest.approx(loser.rd) and w.rd < 350
    assert w.provisional and loser.provisional


@given(
    ra=st.floats(800, 2400),
    rb=st.floats(800, 2400),
    da=st.floats(30, 350),
    db=st.floats(30, 350),
    score=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_update_properties(ra: float, rb: float, da: float, db: float, score: float) -> None:
    a, b = Rating(ra, da), Rating(rb, db)
    na, nb = update_after_match(a, b, score)
    # the winner never loses rating, the loser never gains
    if score == 1.0:
        assert na.rating >= a.rating and nb.rating <= b.rating
    elif score == 0.0:
        assert na.rating <= a.rating and nb.rating >= b.rating
    # direction of a draw follows the expectation
    if score == 0.5 and expected_score(a, b) > 0.5:
        assert na.rating <= a.rating
    # RD stays within (0, MAX_RD], and a game shrinks it below the pre-period inflation
    # (Glickman step 7: 1/phi'^2 = 1/phi*^2 + 1/v)
    for old, new in ((a, na), (b, nb)):
        assert 0 < new.rd <= MAX_RD
        assert new.rd < math.hypot(old.rd, 173.7178 * new.volatility)


def test_provisional_threshold_and_display() -> None:
    assert Rating(1500, PROVISIONAL_RD + 0.01).provisional
    assert not Rating(1500, PROVISIONAL_RD).provisional
    assert format_rating(Rating(1523.4, 87.2)) == "1523 ±87"
    assert format_rating(Rating()) == "1500 ±350 (provisional)"
    assert Rating(1523.4, 87.2).display == "1523 ±87"
    assert format_change(Rating(1500), Rating(1512.4)) == "+12"
    assert format_change(Rating(1500), Rating(1493)) == "-7"
    assert format_change(Rating(1500), Rating(1500.2)) == "±0"


def test_expected_score() -> None:
    assert expected_score(Rating(), Rating()) == pytest.approx(0.5)
    assert expected_score(Rating(1800, 50), Rating(1500, 50)) > 0.8
    # a vaguely known opponent pulls the expectation towards 0.5
    assert expected_score(Rating(1800, 50), Rating(1500, 350)) < expected_score(
        Rating(1800, 50), Rating(1500, 50)
    )


def test_inactivity_decay_grows_rd_only_and_caps() -> None:
    r = Rating(1700, 60, 0.06, games=30)
    later = inactivity_decay(r, 10)
    assert later.rating == r.rating and later.games == 30 and later.rd > r.rd
    assert inactivity_decay(r, 0) == r
    assert inactivity_decay(r, 100_000).rd == MAX_RD
    assert update_period(r, []) == inactivity_decay(r, 1)


def test_round_trip_and_validation() -> None:
    r = Rating(1612.5, 71.25, 0.0599, games=12)
    assert Rating.from_dict(r.to_dict()) == r
    with pytest.raises(ValueError):
        Rating(1500, 0)
    with pytest.raises(ValueError):
        Rating(1500, 100, -0.1)
    with pytest.raises(ValueError):
        update_after_match(Rating(), Rating(), 1.5)
