"""Ratings: the Glicko-2 arithmetic (`glicko.py`, pure) and the service that rates finished
matches (`service.py`, `RatingService`)."""

from bot.ratings.glicko import (
    DEFAULT_RATING,
    DEFAULT_RD,
    DEFAULT_VOLATILITY,
    MAX_RD,
    PROVISIONAL_RD,
    TAU,
    Rating,
    expected_score,
    format_change,
    format_rating,
    inactivity_decay,
    update_after_match,
    update_period,
)

__all__ = [
    "DEFAULT_RATING",
    "DEFAULT_RD",
    "DEFAULT_VOLATILITY",
    "MAX_RD",
    "PROVISIONAL_RD",
    "TAU",
    "Rating",
    "expected_score",
    "format_change",
    "format_rating",
    "inactivity_decay",
    "update_after_match",
    "update_period",
]
