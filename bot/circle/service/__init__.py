"""The circle service: relations, presence, records, leaderboards, history and replays,
achievements and forget-me. No Discord types; refusals are `CircleError`s a player can read.

Each job is a private module of its own: `_model` (what it returns and refuses with, its
constants), `_part` (the store the parts share), `_relations` (relations, presence,
settings), `_chat` (table chat), `_records` (statistics, leaderboards, history, replays),
`_unlocks` (achievements), `_privacy` (forget-me) and `_service` (`CircleService`).
"""

from ._chat import clean_chat
from ._model import (
    FOLLOW,
    HEART,
    MAX_CHAT,
    PAGE_SIZE,
    RATING_SORT,
    REACTIONS,
    SORTS,
    ChatLine,
    CircleError,
    LeaderboardPage,
    Person,
    RatedLine,
    RatingPage,
    RelationsView,
    Scope,
    StatsView,
)
from ._service import CircleService

__all__ = [
    "FOLLOW",
    "HEART",
    "MAX_CHAT",
    "PAGE_SIZE",
    "RATING_SORT",
    "REACTIONS",
    "SORTS",
    "ChatLine",
    "CircleError",
    "CircleService",
    "LeaderboardPage",
    "Person",
    "RatedLine",
    "RatingPage",
    "RelationsView",
    "Scope",
    "StatsView",
    "clean_chat",
]
