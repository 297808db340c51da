"""The ordered event queue: a service's updates handed to its observers (the Discord side)
in order per lane, by a task that runs while the lane has updates, so a change may emit
while it holds its aggregate's lock and an observer may call back into the service."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Generic, Protocol, TypeVar

from .due import Spawn

log = logging.getLogger(__name__)

U = TypeVar("U")


class HasLane(Protocol[U]):
    """An ordered stream of updates and the task delivering it: an aggregate's own (a
    table's `LiveTable.queue` and `.worker`) or a service's (`Lane`)."""

    queue: asyncio.Queue[U]
    worker: asyncio.Task[None] | None


class Lane(Generic[U]):
    """One ordered stream, for a service whose updates all go in one order."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[U] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None


class EventQueue(Generic[U]):
    """Hands every update, in order per lane, to each observer; a failing observer is
    logged (a failed Discord call must never stop a game) and the next one told."""

    def __init__(
        self,
        what: str,
        about: Callable[[U], tuple[str, int]],
        *,
        spawn: Spawn | None = None,
    ) -> None:
        #: What the updates are of, and an update's kind and id: for the log.
        self.what = what
        self.about = about
        self.spawn: Spawn = spawn or asyncio.create_task
        self.observers: list[Callable[[U], Awaitable[None]]] = []
        #: The lanes' tasks delivering now.
        self.workers: set[asyncio.Task[None]] = set()

    def subscribe(self, observer: Callable[[U], Awaitable[None]], *, first: bool = False) -> None:
        """`observer(update)` is awaited for every update, in order per lane (`first`:
        before the observers already there)."""
        self.observers.insert(0 if first else len(self.observers), observer)

    def unsubscribe(self, observer: Callable[[U], Awaitable[None]]) -> None:
        """Stop telling `observer` (a cog being unloaded); unknown observers are ignored."""
        with contextlib.suppress(ValueError):
            self.observers.remove(observer)

    def emit(self, lane: HasLane[U], update: U) -> None:
        """Queue `update` on `lane`; its task starts if none is delivering."""
        lane.queue.put_nowait(update)
        if lane.worker is None or lane.worker.done():
            lane.worker = worker = self.spawn(self._drain(lane))
            self.workers.add(worker)
            worker.add_done_callback(self.workers.discard)

    async def _drain(self, lane: HasLane[U]) -> None:
        while not lane.queue.empty():
            update = lane.queue.get_nowait()
            for observer in self.observers:
                try:
                    await observer(update)
                except Exception:
                    kind, ref = self.about(update)
                    log.exception("observer failed on %s of %s %s", kind, self.what, ref)
