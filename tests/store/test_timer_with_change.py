"""A match start, a deal and a seat removed for absence commit the table's next timer in
their own transaction (`timer=`), on both backends: the row `timers.arm` writes, at the
change's version, and a timer that cannot be written takes the change down with it."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import asyncpg
import pytest

from bot.store import Store, Timer
from bot.store.errors import StaleVersion, WrongStatus
from bot.store.models import Deal, NextTimer

from .conftest import FakeClock, playing_table, spec

FIELDS = ("what", "version", "due_at", "owner", "lease_until")
#: What a database says to a timer row it refuses (here: `what` is NOT NULL).
REFUSED = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


async def same_as_arm(store: Store, armed: Timer | None, timer: NextTimer, version: int) -> None:
    """`armed` is the very row `timers.arm` writes for `timer` at `version`."""
    assert armed is not None
    await store.timers.arm(
        "table", 999, timer.what, version, timer.due, for_owner=timer.for_owner, grace=timer.grace
    )
    by_arm = await store.timers.get("table", 999)
    assert by_arm is not None
    assert [getattr(armed, f) for f in FIELDS] == [getattr(by_arm, f) for f in FIELDS]
    await store.timers.cancel("table", 999)


def broken(clock: FakeClock) -> NextTimer:
    """A timer the database refuses: its row has no `what`."""
    return NextTimer(None, clock.now, for_owner="a")  # type: ignore[arg-type]


async def test_a_start_commits_its_first_round_and_its_timer(
    store: Store, clock: FakeClock
) -> None:
    table = await store.tables.create(spec(1, 2))
    due = clock.now + timedelta(seconds=50)
    timer = NextTimer("reminder", due, for_owner="shards 0@h:1:a", grace=30)
    version = await store.tables.start(
        table.id, table.version, '{"s": 1}', first_round=Deal(2**62, 1), timer=timer
    )
    # The same table as a start then a deal (two versions on), in one transaction.
    assert version == table.version + 2
    record = await store.tables.get(table.id)
    assert record is not None
    assert (record.status, record.version, record.round_no) == ("playing", version, 1)
    assert (record.state_json, record.snapshot_version) == ('{"s": 1}', version)
    (first,) = await store.tables.rounds(table.id)
    assert (first.round_no, first.seed, first.dealer, first.start_version) == (1, 2**62, 1, version)
    armed = await store.timers.get("table", table.id)
    assert armed is not None
    assert (armed.what, armed.version, armed.owner) == (
        "reminder",
        version,
        "armed-for:shards 0@h:1:a",
    )
    await same_as_arm(store, armed, timer, version)
    # Without a round nor timer, `start` is what it was: one version, nothing else.
    plain = await store.tables.create(spec(3, 4))
    assert await store.tables.start(plain.id, plain.version, "{}") == plain.version + 1
    assert await store.tables.rounds(plain.id) == []
    assert await store.timers.get("table", plain.id) is None


async def test_a_start_whose_timer_fails_writes_nothing(store: Store, clock: FakeClock) -> None:
    table = await store.tables.create(spec(1, 2))
    with pytest.raises(REFUSED):
        await store.tables.start(
            table.id, table.version, "{}", first_round=Deal(5, 0), timer=broken(clock)
        )
    assert await store.tables.get(table.id) == table  # still the lobby, same version
    assert await store.tables.rounds(table.id) == []
    assert await store.timers.get("table", table.id) is None
    # A start refused (stale) writes no timer either.
    with pytest.raises(StaleVersion):
        await store.tables.start(
            table.id,
            table.version - 1,
            "{}",
            first_round=Deal(5, 0),
            timer=NextTimer("turn", clock.now),
        )
    assert await store.timers.get("table", table.id) is None
    # A round that cannot be recorded (its seed out of range) takes the start down too.
    with pytest.raises(ValueError, match="seed"):
        await store.tables.start(table.id, table.version, "{}", first_round=Deal(2**64, 0))
    assert await store.tables.get(table.id) == table


async def test_a_deal_commits_its_timer_or_nothing(store: Store, clock: FakeClock) -> None:
    table, version = await playing_table(store, 1, 2)
    before = await store.tables.get(table.id)
    # The table's timer as another process left it (the round's pause, claimed).
    await store.timers.arm("table", table.id, "round", version, clock.now)
    (old,) = await store.timers.claim("shards 1@h:2:b", clock.now, lease=30)
    with pytest.raises(REFUSED):
        await store.tables.start_round(table.id, version, 2, 7, 1, "{}", timer=broken(clock))
    assert await store.tables.get(table.id) == before
    assert len(await store.tables.rounds(table.id)) == 1
    assert await store.timers.get("table", table.id) == old
    due = clock.now + timedelta(seconds=2)
    timer = NextTimer("computer", due, for_owner="shards 0@h:1:a", grace=30)
    new = await store.tables.start_round(table.id, version, 2, 7, 1, '{"r": 2}', timer=timer)
    assert new == version + 1
    assert [r.start_version for r in await store.tables.rounds(table.id)][-1] == new
    armed = await store.timers.get("table", table.id)
    assert armed is not None
    # The dealer's row now, not the claimer's: a restart of the dealer's role finds it.
    assert (armed.what, armed.version, armed.owner) == (
        "computer",
        new,
        "armed-for:shards 0@h:1:a",
    )
    await same_as_arm(store, armed, timer, new)
    assert [t.ref_id for t in await store.timers.left_by("table", "shards 0")] == [table.id]


async def test_a_removal_commits_its_timer_at_the_table_s_version(
    store: Store, clock: FakeClock
) -> None:
    table, version = await playing_table(store, 1, 2, 3)
    due = clock.now + timedelta(seconds=1)
    timer = NextTimer("computer", due, for_owner="shards 0@h:1:a", grace=30)
    await store.tables.remove_seat(table.id, 1, expected_version=version, timer=timer)
    record = await store.tables.get(table.id)
    assert record is not None
    assert record.version == version  # metadata: the version does not move
    assert [s.removed for s in record.seats] == [False, True, False]
    armed = await store.timers.get("table", table.id)
    assert armed is not None
    assert (armed.what, armed.version, armed.owner) == (
        "computer",
        version,
        "armed-for:shards 0@h:1:a",
    )
    await same_as_arm(store, armed, timer, version)


async def test_a_removal_refused_or_whose_timer_fails_writes_nothing(
    store: Store, clock: FakeClock
) -> None:
    table, version = await playing_table(store, 1, 2, 3)
    await store.timers.arm("table", table.id, "turn", version, clock.now, for_owner="b")
    old = await store.timers.get("table", table.id)
    before = await store.tables.get(table.id)
    with pytest.raises(REFUSED):
        await store.tables.remove_seat(table.id, 2, expected_version=version, timer=broken(clock))
    # Decided on a state the table has left: refused.
    with pytest.raises(StaleVersion):
        await store.tables.remove_seat(
            table.id, 2, expected_version=version - 1, timer=NextTimer("turn", clock.now)
        )
    with pytest.raises(ValueError, match="version"):
        await store.tables.remove_seat(table.id, 2, timer=NextTimer("turn", clock.now))
    assert await store.tables.get(table.id) == before
    assert await store.timers.get("table", table.id) == old
    await store.tables.abandon(table.id)
    with pytest.raises(WrongStatus):
        await store.tables.remove_seat(table.id, 2, expected_version=version + 1)
    # Without a version it is the plain metadata change it was.
    await store.tables.remove_seat(table.id, 2)
    after = await store.tables.get(table.id)
    assert after is not None and after.seats[2].removed
