"""Stats, leaderboards with the caller's own rank, history, on a real SQLite file."""

from __future__ import annotations

import pytest

from bot.circle import CircleError, CircleService
from bot.store import GLOBAL, MatchLine, Store
from tests.circle.helpers import GUILD, play, record_match, start_match


async def fill(store: Store, n: int, guild: int = GUILD) -> None:
    """Players 1..n; player i has won i matches (and played 2i)."""
    for i in range(1, n + 1):
        await store.players.upsert(i, f"P{i}")
        won = MatchLine(won=True, score=100, gins=i % 3)
        lost = MatchLine(won=False, score=0)
        await store.stats.record(guild, [(i, won)] * i + [(i, lost)] * i, vs_computer=False)


async def test_leaderboard_pages_and_own_rank_off_page(circle: CircleService, store: Store) -> None:
    await fill(store, 25)
    page = await circle.leaderboard(3, guild_id=GUILD, scope="server", sort="wins")
    assert page.total == 25 and page.pages == 3 and page.page == 0
    assert [e.user_id for e in page.entries] == list(range(25, 15, -1))
    assert [e.rank for e in page.entries] == list(range(1, 11))
    assert [e.value for e in page.entries] == list(range(25, 15, -1))
    assert not page.viewer_on_page
    assert (page.viewer_rank, page.viewer_value) == (23, 3)
    last = await circle.leaderboard(3, guild_id=GUILD, sort="wins", page=2)
    assert [e.user_id for e in last.entries] == [5, 4, 3, 2, 1] and last.viewer_on_page
    assert last.viewer_rank == 23
    clamped = await circle.leaderboard(3, guild_id=GUILD, page=99)
    assert clamped.page == 2
    glob = await circle.leaderboard(3, guild_id=None, scope="global", sort="played")
    assert glob.guild_id == GLOBAL and glob.entries[0].value == 50


async def test_leaderboard_ties_and_outsiders(circle: CircleService, store: Store) -> None:
    for uid in (30, 10, 20):
        await store.stats.record(GUILD, [(uid, MatchLine(won=True, score=1))], vs_computer=False)
    page = await circle.leaderboard(20, guild_id=GUILD)
    assert [e.user_id for e in page.entries] == [10, 20, 30]  # ties: lower id first
    assert page.viewer_rank == 2
    outsider = await circle.leaderboard(77, guild_id=GUILD)
    assert outsider.viewer_rank is None and outsider.viewer_value is None
    other_server = await circle.leaderboard(10, guild_id=999)
    assert other_server.total == 0 and other_server.entries == () and other_server.pages == 1
    with pytest.raises(CircleError):
        await circle.leaderboard(10, guild_id=GUILD, sort="elegance")
    with pytest.raises(CircleError, match="server"):
        await circle.leaderboard(10, guild_id=None, scope="server")


async def test_stats_and_history_match_played_matches(circle: CircleService, store: Store) -> None:
    tables, table_id = await start_match(store, 1, 2)
    await play(tables, table_id)
    await tables.wait_idle()
    summary = await store.history.get(table_id)
    assert summary is not None
    winner = next(s for s in summary.seats if s.won)
    loser = next(s for s in summary.seats if not s.won)
    assert winner.user_id is not None and loser.user_id is not None
    rounds = [r for r in await store.tables.rounds(table_id)]
    for scope, gid in (("server", GUILD), ("global", None)):
        w = await circle.stats(winner.user_id, guild_id=gid, scope=scope)  # type: ignore[arg-type]
        lo = await circle.stats(loser.user_id, guild_id=gid, scope=scope)  # type: ignore[arg-type]
        assert (w.people.matches_played, w.people.matches_won) == (1, 1)
        assert (lo.people.matches_played, lo.people.matches_won) == (1, 0)
        assert w.people.rounds_played == lo.people.rounds_played == len(rounds)
        assert w.people.best_match_points == winner.score
        assert w.computer.matches_played == 0
        assert w.favorite_rules == "cardgames"
    history = await circle.history(loser.user_id)
    assert [h.table_id for h in history] == [table_id]
    assert {s.display_name for s in history[0].seats} == {"Alice", "Bob"}
    board = await circle.leaderboard(loser.user_id, guild_id=GUILD)
    assert [e.user_id for e in board.entries] == [winner.user_id, loser.user_id]
    assert board.viewer_rank == 2


async def test_history_newest_first(circle: CircleService, store: Store) -> None:
    first = await record_match(store, 1, 2)
    second = await record_match(store, 2, 1, guild_id=5)
    assert [h.table_id for h in await circle.history(1)] == [second, first]
    assert [h.table_id for h in await circle.history(1, guild_id=5)] == [second]
