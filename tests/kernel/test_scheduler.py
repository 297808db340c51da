"""The one scheduler (`bot/kernel`): a task per timer on one process alone, a claimed store
row on a shared store, either way fired by its kind's handler with the same `Due`. Real
stores: a SQLite file, and a PostgreSQL server (`stores`: two handles, two processes)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.kernel import Due, Scheduler
from bot.store import Storage, open_store
from tests.shared_store import T0, Clock


@dataclass(frozen=True)
class Pace:
    poll: float = 0.01
    lease: float = 30.0
    sweep: float = 3600.0


PACE = Pace()


def scheduler(store: Storage, *, shared: bool, owner: str, clock: Clock) -> Scheduler:
    return Scheduler(store, shared=shared, owner=owner, clock=clock, pace=lambda: PACE)


class Fired:
    """A handler that keeps what it was handed (and fails when told to)."""

    def __init__(self) -> None:
        self.dues: list[Due] = []
        self.fail = False
        self.event = asyncio.Event()

    async def __call__(self, due: Due) -> None:
        if self.fail:
            raise RuntimeError("handler failed")
        self.dues.append(due)
        self.event.set()


# ----- one process alone: tasks ---------------------------------------------------------


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await open_store(tmp_path / "gin.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
def alone(store: Storage) -> Scheduler:
    return Scheduler(store, shared=False, owner="me", clock=lambda: 0.0, pace=lambda: PACE)


async def test_a_task_fires_its_kinds_handler_when_due(alone: Scheduler, store: Storage) -> None:
    fired = Fired()
    alone.on("table", fired)
    task = await alone.arm("table", 7, "turn", 3, 0.05)
    assert task is not None and fired.dues == []
    await asyncio.wait_for(fired.event.wait(), 5)
    assert fired.dues == [Due("table", 7, "turn", 3, 0.05)]
    assert await store.timers.get("table", 7) is None  # no store row on one process


async def test_arming_again_replaces_the_timer(alone: Scheduler) -> None:
    fired = Fired()
    alone.on("table", fired)
    await alone.arm("table", 1, "reminder", 1, 0.02)
    await alone.arm("table", 1, "turn", 2, 0.04)
    await alone.arm("table", 2, "computer", 1, 0.03)  # another id: a timer of its own
    await asyncio.sleep(0.2)
    assert sorted((d.ref_id, d.what) for d in fired.dues) == [(1, "turn"), (2, "computer")]


async def test_cancel_and_stop_leave_nothing_to_fire(alone: Scheduler) -> None:
    fired = Fired()
    alone.on("table", fired)
    await alone.arm("table", 1, "turn", 1, 0.05)
    await alone.cancel("table", 1)
    waiting = await alone.arm("table", 2, "turn", 1, 0.05)
    await alone.stop()
    await asyncio.sleep(0.15)
    assert fired.dues == [] and waiting is not None and waiting.cancelled()
    assert await alone.arm("table", 3, "turn", 1, 0.0) is None  # stopped: nothing armed


async def test_a_timer_at_work_arms_its_successor_without_being_cut_off(
    alone: Scheduler,
) -> None:
    """A reminder that arms the turn's end goes on to its end (as a table's does)."""
    done: list[str] = []

    async def handler(due: Due) -> None:
        if due.what == "reminder":
            await alone.arm("table", due.ref_id, "turn", due.version, 0.0)
            await asyncio.sleep(0.01)
        done.append(due.what)

    alone.on("table", handler)
    await alone.arm("table", 1, "reminder", 1, 0.0)
    await asyncio.sleep(0.2)
    assert sorted(done) == ["reminder", "turn"]  # the reminder was not cancelled


async def test_a_failing_handler_is_logged_and_the_next_timer_fires(
    alone: Scheduler, caplog: pytest.LogCaptureFixture
) -> None:
    fired = Fired()
    fired.fail = True
    alone.on("table", fired)
    with caplog.at_level(logging.ERROR, "bot.kernel.scheduler"):
        await alone.arm("table", 1, "turn", 1, 0.0)
        await asyncio.sleep(0.05)
    assert "timer turn of table 1 failed" in caplog.text
    fired.fail = False
    await alone.arm("table", 1, "turn", 2, 0.0)
    await asyncio.wait_for(fired.event.wait(), 5)
    assert [d.version for d in fired.dues] == [2]


async def test_a_kind_waits_on_its_own_clock_in_a_task_its_service_starts(
    alone: Scheduler,
) -> None:
    """A tournament's deadlines are read on the tournament service's clock, and its tasks
    are its own (its `close` lets one at work finish)."""
    fired = Fired()
    started: list[asyncio.Task[None]] = []

    def spawn(work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        started.append(task)
        return task

    alone.on("tournament", fired, spawn=spawn, clock=lambda: 1000.0)
    task = await alone.arm("tournament", 4, "deadline", 9, 1000.02)
    assert started == [task]
    await asyncio.wait_for(fired.event.wait(), 5)  # not 1000 s on the scheduler's clock
    assert fired.dues == [Due("tournament", 4, "deadline", 9, 1000.02)]


# ----- several processes: store rows --------------------------------------------------


async def test_a_store_timer_fires_once_in_whichever_process_claims_it(
    stores: tuple[Storage, Storage],
) -> None:
    clock = Clock()
    one = scheduler(stores[0], shared=True, owner="a@one", clock=clock)
    two = scheduler(stores[1], shared=True, owner="a@two", clock=clock)
    fired = Fired()
    one.on("tournament", fired)
    two.on("tournament", fired)
    assert await one.arm("tournament", 5, "deadline", 2, T0 + 10) is None  # a row, no task
    row = await stores[1].timers.get("tournament", 5)
    assert row is not None and row.what == "deadline" and row.version == 2
    assert await two.fire_due(T0 + 9) == 0  # not yet due
    clock.now = T0 + 10
    claimed = await asyncio.gather(one.fire_due(), two.fire_due())
    assert sorted(claimed) == [0, 1]
    assert fired.dues == [Due("tournament", 5, "deadline", 2, T0 + 10)]
    assert await stores[0].timers.get("tournament", 5) is None  # fired, then deleted


async def test_a_timer_armed_as_mine_is_left_to_its_process_for_a_lease(
    stores: tuple[Storage, Storage],
) -> None:
    clock = Clock()
    one = scheduler(stores[0], shared=True, owner="a@one", clock=clock)
    two = scheduler(stores[1], shared=True, owner="a@two", clock=clock)
    fired = Fired()
    two.on("table", fired)
    await one.arm("table", 3, "turn", 1, T0, mine=True)
    assert await two.fire_due(T0 + PACE.lease - 1) == 0  # "one" may still fire it
    assert await two.fire_due(T0 + PACE.lease + 1) == 1  # "one" is gone: taken over
    assert [d.what for d in fired.dues] == ["turn"]


async def test_a_failed_or_unknown_timer_stays_to_be_tried_after_its_lease(
    stores: tuple[Storage, Storage], caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()
    one = scheduler(stores[0], shared=True, owner="a@one", clock=clock)
    two = scheduler(stores[1], shared=True, owner="a@two", clock=clock)
    failing, fired = Fired(), Fired()
    failing.fail = True
    one.on("tournament", failing)
    two.on("tournament", fired)
    await one.arm("tournament", 1, "round", 1, T0)
    await one.arm("ladder", 1, "close", 1, T0)  # a kind no process here knows
    with caplog.at_level(logging.WARNING, "bot.kernel.scheduler"):
        assert await one.fire_due(T0) == 2
    assert "unknown kind 'ladder' left alone" in caplog.text
    assert await two.fire_due(T0 + 1) == 0  # both still claimed by "one"
    assert await two.fire_due(T0 + PACE.lease + 1) == 2  # the leases ran out
    assert [d.what for d in fired.dues] == ["round"]
    assert await stores[0].timers.get("tournament", 1) is None
    assert await stores[0].timers.get("ladder", 1) is not None


async def test_the_poll_fires_by_itself_and_the_sweeps_run_first(
    stores: tuple[Storage, Storage],
) -> None:
    clock = Clock()
    one = scheduler(stores[0], shared=True, owner="a@one", clock=clock)
    fired = Fired()
    swept: list[float] = []

    async def sweep(now: object) -> None:
        swept.append(clock.now)

    one.on("tournament", fired)
    one.add_sweep(sweep)
    await one.arm("tournament", 8, "check", 1, T0)
    one.start()
    try:
        await asyncio.wait_for(fired.event.wait(), 5)
    finally:
        await one.stop()
    assert [d.ref_id for d in fired.dues] == [8]
    assert swept == [T0]  # once: the next sweep is `sweep` seconds on


async def test_a_local_kind_is_a_task_on_a_shared_store_too(
    stores: tuple[Storage, Storage],
) -> None:
    """The challenges' expiry: its due times are the store's own; every process checks."""
    clock = Clock()
    one = Scheduler(stores[0], shared=True, owner="a@one", clock=clock, pace=lambda: PACE)
    fired = Fired()
    one.on("challenge", fired, local=True)
    task = await one.arm("challenge", 0, "expire", 0, T0)
    assert task is not None
    await asyncio.wait_for(fired.event.wait(), 5)
    assert await stores[0].timers.get("challenge", 0) is None
    assert await one.fire_due(T0) == 0
    await one.stop()
