"""Challenges: one pending per pair, answered once, expiry, acceptance creates the table."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store import NotFound, PendingChallengeExists, Store

from .conftest import FakeClock, spec


async def challenge(store: Store, clock: FakeClock, a: int = 1, b: int = 2, minutes: int = 5):  # type: ignore[no-untyped-def]
    return await store.challenges.create(
        10,
        20,
        a,
        b,
        rules="cardgames",
        target=100,
        expires_at=clock.now + timedelta(minutes=minutes),
    )


async def test_create_and_get(store: Store, clock: FakeClock) -> None:
    c = await challenge(store, clock)
    assert (c.status, c.challenger_id, c.opponent_id, c.rules, c.target) == (
        "pending",
        1,
        2,
        "cardgames",
        100,
    )
    assert c.expires_at == clock.now + timedelta(minutes=5) and c.resolved_at is None
    assert await store.challenges.get(c.id) == c
    assert await store.challenges.get(999) is None
    with pytest.raises(ValueError):
        await challenge(store, clock, 3, 3)


async def test_one_pending_challenge_per_pair_either_way(store: Store, clock: FakeClock) -> None:
    first = await challenge(store, clock, 1, 2)
    with pytest.raises(PendingChallengeExists):
        await challenge(store, clock, 1, 2)
    with pytest.raises(PendingChallengeExists):
        await challenge(store, clock, 2, 1)
    await challenge(store, clock, 1, 3)  # another pair is fine
    assert await store.challenges.pending_between(2, 1) == first
    await store.challenges.resolve(first.id, "declined")
    again = await challenge(store, clock, 2, 1)
    assert again.status == "pending"


async def test_an_expired_challenge_does_not_block_a_new_one(
    store: Store, clock: FakeClock
) -> None:
    old = await challenge(store, clock, minutes=5)
    clock.advance(minutes=6)
    new = await challenge(store, clock)
    assert (await store.challenges.get(old.id)).status == "expired"  # type: ignore[union-attr]
    assert new.status == "pending"


async def test_resolve_only_once(store: Store, clock: FakeClock) -> None:
    c = await challenge(store, clock)
    clock.advance(seconds=30)
    declined = await store.challenges.resolve(c.id, "declined")
    assert (
        declined is not None and declined.status == "declined" and declined.resolved_at == clock.now
    )
    assert await store.challenges.resolve(c.id, "cancelled") is None
    assert (await store.challenges.get(c.id)).status == "declined"  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        await store.challenges.resolve(c.id, "accepted")  # type: ignore[arg-type]


async def test_accept_creates_the_table_atomically(store: Store, clock: FakeClock) -> None:
    c = await challenge(store, clock)
    accepted = await store.challenges.accept(c.id, spec(2, 1, guild=10, channel=20))
    assert accepted is not None
    done, table = accepted
    assert (done.status, done.table_id) == ("accepted", table.id)
    assert [s.user_id for s in table.seats] == [2, 1] and table.status == "lobby"
    # A second Accept (double click) and a late Decline change nothing.
    assert await store.challenges.accept(c.id, spec(2, 1)) is None
    assert await store.challenges.resolve(c.id, "declined") is None
    assert len(await store.tables.find()) == 1


async def test_accept_after_expiry_creates_nothing(store: Store, clock: FakeClock) -> None:
    c = await challenge(store, clock, minutes=5)
    clock.advance(minutes=5)
    assert await store.challenges.accept(c.id, spec(1, 2)) is None
    assert await store.tables.find() == []


async def test_expire_due_and_next_expiry(store: Store, clock: FakeClock) -> None:
    a = await challenge(store, clock, 1, 2, minutes=1)
    b = await challenge(store, clock, 1, 3, minutes=10)
    c = await challenge(store, clock, 4, 5, minutes=2)
    assert await store.challenges.next_expiry() == a.expires_at
    assert await store.challenges.expire_due() == []
    clock.advance(minutes=3)
    expired = await store.challenges.expire_due()
    assert [(x.id, x.status) for x in expired] == [(a.id, "expired"), (c.id, "expired")]
    assert await store.challenges.next_expiry() == b.expires_at
    assert [x.id for x in await store.challenges.expire_due(clock.now + timedelta(hours=1))] == [
        b.id
    ]
    assert await store.challenges.next_expiry() is None


async def test_pending_for_and_messages(store: Store, clock: FakeClock) -> None:
    a = await challenge(store, clock, 1, 2)
    b = await challenge(store, clock, 3, 1)
    await challenge(store, clock, 3, 4)
    assert [x.id for x in await store.challenges.pending_for(1)] == [a.id, b.id]
    await store.challenges.set_messages(a.id, message_id=100)
    said = await store.challenges.set_messages(a.id, dm_channel_id=200, dm_message_id=300)
    got = await store.challenges.get(a.id)
    assert got is not None and said == got
    assert (got.message_id, got.dm_channel_id, got.dm_message_id) == (100, 200, 300)
    # Remembered after it was resolved: the answer says so (its announcement missed it).
    await store.challenges.resolve(b.id, "expired")
    late = await store.challenges.set_messages(b.id, message_id=101)
    assert (late.status, late.message_id) == ("expired", 101)
    with pytest.raises(NotFound):
        await store.challenges.set_messages(999, message_id=1)
