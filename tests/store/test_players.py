"""Players, settings, closed DMs, achievements."""

from __future__ import annotations

import pytest

from bot.store import NotFound, PlayerSettings, Storage, Store, is_postgres_url, open_store
from bot.store.postgres import open_pg_store

from .conftest import FakeClock


async def test_upsert_creates_then_refreshes(store: Store, clock: FakeClock) -> None:
    created = await store.players.upsert(1, "Ann", locale="fr")
    assert (created.display_name, created.online, created.locale) == ("Ann", True, "fr")
    clock.advance(minutes=5)
    renamed = await store.players.upsert(1, "Annie")
    assert renamed.display_name == "Annie"
    assert renamed.locale == "fr"  # not given: kept
    assert renamed.created_at == created.created_at
    assert renamed.updated_at == clock.now
    assert await store.players.get(1) == renamed
    assert await store.players.get(2) is None


async def test_online_and_locale(store: Store) -> None:
    await store.players.upsert(1, "Ann")
    assert (await store.players.set_online(1, False)).online is False
    assert (await store.players.upsert(1, "Ann")).online is False  # a rename keeps the status
    assert (await store.players.upsert(1, "Ann", online=True)).online is True
    assert (await store.players.set_locale(1, "de")).locale == "de"
    with pytest.raises(NotFound):
        await store.players.set_online(99, True)
    with pytest.raises(NotFound):
        await store.players.set_locale(99, "en")


async def test_get_many(store: Store) -> None:
    for uid in (1, 2, 3):
        await store.players.upsert(uid, f"p{uid}")
    found = await store.players.get_many([3, 1, 1, 42])
    assert sorted(found) == [1, 3]
    assert found[3].display_name == "p3"
    assert await store.players.get_many([]) == {}


async def test_settings_default_and_partial_updates(store: Store) -> None:
    assert await store.players.settings(5) == PlayerSettings(
        5, images=False, four_colour=False, dark=False
    )
    assert await store.players.update_settings(5, dark=True) == PlayerSettings(
        5, False, False, True
    )
    assert await store.players.update_settings(5, images=True) == PlayerSettings(
        5, True, False, True
    )
    assert await store.players.update_settings(5, images=False) == PlayerSettings(
        5, False, False, True
    )
    assert await store.players.update_settings(5, four_colour=True, dark=False) == PlayerSettings(
        5, False, True, False
    )
    assert await store.players.settings(5) == PlayerSettings(5, False, True, False)
    assert await store.players.settings(6) == PlayerSettings(6)


async def test_closed_dms(store: Store) -> None:
    assert not await store.players.dm_closed(1)
    await store.players.mark_dm_closed(1)
    await store.players.mark_dm_closed(1)  # twice is fine
    await store.players.mark_dm_closed(3)
    assert await store.players.dm_closed(1)
    assert await store.players.dm_closed_among([1, 2, 3]) == {1, 3}
    assert await store.players.dm_closed_among([]) == set()
    assert await store.players.clear_dm_closed(1) is True
    assert await store.players.clear_dm_closed(1) is False
    assert not await store.players.dm_closed(1)


async def test_achievements_unlock_once(store: Store, clock: FakeClock) -> None:
    assert await store.achievements.unlock(1, ["first_win", "first_gin"]) == [
        "first_win",
        "first_gin",
    ]
    first_time = clock.now
    clock.advance(days=1)
    assert await store.achievements.unlock(1, ["first_gin", "big_gin", "big_gin"]) == ["big_gin"]
    unlocked = await store.achievements.of(1)
    assert [(a.key, a.unlocked_at) for a in unlocked] == [
        ("first_gin", first_time),
        ("first_win", first_time),
        ("big_gin", clock.now),
    ]
    assert await store.achievements.of(2) == []


async def test_settings_changed_through_another_handle_are_seen_once_not_fresh(
    stores: tuple[Storage, Storage],
) -> None:
    """Two processes on one database (two pools on PostgreSQL; one store on SQLite): each
    keeps settings in memory, and a change made through the other is read once the memory
    is no longer fresh (`SETTINGS_FRESH`)."""
    one, two = stores
    assert (await one.players.settings(7)).dark is False  # now in `one`'s memory
    await two.players.update_settings(7, dark=True, language="fr")
    assert (await two.players.settings(7)).dark is True  # the changer sees it at once
    one.players.SETTINGS_FRESH = 0.0  # as if that time had passed
    changed = await one.players.settings(7)
    assert changed.dark is True and changed.language == "fr"


async def test_dm_channel_is_kept_across_a_restart(
    store: Store, store_target: str, clock: FakeClock
) -> None:
    await store.players.upsert(1, "Ann")
    assert await store.players.dm_channel(1) is None
    await store.players.set_dm_channel(1, 987654321012345678)
    await store.players.set_dm_channel(2, 5)  # not a player: nothing kept, nothing raised
    if is_postgres_url(store_target):
        reopened = await open_pg_store(store_target, clock=clock)
    else:
        reopened = await open_store(store_target, clock=clock)
    async with reopened as again:
        assert await again.players.dm_channel(1) == 987654321012345678
        assert await again.players.dm_channel(2) is None
