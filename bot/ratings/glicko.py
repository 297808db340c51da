"""Glicko-2 ratings: one :class:`Rating` per player per scope (a server, or global).

The maths is done by the ``glicko2-py`` library (pure functions, typed); this module only
converts between the display scale and the library's internal scale, and treats each rated
match as its own rating period (see docs/tournaments.md, "Ratings"). Scopes are the store's
business: this module neither knows nor cares which server a rating belongs to.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from glicko2.math import E, mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi, update_rating

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

DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
#: A rating whose deviation is above this is shown as provisional ("?").
PROVISIONAL_RD = 110.0
#: RD never grows past the newcomer value, however long a player is away.
MAX_RD = 350.0
#: Glickman's system constant; 0.5 is the value of his worked example and a common choice.
TAU = 0.5


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Glicko-2 rating on the familiar display scale (1500 = newcomer)."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY
    games: int = 0

    def __post_init__(self) -> None:
        if not math.isfinite(self.rating):
            raise ValueError("rating must be finite")
        if not (self.rd > 0 and math.isfinite(self.rd)):
            raise ValueError("rating deviation must be positive")
        if not (self.volatility > 0 and math.isfinite(self.volatility)):
            raise ValueError("volatility must be positive")
        if self.games < 0:
            raise ValueError("games must be >= 0")

    @property
    def provisional(self) -> bool:
        """True while the deviation is still large (RD > :data:`PROVISIONAL_RD`)."""
        return self.rd > PROVISIONAL_RD

    @property
    def display(self) -> str:
        """Short text such as ``1523 ±87`` or ``1500? ±350`` (``?`` = provisional)."""
        return format_rating(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rating": self.rating,
            "rd": self.rd,
            "volatility": self.volatility,
            "games": self.games,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rating:
        return cls(
            rating=float(data["rating"]),
            rd=float(data["rd"]),
            volatility=float(data["volatility"]),
            games=int(data["games"]),
        )


def update_period(me: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """``me`` after one rating period of ``games`` (opponent's pre-period rating, my score).

    This is Glickman's algorithm as published; :func:`update_after_match` is the one-game
    case. With no games only the deviation grows (see :func:`inactivity_decay`).
    """
    if not games:
        return inactivity_decay(me, 1)
    for _, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError("a score must be between 0 and 1")
    new = update_rating(
        rating_to_mu(me.rating),
        rd_to_phi(me.rd),
        me.volatility,
        [(rating_to_mu(opp.rating), rd_to_phi(opp.rd), score) for opp, score in games],
        tau=TAU,
    )
    return Rating(
        rating=mu_to_rating(new.mu),
        # Clamp: play can never make a player less known than a newcomer.
        rd=min(phi_to_rd(new.phi), MAX_RD),
        volatility=new.sigma,
        games=me.games + len(games),
    )


def update_after_match(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players' new ratings after one rated match.

    ``score_a`` is 1.0 if ``a`` won, 0.0 if ``b`` won (0.5 for a draw, which Gin matches do
    not produce but the maths allows). Both updates use the pre-match ratings, so the order
    of the arguments does not matter beyond who ``score_a`` refers to.
    """
    if not 0.0 <= score_a <= 1.0:
        raise ValueError("score_a must be between 0 and 1")
    return update_period(a, [(b, score_a)]), update_period(b, [(a, 1.0 - score_a)])


def expected_score(a: Rating, b: Rating) -> float:
    """Glicko-2 expected score of ``a`` against ``b`` (the chance ``a`` wins, 0..1)."""
    return E(rating_to_mu(a.rating), rating_to_mu(b.rating), rd_to_phi(b.rd))


def inactivity_decay(r: Rating, periods: int) -> Rating:
    """The rating after ``periods`` rating periods without a game (Glickman step 6).

    Only the deviation grows, by the volatility each period, capped at :data:`MAX_RD`.
    The service decides what a period is (none by default: ratings then only move with play).
    """
    if periods < 0:
        raise ValueError("periods must be >= 0")
    if periods == 0:
        return r
    phi = rd_to_phi(r.rd)
    phi = math.sqrt(phi * phi + periods * r.volatility * r.volatility)
    return Rating(r.rating, min(phi_to_rd(phi), MAX_RD), r.volatility, r.games)


def format_rating(r: Rating) -> str:
    """``1523 ±87``; a provisional rating says so in words: ``1500 ±350 (provisional)``."""
    mark = " (provisional)" if r.provisional else ""
    return f"{round(r.rating)} ±{round(r.rd)}{mark}"


def format_change(before: Rating, after: Rating) -> str:
    """Signed, rounded rating change for a result message: ``+12``, ``-7``, ``±0``."""
    delta = round(after.rating) - round(before.rating)
    return f"{delta:+d}" if delta else "±0"
