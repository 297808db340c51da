"""Players and their circle: relations, presence, records, leaderboards, history and
replays, achievements, forget-me. See docs/circle.md."""

from bot.circle.achievements import (
    ACHIEVEMENTS,
    AchievementDef,
    Facts,
    earned,
)
from bot.circle.replay import ReplayFrame, RoundReplay, replay_round
from bot.circle.service import (
    HEART,
    MAX_CHAT,
    REACTIONS,
    ChatLine,
    CircleError,
    CircleService,
    LeaderboardPage,
    Person,
    RatedLine,
    RatingPage,
    RelationsView,
    StatsView,
)

__all__ = [
    "ACHIEVEMENTS",
    "HEART",
    "MAX_CHAT",
    "REACTIONS",
    "AchievementDef",
    "ChatLine",
    "CircleError",
    "CircleService",
    "Facts",
    "LeaderboardPage",
    "Person",
    "RatedLine",
    "RatingPage",
    "RelationsView",
    "ReplayFrame",
    "RoundReplay",
    "StatsView",
    "earned",
    "replay_round",
]
