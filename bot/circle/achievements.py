"""Achievements: defined once, in `ACHIEVEMENTS`, and checked when a match is recorded.

Each entry is a key (stored in `store.achievements`, never renamed), a test over `Facts`, and
in the catalogs (`achievements.ftl`) a title and a line of description per language: the player's record after the match (global, vs people
and vs the computer added up) and what happened in the match just recorded. Adding an
achievement is adding a row; a player who already qualifies gets it with their next match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import Coded


@dataclass(frozen=True, slots=True)
class Facts:
    """What an achievement test may look at, for one player and one recorded match."""

    #: Career counters (global scope, vs people + vs computer).
    matches_played: int
    matches_won: int
    gins: int
    big_gins: int
    undercuts_made: int
    shutouts: int
    best_streak: int
    #: This match.
    won: bool
    vs_computer: bool
    computer_levels: tuple[str, ...]
    ended_by: str
    #: Round results of this match, as stored (`RoundResult.to_dict()`), in order.
    rounds: tuple[dict[str, Any], ...] = field(default=())
    seat: int = 0
    scoring: str = "points"

    def count_in_match(self, kind: str) -> int:
        """Rounds of this match this seat ended with `kind` ("gin", "big_gin", ...)."""
        return sum(
            1 for r in self.rounds if r.get("kind") == kind and r.get("knocker") == self.seat
        )

    def largest_deficit_overcome(self) -> int:
        """How far behind (points) this seat was at the worst moment of a match it won."""
        if not self.won or self.scoring != "points" or not self.rounds:
            return 0
        seats = len(self.rounds[0].get("points", ()))
        totals = [0] * seats
        worst = 0
        for result in self.rounds:
            for s, pts in enumerate(result.get("points", ())):
                totals[s] += int(pts)
            lead = max((t for s, t in enumerate(totals) if s != self.seat), default=0)
            worst = max(worst, lead - totals[self.seat])
        return worst


@dataclass(frozen=True, slots=True)
class AchievementDef:
    key: str
    test: Callable[[Facts], bool]


ACHIEVEMENTS: tuple[AchievementDef, ...] = (
    AchievementDef("first_match", lambda f: f.matches_played >= 1),
    AchievementDef("first_win", lambda f: f.matches_won >= 1),
    AchievementDef("first_gin", lambda f: f.gins >= 1),
    AchievementDef("big_gin", lambda f: f.big_gins >= 1),
    AchievementDef("undercut", lambda f: f.undercuts_made >= 1),
    AchievementDef("shutout", lambda f: f.shutouts >= 1),
    AchievementDef("wins_10", lambda f: f.matches_won >= 10),
    AchievementDef("wins_100", lambda f: f.matches_won >= 100),
    AchievementDef("streak_5", lambda f: f.best_streak >= 5),
    AchievementDef(
        "double_gin",
        lambda f: f.count_in_match("gin") + f.count_in_match("big_gin") >= 2,
    ),
    AchievementDef(
        "comeback",
        lambda f: f.largest_deficit_overcome() >= 50,
    ),
    AchievementDef("beat_hard", lambda f: f.won and f.vs_computer and "hard" in f.computer_levels),
    AchievementDef(
        "marathon",
        lambda f: f.ended_by == "score" and len(f.rounds) >= 10,
    ),
)

BY_KEY: dict[str, AchievementDef] = {a.key: a for a in ACHIEVEMENTS}
assert len(BY_KEY) == len(ACHIEVEMENTS), "achievement keys must be unique"


def earned(facts: Facts) -> list[AchievementDef]:
    """Every achievement `facts` qualify for, in table order."""
    return [a for a in ACHIEVEMENTS if a.test(facts)]


def announcement(achievement: AchievementDef) -> Coded:
    """The private announcement of a new achievement, not yet in words: said in each
    player's language where it is shown (their final hand message)."""
    key = achievement.key
    return Coded(
        "ach-unlocked",
        {"title": Coded(f"ach-{key}-title"), "description": Coded(f"ach-{key}-description")},
    )
