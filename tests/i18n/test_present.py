"""The game in words, in each language, from the same engine values."""

from __future__ import annotations

import re

from bot.engine.match import Match
from bot.engine.players import BaselinePlayer, play_match
from bot.engine.rules import RuleSet
from bot.i18n import LANGUAGES
from bot.text import hands as present

NAMES = ["Alice", "Bob", "Cleo"]


def a_match(preset: str, seats: int, seed: int) -> Match:
    return play_match(Match(RuleSet.preset(preset), seats, seed), [BaselinePlayer()] * seats)


def test_the_log_of_moves_in_each_language() -> None:
    match = a_match("cardgames", 2, 7)
    history = match.rounds[0].view(0).history
    english = present.recent_turns(history, NAMES, 50)
    spanish = present.recent_turns(history, NAMES, 50, locale="es-ES")
    french = present.recent_turns(history, NAMES, 50, locale="fr")
    assert len(english) == len(spanish) == len(french)
    assert any(" drew from the stock and discarded " in line for line in english)
    assert any(" robó del mazo y descartó " in line for line in spanish)
    assert any(" a pioché dans la pioche et a défaussé " in line for line in french)
    away = present.recent_turns(history, NAMES, 1, away={1}, locale="fr")
    if away[0].startswith("Bob"):
        assert away[0].endswith("(joué automatiquement : Bob n'est pas là)")


def test_the_last_turns_read_from_the_end_are_those_of_the_whole_log() -> None:
    """A hand reads only the end of the round's log (`recent_turns`): at every point of
    whole rounds, its last turns, the automatic ones marked, are the whole log's last."""
    for preset, seats, seed in (("cardgames", 2, 7), ("classic", 3, 11), ("playingcards", 2, 5)):
        for rnd in a_match(preset, seats, seed).rounds:
            history = rnd.view(0).history
            for end in range(len(history) + 1):
                for count, auto, away in ((3, (), ()), (4, {0}, ()), (3, {1}, {seats - 1})):
                    shown = dict(auto=auto, away=away, resigned=away)
                    whole = present.recent_turns(history[:end], NAMES, 10**6, **shown)
                    last = present.recent_turns(history[:end], NAMES, count, **shown)
                    assert last == whole[-count:] if whole else last == []
    # Turns kept in words are told apart by the names and the language they were written in.
    history = a_match("cardgames", 2, 7).rounds[0].view(0).history
    other = present.recent_turns(history, ("Zoé", "Yann"), 3, locale="fr")
    assert all("Alice" not in line and "Bob" not in line for line in other)
    assert present.recent_turns(history, NAMES, 3, locale="fr") != other


def test_a_reveal_in_each_language_names_the_same_cards_in_their_labels() -> None:
    match = a_match("classic", 3, 11)
    rules = RuleSet.preset("classic")
    for rnd in match.rounds:
        result = rnd.result
        assert result is not None
        lines = {lang: present.result_text(result, NAMES, rules, lang) for lang in LANGUAGES}
        assert len({len(v) for v in lines.values()}) == 1
        if result.settlement is None:
            continue
        # French labels use V D R for jacks, queens and kings, Spanish keeps J Q K.
        for en, es, fr in zip(lines["en"], lines["es"], lines["fr"], strict=True):
            faces = re.findall(r"[JQK][♣♦♥♠]", en)
            assert re.findall(r"[JQK][♣♦♥♠]", es) == faces
            assert re.findall(r"[VDR][♣♦♥♠]", fr) == [
                "VDR"["JQK".index(f[0])] + f[1] for f in faces
            ]
            assert not re.findall(r"[JQK][♣♦♥♠]", fr)
        assert "scores" in lines["en"][-1] or "wins the round" in " ".join(lines["en"])
        assert "puntos" in " ".join(lines["es"]) or "punto" in " ".join(lines["es"])


def test_totals_use_each_languages_plural() -> None:
    assert present.total_text(0, None, 1, "points") == "**1** point"
    assert present.total_text(0, None, 0, "points", "es") == "**0** puntos"
    assert present.total_text(0, None, 1, "points", "es") == "**1** punto"
    # French counts 0 and 1 as singular.
    assert present.total_text(0, None, 0, "points", "fr") == "**0** point"
    assert present.total_text(0, None, 2, "penalty", "fr") == "**2** points de pénalité"


def test_rules_are_written_for_each_language_with_the_presets_numbers() -> None:
    from bot.engine.rules import PRESETS
    from bot.text.rules import summary

    for preset in PRESETS:
        rules = RuleSet.preset(preset)
        texts = {lang: summary(preset, lang) for lang in LANGUAGES}
        for text in texts.values():
            numbers = set(re.findall(r"\d+", text))
            assert {str(rules.knock_limit), str(rules.target), str(rules.wall_cards)} <= numbers
        assert "Knock with" in texts["en"]
        assert "Puedes cerrar con" in texts["es"]
        assert "On frappe avec" in texts["fr"]


def test_records_in_each_language() -> None:
    from bot.ratings import Rating
    from bot.store.stats import StatLine
    from bot.text import records as text

    line = StatLine(
        1, 0, "people", matches_played=4, matches_won=2, rounds_played=8, rounds_won=5,
        points_for=100,
    )  # fmt: skip
    english, french = text.stat_lines(line), text.stat_lines(line, "fr")
    assert english[0] == "Matches: **4** played, **2** won (50%)"
    assert french[0] == "Parties : **4** jouées, **2** gagnées (50%)"
    assert "avg 12.5 pts/round" in english[1] and "moyenne 12,5 pts/manche" in french[1]
    assert text.rating_text(Rating(games=1), "es").endswith("(1 partida puntuada, provisional)")
    assert text.export_summary({}, "es") == "No guardamos nada sobre ti."
    assert text.export_summary({}) == "We store nothing about you."
