"""What the circle service returns and refuses with, its constants and small helpers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from bot.games.errors import GameError
from bot.i18n import Coded
from bot.ratings import Rating
from bot.store.models import (
    FOLLOW_DISCORD,
    GLOBAL,
    LEADERBOARD_SORTS,
    Favorite,
    LeaderboardEntry,
    LeaderboardSort,
    PlayerRating,
    StatLine,
)

#: `update_settings(language=FOLLOW_DISCORD)`: follow the Discord client's language again.
FOLLOW = FOLLOW_DISCORD

Scope = Literal["server", "global"]

HEART = "♥"
PAGE_SIZE = 10
#: `/gin records leaderboard sort:` choices: the record counters, and the Glicko-2 rating.
RATING_SORT = "rating"
SORTS: tuple[str, ...] = (*LEADERBOARD_SORTS, RATING_SORT)
#: Table chat: a line is cut to this many characters.
MAX_CHAT = 200
#: Canned quick reactions, offered as buttons (``REACTIONS[i].text(language)``).
REACTIONS: tuple[Coded, ...] = tuple(Coded(f"reaction-{i}") for i in range(5))


class CircleError(GameError):
    """A circle request that can't be done; the message says why."""


@dataclass(frozen=True, slots=True)
class Person:
    user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class RelationsView:
    """`/gin player relations`: whom the player blocked, muted and favorited, and their presence."""

    blocked: tuple[Person, ...]
    muted: tuple[Person, ...]
    favorites: tuple[Favorite, ...]
    online: bool


@dataclass(frozen=True, slots=True)
class StatsView:
    user_id: int
    name: str
    scope: Scope
    people: StatLine
    computer: StatLine
    favorite_rules: str | None
    achievements: tuple[str, ...]  # keys, first unlocked first (`titles` names them)
    #: Glicko-2 ratings; None when never rated there (server: None outside a server too).
    server_rating: Rating | None = None
    global_rating: Rating | None = None


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    scope: Scope
    guild_id: int
    sort: LeaderboardSort
    page: int  # 0-based
    pages: int
    total: int
    entries: tuple[LeaderboardEntry, ...]
    viewer_id: int
    #: The viewer's place (1 = top) and value, None if they are not on this leaderboard.
    viewer_rank: int | None
    viewer_value: int | None

    @property
    def viewer_on_page(self) -> bool:
        return any(e.user_id == self.viewer_id for e in self.entries)


@dataclass(frozen=True, slots=True)
class RatedLine:
    """One row of the rating leaderboard."""

    rank: int
    user_id: int
    name: str | None
    rating: Rating


@dataclass(frozen=True, slots=True)
class RatingPage:
    """A page of `/gin records leaderboard sort:rating`, with the viewer's own rank and rating."""

    scope: Scope
    guild_id: int
    page: int  # 0-based
    pages: int
    total: int
    entries: tuple[RatedLine, ...]
    viewer_id: int
    viewer_rank: int | None
    viewer_rating: Rating | None
    sort: str = RATING_SORT

    @property
    def viewer_on_page(self) -> bool:
        return any(e.user_id == self.viewer_id for e in self.entries)


def as_rating(row: PlayerRating | None) -> Rating | None:
    if row is None:
        return None
    return Rating(row.rating, row.rd, row.volatility, row.games)


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A relayed line: who says it, the cleaned text (a quick reaction: its catalog key),
    and which seated players get it."""

    speaker_id: int
    text: str | Coded
    recipients: tuple[int, ...]
    #: False when a seated player muted the speaker: the channel copy would reach them.
    to_channel: bool


def scope_id(scope: Scope, guild_id: int | None) -> int:
    if scope == "global":
        return GLOBAL
    if guild_id is None:
        raise CircleError("circle-server-only")
    return guild_id


def name_of(player: Any, user_id: int) -> str:
    return player.display_name if player is not None else f"Player {user_id}"


def sort_value(line: StatLine, sort: LeaderboardSort) -> int:
    column = {
        "wins": "matches_won",
        "gins": "gins",
        "points": "points_for",
        "streak": "best_streak",
        "played": "matches_played",
    }[sort]
    return int(getattr(line, column))
