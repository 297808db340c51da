"""Achievements: the one table in code, checked against matches recorded in the store."""

from __future__ import annotations

from bot.circle import ACHIEVEMENTS, AchievementDef, CircleService, Facts, earned
from bot.store import MatchLine, Store
from bot.text.achievements import achievement_text, title
from tests.circle.helpers import play, record_match, start_match


def keys(found: list[tuple[int, AchievementDef]], user: int) -> set[str]:
    return {a.key for u, a in found if u == user}


def facts(**kw: object) -> Facts:
    base: dict[str, object] = dict(
        matches_played=1,
        matches_won=0,
        gins=0,
        big_gins=0,
        undercuts_made=0,
        shutouts=0,
        best_streak=0,
        won=False,
        vs_computer=False,
        computer_levels=(),
        ended_by="score",
    )
    base.update(kw)
    return Facts(**base)  # type: ignore[arg-type]


def test_table_keys_unique_and_texts() -> None:
    assert len({a.key for a in ACHIEVEMENTS}) == len(ACHIEVEMENTS) >= 12
    first = ACHIEVEMENTS[0]
    assert achievement_text(first).startswith("🏆 **ACHIEVEMENT UNLOCKED: ")
    assert title(first) in achievement_text(first)


def test_match_facts() -> None:
    # Seat 0 trails 0-60 after round 2, then wins: a comeback; two gins: a double gin.
    rounds = (
        {"kind": "gin", "winner": 1, "knocker": 1, "points": [0, 25]},
        {"kind": "knock", "winner": 1, "knocker": 1, "points": [0, 35]},
        {"kind": "gin", "winner": 0, "knocker": 0, "points": [70, 0]},
        {"kind": "big_gin", "winner": 0, "knocker": 0, "points": [60, 0]},
    )
    mine = {a.key for a in earned(facts(won=True, matches_won=1, rounds=rounds, seat=0))}
    assert {"comeback", "double_gin", "first_win", "first_match"} <= mine
    theirs = {a.key for a in earned(facts(rounds=rounds, seat=1))}
    assert "comeback" not in theirs and "double_gin" not in theirs  # one gin only
    assert {a.key for a in earned(facts(rounds=rounds[:3], seat=1))} == {"first_match"}
    assert "marathon" in {a.key for a in earned(facts(rounds=rounds * 3))}
    assert "marathon" not in {a.key for a in earned(facts(rounds=rounds * 3, ended_by="resign"))}


async def test_recorded_match_unlocks_once(circle: CircleService, store: Store) -> None:
    tables, table_id = await start_match(store, 1, 2)
    await play(tables, table_id)
    await tables.wait_idle()
    summary = await store.history.get(table_id)
    assert summary is not None
    winner = next(s.user_id for s in summary.seats if s.won)
    loser = next(s.user_id for s in summary.seats if not s.won)
    assert winner is not None and loser is not None
    found = await circle.on_match_recorded(table_id)
    assert {"first_match", "first_win"} <= keys(found, winner)
    assert "first_win" not in keys(found, loser) and "first_match" in keys(found, loser)
    for uid in (winner, loser):
        line = await store.stats.get(uid)
        assert ("first_gin" in keys(found, uid)) == (line.gins > 0)
        assert ("undercut" in keys(found, uid)) == (line.undercuts_made > 0)
        stored = {a.key for a in await store.achievements.of(uid)}
        assert stored == keys(found, uid)
    assert await circle.on_match_recorded(table_id) == []
    stats = await circle.stats(winner, guild_id=None, scope="global")
    assert "first_win" in stats.achievements


async def test_counters_streaks_and_computer(circle: CircleService, store: Store) -> None:
    gin = MatchLine(won=True, score=150, gins=1, big_gins=1, undercuts_made=1, shutout=True)
    table = await record_match(store, 1, 2, win_line=gin)
    assert {"first_gin", "big_gin", "undercut", "shutout"} <= keys(
        await circle.on_match_recorded(table), 1
    )
    got: set[str] = set()
    for n in range(2, 11):
        got |= keys(await circle.on_match_recorded(await record_match(store, 1, 2)), 1)
        if n == 4:
            assert "streak_5" not in got
        if n == 5:
            assert "streak_5" in got
    assert "wins_10" in got and "wins_100" not in got
    # A loss resets the streak; the achievement stays.
    await circle.on_match_recorded(await record_match(store, 2, 1))
    assert "streak_5" in {a.key for a in await store.achievements.of(1)}
    easy = await record_match(store, 3, 0, computer="easy")
    assert "beat_hard" not in keys(await circle.on_match_recorded(easy), 3)
    hard = await record_match(store, 3, 0, computer="hard")
    assert "beat_hard" in keys(await circle.on_match_recorded(hard), 3)


async def test_unknown_table(circle: CircleService) -> None:
    assert await circle.on_match_recorded(12345) == []
