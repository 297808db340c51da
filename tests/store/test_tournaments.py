"""Tournaments: sign-up, statuses, rounds with pairings and byes, results recorded once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store import (
    AlreadyEntered,
    AlreadyRecorded,
    NewPairing,
    NotFound,
    StaleVersion,
    Store,
    TournamentFull,
    WrongStatus,
)

from .conftest import FakeClock, playing_table


async def new(store: Store, guild: int = 1, name: str = "Cup"):  # type: ignore[no-untyped-def]
    return await store.tournaments.create(
        guild,
        5,
        name=name,
        format="swiss",
        rules="cardgames",
        target=100,
        organizer_id=9,
        settings_json='{"rounds": 3}',
        seed=2**62,
    )


async def test_create_get_and_lists(store: Store) -> None:
    t = await new(store)
    assert (t.status, t.format, t.current_round, t.seed, t.version) == (
        "signup",
        "swiss",
        0,
        2**62,
        0,
    )
    assert await store.tournaments.get(t.id) == t
    assert await store.tournaments.get(999) is None
    other = await new(store, guild=2)
    assert [x.id for x in await store.tournaments.for_guild(1)] == [t.id]
    assert [x.id for x in await store.tournaments.unfinished()] == [t.id, other.id]
    await store.tournaments.set_message(t.id, 77)
    await store.tournaments.update_settings(t.id, '{"rounds": 4}')
    got = await store.tournaments.get(t.id)
    assert got is not None and (got.message_id, got.settings_json) == (77, '{"rounds": 4}')
    for call in (
        store.tournaments.set_message(999, 1),
        store.tournaments.update_settings(999, "{}"),
    ):
        with pytest.raises(NotFound):
            await call


async def test_status_changes_only_from_the_expected_ones(store: Store) -> None:
    t = await new(store)
    running = await store.tournaments.set_status(t.id, "running", only_from=["signup"])
    assert running.status == "running"
    with pytest.raises(WrongStatus):  # a second "start" at the same moment
        await store.tournaments.set_status(t.id, "running", only_from=["signup"])
    assert (await store.tournaments.set_status(t.id, "paused")).status == "paused"
    assert [x.status for x in await store.tournaments.for_guild(1, statuses=["paused"])] == [
        "paused"
    ]
    await store.tournaments.set_status(t.id, "cancelled")
    assert await store.tournaments.unfinished() == []
    with pytest.raises(NotFound):
        await store.tournaments.set_status(999, "running")


async def test_entries(store: Store, clock: FakeClock) -> None:
    t = await new(store)
    await store.tournaments.add_entry(t.id, 1, "Ann", rating=1600.0, max_players=2)
    clock.advance(seconds=1)
    await store.tournaments.add_entry(t.id, 2, "Bob", max_players=2)
    with pytest.raises(AlreadyEntered):
        await store.tournaments.add_entry(t.id, 1, "Ann")
    with pytest.raises(TournamentFull):
        await store.tournaments.add_entry(t.id, 3, "Cy", max_players=2)
    assert await store.tournaments.remove_entry(t.id, 2) is True
    assert await store.tournaments.remove_entry(t.id, 2) is False
    await store.tournaments.add_entry(t.id, 3, "Cy")
    assert [(e.user_id, e.rating, e.status) for e in await store.tournaments.entries(t.id)] == [
        (1, 1600.0, "active"),
        (3, None, "active"),
    ]
    await store.tournaments.set_status(t.id, "running")
    with pytest.raises(WrongStatus):
        await store.tournaments.add_entry(t.id, 4, "Di")
    with pytest.raises(WrongStatus):
        await store.tournaments.remove_entry(t.id, 3)
    entry = await store.tournaments.set_entry(t.id, 3, status="withdrawn", seed=2)
    assert (entry.status, entry.seed, entry.rating) == ("withdrawn", 2, None)
    entry = await store.tournaments.set_entry(t.id, 3, final_rank=2)
    assert (entry.status, entry.final_rank) == ("withdrawn", 2)
    with pytest.raises(NotFound):
        await store.tournaments.set_entry(t.id, 42, status="kicked")
    assert [x.id for x in await store.tournaments.for_player(1)] == [t.id]
    with pytest.raises(NotFound):
        await store.tournaments.add_entry(999, 1, "x")


async def test_rounds_pairings_byes_and_results(store: Store, clock: FakeClock) -> None:
    t = await new(store)
    deadline = clock.now + timedelta(minutes=30)
    pairings = await store.tournaments.start_round(
        t.id,
        1,
        [NewPairing("r1t1", 1, 1, 2), NewPairing("r1t2", 2, 3, 4), NewPairing("r1t3", 3, 5)],
        deadline=deadline,
    )
    assert [(p.key, p.player_a, p.player_b, p.deal_round) for p in pairings] == [
        ("r1t1", 1, 2, 1),
        ("r1t2", 3, 4, 1),
        ("r1t3", 5, None, 1),
    ]
    bye = pairings[2]
    assert (bye.result_kind, bye.winner_id, bye.finished_at) == ("bye", 5, clock.now)
    assert (await store.tournaments.get(t.id)).current_round == 1  # type: ignore[union-attr]
    [rnd] = await store.tournaments.rounds(t.id)
    assert (rnd.round_no, rnd.status, rnd.deadline) == (1, "playing", deadline)

    table, _ = await playing_table(store, 1, 2)
    await store.tournaments.set_pairing_table(t.id, "r1t1", table.id)
    assert (await store.tournaments.pairing_for_table(table.id)).key == "r1t1"  # type: ignore[union-attr]
    assert await store.tournaments.pairing_for_table(9999) is None

    won = await store.tournaments.record_result(
        t.id, "r1t1", "win", 2, result_json='{"s": [40, 120]}'
    )
    assert (won.result_kind, won.winner_id, won.result_json) == ("win", 2, '{"s": [40, 120]}')
    # The no-show deadline firing after the match ended cannot count a second result.
    with pytest.raises(AlreadyRecorded):
        await store.tournaments.record_result(t.id, "r1t1", "forfeit", 1)
    await store.tournaments.record_result(t.id, "r1t2", "double_forfeit", None)
    with pytest.raises(ValueError):
        await store.tournaments.record_result(t.id, "r1t2", "win", None)
    with pytest.raises(NotFound):
        await store.tournaments.record_result(t.id, "nope", "win", 1)
    await store.tournaments.finish_round(t.id, 1)
    assert (await store.tournaments.rounds(t.id))[0].status == "finished"
    with pytest.raises(NotFound):
        await store.tournaments.finish_round(t.id, 7)

    later = await store.tournaments.start_round(
        t.id, 2, [NewPairing("r2t1", 1, 2, 1, deal_round=1)]
    )
    assert later[0].deal_round == 1
    assert [p.key for p in await store.tournaments.pairings(t.id)] == [
        "r1t1",
        "r1t2",
        "r1t3",
        "r2t1",
    ]
    assert [p.key for p in await store.tournaments.pairings(t.id, 2)] == ["r2t1"]
    with pytest.raises(NotFound):
        await store.tournaments.set_pairing_table(t.id, "nope", table.id)
    with pytest.raises(NotFound):
        await store.tournaments.start_round(999, 1, [])


async def test_state_is_versioned(store: Store) -> None:
    t = await new(store)
    v1 = await store.tournaments.save_state(t.id, 0, '{"bracket": 1}')
    with pytest.raises(StaleVersion):
        await store.tournaments.save_state(t.id, 0, '{"bracket": "late"}')
    assert (await store.tournaments.get(t.id)).state_json == '{"bracket": 1}'  # type: ignore[union-attr]
    assert await store.tournaments.save_state(t.id, v1, "{}") == v1 + 1
    with pytest.raises(NotFound):
        await store.tournaments.save_state(999, 0, "{}")


async def test_organizer_role(store: Store) -> None:
    assert await store.tournaments.organizer_role(1) is None
    await store.tournaments.set_organizer_role(1, 55)
    await store.tournaments.set_organizer_role(1, 56)
    assert await store.tournaments.organizer_role(1) == 56
    await store.tournaments.set_organizer_role(1, None)
    assert await store.tournaments.organizer_role(1) is None
