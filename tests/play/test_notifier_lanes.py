"""The notifier delivers at most `Notifier.LANES` table updates at once; the others wait
their turn and all are delivered (so a busy bot keeps its event loop for the clicks)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.ui.notifier import Notifier


class Counting(Notifier):
    def __init__(self) -> None:
        super().__init__(client=None, store=None)  # type: ignore[arg-type]
        self.running = 0
        self.most = 0
        self.delivered: list[Any] = []
        self.release = asyncio.Event()
        self.full = asyncio.Event()

    async def deliver(self, update: Any) -> None:
        self.running += 1
        self.most = max(self.most, self.running)
        if self.running == Notifier.LANES:
            self.full.set()
        try:
            await self.release.wait()
            self.delivered.append(update)
        finally:
            self.running -= 1


async def test_at_most_lanes_updates_at_once_and_every_one_delivered() -> None:
    notifier = Counting()
    calls = [asyncio.create_task(notifier(n)) for n in range(3 * Notifier.LANES + 1)]
    # Every call has started (in the loop's pass that filled the lanes); the rest wait.
    await asyncio.wait_for(notifier.full.wait(), 5)
    assert notifier.running == Notifier.LANES
    notifier.release.set()
    await asyncio.gather(*calls)
    assert notifier.most == Notifier.LANES
    assert sorted(notifier.delivered) == list(range(3 * Notifier.LANES + 1))
