"""The global limit, shared by every lane: lanes waiting for it are served by priority,
then age, so a board never takes the place of a turn notice when the bot is at its limit."""

from __future__ import annotations

import asyncio
import heapq
import itertools

from bot.outbox.limits import Window


class Gate:
    def __init__(self, window: Window) -> None:
        self.window = window
        self._waiting: list[tuple[int, int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._server: asyncio.Task[None] | None = None

    async def enter(self, priority: int, seq: int) -> None:
        """Wait for one request's room in the global budget, and spend it."""
        if not self._waiting and self.window.delay() == 0:
            self.window.spend()
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, seq, next(self._order), turn))
        if self._server is None or self._server.done():
            self._server = asyncio.create_task(self._serve())
        await turn

    async def _serve(self) -> None:
        while self._waiting:
            delay = self.window.delay()
            if delay > 0:
                await asyncio.sleep(delay)
                continue
            turn = heapq.heappop(self._waiting)[3]
            if not turn.done():  # a cancelled waiter gives its place up
                self.window.spend()
                turn.set_result(None)

    def close(self) -> None:
        if self._server is not None:
            self._server.cancel()
