"""Work done again and again, every few seconds, until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Repeating:
    """`work()` now and then every `every()` seconds (read each time: tests change it) in a
    task of its own; a failure is logged and the next round tried (`what` names it)."""

    def __init__(
        self,
        work: Callable[[], Awaitable[object]],
        every: Callable[[], float],
        what: str,
        *,
        first_wait: bool = False,
    ) -> None:
        self.work = work
        self.every = every
        self.what = what
        self.first_wait = first_wait
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None

    def start(self) -> None:
        """Start, unless running already."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"gin-{self.what}")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _run(self) -> None:
        if self.first_wait:
            await asyncio.sleep(self.every())
        while True:
            try:
                await self.work()
            except Exception:
                log.warning(
                    "%s failed; tried again in %s s", self.what, self.every(), exc_info=True
                )
            await asyncio.sleep(self.every())
