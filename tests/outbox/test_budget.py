"""The borrowable global budget (`bot/outbox/budget.py`): the arithmetic of the processes'
allowances, and two processes over one real PostgreSQL database lending each other the part
of the token's budget they do not use."""

from __future__ import annotations

import asyncio
import logging
import time

import asyncpg
import discord
import pytest

from bot.outbox.budget import EVERY, FLOOR, QUIET, Budget, allowances, of_bucket
from bot.outbox.gate import Gate
from bot.outbox.limits import DM_OPEN, Limits, Window
from bot.outbox.outbox import Outbox
from bot.store.postgres import open_pg_store


def test_demands_that_fit_get_what_they_ask_and_share_the_spare_evenly() -> None:
    got = allowances({"a": 20, "b": 5}, 45)
    assert got == {"a": 30, "b": 15}  # 20 spare, 10 each
    assert allowances({"a": 0, "b": 0}, 45) == {"a": 23, "b": 22}  # the odd one: by name
    assert allowances({"only": 3}, 45) == {"only": 45}


def test_a_quiet_process_keeps_the_floor_and_the_busy_one_takes_the_rest() -> None:
    got = allowances({"busy": 300, "quiet": 0}, 45)
    assert got == {"busy": 45 - FLOOR, "quiet": FLOOR}


def test_demands_beyond_the_budget_share_it_by_what_each_asks_beyond_the_floor() -> None:
    got = allowances({"a": 63, "b": 33}, 45)
    # Floors 3 + 3, then 39 split 60:30.
    assert got == {"a": 3 + 26, "b": 3 + 13}
    for demands in ({"a": 100, "b": 99, "c": 1}, {"a": 46, "b": 1}, {"a": 40, "b": 40}):
        got = allowances(demands, 45)
        assert sum(got.values()) <= 45
        assert min(got.values()) >= FLOOR
        assert got["a"] >= got["b"]


def test_more_processes_than_floors_fit_share_smaller_floors_within_the_budget() -> None:
    many = {f"p{i}": 50 if i == 0 else 0 for i in range(20)}
    got = allowances(many, 45)
    assert sum(got.values()) <= 45
    assert min(got.values()) == 2  # 45 // 20
    assert got["p0"] == max(got.values())


def test_the_units_rounding_leaves_go_to_the_most_demanding() -> None:
    # Opening DMs: 5 a second for the whole bot; two processes must hold all 5, not 2 + 2.
    assert allowances({"deals": 4, "invites": 2}, 5) == {"deals": 3, "invites": 2}
    assert allowances({"a": 1, "b": 3}, 5) == {"a": 2, "b": 3}
    assert allowances({"a": 0, "b": 0}, 5) == {"a": 3, "b": 2}
    for demands in ({"a": 9, "b": 9, "c": 9}, {"a": 1, "b": 0, "c": 7}, {"a": 50, "b": 1}):
        for budget in (5, 45):
            assert sum(allowances(demands, budget).values()) == budget


def test_each_budget_reads_only_its_own_rows() -> None:
    rows = {"shards 0 of 2": 30, "shards 1 of 2": 4, "shards 0 of 2|dm_open": 3}
    assert of_bucket(rows, "") == {"shards 0 of 2": 30, "shards 1 of 2": 4}
    assert of_bucket(rows, "dm_open") == {"shards 0 of 2": 3}


async def test_a_higher_limit_lets_a_waiting_request_through_at_once() -> None:
    gate = Gate(Window(1, 60.0))
    await gate.enter(0, 0)
    waiting = asyncio.create_task(gate.enter(0, 1))
    await asyncio.sleep(0.05)
    assert not waiting.done() and gate.waiting == 1
    gate.set_limit(2)
    await asyncio.wait_for(waiting, 1.0)
    assert gate.window.used() == 2
    gate.close()


async def test_a_dead_processs_row_counts_for_nothing(pg_url: str) -> None:
    store = await open_pg_store(pg_url, pool_size=2)
    try:
        await store.rest_demand.report("shards 1 of 2", 30, 2.0)
        assert await store.rest_demand.report("shards 0 of 2", 4, 2.0) == {
            "shards 1 of 2": 30,
            "shards 0 of 2": 4,
        }
        # Read as if 0.1 s fresh: the other's row, written before, no longer counts.
        await asyncio.sleep(0.15)
        assert await store.rest_demand.report("shards 0 of 2", 5, 0.1) == {"shards 0 of 2": 5}
    finally:
        await store.close()


async def _busy(gate: Gate, stop: asyncio.Event, backlog: int = 60) -> None:
    """A process with `backlog` requests always waiting at its gate (each answered as soon
    as it goes), until `stop`."""
    seq = 0

    async def one(seq: int) -> None:
        await gate.enter(3, seq)
        gate.left()

    pending: set[asyncio.Task[None]] = set()
    while not stop.is_set():
        while len(pending) < backlog:
            seq += 1
            pending.add(asyncio.create_task(one(seq)))
        _, pending = await asyncio.wait(pending, timeout=0.5, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


async def test_two_processes_lend_each_other_the_budget_over_postgresql(pg_url: str) -> None:
    """A busy process's allowance grows while the other is quiet, and falls back when the
    other gets busy too; together they never hold more than the budget."""
    stores = [await open_pg_store(pg_url, pool_size=2) for _ in range(2)]
    gates = [Gate(Window(22, 1.15)) for _ in range(2)]
    budgets = [
        Budget(gate, store.rest_demand.report, name, 45)
        for gate, store, name in zip(gates, stores, ("shards 0 of 2", "shards 1 of 2"), strict=True)
    ]
    one, two = budgets

    async def steps(seconds: float) -> list[tuple[int, int]]:
        seen = []
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            seen.append((await one.step(), await two.step()))
            await asyncio.sleep(0.1)
        return seen

    stop = asyncio.Event()
    try:
        busy_one = asyncio.create_task(_busy(gates[0], stop))
        alone = await steps(2.5)
        assert alone[-1][0] >= 45 - FLOOR - 1, alone  # nearly all of it, borrowed
        assert alone[-1][1] <= FLOOR + 1, alone  # the quiet one keeps its floor
        busy_two = asyncio.create_task(_busy(gates[1], stop))
        both = await steps(2.5)
        first, second = both[-1]
        assert 16 <= first <= 29 and 16 <= second <= 29, both  # about half each again
        # Each read the other's row of a moment before: within the budget but for a step.
        assert first + second <= 45 + 2, both
        stop.set()
        await asyncio.gather(busy_one, busy_two)
    finally:
        stop.set()
        for gate in gates:
            gate.close()
        for store in stores:
            await store.close()


async def test_a_process_alone_on_the_store_gets_the_whole_budget(pg_url: str) -> None:
    store = await open_pg_store(pg_url, pool_size=2)
    gate = Gate(Window(22, 1.15))
    try:
        assert await Budget(gate, store.rest_demand.report, "shards 0 of 2", 45).step() == 45
        assert gate.window.limit == 45
    finally:
        gate.close()
        await store.close()


async def _admin(url: str, sql: str, *args: object) -> None:
    conn = await asyncpg.connect(url.rsplit("/", 1)[0] + "/postgres")
    try:
        await conn.execute(sql, *args)
    finally:
        await conn.close()


async def test_a_store_down_is_logged_once_then_once_a_minute_then_back_once(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The database refuses connections for 75 s of reports (four a second): one line at
    the first failure, one a minute later with the count, one when it answers again; the
    gate keeps its limit meanwhile."""
    name = pg_url.rsplit("/", 1)[1]
    store = await open_pg_store(pg_url, pool_size=2)
    gate = Gate(Window(22, 1.15))
    now = [0.0]
    budget = Budget(gate, store.rest_demand.report, "shards 0 of 2", 45, clock=lambda: now[0])
    caplog.set_level(logging.INFO)
    try:
        assert await budget.step() == 45
        caplog.clear()
        await _admin(pg_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
        await _admin(
            pg_url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
            name,
        )
        steps = int(75 / EVERY)
        for _ in range(steps):
            assert await budget.step() == 45  # the limit it had
            now[0] += EVERY
        down = [r.getMessage() for r in caplog.records if r.name == "bot.outbox.budget"]
        assert len(down) == 2, down
        assert "the store failed" in down[0]
        assert f"{int(QUIET / EVERY)} more reports in 60 s" in down[1], down
        await _admin(pg_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        caplog.clear()
        for _ in range(3):
            assert await budget.step() == 45
            now[0] += EVERY
        back = [r.getMessage() for r in caplog.records if r.name == "bot.outbox.budget"]
        assert back == [f"global budget: the store answers again ({steps} reports failed)"]
    finally:
        await _admin(pg_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        gate.close()
        await store.close()


async def test_the_dm_open_bucket_is_lent_apart_from_the_global_budget(pg_url: str) -> None:
    """Shard 0's process opens the DMs of every deal: it borrows the DM-open bucket the
    other leaves, all 5 a second held between them; the global budget's rows stay apart."""
    stores = [await open_pg_store(pg_url, pool_size=2) for _ in range(2)]
    outboxes = [Outbox(discord.Client(intents=discord.Intents.none()), Limits().shared(0.5))]
    outboxes.append(Outbox(discord.Client(intents=discord.Intents.none()), Limits().shared(0.5)))
    assert [o.dm_opens.window.limit for o in outboxes] == [2, 2]  # floor(5 * 0.5) each
    names = ("shards 0 of 2", "shards 1 of 2")
    dms = [
        Budget(o.dm_opens, s.rest_demand.report, n, 5, bucket=DM_OPEN)
        for o, s, n in zip(outboxes, stores, names, strict=True)
    ]
    globals_ = [
        Budget(o.gate, s.rest_demand.report, n, 45)
        for o, s, n in zip(outboxes, stores, names, strict=True)
    ]
    try:
        for _ in range(4):  # shard 0's process: four DMs opened within the second
            outboxes[0].dm_opens.window.spend()
        for _ in range(2):
            got = [await b.step() for b in (*dms, *globals_)]
        assert got[:2] == [3, 2]  # the whole bucket, the busier one first
        assert got[2] + got[3] == 45  # two processes, no DM-open row among them
        assert [o.dm_opens.window.limit for o in outboxes] == [3, 2]
        # The lane made for the next DM spends the borrowed window, not a fresh share.
        assert outboxes[0]._lane(DM_OPEN, 0).window is outboxes[0].dm_opens.window
    finally:
        for outbox in outboxes:
            outbox.gate.close()
        for store in stores:
            await store.close()
