"""Tables: lobby, versions, moves, snapshots, rounds, match end, reads."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import asyncpg
import pytest

from bot.store import (
    AlreadySeated,
    MatchLine,
    NewSeat,
    NotFound,
    RatingUpdate,
    StaleVersion,
    Store,
    TableFull,
    WrongStatus,
)

from .conftest import FakeClock, playing_table, spec


async def test_create_join_leave_keep_seats_contiguous(store: Store) -> None:
    table = await store.tables.create(spec(1, seats=4))
    assert (table.status, table.version, [s.seat_no for s in table.seats]) == ("lobby", 0, [0])
    table = await store.tables.join(table.id, NewSeat("two", user_id=2))
    table = await store.tables.join(table.id, NewSeat("cpu", computer_level="hard"))
    table = await store.tables.join(table.id, NewSeat("four", user_id=4))
    assert table.version == 3
    assert table.vs_computer
    with pytest.raises(TableFull):
        await store.tables.join(table.id, NewSeat("five", user_id=5))
    table = await store.tables.leave(table.id, 2)
    assert [(s.seat_no, s.user_id, s.computer_level) for s in table.seats] == [
        (0, 1, None),
        (1, None, "hard"),
        (2, 4, None),
    ]
    assert table.version == 4
    assert table.seat_of(4) is not None and table.seat_of(4).seat_no == 2  # type: ignore[union-attr]
    with pytest.raises(NotFound):
        await store.tables.leave(table.id, 2)


async def test_join_refusals(store: Store) -> None:
    table = await store.tables.create(spec(1))
    with pytest.raises(AlreadySeated):
        await store.tables.join(table.id, NewSeat("again", user_id=1))
    with pytest.raises(NotFound):
        await store.tables.join(999, NewSeat("x", user_id=3))
    with pytest.raises(AlreadySeated):
        await store.tables.create(spec(1, 1))
    with pytest.raises(TableFull):
        await store.tables.create(spec(1, 2, 3))
    with pytest.raises(ValueError):
        NewSeat("nobody")
    with pytest.raises(ValueError):
        NewSeat("both", user_id=1, computer_level="easy")


async def test_start_needs_two_players_the_lobby_and_the_version(store: Store) -> None:
    table = await store.tables.create(spec(1))
    with pytest.raises(WrongStatus, match="fewer than two"):
        await store.tables.start(table.id, table.version, "{}")
    table = await store.tables.join(table.id, NewSeat("two", user_id=2))
    with pytest.raises(StaleVersion):
        await store.tables.start(table.id, table.version - 1, "{}")
    version = await store.tables.start(table.id, table.version, '{"s": 1}')
    started = await store.tables.get(table.id)
    assert started is not None
    assert (started.status, started.version, started.state_json) == ("playing", version, '{"s": 1}')
    assert started.snapshot_version == version
    with pytest.raises(WrongStatus):
        await store.tables.start(table.id, version, "{}")
    with pytest.raises(WrongStatus):
        await store.tables.join(table.id, NewSeat("late", user_id=3))
    with pytest.raises(WrongStatus):
        await store.tables.leave(table.id, 2)
    with pytest.raises(NotFound):
        await store.tables.start(12345, 0, "{}")


async def test_rounds_and_moves(store: Store, clock: FakeClock) -> None:
    table, version = await playing_table(store, 1, 2)
    rnd = await store.tables.round(table.id, 1)
    assert rnd is not None
    assert (rnd.seed, rnd.dealer, rnd.start_version, rnd.result_json) == (1234, 0, version, None)
    deadline = clock.now + timedelta(minutes=3)
    v1 = await store.tables.apply_move(
        table.id, version, 1, 1, '{"k": "pass"}', turn_deadline=deadline
    )
    assert v1 == version + 1
    after = await store.tables.get(table.id)
    assert after is not None
    assert (after.version, after.turn_deadline, after.state_json) == (
        v1,
        deadline,
        '{"state": "r1"}',
    )
    v2 = await store.tables.apply_move(table.id, v1, 1, 0, '{"k": "draw"}', '{"state": "r1m2"}')
    after = await store.tables.get(table.id)
    assert after is not None
    assert (after.state_json, after.snapshot_version, after.turn_deadline) == (
        '{"state": "r1m2"}',
        v2,
        None,
    )
    v3 = await store.tables.apply_move(
        table.id, v2, 1, 0, '{"k": "gin"}', round_result_json='{"winner": 0}'
    )
    rnd = await store.tables.round(table.id, 1)
    assert rnd is not None and rnd.result_json == '{"winner": 0}' and rnd.finished_at == clock.now
    v4 = await store.tables.start_round(table.id, v3, 2, 2**62, 1, '{"state": "r2"}')
    v5 = await store.tables.apply_move(table.id, v4, 2, 0, '{"k": "draw"}')
    moves = await store.tables.moves(table.id)
    assert [(m.seq, m.round_no, m.seat, m.action_json) for m in moves] == [
        (v1, 1, 1, '{"k": "pass"}'),
        (v2, 1, 0, '{"k": "draw"}'),
        (v3, 1, 0, '{"k": "gin"}'),
        (v5, 2, 0, '{"k": "draw"}'),
    ]
    assert [m.seq for m in await store.tables.moves(table.id, round_no=1)] == [v1, v2, v3]
    assert [m.seq for m in await store.tables.moves(table.id, after_seq=v3)] == [v5]
    assert [(r.round_no, r.seed) for r in await store.tables.rounds(table.id)] == [
        (1, 1234),
        (2, 2**62),
    ]
    with pytest.raises(ValueError):
        await store.tables.start_round(table.id, v5, 3, 2**64, 0, "{}")


async def test_stale_move_changes_nothing(store: Store) -> None:
    table, version = await playing_table(store, 1, 2)
    await store.tables.apply_move(table.id, version, 1, 0, '{"k": "draw"}', '{"s": "a"}')
    before = await store.tables.get(table.id)
    with pytest.raises(StaleVersion) as caught:
        await store.tables.apply_move(table.id, version, 1, 1, '{"k": "late"}', '{"s": "b"}')
    assert (caught.value.expected, caught.value.actual) == (version, version + 1)
    assert await store.tables.get(table.id) == before
    assert len(await store.tables.moves(table.id)) == 1


async def test_moves_need_a_playing_table_and_a_started_round(store: Store) -> None:
    lobby = await store.tables.create(spec(1, 2))
    with pytest.raises(WrongStatus):
        await store.tables.apply_move(lobby.id, lobby.version, 1, 0, "{}")
    with pytest.raises(NotFound):
        await store.tables.apply_move(777, 0, 1, 0, "{}")
    table, version = await playing_table(store, 3, 4)
    with pytest.raises(NotFound, match="round 2"):
        await store.tables.apply_move(table.id, version, 2, 0, "{}")
    assert await store.tables.moves(table.id) == []
    assert (await store.tables.get(table.id)).version == version  # type: ignore[union-attr]


async def test_save_snapshot_and_finish_round(store: Store) -> None:
    table, version = await playing_table(store, 1, 2)
    v1 = await store.tables.apply_move(table.id, version, 1, 0, '{"k": "draw"}')
    await store.tables.save_snapshot(table.id, v1, '{"s": "after draw"}')
    saved = await store.tables.get(table.id)
    assert saved is not None
    assert (saved.version, saved.snapshot_version, saved.state_json) == (
        v1,
        v1,
        '{"s": "after draw"}',
    )
    with pytest.raises(StaleVersion):
        await store.tables.save_snapshot(table.id, version, "{}")
    with pytest.raises(NotFound):
        await store.tables.save_snapshot(999, 0, "{}")
    await store.tables.finish_round(table.id, 1, '{"draw": true}')
    assert (await store.tables.round(table.id, 1)).result_json == '{"draw": true}'  # type: ignore[union-attr]
    with pytest.raises(NotFound):
        await store.tables.finish_round(table.id, 9, "{}")


async def test_finish_match_records_history_stats_and_ratings(
    store: Store, clock: FakeClock
) -> None:
    table, version = await playing_table(store, 1, 2, guild=7)
    with pytest.raises(ValueError):
        await store.tables.finish_match(
            table.id, version, winner_seat=5, ended_by="score", lines={}
        )
    assert (await store.tables.get(table.id)).status == "playing"  # type: ignore[union-attr]
    new_version = await store.tables.finish_match(
        table.id,
        version,
        winner_seat=1,
        ended_by="resign",
        lines={0: MatchLine(False, 30, resigned=True), 1: MatchLine(True, 180)},
        state_json='{"final": true}',
        ratings=[
            RatingUpdate(1, 7, 1480.0, 300.0, 0.06, 1),
            RatingUpdate(2, 7, 1520.0, 300.0, 0.06, 1),
        ],
    )
    done = await store.tables.get(table.id)
    assert done is not None
    assert (done.status, done.version, done.state_json, done.turn_deadline) == (
        "finished",
        new_version,
        '{"final": true}',
        None,
    )
    match = await store.history.get(table.id)
    assert match is not None
    assert (match.guild_id, match.rules, match.winner_seat, match.ended_by, match.rounds) == (
        7,
        "cardgames",
        1,
        "resign",
        1,
    )
    assert [(s.user_id, s.score, s.won) for s in match.seats] == [(1, 30, False), (2, 180, True)]
    assert match.finished_at == clock.now and match.vs_computer is False
    assert (await store.stats.get(1, 7)).matches_resigned == 1
    assert (await store.stats.get(2, 7)).best_match_points == 180
    assert (await store.ratings.get(2, 7)).rating == 1520.0  # type: ignore[union-attr]
    with pytest.raises(StaleVersion):
        await store.tables.finish_match(
            table.id, version, winner_seat=1, ended_by="score", lines={}
        )
    with pytest.raises(StaleVersion):
        await store.tables.apply_move(table.id, version, 1, 0, "{}")
    with pytest.raises(WrongStatus):
        await store.tables.apply_move(table.id, new_version, 1, 0, "{}")


async def test_abandon(store: Store) -> None:
    lobby = await store.tables.create(spec(1))
    assert await store.tables.abandon(lobby.id) == 1
    with pytest.raises(WrongStatus):
        await store.tables.abandon(lobby.id)
    table, version = await playing_table(store, 1, 2)
    with pytest.raises(StaleVersion):
        await store.tables.abandon(table.id, version - 1)
    assert await store.tables.abandon(table.id, version) == version + 1
    assert (await store.tables.get(table.id)).status == "abandoned"  # type: ignore[union-attr]
    assert await store.history.get(table.id) is None
    with pytest.raises(NotFound):
        await store.tables.abandon(999)


async def test_metadata_setters_do_not_change_the_version(store: Store, clock: FakeClock) -> None:
    table, version = await playing_table(store, 1, 2)
    await store.tables.set_message(table.id, 555)
    await store.tables.set_seat_message(table.id, 1, 66, 77)
    await store.tables.remove_seat(table.id, 0)
    deadline = clock.now + timedelta(minutes=3)
    await store.tables.set_deadline(table.id, deadline)
    got = await store.tables.get(table.id)
    assert got is not None
    assert (got.version, got.message_id, got.turn_deadline) == (version, 555, deadline)
    assert (got.seats[1].dm_channel_id, got.seats[1].dm_message_id) == (66, 77)
    assert got.seats[0].removed and not got.seats[1].removed
    for call in (
        store.tables.set_message(999, 1),
        store.tables.set_deadline(999, None),
        store.tables.set_seat_message(table.id, 5, 1, 1),
        store.tables.remove_seat(999, 0),
    ):
        with pytest.raises(NotFound):
            await call


async def test_due_active_find(store: Store, clock: FakeClock) -> None:
    a, va = await playing_table(store, 1, 2)
    b, vb = await playing_table(store, 1, 3)
    lobby = await store.tables.create(spec(1, 4, guild=2))
    await store.tables.apply_move(
        a.id, va, 1, 0, "{}", turn_deadline=clock.now + timedelta(seconds=10)
    )
    await store.tables.apply_move(
        b.id, vb, 1, 0, "{}", turn_deadline=clock.now + timedelta(seconds=5)
    )
    assert await store.tables.due() == []
    assert [t.id for t in await store.tables.due(clock.now + timedelta(seconds=7))] == [b.id]
    clock.advance(seconds=10)
    assert [t.id for t in await store.tables.due()] == [b.id, a.id]
    assert [t.id for t in await store.tables.active_for(1)] == [a.id, b.id, lobby.id]
    assert await store.tables.count_active(1) == 3
    await store.tables.remove_seat(b.id, 0)
    assert await store.tables.count_active(1) == 2
    assert await store.tables.count_active(4) == 1
    assert [t.id for t in await store.tables.find(status="lobby")] == [lobby.id]
    assert [t.id for t in await store.tables.find(guild_id=1)] == [b.id, a.id]
    assert [t.id for t in await store.tables.find(channel_id=2, limit=1)] == [lobby.id]
    assert len((await store.tables.find(status="playing"))[0].seats) == 2


async def test_move_log_is_append_only(store: Store) -> None:
    table, version = await playing_table(store, 1, 2)
    await store.tables.apply_move(table.id, version, 1, 0, '{"k": "draw"}')
    for sql in ("UPDATE moves SET action_json = '{}'", "DELETE FROM moves"):
        with pytest.raises((sqlite3.IntegrityError, asyncpg.RaiseError), match="append-only"):
            async with store._db.write() as tx:
                await tx.execute(sql)
    assert len(await store.tables.moves(table.id)) == 1
