"""The observers (the Discord side) and the ordered queue of updates each table feeds them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.games.model import TableUpdate

from ._live import LiveTable

log = logging.getLogger(__name__)

Observer = Callable[[TableUpdate], Awaitable[None]]


class Updates:
    """Hands every update, in order per table, to each observer, one worker per table."""

    def __init__(self) -> None:
        self._observers: list[Observer] = []
        self._workers: set[asyncio.Task[None]] = set()
        #: Awaited by `wait_idle` after the observers: what they queued in turn (the outbox).
        self.settle: list[Callable[[], Awaitable[None]]] = []

    def subscribe(self, observer: Observer, *, first: bool = False) -> None:
        """`observer(update)` is awaited for every update, in order per table (`first`:
        before the observers already there)."""
        self._observers.insert(0 if first else len(self._observers), observer)

    def unsubscribe(self, observer: Observer) -> None:
        """Stop telling `observer` (a cog being unloaded); unknown observers are ignored."""
        with contextlib.suppress(ValueError):
            self._observers.remove(observer)

    def emit(self, live: LiveTable, update: TableUpdate) -> None:
        live.queue.put_nowait(update)
        if live.worker is None or live.worker.done():
            live.worker = asyncio.create_task(self._drain(live))
            self._workers.add(live.worker)
            live.worker.add_done_callback(self._workers.discard)

    async def _drain(self, live: LiveTable) -> None:
        while not live.queue.empty():
            update = live.queue.get_nowait()
            for observer in self._observers:
                try:
                    await observer(update)
                except Exception:  # a failed DM or edit must never break the game
                    log.exception("observer failed on %s of table %s", update.kind, live.record.id)

    async def wait_idle(self) -> None:
        """Wait until every queued update has been delivered (tests, shutdown), finished
        tables' last updates included."""
        while True:
            while self._workers:
                await asyncio.gather(*list(self._workers), return_exceptions=True)
            for settled in self.settle:
                await settled()
            if not self._workers:  # nothing new came while the observers' writes went out
                return
