"""Forfeits marked in the text views, and the Swiss round count refused with its code."""

from __future__ import annotations

import pytest

from bot.text.tournaments import render_round, render_standings
from bot.tournaments import Format, Result, TournamentError
from bot.tournaments.state import forfeit_counts

from .helpers import make

NAMES = {1: "Alice", 2: "Bob", 3: "Dave", 4: "Erin"}


def _row(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if f" {name} (" in line)


def test_forfeits_are_marked_in_the_standings_and_the_round() -> None:
    t = make(Format.SWISS, 4, rounds=2)
    tables = t.start_round()  # round 1: 1 v 3, 2 v 4
    by_players = {frozenset(p.players): p for p in tables}
    t.record_result(by_players[frozenset((1, 3))].id, Result.forfeit(1))
    t.record_result(by_players[frozenset((2, 4))].id, Result.double_forfeit())
    assert forfeit_counts(t) == {1: 1, 2: 1, 3: 1, 4: 1}
    text = render_standings(t, NAMES)
    assert _row(text, "Alice").endswith("1-0 (1 ff)")
    assert _row(text, "Dave").endswith("0-1 (1 ff)")
    assert _row(text, "Bob").endswith("0-1 (1 ff)") and _row(text, "Erin").endswith("0-1 (1 ff)")
    tables_text = render_round(t, NAMES)
    assert "Alice (1) def. Dave (3) (forfeit)" in tables_text
    assert "Bob (2) & Erin (4): neither played, both lose" in tables_text

    # A match played to the end carries no mark; the count adds up over rounds.
    for p in t.start_round():
        if p.result is None:
            assert p.b is not None
            t.record_result(p.id, Result.win(min(p.a, p.b)))
    text = render_standings(t, NAMES)
    assert _row(text, "Alice").endswith("2-0 (1 ff)")
    assert forfeit_counts(t) == {1: 1, 2: 1, 3: 1, 4: 1}


def test_an_elimination_record_is_marked_too() -> None:
    t = make(Format.SINGLE_ELIMINATION, 2)
    (final,) = t.start_round()
    t.record_result(final.id, Result.forfeit(2))
    text = render_standings(t, NAMES)
    assert "1-0 (1 ff)  champion" in _row(text, "Bob")
    assert "0-1 (1 ff)" in _row(text, "Alice")


def test_too_many_swiss_rounds() -> None:
    with pytest.raises(TournamentError, match="only 1 round") as one:
        make(Format.SWISS, 2, rounds=2)
    assert (one.value.code, one.value.values) == (
        "tournament-swiss-rounds",
        {"players": 2, "most": 1},
    )
    with pytest.raises(TournamentError, match="1 to 3 rounds") as more:
        make(Format.SWISS, 4, rounds=4)
    assert more.value.values == {"players": 4, "most": 3}
