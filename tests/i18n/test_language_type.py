"""`Language` and the catalog's languages agree: every Discord locale becomes one of the
catalog's languages at the edge, and a language stays itself after that."""

from __future__ import annotations

import discord

from bot.i18n import DEFAULT, LANGUAGES, pick_language, resolve_locale, t


def test_every_discord_locale_becomes_one_of_the_catalogs_languages() -> None:
    for locale in discord.Locale:
        language = resolve_locale(locale)
        assert language in LANGUAGES
        prefix = locale.value.split("-")[0]
        assert language == (prefix if prefix in LANGUAGES else DEFAULT), locale
    # Every catalog language is some Discord locale's: none is out of readers' reach.
    assert set(LANGUAGES) <= {resolve_locale(locale) for locale in discord.Locale}


def test_a_language_stays_itself_and_nothing_else_is_one() -> None:
    for language in LANGUAGES:
        assert resolve_locale(language) == language
        assert pick_language(None, language, None) == language
        assert pick_language(language, None, None) == language
    # A stored choice the catalog lacks (a language removed since) is not a Language.
    assert pick_language("de", "xx", None) == DEFAULT
    assert resolve_locale(None) == resolve_locale("") == resolve_locale(42) == DEFAULT


def test_each_language_reads_its_own_catalog_and_a_stray_locale_still_lands_on_it() -> None:
    names = {language: t(language, "language-name") for language in LANGUAGES}
    assert len(set(names.values())) == len(LANGUAGES)
    assert t("es-419", "language-name") == names["es"]
    assert t(discord.Locale.french, "language-name") == names["fr"]
