"""The observers (the Discord side) and the ordered queue of updates each table feeds them
(the kernel's `EventQueue`, a lane per table: `LiveTable.queue` and `.worker`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.games.model import TableUpdate
from bot.kernel import EventQueue

from ._live import LiveTable

Observer = Callable[[TableUpdate], Awaitable[None]]


def _about(update: TableUpdate) -> tuple[str, int]:
    return update.kind, update.state.table_id


class Updates:
    """Hands every update, in order per table, to each observer, one worker per table."""

    def __init__(self) -> None:
        self._events: EventQueue[TableUpdate] = EventQueue("table", _about)
        #: Awaited by `wait_idle` after the observers: what they queued in turn (the outbox).
        self.settle: list[Callable[[], Awaitable[None]]] = []
        self.subscribe = self._events.subscribe
        self.unsubscribe = self._events.unsubscribe

    def emit(self, live: LiveTable, update: TableUpdate) -> None:
        self._events.emit(live, update)

    async def wait_idle(self) -> None:
        """Wait until every queued update has been delivered (tests, shutdown), finished
        tables' last updates included."""
        workers = self._events.workers
        while True:
            while workers:
                await asyncio.gather(*list(workers), return_exceptions=True)
            for settled in self.settle:
                await settled()
            if not workers:  # nothing new came while the observers' writes went out
                return
