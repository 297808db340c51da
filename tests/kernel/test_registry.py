"""The registry of live aggregates (`bot/kernel/registry.py`): a miss read from the store
when it is shared, an aggregate checked under its lock and rebuilt when the store's version
moved on, one holder at a time, and the service's own error for a key nobody has. The
registry knows no store; the one here is what a service's `fetch` and `check` read (the
tables' and the tournaments' on real stores are in tests/games and tests/tournaments)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import pytest

from bot.kernel import Registry


class NotFound(Exception):
    pass


@dataclass(eq=False)
class Counter:
    key: str
    value: int
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Counters(Registry[str, Counter]):
    """Counters as `store` has them: key -> (version, value)."""

    def __init__(self, shared: bool, store: dict[str, tuple[int, int]]) -> None:
        super().__init__(shared)
        self.store = store
        self.fetched: list[str] = []
        self.checked: list[str] = []

    def not_found(self, key: str) -> NotFound:
        return NotFound(key)

    async def fetch(self, key: str) -> Counter:
        self.fetched.append(key)
        await asyncio.sleep(0)  # a read: another task may run meanwhile
        if key not in self.store:
            raise NotFound(key)
        version, value = self.store[key]
        return Counter(key, value, version)

    async def check(self, live: Counter) -> None:
        self.checked.append(live.key)
        if live.key not in self.store:
            self.discard(live.key, live)
            raise NotFound(live.key)
        version, value = self.store[live.key]
        if version != live.version:
            live.value, live.version = value, version


async def test_a_miss_on_a_shared_store_is_read_once_and_then_held() -> None:
    registry = Counters(True, {"a": (3, 30)})

    async def counter() -> Counter:
        async with registry.hold("a") as live:
            return live

    one, two = await asyncio.gather(counter(), counter())
    # Both tasks missed and read; the first one in is the one both hold.
    assert registry.fetched == ["a", "a"]
    held = registry.get("a")
    assert one is two is held
    assert registry.live == {"a": held}
    await counter()
    assert registry.fetched == ["a", "a"]  # held now: no more reads
    assert (held.value, held.version) == (30, 3)
    with pytest.raises(NotFound):
        async with registry.hold("b"):
            pass
    assert "b" not in registry.live


async def test_a_miss_in_one_process_alone_is_the_services_not_found_without_a_read() -> None:
    registry = Counters(False, {"a": (1, 10)})
    with pytest.raises(NotFound):
        async with registry.hold("a"):
            pass
    with pytest.raises(NotFound):
        await registry.sync("a")
    with pytest.raises(NotFound):
        registry.get("a")
    assert registry.fetched == []


async def test_a_service_that_reads_on_a_miss_alone_reads() -> None:
    class Remembering(Counters):
        alone_reads_store = True

    registry = Remembering(False, {"a": (1, 10)})
    assert (await registry.find("a")).value == 10
    async with registry.hold("a") as live:
        assert live.value == 10
    assert registry.fetched == ["a"]
    assert registry.checked == []  # one process alone: its cache is the truth


async def test_the_aggregate_is_rebuilt_when_the_stores_version_moved_on() -> None:
    store = {"a": (1, 10)}
    registry = Counters(True, store)
    async with registry.hold("a") as live:
        assert live.value == 10
    first = live
    store["a"] = (2, 20)  # another process moved it on
    # A click made on the version held is not checked: the versioned write refuses it.
    async with registry.hold("a", version=1) as live:
        assert (live.value, live.version) == (10, 1)
    async with registry.hold("a", version=2) as live:
        assert (live.value, live.version) == (20, 2)
    assert live is first  # rebuilt in place
    assert (await registry.sync("a")).value == 20
    store.pop("a")  # ended in another process
    with pytest.raises(NotFound):
        async with registry.hold("a"):
            pass
    assert "a" not in registry.live
    assert not first.lock.locked()  # a failed check lets the lock go


async def test_one_holder_at_a_time() -> None:
    registry = Counters(False, {})
    registry.live["a"] = Counter("a", 0, 1)
    inside: list[int] = []
    most = 0

    async def add() -> None:
        nonlocal most
        async with registry.hold("a") as live:
            inside.append(1)
            most = max(most, len(inside))
            value = live.value
            await asyncio.sleep(0)  # others get to run, and wait for the lock
            live.value = value + 1
            inside.pop()

    await asyncio.gather(*(add() for _ in range(5)))
    assert most == 1
    assert registry.get("a").value == 5
    assert not registry.get("a").lock.locked()
