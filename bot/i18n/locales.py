"""Which of our languages a Discord locale means, and whose language a message is in."""

from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "es", "fr")
DEFAULT = "en"


def resolve_locale(locale: Any) -> str:
    """``"en-US"``, ``"en-GB"``, ``"es-ES"``, ``"es-419"``, ``"fr"`` → en/es/fr; anything else → en.

    Accepts a ``discord.Locale`` (its ``value`` is the string), a string or None.
    """
    value = getattr(locale, "value", locale)
    if not isinstance(value, str) or not value:
        return DEFAULT
    language = value.replace("_", "-").split("-", 1)[0].lower()
    return language if language in LANGUAGES else DEFAULT


def speaks(locale: Any) -> bool:
    """Whether ``locale`` is one of our languages (not just falls back to English)."""
    value = getattr(locale, "value", locale)
    if not isinstance(value, str) or not value:
        return False
    return value.replace("_", "-").split("-", 1)[0].lower() in LANGUAGES


def pick_language(
    interaction_locale: Any = None, saved: str | None = None, guild_locale: Any = None
) -> str:
    """A private reader's language: their saved choice (`/gin settings language`) wins, then
    their Discord client's locale if we speak it, then the server's, then English."""
    for candidate in (saved, interaction_locale, guild_locale):
        if speaks(candidate):
            return resolve_locale(candidate)
    return DEFAULT
