"""The tournaments' text views in each language: the words from the catalog, the tournament's
own values in them, and a view taken at one moment unchanged by what happens next."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import LANGUAGES, t
from bot.text.tournaments import (
    bracket_text,
    rank_detail,
    render_bracket,
    render_round,
    render_standings,
    round_text,
    standings_text,
)
from bot.tournaments import Format, Result
from bot.tournaments._model import RankLine, TournamentInfo
from bot.tournaments.state import forfeit_counts
from tests.tournaments.helpers import make

NAMES = {1: "Alice", 2: "Bob", 3: "Carol", 4: "Dave", 5: "Eve"}


def test_the_views_are_in_the_readers_language() -> None:
    bracket = make(Format.DOUBLE_ELIMINATION, 5)
    bracket.start_round()
    swiss = make(Format.SWISS, 4, rounds=2)
    (first, second) = swiss.start_round()
    swiss.record_result(first.id, Result.forfeit(first.a))
    swiss.record_result(second.id, Result.double_forfeit())
    for language in LANGUAGES:
        drawn = render_bracket(bracket, NAMES, locale=language)
        assert f"— {t(language, 'view-section-round', section='W', round=1)}" in drawn
        assert f"— {t(language, 'view-section-round', section='L', round=1)}" in drawn
        assert t(language, "view-bye", a="Alice (1)") in drawn
        assert t(language, "view-vs", a="Dave (4)", b="Eve (5)") in drawn
        assert t(language, "view-tbd") in drawn
        table = render_standings(swiss, NAMES, language)
        assert t(language, "view-col-player") in table.splitlines()[0]
        ff = t(language, "view-record-ff", wins=1, losses=0, forfeits=1)
        assert ff in table
        tables = render_round(swiss, NAMES, locale=language)
        assert tables.startswith(t(language, "view-round-of", round=1, total=2))
        a, b = (f"{NAMES[p]} ({swiss.seed_of(p)})" for p in (second.a, second.b))
        assert t(language, "view-double-forfeit", a=a, b=b) in tables
        if language != "en":
            for english in ("Winners", "Losers", "Player", "Round 1", "TBD", "neither"):
                assert english not in drawn + table + tables, (language, english)
    assert forfeit_counts(swiss) == {p: 1 for p in (1, 2, 3, 4)}


def test_a_final_ranking_line_in_each_language() -> None:
    line = RankLine(1, 7, "Alice", wins=2, losses=1, forfeits=1, match_points=2, buchholz=3)
    assert rank_detail(line, "en") == "2 pts, Bu 3, SB 0, 2-1 (1 ff)"
    for language in LANGUAGES:
        record = t(language, "view-record-ff", wins=2, losses=1, forfeits=1)
        assert rank_detail(line, language) == t(
            language, "tournament-rank-points", points=2, bu=3, sb=0, record=record
        )
    bracket = replace(line, match_points=None, forfeits=0)
    assert rank_detail(bracket, "fr") == "2-1"


def test_the_views_show_the_tournament_as_it_was_when_said() -> None:
    from bot.tournaments import Tournament

    swiss = make(Format.SWISS, 4, rounds=2)
    swiss.start_round()
    info = TournamentInfo(
        id=1,
        guild_id=1,
        channel_id=1,
        name="Cup",
        format=Format.SWISS,
        rules="cardgames",
        target=100,
        status="running",
        organizer_id=None,
        max_players=None,
        rounds=2,
        duplicate=False,
        entrants=(),
        signup_message_id=None,
        standings_message_id=None,
        round_no=1,
        total_rounds=2,
        deadline_ts=None,
        snapshot=Tournament.from_dict(swiss.to_dict()),
        names=NAMES,
    )
    before = {language: standings_text(info, language) for language in LANGUAGES}
    for p in swiss.current_pairings():
        swiss.record_result(p.id, Result.win(p.a))
    assert {language: standings_text(info, language) for language in LANGUAGES} == before
    assert standings_text(info, "es") != render_standings(swiss, NAMES, "es")
    assert bracket_text(info, "fr") is None and round_text(info, "fr") is not None
