"""The base of the circle service's parts: the store they share."""

from __future__ import annotations

from collections.abc import Callable

from bot.store.repositories import Storage


class Part:
    """A part of the circle service (relations, chat, records, achievements, privacy)."""

    def __init__(self, store: Storage) -> None:
        self.store = store
        #: Called with a player's id once their data is erased (caches that hold it).
        self.forgotten: list[Callable[[int], None]] = []
