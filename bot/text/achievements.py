"""Achievements in words (``achievements.ftl``): titles, descriptions, the announcement."""

from __future__ import annotations

from collections.abc import Sequence

from bot.circle.achievements import BY_KEY, AchievementDef, announcement
from bot.i18n import DEFAULT, Language, render, t

__all__ = ["achievement_text", "description", "title", "titles"]


def title(achievement: AchievementDef, locale: Language = DEFAULT) -> str:
    return t(locale, f"ach-{achievement.key}-title")


def description(achievement: AchievementDef, locale: Language = DEFAULT) -> str:
    return t(locale, f"ach-{achievement.key}-description")


def achievement_text(achievement: AchievementDef, locale: Language = DEFAULT) -> str:
    """The private announcement (DM) of a new achievement, in the player's language."""
    return render(announcement(achievement), locale)


def titles(keys: Sequence[str], locale: Language = DEFAULT) -> list[str]:
    """Titles of stored keys (unknown keys, e.g. retired ones, are shown as stored)."""
    return [title(BY_KEY[k], locale) if k in BY_KEY else k for k in keys]
