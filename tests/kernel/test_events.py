"""The ordered event queue (`bot/kernel/events.py`): in order per lane, lanes independent,
a failing observer logged and the next one told."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.kernel import EventQueue, Lane


def about(update: tuple[int, str]) -> tuple[str, int]:
    return update[1], update[0]


async def idle(events: EventQueue[tuple[int, str]]) -> None:
    while events.workers:
        await asyncio.gather(*list(events.workers))


async def test_updates_reach_every_observer_in_order_per_lane() -> None:
    events: EventQueue[tuple[int, str]] = EventQueue("table", about)
    seen: list[tuple[str, tuple[int, str]]] = []
    slow_lane_started = asyncio.Event()

    async def first(update: tuple[int, str]) -> None:
        if update[0] == 1:
            slow_lane_started.set()
            await asyncio.sleep(0.02)  # lane 1 is slow: lane 2 does not wait for it
        seen.append(("first", update))

    async def second(update: tuple[int, str]) -> None:
        seen.append(("second", update))

    events.subscribe(second)
    events.subscribe(first, first=True)
    one, two = Lane[tuple[int, str]](), Lane[tuple[int, str]]()
    for n in range(3):
        events.emit(one, (1, f"move{n}"))
    await slow_lane_started.wait()
    events.emit(two, (2, "move0"))
    await idle(events)
    assert seen[:2] == [("first", (2, "move0")), ("second", (2, "move0"))]
    lane_one = [(who, u[1]) for who, u in seen if u[0] == 1]
    assert lane_one == [(who, f"move{n}") for n in range(3) for who in ("first", "second")]


async def test_a_failing_observer_is_logged_and_the_others_told(
    caplog: pytest.LogCaptureFixture,
) -> None:
    events: EventQueue[tuple[int, str]] = EventQueue("tournament", about)
    told: list[tuple[int, str]] = []

    async def broken(update: tuple[int, str]) -> None:
        raise RuntimeError("Discord said no")

    async def works(update: tuple[int, str]) -> None:
        told.append(update)

    events.subscribe(broken)
    events.subscribe(works)
    lane: Lane[tuple[int, str]] = Lane()
    with caplog.at_level(logging.ERROR, "bot.kernel.events"):
        events.emit(lane, (9, "result"))
        events.emit(lane, (9, "finished"))
        await idle(events)
    assert told == [(9, "result"), (9, "finished")]
    assert "observer failed on result of tournament 9" in caplog.text
    events.unsubscribe(broken)
    events.unsubscribe(broken)  # unknown: ignored
    events.emit(lane, (9, "cancelled"))
    await idle(events)
    assert told[-1] == (9, "cancelled")
