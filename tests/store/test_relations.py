"""Block, mute, favorite: directed, unique."""

from __future__ import annotations

import pytest

from bot.store import Store

from .conftest import FakeClock


async def test_add_is_directed_and_unique(store: Store) -> None:
    assert await store.relations.add(1, 2, "block") is True
    assert await store.relations.add(1, 2, "block") is False
    assert await store.relations.has(1, 2, "block")
    assert not await store.relations.has(2, 1, "block")
    assert not await store.relations.has(1, 2, "mute")
    assert await store.relations.add(1, 2, "mute") is True  # another kind, another row


async def test_remove(store: Store) -> None:
    await store.relations.add(1, 2, "favorite")
    assert await store.relations.remove(1, 2, "favorite") is True
    assert await store.relations.remove(1, 2, "favorite") is False
    assert not await store.relations.has(1, 2, "favorite")


async def test_rejects_self_and_unknown_kinds(store: Store) -> None:
    with pytest.raises(ValueError):
        await store.relations.add(1, 1, "block")
    with pytest.raises(ValueError):
        await store.relations.add(1, 2, "hug")  # type: ignore[arg-type]


async def test_of_lists_what_the_user_made(store: Store, clock: FakeClock) -> None:
    await store.relations.add(1, 3, "block")
    clock.advance(seconds=1)
    await store.relations.add(1, 2, "favorite")
    await store.relations.add(2, 1, "block")  # made by someone else: not listed
    listed = await store.relations.of(1)
    assert [(r.target_id, r.kind) for r in listed] == [(3, "block"), (2, "favorite")]
    assert [r.target_id for r in await store.relations.of(1, "favorite")] == [2]


async def test_blocked_either_way(store: Store) -> None:
    assert not await store.relations.blocked_either_way(1, 2)
    await store.relations.add(2, 1, "block")
    assert await store.relations.blocked_either_way(1, 2)
    assert await store.relations.blocked_either_way(2, 1)
    await store.relations.add(3, 1, "mute")
    assert not await store.relations.blocked_either_way(1, 3)


async def test_among(store: Store) -> None:
    await store.relations.add(1, 2, "block")
    await store.relations.add(1, 3, "block")
    await store.relations.add(4, 9, "mute")
    await store.relations.add(5, 9, "mute")
    await store.relations.add(6, 9, "block")
    assert await store.relations.targets_among(1, "block", [2, 4, 3]) == {2, 3}
    assert await store.relations.targets_among(1, "block", []) == set()
    # Who at the table muted player 9 (the relay skips them):
    assert await store.relations.sources_among(9, "mute", [4, 6, 7]) == {4}
    assert await store.relations.sources_among(9, "mute", [4, 5, 6]) == {4, 5}


async def test_favorites_show_name_and_presence(store: Store) -> None:
    await store.players.upsert(2, "Bea")
    await store.players.upsert(3, "Al")
    await store.players.set_online(2, False)
    for target in (2, 3, 4):
        await store.relations.add(1, target, "favorite")
    favs = await store.relations.favorites(1)
    by_id = {f.target_id: f for f in favs}
    assert (by_id[2].display_name, by_id[2].online) == ("Bea", False)
    assert (by_id[3].display_name, by_id[3].online) == ("Al", True)
    assert (by_id[4].display_name, by_id[4].online) == (None, None)
    # By name, the unknown first, the same on both backends (PostgreSQL sorts NULL last
    # unless told).
    assert [f.display_name for f in favs] == [None, "Al", "Bea"]
