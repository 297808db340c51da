"""The languages are the catalog folders: adding one is adding its folder."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import LANGUAGES, t
from bot.i18n.locales import languages_in
from cogs._options import LANGUAGE_CHOICES, LANGUAGE_NAMES

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "locales"


def test_the_languages_are_the_catalog_folders_english_first() -> None:
    folders = {p.name for p in LOCALES.iterdir() if p.is_dir()}
    assert set(LANGUAGES) == folders
    assert LANGUAGES[0] == "en"


def test_a_new_folder_is_a_new_language_and_an_empty_one_is_not(tmp_path: Path) -> None:
    for language in ("fr", "en", "de"):
        (tmp_path / language).mkdir()
        (tmp_path / language / "messages.ftl").write_text("x = y\n", encoding="utf-8")
    (tmp_path / "it").mkdir()  # no catalog yet
    assert languages_in(tmp_path) == ("en", "de", "fr")


def test_each_language_is_offered_by_its_own_name() -> None:
    assert {language: t(language, "language-name") for language in LANGUAGES} == LANGUAGE_NAMES
    assert LANGUAGE_NAMES["es"] == "Español"
    offered = {choice.value: choice.name for choice in LANGUAGE_CHOICES}
    for language in LANGUAGES:
        assert offered[language] == LANGUAGE_NAMES[language]
