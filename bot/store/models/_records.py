"""What a player's matches leave: statistics, achievements, ratings and the history
(`store.stats`, `store.achievements`, `store.ratings`, `store.history`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol, get_args

# -- Statistics (`store.stats`) ------------------------------------------------------------

#: The scope id of statistics and ratings over all servers.
GLOBAL = 0

Versus = Literal["people", "computer"]
LeaderboardSort = Literal["wins", "gins", "points", "streak", "played"]

LEADERBOARD_SORTS: tuple[LeaderboardSort, ...] = get_args(LeaderboardSort)


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One player's part in a finished match: what gets added to their statistics.

    `score` is their final total (bonuses included); `won` is False for every player but the
    winner. A resignation or a forfeit (timeout, no-show) is also a loss.
    """

    won: bool
    score: int
    resigned: bool = False
    forfeited: bool = False
    rounds_played: int = 0
    rounds_won: int = 0
    gins: int = 0
    big_gins: int = 0
    knocks: int = 0
    undercuts_made: int = 0
    undercuts_suffered: int = 0
    shutout: bool = False
    points_for: int = 0
    points_against: int = 0


@dataclass(frozen=True, slots=True)
class StatLine:
    """A player's record in one scope (`guild_id`, or `GLOBAL`) against one kind of opponent."""

    user_id: int
    guild_id: int
    versus: Versus
    matches_played: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    matches_resigned: int = 0
    matches_forfeited: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    gins: int = 0
    big_gins: int = 0
    knocks: int = 0
    undercuts_made: int = 0
    undercuts_suffered: int = 0
    shutouts: int = 0
    points_for: int = 0
    points_against: int = 0
    #: The best (highest-scoring) match the player won, and its table.
    best_match_points: int = 0
    best_match_table_id: int | None = None
    current_streak: int = 0
    best_streak: int = 0
    updated_at: datetime | None = None

    @property
    def win_rate(self) -> float:
        return self.matches_won / self.matches_played if self.matches_played else 0.0

    @property
    def points_per_round(self) -> float:
        return self.points_for / self.rounds_played if self.rounds_played else 0.0


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int
    user_id: int
    display_name: str | None
    value: int
    stats: StatLine


# -- Achievements (`store.achievements`) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Achievement:
    user_id: int
    key: str
    unlocked_at: datetime


# -- Ratings (`store.ratings`) -------------------------------------------------------------


class RatingLike(Protocol):
    """Anything with Glicko-2 numbers, e.g. `bot.ratings.Rating`."""

    @property
    def rating(self) -> float: ...
    @property
    def rd(self) -> float: ...
    @property
    def volatility(self) -> float: ...
    @property
    def games(self) -> int: ...


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """A player's new rating in one scope, to store."""

    user_id: int
    scope: int
    rating: float
    rd: float
    volatility: float
    games: int

    @classmethod
    def of(cls, user_id: int, scope: int, value: RatingLike) -> RatingUpdate:
        return cls(user_id, scope, value.rating, value.rd, value.volatility, value.games)


@dataclass(frozen=True, slots=True)
class PlayerRating:
    user_id: int
    scope: int
    rating: float
    rd: float
    volatility: float
    games: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class RatedEntry:
    rank: int
    display_name: str | None
    rating: PlayerRating


# -- History (`store.history`) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchSeat:
    seat_no: int
    #: None for a computer, or for a player who erased their data ("deleted player").
    user_id: int | None
    computer_level: str | None
    display_name: str
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class MatchSummary:
    table_id: int
    guild_id: int
    rules: str
    target: int
    vs_computer: bool
    winner_seat: int | None
    ended_by: str
    rounds: int
    finished_at: datetime
    seats: tuple[MatchSeat, ...]
