"""Export everything about a player; erase it, keeping finished games with an anonymous seat."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from bot.store import DELETED_PLAYER, MatchLine, NewPairing, PlayerInGame, RatingUpdate, Store

from .conftest import FakeClock, playing_table, spec


async def fill(store: Store, clock: FakeClock) -> int:
    """Player 1 with some of everything; returns a finished table id they sat at."""
    await store.players.upsert(1, "Ann", locale="fr")
    await store.players.upsert(2, "Bob")
    await store.players.update_settings(1, dark=True)
    await store.players.mark_dm_closed(1)
    await store.relations.add(1, 2, "favorite")
    await store.relations.add(2, 1, "block")
    await store.achievements.unlock(1, ["first_win"])
    await store.ratings.put([RatingUpdate(1, 0, 1550.0, 90.0, 0.06, 3)])
    await store.challenges.create(
        1, 2, 1, 3, rules="cardgames", target=50, expires_at=clock.now + timedelta(minutes=5)
    )
    table, version = await playing_table(store, 1, 2)
    await store.tables.finish_match(
        table.id,
        version,
        winner_seat=0,
        ended_by="score",
        lines={0: MatchLine(True, 200), 1: MatchLine(False, 10)},
    )
    return table.id


async def test_export_holds_everything_and_is_json(store: Store, clock: FakeClock) -> None:
    table_id = await fill(store, clock)
    data = await store.privacy.export_player(1)
    json.dumps(data)  # plain data only
    assert data["player"]["display_name"] == "Ann" and data["player"]["locale"] == "fr"
    assert data["settings"]["dark"] is True
    assert data["dm_closed_since"] == clock.now.isoformat()
    assert [(r["target_id"], r["kind"]) for r in data["relations"]] == [
        (2, "favorite")
    ]  # not Bob's block
    assert [a["key"] for a in data["achievements"]] == ["first_win"]
    assert data["ratings"][0]["rating"] == 1550.0
    assert len(data["challenges"]) == 1
    assert {(s["guild_id"], s["matches_won"]) for s in data["stats"]} == {(0, 1), (1, 1)}
    assert [m["table_id"] for m in data["matches"]] == [table_id]
    assert data["matches"][0]["won"] is True
    assert [t["table_id"] for t in data["tables"]] == [table_id]
    empty = await store.privacy.export_player(99)
    assert empty["player"] is None and empty["stats"] == [] and empty["matches"] == []


async def test_erase_removes_personal_rows_and_anonymizes_games(
    store: Store, clock: FakeClock
) -> None:
    table_id = await fill(store, clock)
    await store.privacy.erase_player(1)
    assert await store.players.get(1) is None
    assert (await store.players.settings(1)).dark is False
    assert not await store.players.dm_closed(1)
    assert await store.relations.of(1) == [] and await store.relations.of(2) == []
    assert await store.achievements.of(1) == []
    assert await store.ratings.get(1) is None
    assert await store.stats.all_for(1) == []
    assert await store.challenges.pending_for(1) == []
    exported = await store.privacy.export_player(1)
    assert all(not exported[k] for k in exported if k != "user_id")
    # The finished game keeps an anonymous seat; Bob's side is untouched.
    match = await store.history.get(table_id)
    assert match is not None
    assert [(s.user_id, s.display_name, s.score) for s in match.seats] == [
        (None, DELETED_PLAYER, 200),
        (2, "user2", 10),
    ]
    table = await store.tables.get(table_id)
    assert table is not None and table.seats[0].user_id is None
    assert (await store.stats.get(2, 1)).matches_lost == 1
    assert [m.table_id for m in await store.history.recent(2)] == [table_id]
    assert await store.players.get(2) is not None


async def test_erase_waits_for_games_in_progress(store: Store) -> None:
    table, _ = await playing_table(store, 1, 2)
    lobby = await store.tables.create(spec(1, 3))
    with pytest.raises(PlayerInGame) as caught:
        await store.privacy.erase_player(1)
    assert caught.value.table_ids == [table.id, lobby.id]
    assert (await store.tables.get(table.id)).seats[0].user_id == 1  # type: ignore[union-attr]


async def test_erase_in_tournaments(store: Store) -> None:
    signup = await store.tournaments.create(
        1, 2, name="Soon", format="swiss", rules="cardgames", target=100, organizer_id=1
    )
    await store.tournaments.add_entry(signup.id, 1, "Ann")
    running = await store.tournaments.create(
        1, 2, name="Now", format="swiss", rules="cardgames", target=100, organizer_id=5
    )
    for uid in (1, 2, 3):
        await store.tournaments.add_entry(running.id, uid, f"p{uid}")
    await store.tournaments.set_status(running.id, "running")
    await store.tournaments.start_round(
        running.id, 1, [NewPairing("r1t1", 1, 1, 2), NewPairing("r1t2", 2, 3)]
    )
    await store.tournaments.record_result(running.id, "r1t1", "win", 1)

    await store.privacy.erase_player(1)
    assert await store.tournaments.entries(signup.id) == []
    assert (await store.tournaments.get(signup.id)).organizer_id is None  # type: ignore[union-attr]
    entries = await store.tournaments.entries(running.id)
    anon = [e for e in entries if e.display_name == DELETED_PLAYER]
    assert len(anon) == 1 and anon[0].user_id < 0
    assert sorted(e.user_id for e in entries if e.user_id > 0) == [2, 3]
    pairing = (await store.tournaments.pairings(running.id, 1))[0]
    assert (pairing.player_a, pairing.winner_id) == (anon[0].user_id, anon[0].user_id)
    assert await store.tournaments.for_player(1) == []
