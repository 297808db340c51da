"""The catalogs: every key in every language, the same placeholders, the fall-backs."""

from __future__ import annotations

import logging

import pytest
from fluent.syntax import FluentParser, ast, visitor

from bot.engine.cards import Card, deck
from bot.i18n import LANGUAGES, keys, pick_language, resolve_locale, t
from bot.i18n import catalog as catalog_module
from bot.i18n.cards import label, labels, name
from bot.i18n.catalog import source


class _Variables(visitor.Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.found.add(node.id.name)


def placeholders(language: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for text in source(language).values():
        for entry in FluentParser().parse(text).body:
            assert not isinstance(entry, ast.Junk), f"{language}: cannot parse {entry.content!r}"
            if isinstance(entry, ast.Message):
                seen = _Variables()
                seen.visit(entry)
                out[entry.id.name] = seen.found
    return out


def test_every_catalog_has_every_key_and_the_same_files() -> None:
    english = keys("en")
    assert len(english) > 250
    for language in LANGUAGES:
        assert set(source(language)) == set(source("en")), language
        assert keys(language) == english, (
            f"{language}: missing {sorted(english - keys(language))}, "
            f"extra {sorted(keys(language) - english)}"
        )


def test_placeholders_are_the_same_in_every_language() -> None:
    english = placeholders("en")
    for language in LANGUAGES:
        theirs = placeholders(language)
        differ = {k: (v, theirs.get(k)) for k, v in english.items() if theirs.get(k) != v}
        assert not differ, f"{language}: {differ}"


def test_every_message_formats_without_errors_in_every_language() -> None:
    """With a value for each placeholder, no message leaves a Fluent error (a bad selector)."""
    for key, names in placeholders("en").items():
        values = {n: 2 for n in names}
        for language in LANGUAGES:
            bundle = catalog_module.bundle(language)
            message = bundle.get_message(key)
            assert message.value is not None, (language, key)
            args = {k: catalog_module._arg(v) for k, v in values.items()}
            text, errors = bundle.format_pattern(message.value, args)
            assert not errors, (language, key, errors)
            assert text.strip(), (language, key)


@pytest.mark.parametrize("value", ["Alice", "Ana María", 0, 7, 1500, 123456])
def test_the_plain_messages_read_as_fluent_writes_them(value: object) -> None:
    """The templates that fill plain messages without Fluent's resolver give Fluent's own
    text, for names and numbers, in every language; and they cover most messages."""
    for language in LANGUAGES:
        bundle = catalog_module.bundle(language)
        plain = 0
        for key, names in placeholders(language).items():
            values = {n: value for n in names}
            message = bundle.get_message(key)
            assert message.value is not None
            args = {k: catalog_module._arg(v) for k, v in values.items()}
            expected, errors = bundle.format_pattern(message.value, args)
            assert t(language, key, **values) == expected, (language, key)
            plain += key in catalog_module._templates(language)
        assert plain > 0.8 * len(placeholders(language)), language


def test_values_that_need_fluent_still_get_it() -> None:
    # A negative number and a boolean go through Fluent's resolver, not the template.
    key = next(
        k for k, n in placeholders("en").items() if n and k in catalog_module._templates("en")
    )
    names = placeholders("en")[key]
    bundle = catalog_module.bundle("fr")
    message = bundle.get_message(key)
    assert message.value is not None
    for value in (-3, True, 2.5):
        values = {n: value for n in names}
        expected, _ = bundle.format_pattern(
            message.value, {k: catalog_module._arg(v) for k, v in values.items()}
        )
        assert t("fr", key, **values) == expected


def test_plurals_and_selectors() -> None:
    assert t("es", "illegal-knock-deadwood", deadwood=1, limit=10) == (
        "No puedes cerrar con 1 punto suelto: el límite es 10."
    )
    assert t("fr", "illegal-gin-deadwood", deadwood=11) == (
        "Vous ne pouvez pas faire gin : les cartes que vous gardez laissent 11 points isolés."
    )
    assert t("en", "replay-no-round", round=7, count=0) == "That match has no round 7."
    assert (
        t("en", "replay-no-round", round=7, count=2) == "That match has no round 7 (rounds 1 to 2)."
    )
    assert t("en", "circle-self", relation="mute", add=False) == "You can't unmute yourself."
    # Integers are counts and ratings: no thousands separator in any language.
    assert t("fr", "table-too-many", count=1500) == (
        "Vous êtes déjà à 1500 tables ; terminez-en une avant d'en commencer une autre."
    )


def test_a_resolved_sentence_is_kept_by_its_values_and_their_names() -> None:
    """Sentences Fluent resolves are kept by their values as given: the same values in any
    order give the same text, the same numbers under other names another text, each
    Fluent's own; a message of text alone leaves values it does not use aside."""
    bundle = catalog_module.bundle("es")
    message = bundle.get_message("illegal-knock-deadwood")
    assert message.value is not None
    for deadwood, limit in ((1, 10), (10, 1), (1, 10)):
        args = {"deadwood": catalog_module._arg(deadwood), "limit": catalog_module._arg(limit)}
        expected, errors = bundle.format_pattern(message.value, args)
        assert not errors
        assert t("es", "illegal-knock-deadwood", deadwood=deadwood, limit=limit) == expected
        assert t("es", "illegal-knock-deadwood", limit=limit, deadwood=deadwood) == expected
    assert t("fr", "button-pass", name="Ana", count=3) == t("fr", "button-pass")
    catalog_module.reload()  # the kept sentences go with the catalogs
    assert not catalog_module._formatted
    assert t("es", "illegal-knock-deadwood", deadwood=1, limit=10) == (
        "No puedes cerrar con 1 punto suelto: el límite es 10."
    )


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("fr", "fr"),
        ("de", "en"),
        ("pt-BR", "en"),
        ("", "en"),
        (None, "en"),
        ("ES_es", "es"),
    ],
)
def test_discord_locales_resolve_to_our_languages(locale: str | None, language: str) -> None:
    assert resolve_locale(locale) == language


def test_discord_locale_objects_and_saved_choices() -> None:
    import discord

    assert resolve_locale(discord.Locale.latin_american_spanish) == "es"
    assert resolve_locale(discord.Locale.french) == "fr"
    assert resolve_locale(discord.Locale.japanese) == "en"
    assert pick_language(discord.Locale.french) == "fr"
    assert pick_language(discord.Locale.french, saved="es") == "es"  # the player's choice wins
    assert pick_language(None, saved=None) == "en"


def test_unknown_locale_speaks_english() -> None:
    assert t("de", "illegal-not-your-turn") == "It's not your turn."
    assert t("es-ES", "illegal-not-your-turn") == "No es tu turno."
    assert t("fr", "illegal-not-your-turn") == "Ce n'est pas votre tour."


def test_a_missing_key_falls_back_to_english_and_logs_once(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A French catalog that lacks one key (the real one has them all: see above).
    real = catalog_module.source

    def without(language: str) -> dict[str, str]:
        files = real(language)
        if language == "fr":
            files["errors.ftl"] = files["errors.ftl"].replace(
                "table-full = Cette table est complète.\n", ""
            )
        return files

    monkeypatch.setattr(catalog_module, "source", without)
    catalog_module.reload()
    catalog_module._warned.clear()
    try:
        with caplog.at_level(logging.WARNING, logger="gin.i18n"):
            assert t("fr", "table-full") == "This table is full."
            assert t("fr", "table-full") == "This table is full."
            assert t("fr", "table-not-at") == "Vous n'êtes pas à cette table."
        lines = [r.getMessage() for r in caplog.records if "table-full" in r.getMessage()]
        assert lines == ["i18n: missing key 'table-full' in fr"]
    finally:
        monkeypatch.undo()
        catalog_module.reload()


def test_a_key_missing_everywhere_is_shown_as_the_key_and_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="gin.i18n"):
        assert t("es", "no-such-key-anywhere") == "no-such-key-anywhere"
        assert t("es", "no-such-key-anywhere") == "no-such-key-anywhere"
    assert sum("no-such-key-anywhere" in r.getMessage() for r in caplog.records) == 2  # es, en
    assert len({r.getMessage() for r in caplog.records}) == 2


def test_card_names_in_each_language() -> None:
    queen, ace, jack, ten = Card("S", 12), Card("H", 1), Card("C", 11), Card("D", 10)
    assert name(queen, "en") == "Queen of Spades"
    assert name(queen, "es") == "Reina de picas"
    assert name(queen, "fr") == "Dame de pique"
    assert name(ace, "es") == "As de corazones"
    assert name(ace, "fr") == "As de cœur"
    assert name(jack, "es") == "Jota de tréboles"
    assert name(jack, "fr") == "Valet de trèfle"
    assert name(Card("D", 13), "es") == "Rey de diamantes"
    assert name(Card("D", 13), "fr") == "Roi de carreau"
    assert label(queen, "en") == label(queen, "es") == queen.label == "Q♠"
    assert label(queen, "fr") == "D♠"
    assert labels([jack, ten], "fr") == "V♣ 10♦"
    # English labels are the engine's own.
    assert all(label(c, "en") == c.label for c in deck())
    for language in LANGUAGES:
        assert len({name(c, language) for c in deck()}) == 52
        assert len({label(c, language) for c in deck()}) == 52


#: Placeholders that hold a person's name (a display name may start with a vowel).
NAMES = {"name", "knocker", "winner", "loser", "player", "a", "b", "who", "names", "opponent"}
NAMES |= {"challenger", "winners", "mention", "opponents", "you"}


def test_french_never_needs_an_elision_before_a_name() -> None:
    """Fluent can't write "d'Alice" for "de { $name }", nor "qu'Alice": the French catalog
    never puts a name right after a word that elides (it says "En attente : Alice")."""
    import re

    elides = re.compile(
        r"\b(de|que|le|la|ne|jusque|lorsque|puisque|je|me|te|se)\s+\{ ?\$(\w+)", re.I
    )
    found = [
        f"{name}: {m.group(0)}"
        for name, text in source("fr").items()
        for m in elides.finditer(text)
        if m.group(2) in NAMES
    ]
    assert not found, found
