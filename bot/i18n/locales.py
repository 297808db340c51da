"""Which of our languages a Discord locale means, and whose language a message is in."""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable
from typing import TypeAlias

#: The language a reader reads: one of :data:`LANGUAGES` ("en", "es", "fr"), never a Discord
#: locale ("es-419", a ``discord.Locale``) or a stored choice not yet checked. Made once, at
#: the edge, by :func:`resolve_locale` or :func:`pick_language`. A ``str`` alias rather than a
#: NewType: docs/i18n.md says why.
Language: TypeAlias = str

DEFAULT: Language = "en"


def languages_in(folder: Traversable) -> tuple[Language, ...]:
    """The languages with a catalog in ``folder`` (a subfolder of ``.ftl`` files each),
    English first: adding a language is adding its folder."""
    found = sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.is_dir() and any(f.name.endswith(".ftl") for f in entry.iterdir())
    )
    return (DEFAULT, *(language for language in found if language != DEFAULT))


LANGUAGES = languages_in(resources.files("bot.i18n").joinpath("locales"))


def resolve_locale(locale: object) -> Language:
    """``"en-US"``, ``"en-GB"``, ``"es-ES"``, ``"es-419"``, ``"fr"`` → en/es/fr; anything else → en.

    Accepts a ``discord.Locale`` (its ``value`` is the string), a string or None.
    """
    value = getattr(locale, "value", locale)
    if not isinstance(value, str) or not value:
        return DEFAULT
    language = value.replace("_", "-").split("-", 1)[0].lower()
    return language if language in LANGUAGES else DEFAULT


def speaks(locale: object) -> bool:
    """Whether ``locale`` is one of our languages (not just falls back to English)."""
    value = getattr(locale, "value", locale)
    if not isinstance(value, str) or not value:
        return False
    return value.replace("_", "-").split("-", 1)[0].lower() in LANGUAGES


def pick_language(
    interaction_locale: object = None, saved: str | None = None, guild_locale: object = None
) -> Language:
    """A private reader's language: their saved choice (`/gin settings language`) wins, then
    their Discord client's locale if we speak it, then the server's, then English."""
    for candidate in (saved, interaction_locale, guild_locale):
        if speaks(candidate):
            return resolve_locale(candidate)
    return DEFAULT
