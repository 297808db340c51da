"""The global limit, shared by every lane: lanes waiting for it are served by priority,
then age, so a board never takes the place of a turn notice when the bot is at its limit.

Discord counts a request when it arrives, the outbox when it leaves: requests delayed on
the way (a slow network, a busy machine) and then arriving together would fill Discord's
second twice over. So at most `on_wire` of them are on their way at once: a slow trip
slows the outbox down instead of bunching its requests into a 429."""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools

from bot.outbox.limits import Window

#: Global-limited requests on their way at once (Discord's answer not yet read): a second's
#: budget at a trip of ~0.2 s, as many as a slow moment can deliver at once without a 429.
ON_WIRE = 12


class Gate:
    def __init__(self, window: Window, on_wire: int = ON_WIRE) -> None:
        self.window = window
        self.on_wire = on_wire
        self.travelling = 0
        self._waiting: list[tuple[int, int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._server: asyncio.Task[None] | None = None
        self._back = asyncio.Event()

    def _free(self) -> bool:
        return self.travelling < self.on_wire and self.window.delay() == 0

    async def enter(self, priority: int, seq: int) -> None:
        """Wait for one request's room in the global budget, and spend it (`left` gives
        its place on the wire back once Discord has answered)."""
        if not self._waiting and self._free():
            self.window.spend()
            self.travelling += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, seq, next(self._order), turn))
        if self._server is None or self._server.done():
            self._server = asyncio.create_task(self._serve())
        await turn

    @property
    def waiting(self) -> int:
        """Requests waiting for room (cancelled ones may still be counted until served)."""
        return len(self._waiting)

    def set_limit(self, limit: int) -> None:
        """Spend up to `limit` a window from now on (`budget.py`): a waiting request is let
        through at once when the new limit has room for it."""
        self.window.limit = limit
        self._back.set()

    def left(self) -> None:
        """A request that `enter` let through is answered (or failed)."""
        self.travelling -= 1
        self._back.set()

    async def _serve(self) -> None:
        while self._waiting:
            if self.travelling >= self.on_wire:
                self._back.clear()
                await self._back.wait()
                continue
            delay = self.window.delay()
            if delay > 0:
                # A request answered or a higher limit (`set_limit`) may make room sooner.
                self._back.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._back.wait(), delay)
                continue
            turn = heapq.heappop(self._waiting)[3]
            if not turn.done():  # a cancelled waiter gives its place up
                self.window.spend()
                self.travelling += 1
                turn.set_result(None)

    def close(self) -> None:
        if self._server is not None:
            self._server.cancel()
