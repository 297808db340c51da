"""The live aggregates a service holds, by key, each under its lock; on a store several
processes share, a cache of the store, checked under the lock and rebuilt when another
process moved it on. A service says only how one is read back (`fetch`, `check`) and what
a miss is called (`not_found`)."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import ClassVar, Generic, Protocol, TypeVar


class Aggregate(Protocol):
    """What the registry needs of a live aggregate: its lock and the version it holds."""

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def version(self) -> int: ...


K = TypeVar("K", bound=Hashable)
A = TypeVar("A", bound=Aggregate)


class Held(Generic[K, A]):
    """`Registry.hold`: a plain class, not a generator, as it is on every click."""

    __slots__ = ("key", "live", "registry", "version")

    def __init__(self, registry: Registry[K, A], key: K, version: int | None) -> None:
        self.registry = registry
        self.key = key
        self.version = version

    async def __aenter__(self) -> A:
        registry = self.registry
        live = registry.live.get(self.key)
        if live is None:
            live = await registry.miss(self.key)
        await live.lock.acquire()
        try:
            # A click made on the version this process holds needs no read: were the store
            # further on, the versioned write would refuse it.
            if registry.shared and (self.version is None or self.version != live.version):
                await registry.check(live)
        except BaseException:
            live.lock.release()
            raise
        self.live = live
        return live

    async def __aexit__(self, *exc: object) -> None:
        self.live.lock.release()


class Registry(Generic[K, A]):
    """Every live aggregate of one kind by key. Subclasses read one back from the store."""

    #: A miss reads the store even in one process alone (which holds all it serves), to
    #: tell a missing aggregate from one that ended (a tournament's "finished").
    alone_reads_store: ClassVar[bool] = False

    def __init__(self, shared: bool) -> None:
        self.shared = shared
        self.live: dict[K, A] = {}

    def not_found(self, key: K) -> Exception:
        """The service's error for a key it does not know."""
        raise NotImplementedError

    async def fetch(self, key: K) -> A:
        """An aggregate this process does not hold, read from the store (or `not_found`)."""
        raise NotImplementedError

    async def check(self, live: A) -> None:
        """Shared store, under `live`'s lock: make it what the store has now (or raise)."""
        raise NotImplementedError

    def get(self, key: K) -> A:
        """The aggregate held in memory (no read)."""
        live = self.live.get(key)
        if live is None:
            raise self.not_found(key)
        return live

    async def find(self, key: K) -> A:
        """The aggregate held, or read from the store on a miss (when that may find it)."""
        live = self.live.get(key)
        return live if live is not None else await self.miss(key)

    async def miss(self, key: K) -> A:
        if not (self.shared or self.alone_reads_store):
            raise self.not_found(key)
        live = await self.fetch(key)
        # Another task may have read it meanwhile: the first one in is the one held.
        return self.live.setdefault(key, live)

    def hold(self, key: K, version: int | None = None) -> Held[K, A]:
        """The aggregate under its lock, as the store has it now (`async with`). One
        process alone holds every aggregate it serves, so its cache is used as it is (no
        read); on a shared store `check` runs under the lock. With `version` (a click's),
        an aggregate held at that very version is not checked: the write then checks the
        store's version."""
        return Held(self, key, version)

    async def sync(self, key: K) -> A:
        """The aggregate as the store has it now (one process alone: as held)."""
        if not self.shared:
            return await self.find(key)
        async with self.hold(key) as live:
            return live

    def discard(self, key: K, live: A) -> None:
        """`live` is no longer held (unless another took its key meanwhile)."""
        if self.live.get(key) is live:
            del self.live[key]
