"""A server's settings (`store.guilds`) on each backend, and `ServerSettings`, the cache of
them every public message reads: two processes on one PostgreSQL database agree within
`ServerSettings.FRESH` seconds."""

from __future__ import annotations

import asyncio

import pytest

from bot.servers.settings import ServerSettings
from bot.store import Store
from bot.store.postgres import open_pg_store

G1, G2 = 501, 502


async def test_a_servers_language_is_set_changed_and_cleared(store: Store) -> None:
    assert await store.guilds.language(G1) is None
    assert await store.guilds.languages() == {}
    await store.guilds.set_language(G1, "es")
    await store.guilds.set_language(G2, "fr")
    await store.guilds.set_language(G1, "fr")
    assert await store.guilds.language(G1) == "fr"
    await store.guilds.set_language(G2, None)
    assert await store.guilds.language(G2) is None
    assert await store.guilds.languages() == {G1: "fr"}


async def test_the_service_answers_from_memory_and_keeps_its_own_writes(store: Store) -> None:
    await store.guilds.set_language(G1, "es")
    servers = ServerSettings(store)
    await servers.start()
    assert servers.language(G1) == "es" and servers.language(G2) is None
    assert servers.language(None) is None
    await servers.set_language(G2, "fr")
    assert servers.language(G2) == "fr"
    await servers.set_language(G1, None)
    assert servers.language(G1) is None
    with pytest.raises(ValueError, match="unknown language"):
        await servers.set_language(G1, "de")
    again = ServerSettings(store)  # a restart
    await again.start()
    assert (again.language(G1), again.language(G2)) == (None, "fr")
    await servers.close()
    await again.close()


async def test_two_processes_on_postgresql_agree_within_fresh(pg_url: str) -> None:
    first, second = (
        await open_pg_store(pg_url, pool_size=2),
        await open_pg_store(pg_url, pool_size=2),
    )
    one, two = ServerSettings(first), ServerSettings(second)
    one.FRESH = two.FRESH = 0.1
    try:
        await one.start()
        await two.start()
        await one.set_language(G1, "es")
        assert one.language(G1) == "es"
        for _ in range(100):  # at most 2 s; FRESH is 0.1 s
            if two.language(G1) == "es":
                break
            await asyncio.sleep(0.02)
        assert two.language(G1) == "es"
        await two.set_language(G1, None)
        for _ in range(100):
            if one.language(G1) is None:
                break
            await asyncio.sleep(0.02)
        assert one.language(G1) is None
    finally:
        await one.close()
        await two.close()
        await first.close()
        await second.close()
