"""The observers (the Discord cog), the one ordered queue of tournament updates (the
kernel's `EventQueue`, one lane for the service), and the service's own tasks (`close` lets
those at work finish)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import Any

from bot.kernel import EventQueue, Lane

from .._model import TournamentUpdate
from ._live import LiveTournament

log = logging.getLogger(__name__)

Observer = Callable[[TournamentUpdate], Awaitable[None]]


def _about(update: TournamentUpdate) -> tuple[str, int]:
    return update.kind, update.info.id


class Updates:
    """Tells the observers, in order, in a task of its own; runs the service's tasks."""

    def __init__(self) -> None:
        self._events: EventQueue[TournamentUpdate] = EventQueue(
            "tournament", _about, spawn=self.start
        )
        self._lane: Lane[TournamentUpdate] = Lane()
        #: Next-round tasks until they end (for `wait_idle`).
        self.pairing: set[asyncio.Task[None]] = set()
        #: Every task this service started, until it ends (`close` lets those at work finish).
        self._tasks: set[asyncio.Task[None]] = set()

    def subscribe(self, observer: Observer) -> None:
        """``observer(update)`` is awaited for every tournament update."""
        self._events.subscribe(observer)

    def unsubscribe(self, observer: Observer) -> None:
        """Stop telling `observer` (a cog being unloaded); unknown observers are ignored."""
        self._events.unsubscribe(observer)

    async def emit(self, update: TournamentUpdate) -> None:
        """Queue an update for the observers. They run in their own task, in order, so they
        may call back into the service (e.g. ``set_standings_message``) while a change
        that emitted still holds the tournament's lock."""
        self._events.emit(self._lane, update)

    def start(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def wait_idle(self, lives: Iterable[LiveTournament]) -> None:
        """Wait until the next rounds due now are paired and every queued update has been
        delivered. Deadline timers are not waited for."""
        while True:
            busy = [
                task
                for task in (
                    self._lane.worker,
                    *(live.next_round for live in list(lives)),
                    *self.pairing,
                )
                if task is not None and not task.done()
            ]
            if not busy:
                return
            for task in busy:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.shield(task)

    async def close(self, patience: float, lives: Iterable[LiveTournament]) -> None:
        """Timers still waiting are cancelled; a task already at work gets `patience`
        seconds to finish."""
        me = asyncio.current_task()
        for live in list(lives):
            for task in (live.timer, live.next_round):
                if task is not None and task is not me:
                    task.cancel()
        at_work = [task for task in self._tasks if task is not me]
        if at_work:
            _, late = await asyncio.wait(at_work, timeout=patience)
            for task in late:
                log.warning("a tournament task was cut off at shutdown: %s", task.get_name())
                task.cancel()
            await asyncio.gather(*at_work, return_exceptions=True)
