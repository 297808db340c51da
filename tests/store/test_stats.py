"""Statistics: counters, scopes, streaks, best match, leaderboards and ranks."""

from __future__ import annotations

import itertools
import random
from typing import cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import GLOBAL, MatchLine, NewSeat, Store, open_storage

from .conftest import spec

#: Servers of their own for the examples of a property test sharing one database.
_guilds = itertools.count(1000)


def win(score: int = 120, **kw: int) -> MatchLine:
    return MatchLine(won=True, score=score, **kw)  # type: ignore[arg-type]


def loss(score: int = 40, **kw: int) -> MatchLine:
    return MatchLine(won=False, score=score, **kw)  # type: ignore[arg-type]


async def test_counters_add_up_in_server_and_global(store: Store) -> None:
    line = MatchLine(
        won=True,
        score=150,
        rounds_played=4,
        rounds_won=3,
        gins=1,
        big_gins=1,
        knocks=2,
        undercuts_made=1,
        undercuts_suffered=1,
        shutout=True,
        points_for=130,
        points_against=20,
    )
    await store.stats.record(10, [(1, line)], vs_computer=False, table_id=5)
    await store.stats.record(20, [(1, loss(resigned=True, rounds_played=2))], vs_computer=False)
    s10 = await store.stats.get(1, 10)
    assert (s10.matches_played, s10.matches_won, s10.matches_lost) == (1, 1, 0)
    assert (s10.rounds_played, s10.rounds_won, s10.gins, s10.big_gins, s10.knocks) == (
        4,
        3,
        1,
        1,
        2,
    )
    assert (s10.undercuts_made, s10.undercuts_suffered, s10.shutouts) == (1, 1, 1)
    assert (s10.points_for, s10.points_against) == (130, 20)
    assert (s10.best_match_points, s10.best_match_table_id) == (150, 5)
    glob = await store.stats.get(1, GLOBAL)
    assert (glob.matches_played, glob.matches_won, glob.matches_lost, glob.matches_resigned) == (
        2,
        1,
        1,
        1,
    )
    assert glob.rounds_played == 6
    assert glob.win_rate == 0.5
    assert glob.points_per_round == 130 / 6
    assert {(s.guild_id, s.versus) for s in await store.stats.all_for(1)} == {
        (0, "people"),
        (10, "people"),
        (20, "people"),
    }


async def test_computer_matches_are_kept_apart(store: Store) -> None:
    await store.stats.record(10, [(1, win())], vs_computer=True)
    assert (await store.stats.get(1, 10, "computer")).matches_won == 1
    assert (await store.stats.get(1, 10, "people")).matches_played == 0
    assert (await store.stats.get(1, GLOBAL, "computer")).matches_won == 1


async def test_streaks_and_best_match(store: Store) -> None:
    results = [win(100), win(300), loss(500, forfeited=True), win(200), win(150), win(120)]
    for i, line in enumerate(results):
        await store.stats.record(1, [(7, line)], vs_computer=False, table_id=100 + i)
    stats = await store.stats.get(7, 1)
    assert (stats.current_streak, stats.best_streak) == (3, 3)
    assert stats.matches_forfeited == 1
    # A loss never counts as the best match, however high its score.
    assert (stats.best_match_points, stats.best_match_table_id) == (300, 101)
    await store.stats.record(1, [(7, loss())], vs_computer=False)
    stats = await store.stats.get(7, 1)
    assert (stats.current_streak, stats.best_streak) == (0, 3)


async def test_unknown_player_has_zero_stats(store: Store) -> None:
    stats = await store.stats.get(99, 3, "computer")
    assert (stats.user_id, stats.guild_id, stats.versus, stats.matches_played) == (
        99,
        3,
        "computer",
        0,
    )
    assert stats.win_rate == 0.0


async def test_leaderboard_order_pages_names_and_rank(store: Store) -> None:
    await store.players.upsert(2, "Two")
    wins = {1: 3, 2: 5, 3: 3, 4: 0, 5: 1}
    for uid, n in wins.items():
        lines = [win() for _ in range(n)] + [loss()]
        for line in lines:
            await store.stats.record(9, [(uid, line)], vs_computer=False)
    board = await store.stats.leaderboard(9, sort="wins", limit=10)
    # Ties (players 1 and 3 with 3 wins) go to the lower user id.
    assert [(e.rank, e.user_id, e.value) for e in board] == [
        (1, 2, 5),
        (2, 1, 3),
        (3, 3, 3),
        (4, 5, 1),
        (5, 4, 0),
    ]
    assert board[0].display_name == "Two" and board[1].display_name is None
    page2 = await store.stats.leaderboard(9, sort="wins", limit=2, offset=2)
    assert [(e.rank, e.user_id) for e in page2] == [(3, 3), (4, 5)]
    for entry in board:
        assert await store.stats.rank(entry.user_id, 9, sort="wins") == entry.rank
    assert await store.stats.rank(42, 9) is None
    assert await store.stats.count(9) == 5
    assert await store.stats.count(9, versus="computer") == 0
    played = await store.stats.leaderboard(9, sort="played", limit=1)
    assert played[0].user_id == 2 and played[0].value == 6


# One database for all examples: each example ranks in a server of its own.
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.integers(0, 6), min_size=1, max_size=25),
    st.sampled_from(["wins", "gins", "points", "streak", "played"]),
)
async def test_rank_matches_position_on_the_full_board(store_target, wins, sort) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(len(wins))
    guild = next(_guilds)
    async with cast(Store, await open_storage(store_target)) as store:
        for uid, n in enumerate(wins, start=1):
            for _ in range(n + 1):
                line = MatchLine(
                    won=rng.random() < 0.5,
                    score=rng.randint(0, 300),
                    gins=rng.randint(0, 2),
                    points_for=rng.randint(0, 3),
                )
                await store.stats.record(guild, [(uid, line)], vs_computer=False)
        board = await store.stats.leaderboard(guild, sort=sort, limit=100)  # type: ignore[arg-type]
        values = [e.value for e in board]
        assert values == sorted(values, reverse=True)
        for entry in board:
            assert await store.stats.rank(entry.user_id, guild, sort=sort) == entry.rank  # type: ignore[arg-type]


async def test_finish_match_writes_stats_once_for_people_only(store: Store) -> None:
    table = await store.tables.create(spec(1, guild=4))
    table = await store.tables.join(table.id, NewSeat("Bot", computer_level="easy"))
    version = await store.tables.start(table.id, table.version, "{}")
    version = await store.tables.start_round(table.id, version, 1, 5, 0, "{}")
    await store.tables.finish_match(
        table.id,
        version,
        winner_seat=0,
        ended_by="score",
        lines={0: win(200, gins=2), 1: loss(10)},
    )
    stats = await store.stats.get(1, 4, "computer")
    assert (stats.matches_won, stats.gins) == (1, 2)
    assert (await store.stats.get(1, 4, "people")).matches_played == 0
    assert await store.stats.count(4, versus="computer") == 1  # the computer has no row
