"""No-show deadlines: forfeit to whoever showed up; both absent, both lose."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.tournaments import (
    Format,
    Pairing,
    Result,
    ResultKind,
    deadline_for,
    deadline_passed,
    no_show_result,
)

from .helpers import make

TABLE = Pairing("r1t1", 1, 1, 10, 20, 1)


def test_one_present_wins_by_forfeit() -> None:
    assert no_show_result(TABLE, {10}) == Result.forfeit(10)
    assert no_show_result(TABLE, [20, 99]) == Result.forfeit(20)


def test_both_absent_both_lose() -> None:
    res = no_show_result(TABLE, set())
    assert res == Result.double_forfeit() and res.winner is None
    assert no_show_result(TABLE, {99}) == Result.double_forfeit()


def test_nothing_changes_when_both_came_or_already_decided_or_bye() -> None:
    assert no_show_result(TABLE, {10, 20}) is None
    assert no_show_result(TABLE.with_result(Result.win(20)), set()) is None
    assert no_show_result(Pairing("r1t2", 1, 2, 30, None, 1, Result.bye(30)), set()) is None


def test_deadline_helpers() -> None:
    start = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    deadline = deadline_for(start, 15)
    assert deadline == start + timedelta(minutes=15)
    assert not deadline_passed(deadline - timedelta(seconds=1), deadline)
    assert deadline_passed(deadline, deadline)
    with pytest.raises(ValueError):
        deadline_for(start, 0)


def test_tournament_applies_no_shows() -> None:
    t = make(Format.SWISS, 4)
    r1 = t.start_round()
    assert t.apply_no_show(r1[0].id, {r1[0].b}) == Result.forfeit(r1[0].b or 0)
    assert t.apply_no_show(r1[1].id, set()) == Result.double_forfeit()
    assert t.apply_no_show(r1[1].id, set()) is None  # already decided
    assert t.round_complete
    kinds = [p.result.kind for p in t.current_pairings() if p.result]
    assert kinds == [ResultKind.FORFEIT, ResultKind.DOUBLE_FORFEIT]
    assert not any(p.result.played for p in t.current_pairings() if p.result)
