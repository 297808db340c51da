"""Two processes over one store doing one tournament job at once: a round is opened and
announced once whichever process takes it, also when the other saves the tournament
meanwhile; one standings message is posted, whichever processes take the results."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.store import Storage
from bot.tournaments._model import StandingsSlot
from tests.shared_store import Clock

from .test_shared import ROUNDS, TABLES, Process, kinds, play_out, started


def once_inside(
    monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, meanwhile: Callable[[], Awaitable[Any]]
) -> None:
    """The first call of `owner.name` awaits `meanwhile()` first: another process's work
    lands in the middle of this one's step."""
    real = getattr(owner, name)
    pending = [meanwhile]

    async def wrapped(*args: Any, **kwargs: Any) -> Any:
        if pending:
            await pending.pop()()
        return await real(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapped)


async def round_one_played(procs: tuple[Process, Process], clock: Clock) -> int:
    """A tournament started by the first process, its round 1 played through the second:
    the pause before round 2 is due."""
    one, two = procs
    tid = await started(one)
    await one.idle()
    for p in await two.store.tournaments.pairings(tid, 1):
        assert p.table_id is not None
        await play_out([two], p.table_id, clock)
        await two.idle()
    timer = await one.store.timers.get("tournament", tid)
    assert timer is not None and timer.what == "round"
    clock.now += ROUNDS.between_rounds
    return tid


async def assert_round_two_open(procs: tuple[Process, Process], tid: int) -> None:
    """Round 2 announced once, both its tables playing, its deadline armed."""
    one, two = procs
    await asyncio.gather(one.idle(), two.idle())
    assert kinds([one, two], "round_started") == 2
    announced = [u for proc in procs for u in proc.seen if u.kind == "round_started"]
    assert [u.info.round_no for u in announced] == [1, 2]
    pairings = await one.store.tournaments.pairings(tid, 2)
    assert len(pairings) == 2
    for p in pairings:
        assert p.table_id is not None
        table = await one.store.tables.get(p.table_id)
        assert table is not None and table.status == "playing"
    assert [t.table_id for t in announced[1].tables] == [p.table_id for p in pairings]
    timer = await one.store.timers.get("tournament", tid)
    assert timer is not None and timer.what == "deadline"


async def test_a_round_opened_while_the_other_process_saves_is_announced_once(
    stores: tuple[Storage, Storage], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`one` pairs round 2 and opens its tables; meanwhile `two` saves the tournament (its
    standings message): `one`'s next save is refused and it does the rest on the new state,
    where round 2 is paired but neither opened nor announced."""
    clock = Clock()
    procs = one, two = Process.open(stores[0], clock), Process.open(stores[1], clock)
    tid = await round_one_played(procs, clock)
    once_inside(
        monkeypatch,
        stores[0].tables,
        "create",
        lambda: two.service.set_standings_message(tid, 4242),
    )
    assert await one.tables.fire_due() == 1
    await assert_round_two_open(procs, tid)
    assert (await one.service.info(tid)).standings_message_id == 4242
    await one.close()
    await two.close()


async def test_a_round_fired_again_by_the_other_process_is_announced_once(
    stores: tuple[Storage, Storage], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`one` is so slow opening round 2 that its lease on the round's timer runs out: `two`
    claims the timer and takes the round too, at the same time. One announcement."""
    clock = Clock()
    procs = one, two = Process.open(stores[0], clock), Process.open(stores[1], clock)
    tid = await round_one_played(procs, clock)

    async def late() -> None:
        clock.now += TABLES.lease + 1
        assert await two.tables.fire_due() == 1

    once_inside(monkeypatch, stores[0].tables, "create", late)
    assert await one.tables.fire_due() == 1
    await assert_round_two_open(procs, tid)
    await one.close()
    await two.close()


async def test_one_standings_message_whatever_process_takes_a_result(
    stores: tuple[Storage, Storage], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both processes ask to post the standings at once: one posts, the other leaves them to
    it; the message it posts is remembered though the other process saves meanwhile, and is
    edited from then on by both."""
    clock = Clock()
    one, two = Process.open(stores[0], clock), Process.open(stores[1], clock)
    tid = await started(one)
    await one.idle()
    slots = await asyncio.gather(one.service.claim_standings(tid), two.service.claim_standings(tid))
    assert sorted(s.post for s in slots) == [False, True]
    assert all(s.message_id is None for s in slots)
    poster = one if slots[0].post else two
    assert (await two.service.info(tid)).standings_posting
    # Between the poster's read and its save, the other process saves the tournament.
    once_inside(
        monkeypatch,
        poster.store.tournaments,
        "save_state",
        lambda: two.service.set_thread(tid, 555),
    )
    await poster.service.set_standings_message(tid, 777)
    for proc in (one, two):
        assert await proc.service.claim_standings(tid) == StandingsSlot(777, post=False)
        now = await proc.service.info(tid)
        assert (now.standings_message_id, now.standings_posting, now.thread_id) == (
            777,
            False,
            555,
        )
    # The message was deleted: one process claims its replacement.
    replaced = await two.service.claim_standings(tid, replacing=777)
    assert replaced == StandingsSlot(None, post=True)
    assert await one.service.claim_standings(tid, replacing=777) == StandingsSlot(None, False)
    # A claim whose process died lets the next one post after its lease.
    clock.now += 61
    assert await one.service.claim_standings(tid) == StandingsSlot(None, post=True)
    await one.close()
    await two.close()
