"""Wording a walk through the game found wrong (issue 31, item 7): plurals, the French word
for a rating, French spacing before : ; ? !, Spanish words both Spain and Latin America read
well and the same verb for knocking everywhere."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import t

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "locales"


def messages(language: str) -> list[tuple[str, str]]:
    """(file:line, text) of every message line, placeables, code and variant keys left out."""
    out = []
    for path in sorted((LOCALES / language).glob("*.ftl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("#") or not line.strip():
                continue
            body = line.split("=", 1)[1] if re.match(r"^[a-z][\w-]* =", line) else line
            text = re.sub(r"`[^`]*`", "", body.replace('{" "}', " "))
            text = re.sub(r"\{[^{}]*\}", "X", text)
            text = re.sub(r"\*?\[[a-z_]+\]", "", text)
            out.append((f"{path.name}:{number}", text))
    return out


def test_counts_agree_with_their_words() -> None:
    assert t("fr", "stats-matches", played=1, won=0, rate="0%") == (
        "Parties : **1** jouée, **0** gagnée (0%)"
    )
    assert t("fr", "stats-undercuts", made=0, suffered=2, shutouts=0) == (
        "Contres : 0 fait, 2 subis · Blanchissages : 0"
    )
    assert t("es", "stats-matches", played=1, won=2, rate="50%") == (
        "Partidas: **1** jugada, **2** ganadas (50%)"
    )
    assert t("es", "stats-undercuts", made=1, suffered=0, shutouts=0).startswith(
        "Contracierres: 1 hecho, 0 sufridos"
    )


def test_a_rating_is_a_cote_in_french_not_a_ranking() -> None:
    assert t("fr", "stats-field-rating") == "Cote (Glicko-2)"


def test_french_puts_a_space_before_two_part_punctuation() -> None:
    bad = [
        f"{where}: {text.strip()}"
        for where, text in messages("fr")
        for m in re.finditer(r"(?<=[^\s])[:;?!]", text)
        if text[m.start() : m.start() + 3] != "://"
    ]
    assert not bad, "\n".join(bad)
    assert t("fr", "labelled", label="Bob", value="42") == "Bob : 42"
    assert t("en", "labelled", label="Bob", value="42") == "Bob: 42"


def test_spanish_words_read_well_everywhere_and_knocking_is_cerrar() -> None:
    found = [
        f"{where}: {text.strip()}"
        for where, text in messages("es")
        if re.search(r"\b(?:[Cc]og[eií]\w*|[Cc]oj\w*|Llama)\b", text)
    ]
    assert not found, "\n".join(found)
    assert "Cierra o haz gin" in t(
        "es", "help-how", challenge="", table="", computer="", hand="", rules=""
    )


def test_the_history_counts_rounds_names_the_end_and_the_command_in_the_readers_words() -> None:
    """The walk of issue 31 read "(1 rounds, cardgames, resign)" and, in Spanish and French,
    the English ``/gin records replay match:<#> round:<n>``."""

    def line(language: str, rounds: int, ended: str) -> str:
        return t(
            language, "history-line", table=2, date="d", vs="Bob", won=True, score="0 – 0",
            rounds=rounds, rules="cardgames", ended=ended,
        )  # fmt: skip

    assert line("en", 1, "resign").endswith("(1 round, cardgames, by resignation)")
    assert line("en", 4, "timeout").endswith("(4 rounds, cardgames, by forfeit)")
    assert line("en", 2, "score").endswith("(2 rounds, cardgames)")
    assert line("es", 1, "resign").endswith("(1 mano, cardgames, por abandono)")
    assert line("es", 3, "timeout").endswith("(3 manos, cardgames, por ausencia)")
    assert line("fr", 1, "resign").endswith("(1 manche, cardgames, par abandon)")
    assert line("fr", 2, "timeout").endswith("(2 manches, cardgames, par forfait)")
    assert t("en", "history-replay").endswith("`/gin records replay match:<#> round:<n>`")
    assert t("es", "history-replay").endswith("`/gin registros repeticion partida:<#> mano:<n>`")
    assert t("fr", "history-replay").endswith("`/gin archives revoir partie:<#> manche:<n>`")


def test_a_refusal_names_the_option_as_the_reader_sees_it() -> None:
    """``scope: global`` is how an English reader types it; Discord shows Spanish and French
    readers the option as ``ambito`` and ``portee``."""
    assert t("en", "circle-server-only").endswith("try `scope: global`.")
    assert t("es", "circle-server-only").endswith("prueba `ambito: global`.")
    assert t("fr", "circle-server-only").endswith("essayez `portee: global`.")


def test_a_french_variant_keeps_its_space_before_punctuation() -> None:
    """Fluent drops a variant's leading space: "[true] ; les points" rendered "gagnée; les
    points" in the rules the walk of issue 31 read; such a space is written ``{" "}``."""
    bad = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted((LOCALES / "fr").glob("*.ftl"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.match(r"^\s*\*?\[[\w-]+\] [:;?!]", line)
    ]
    assert not bad, "\n".join(bad)
    rules = t("fr", "rules-target", target=100, bonus=True, game=100, line=25, shutout=True)
    assert "par manche gagnée ; les points" in rules


def test_spanish_and_french_name_commands_as_their_discord_shows_them() -> None:
    """The walk of issue 31: Diego read "usa `/gin computer`" where his Discord lists
    ``/gin ordenador``. A command is named through its localized name (a message
    reference to commands.ftl), never as English text."""
    literal = [
        f"{language}/{where}: {text.strip()}"
        for language in ("es", "fr")
        for where, text in messages(language)
        if "/gin" in text
    ]
    assert not literal, "\n".join(literal)
    assert t("es", "challenge-bot").endswith("usa `/gin ordenador`.")
    assert t("fr", "table-leave-started") == (
        "La partie a commencé : utilisez /gin abandonner pour abandonner."
    )
    assert "`/gin yo conectado`" in t("es", "presence-offline")
    assert "`/gin joueur favori`" in t("fr", "friends-none")


def test_the_rules_say_a_drawn_round_voids_the_shutout() -> None:
    """RULES.md: no shutout when a round was a draw. The walk of issue 31 saw Diego win every
    scored round after a wall, without the doubling the rules summary promised."""
    values = {"target": 100, "bonus": True, "game": 100, "line": 25, "shutout": True}
    assert "none drawn" in t("en", "rules-target", **values)
    assert "ninguna quedó en tablas" in t("es", "rules-target", **values)
    assert "qu'aucune n'a été nulle" in t("fr", "rules-target", **values)


def test_french_says_a_player_was_away_without_a_gender() -> None:
    """'Fleur était absent' reads wrong for every woman at the table; the same sentence for
    anyone, without 'de Fleur' either (elision before a vowel, test_catalog)."""
    said = [
        t("fr", "turn-auto", turn="Fleur a pioché", name=name, away=away)
        for name in ("Fleur", "Alice")
        for away in ("true", "false")
    ] + [t("fr", "removed-away")]
    for text in said:
        assert not re.search(r"\b(absente?|retirée?)\b", text), text
    assert "Fleur n'était pas là" in said[1]


def test_a_table_is_numbered_one_way_per_language() -> None:
    """The hand says 'Mesa n.º 7' / 'table n° 7': the replies say it the same way."""
    for language, wrong in (("es", "mesa #"), ("fr", "table #")):
        found = [where for where, text in messages(language) if wrong in text.lower()]
        assert found == [], (language, found)
    assert "mesa n.º 7" in t("es", "reply-chat-sent", table=7)
