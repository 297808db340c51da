"""Ratings per scope with their leaderboard, and the match history."""

from __future__ import annotations

from bot.ratings import Rating
from bot.store import GLOBAL, MatchLine, RatingUpdate, Store

from .conftest import FakeClock, playing_table


async def test_put_get_and_bot_ratings_compatibility(store: Store, clock: FakeClock) -> None:
    assert await store.ratings.get(1) is None
    await store.ratings.put([RatingUpdate.of(1, GLOBAL, Rating(1600.0, 80.0, 0.059, 12))])
    got = await store.ratings.get(1)
    assert got is not None
    assert (got.rating, got.rd, got.volatility, got.games, got.updated_at) == (
        1600.0,
        80.0,
        0.059,
        12,
        clock.now,
    )
    await store.ratings.put(
        [
            RatingUpdate(1, GLOBAL, 1610.5, 78.0, 0.059, 13),
            RatingUpdate(1, 7, 1500.0, 350.0, 0.06, 0),
        ]
    )
    assert (await store.ratings.get(1)).rating == 1610.5  # type: ignore[union-attr]
    assert (await store.ratings.get(1, 7)).games == 0  # type: ignore[union-attr]
    assert sorted(await store.ratings.get_many([1, 2], GLOBAL)) == [1]
    assert await store.ratings.get_many([]) == {}


async def test_rating_leaderboard_and_rank(store: Store) -> None:
    await store.players.upsert(3, "Three")
    values = {1: 1500.0, 2: 1700.0, 3: 1600.0, 4: 1600.0}
    await store.ratings.put([RatingUpdate(u, 5, r, 60.0, 0.06, 10) for u, r in values.items()])
    await store.ratings.put([RatingUpdate(9, GLOBAL, 2000.0, 60.0, 0.06, 10)])
    board = await store.ratings.leaderboard(5, limit=10)
    assert [(e.rank, e.rating.user_id) for e in board] == [(1, 2), (2, 3), (3, 4), (4, 1)]
    assert board[1].display_name == "Three"
    for e in board:
        assert await store.ratings.rank(e.rating.user_id, 5) == e.rank
    assert await store.ratings.rank(9, 5) is None
    assert await store.ratings.count(5) == 4
    assert [e.rank for e in await store.ratings.leaderboard(5, limit=2, offset=2)] == [3, 4]


async def test_history_newest_first_by_server_and_favorite_rules(
    store: Store, clock: FakeClock
) -> None:
    ids = []
    for guild, users in ((1, (1, 2)), (2, (1, 3)), (1, (2, 1))):
        table, version = await playing_table(store, *users, guild=guild)
        clock.advance(minutes=1)
        await store.tables.finish_match(
            table.id,
            version,
            winner_seat=0,
            ended_by="score",
            lines={0: MatchLine(True, 150), 1: MatchLine(False, 50)},
        )
        ids.append(table.id)
    assert [m.table_id for m in await store.history.recent(1)] == ids[::-1]
    assert [m.table_id for m in await store.history.recent(1, guild_id=1)] == [ids[2], ids[0]]
    assert [m.table_id for m in await store.history.recent(1, limit=1, offset=1)] == [ids[1]]
    assert await store.history.recent(42) == []
    latest = (await store.history.recent(1))[0]
    assert [(s.user_id, s.won) for s in latest.seats] == [(2, True), (1, False)]
    assert await store.history.favorite_rules(1) == "cardgames"
    assert await store.history.favorite_rules(42) is None
    assert await store.history.get(12345) is None
