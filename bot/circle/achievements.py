"""Achievements: defined once, in `ACHIEVEMENTS`, and checked when a match is recorded.

Each entry is a key (stored in `store.achievements`, never renamed), a title, a line of
description and a test over `Facts`: the player's record after the match (global, vs people
and vs the computer added up) and what happened in the match just recorded. Adding an
achievement is adding a row; a player who already qualifies gets it with their next match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


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
    title: str
    description: str
    test: Callable[[Facts], bool]


ACHIEVEMENTS: tuple[AchievementDef, ...] = (
    AchievementDef(
        "first_match",
        "Pull Up a Chair",
        "Finish your first match.",
        lambda f: f.matches_played >= 1,
    ),
    AchievementDef("first_win", "First Win", "Win a match.", lambda f: f.matches_won >= 1),
    AchievementDef("first_gin", "Gin!", "Go gin for the first time.", lambda f: f.gins >= 1),
    AchievementDef(
        "big_gin", "Big Gin", "Go big gin: all eleven cards melded.", lambda f: f.big_gins >= 1
    ),
    AchievementDef(
        "undercut", "Undercut", "Undercut a player who knocked.", lambda f: f.undercuts_made >= 1
    ),
    AchievementDef(
        "shutout", "Shutout", "Win a match without losing a round.", lambda f: f.shutouts >= 1
    ),
    AchievementDef("wins_10", "Regular", "Win 10 matches.", lambda f: f.matches_won >= 10),
    AchievementDef("wins_100", "Centurion", "Win 100 matches.", lambda f: f.matches_won >= 100),
    AchievementDef(
        "streak_5", "On a Roll", "Win 5 matches in a row.", lambda f: f.best_streak >= 5
    ),
    AchievementDef(
        "double_gin",
        "Double Gin",
        "Go gin twice in one match.",
        lambda f: f.count_in_match("gin") + f.count_in_match("big_gin") >= 2,
    ),
    AchievementDef(
        "comeback",
        "Comeback",
        "Win a match after trailing by 50 points or more.",
        lambda f: f.largest_deficit_overcome() >= 50,
    ),
    AchievementDef(
        "beat_hard",
        "Machine Breaker",
        "Beat the hard computer player.",
        lambda f: f.won and f.vs_computer and "hard" in f.computer_levels,
    ),
    AchievementDef(
        "marathon",
        "Marathon",
        "Finish a match of 10 rounds or more.",
        lambda f: f.ended_by == "score" and len(f.rounds) >= 10,
    ),
)

BY_KEY: dict[str, AchievementDef] = {a.key: a for a in ACHIEVEMENTS}
assert len(BY_KEY) == len(ACHIEVEMENTS), "achievement keys must be unique"


def earned(facts: Facts) -> list[AchievementDef]:
    """Every achievement `facts` qualify for, in table order."""
    return [a for a in ACHIEVEMENTS if a.test(facts)]


def achievement_text(achievement: AchievementDef) -> str:
    """The private announcement (DM) of a new achievement."""
    return f"🏆 **ACHIEVEMENT UNLOCKED: {achievement.title}**\n{achievement.description}"


def titles(keys: Sequence[str]) -> list[str]:
    """Titles of stored keys (unknown keys, e.g. retired ones, are shown as stored)."""
    return [BY_KEY[k].title if k in BY_KEY else k for k in keys]
