"""`store.timers` on both backends: arming replaces, claims hold a lease, a lease that ran
out is claimed again, two claimers never get the same timer, `done` spares a re-armed one."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.store import Store, is_postgres_url
from bot.store.errors import StaleVersion
from bot.store.models import NextTimer
from bot.store.postgres import open_pg_store

from .conftest import FakeClock, playing_table


async def test_arm_replaces_and_claim_holds_a_lease(store: Store, clock: FakeClock) -> None:
    now = clock.now
    await store.timers.arm("table", 7, "turn", 3, now + timedelta(seconds=10))
    await store.timers.arm("table", 7, "computer", 4, now + timedelta(seconds=2))
    assert await store.timers.claim("a", now, lease=30) == []  # not due yet
    later = now + timedelta(seconds=2)
    (claimed,) = await store.timers.claim("a", later, lease=30)
    assert (claimed.kind, claimed.ref_id, claimed.what, claimed.version) == (
        "table",
        7,
        "computer",
        4,
    )
    assert claimed.owner == "a" and claimed.lease_until == later + timedelta(seconds=30)
    # Held: nobody claims it again within the lease...
    assert await store.timers.claim("b", later + timedelta(seconds=29), lease=30) == []
    # ...and once the lease ran out (its process died), another process does.
    (taken,) = await store.timers.claim("b", later + timedelta(seconds=30), lease=30)
    assert taken.id == claimed.id and taken.owner == "b"
    assert not await store.timers.done(claimed)  # "a" lost it: its done() deletes nothing
    assert await store.timers.done(taken)
    assert await store.timers.get("table", 7) is None


async def test_a_timer_armed_for_a_process_is_its_own_until_the_grace_runs_out(
    store: Store, clock: FakeClock
) -> None:
    due = clock.now + timedelta(seconds=5)
    await store.timers.arm("table", 3, "round", 2, due, for_owner="a", grace=30)
    assert await store.timers.claim("b", due, lease=30) == []  # "a" fires it, not "b"...
    (mine,) = await store.timers.claim("a", due, lease=30)
    assert (mine.what, mine.owner) == ("round", "a")
    assert await store.timers.claim("a", due, lease=30) == []  # claimed once, not twice
    assert await store.timers.done(mine)
    # ...unless "a" is gone: its timer is anyone's once the grace after due has run out.
    await store.timers.arm("table", 3, "turn", 3, due, for_owner="a", grace=30)
    assert await store.timers.claim("b", due + timedelta(seconds=29), lease=30) == []
    (taken,) = await store.timers.claim("b", due + timedelta(seconds=30), lease=30)
    assert (taken.what, taken.owner) == ("turn", "b")
    # Armed again (a later move of the table) by whoever holds it now.
    await store.timers.arm("table", 3, "turn", 4, due, for_owner="b", grace=30)
    assert await store.timers.claim("a", due + timedelta(seconds=29), lease=30) == []
    assert [t.version for t in await store.timers.claim("b", due, lease=30)] == [4]


async def test_an_older_version_never_replaces_a_newer_one(store: Store, clock: FakeClock) -> None:
    await store.timers.arm("table", 1, "turn", 9, clock.now)
    await store.timers.arm("table", 1, "computer", 8, clock.now)
    timer = await store.timers.get("table", 1)
    assert timer is not None and (timer.what, timer.version) == ("turn", 9)


async def test_done_spares_a_timer_armed_again(store: Store, clock: FakeClock) -> None:
    await store.timers.arm("table", 1, "reminder", 5, clock.now)
    (fired,) = await store.timers.claim("a", clock.now, lease=30)
    # Firing the reminder arms the deadline (same version, another `what`): it stays.
    await store.timers.arm("table", 1, "turn", 5, clock.now + timedelta(seconds=60))
    assert not await store.timers.done(fired)
    kept = await store.timers.get("table", 1)
    assert kept is not None and kept.what == "turn" and kept.owner is None


async def test_sweep_arms_a_check_for_a_playing_table_without_timer(
    store: Store, clock: FakeClock
) -> None:
    table, version = await playing_table(store, 1, 2)
    other, _ = await playing_table(store, 3, 4)
    await store.timers.arm("table", other.id, "turn", 9, clock.now + timedelta(hours=1))
    assert await store.timers.sweep_tables(clock.now) == 1
    assert await store.timers.sweep_tables(clock.now) == 0
    check = await store.timers.get("table", table.id)
    assert check is not None and (check.what, check.version) == ("check", version)


async def test_two_claimers_at_once_never_share_a_timer(
    store: Store, store_target: str, clock: FakeClock
) -> None:
    for ref in range(40):
        await store.timers.arm("table", ref, "turn", 1, clock.now)
    if is_postgres_url(store_target):
        # Another process: a pool of its own on the same database.
        other = await open_pg_store(store_target, clock=clock)
    else:
        other = store  # SQLite is one process: two claimers in it
    try:
        got = await asyncio.gather(
            *(
                (store if n % 2 else other).timers.claim(f"p{n}", clock.now, lease=30, limit=7)
                for n in range(8)
            )
        )
    finally:
        if other is not store:
            await other.close()
    ids = [t.id for batch in got for t in batch]
    assert len(ids) == len(set(ids)) == 40


async def test_left_by_finds_a_role_s_timers_armed_or_claimed(
    store: Store, clock: FakeClock
) -> None:
    # "shards 0 of 2" before its restart armed table 1's timer and claimed table 2's; table 3's
    # is another role's, table 4's nobody's (a sweep's check), table 5's a role whose name
    # only begins like it; a tournament's timer is not a table's.
    now = clock.now
    old = "shards 0 of 2@host:11:aa"
    await store.timers.arm("table", 1, "turn", 3, now, for_owner=old, grace=30)
    await store.timers.arm("table", 2, "computer", 5, now)
    await store.timers.claim(old, now, lease=30)  # claims 2 (and 1, armed for it)
    await store.timers.arm("table", 3, "turn", 4, now, for_owner="shards 1 of 2@host:12:bb")
    await store.timers.arm("table", 4, "check", 2, now)
    await store.timers.arm("table", 5, "turn", 2, now, for_owner="shards 0 of 20@host:13:cc")
    await store.timers.arm("tournament", 1, "deadline", 1, now, for_owner=old)
    await store.timers.arm("table", 6, "turn", 2, now + timedelta(seconds=60), for_owner=old)
    left = await store.timers.left_by("table", "shards 0 of 2")
    assert [(t.ref_id, t.owner) for t in left] == [
        (1, old),
        (2, old),
        (6, "armed-for:" + old),
    ]
    assert await store.timers.left_by("table", "shards 1") == []


async def test_a_move_with_its_timer_writes_both_or_neither(store: Store, clock: FakeClock) -> None:
    table, version = await playing_table(store, 1, 2)
    due = clock.now + timedelta(seconds=50)
    timer = NextTimer("reminder", due, for_owner="a", grace=30)
    new = await store.tables.apply_move(table.id, version, 1, 0, "{}", timer=timer)
    armed = await store.timers.get("table", table.id)
    assert armed is not None
    # The very row `timers.arm` writes, at the move's version.
    await store.timers.arm("table", 99, "reminder", new, due, for_owner="a", grace=30)
    by_arm = await store.timers.get("table", 99)
    assert by_arm is not None
    fields = ("what", "version", "due_at", "owner", "lease_until")
    assert [getattr(armed, f) for f in fields] == [getattr(by_arm, f) for f in fields]
    assert (armed.version, armed.owner) == (new, "armed-for:a")
    # A stale move writes neither its move nor its timer.
    with pytest.raises(StaleVersion):
        await store.tables.apply_move(
            table.id, version, 1, 1, "{}", timer=NextTimer("turn", due, for_owner="b")
        )
    assert await store.timers.get("table", table.id) == armed
    assert len(await store.tables.moves(table.id)) == 1


async def test_each_move_of_a_batch_commits_its_own_timer(store: Store, clock: FakeClock) -> None:
    tables = [await playing_table(store, 10 + i, 20 + i) for i in range(4)]
    stale_table, stale_version = tables.pop()
    due = clock.now + timedelta(seconds=5)
    calls = [
        store.tables.apply_move(
            t.id, v, 1, 0, "{}", timer=NextTimer("computer", due, for_owner=f"p{t.id}")
        )
        for t, v in tables
    ]
    calls.append(
        store.tables.apply_move(
            stale_table.id, stale_version - 1, 1, 0, "{}", timer=NextTimer("turn", due)
        )
    )
    results = await asyncio.gather(*calls, return_exceptions=True)
    assert isinstance(results[-1], StaleVersion)
    for (t, v), got in zip(tables, results[:-1], strict=True):
        assert got == v + 1
        armed = await store.timers.get("table", t.id)
        assert armed is not None
        assert (armed.what, armed.version, armed.owner) == ("computer", v + 1, f"armed-for:p{t.id}")
    assert await store.timers.get("table", stale_table.id) is None
