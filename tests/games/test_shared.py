"""Two table services over one store, as two bot processes over one database: any of them
handles any table's click, concurrent moves are refused but one, and the timers in the
store fire once whichever service is alive. On PostgreSQL (two pools, as two processes)
and on a SQLite file (the same code path, one process)."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.games.challenges import ChallengeService
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.games.presets import make_rules
from bot.games.tables import StaleButton, TableService, Timing, replay
from bot.store import Storage, open_store
from bot.store.models import NextTimer
from tests.shared_store import T0, Clock, baseline_move, play_turn
from tests.shared_store import play_out as shared_play_out

TIMING = Timing(turn=60, reminder=10, round_pause=2, computer_delay=1, lease=30, sweep=3600)
A, B = 1001, 1002


def service(
    store: Storage,
    clock: Clock,
    seen: list[TableUpdate],
    role: str | None = None,
    timing: Timing = TIMING,
) -> TableService:
    tables = TableService(store, timing=timing, shared=True, clock=clock, role=role)
    seeds = iter(range(11, 1000))
    tables.deal_seed = lambda: next(seeds)

    async def observe(update: TableUpdate) -> None:
        seen.append(update)

    tables.subscribe(observe)
    return tables


async def challenge(
    tables: TableService,
    store: Storage,
    *,
    where: tuple[int, int] = (1, 2),
    players: tuple[tuple[int, str], tuple[int, str]] = ((A, "Alice"), (B, "Bob")),
    target: int = 60,
) -> int:
    """The first of `players` challenges the second in `where` (server, channel) to a match
    of cardgames to `target`, through `tables`; the second accepts. The new table's id."""
    (challenger, name), (opponent, other) = players
    challenges = ChallengeService(store, tables)
    ch = await challenges.create(
        guild_id=where[0],
        channel_id=where[1],
        challenger=(challenger, name),
        opponent=(opponent, other),
        opponent_is_bot=False,
        preset="cardgames",
        target=target,
    )
    _, update = await challenges.accept(ch.id, opponent, {challenger: name, opponent: other})
    return update.state.table_id


def two_services(
    stores: tuple[Storage, Storage],
) -> tuple[Clock, list[TableUpdate], TableService, TableService]:
    """A service on each store (two processes) on one clock, their updates in one list."""
    clock, seen = Clock(), list[TableUpdate]()
    return clock, seen, service(stores[0], clock, seen), service(stores[1], clock, seen)


async def play_out(services: list[TableService], table_id: int, clock: Clock) -> int:
    """The match played out through `services` (`shared_store.play_out`); its clicks."""
    return await shared_play_out(services, table_id, clock, TIMING.round_pause, seed=5)


async def test_a_match_played_through_two_services_ends_as_in_one(
    stores: tuple[Storage, Storage], tmp_path: Path
) -> None:
    clock, seen, one, two = two_services(stores)
    table_id = await challenge(one, stores[0])
    clicks = await play_out([one, two], table_id, clock)
    await one.wait_idle()
    await two.wait_idle()
    # The same deals and choices in one process on a store of its own.
    alone_seen: list[TableUpdate] = []
    async with await open_store(tmp_path / "alone.sqlite3") as alone_store:
        alone_clock = Clock()
        alone = service(alone_store, alone_clock, alone_seen)
        alone_id = await challenge(alone, alone_store)
        assert await play_out([alone], alone_id, alone_clock) == clicks
        await alone.wait_idle()
        alone_moves = len(await alone_store.tables.moves(alone_id))
    (over,) = [u for u in seen if u.kind == "match_over"]
    (alone_over,) = [u for u in alone_seen if u.kind == "match_over"]
    assert over.summary == alone_over.summary and over.summary is not None
    assert over.summary.ended_by == "score"
    assert len(await stores[1].tables.moves(table_id)) == alone_moves == clicks
    record = await stores[1].tables.get(table_id)
    assert record is not None and record.status == "finished"
    # Both services saw every change: each rebuilt the table when the other had moved it.
    assert any(u.reloaded for u in seen)
    await one.close()
    await two.close()


async def test_two_moves_at_one_version_from_two_services_one_lands(
    stores: tuple[Storage, Storage],
) -> None:
    clock, seen, one, two = two_services(stores)
    table_id = await challenge(one, stores[0])
    # `/gin hand` reaching the other process finds the table through the store.
    assert two.playing_tables_of(A) == []
    (live,) = await two.playing_tables_for(A)
    assert live.record.id == table_id and live.match is not None
    user, action = baseline_move(live)
    before = live.version
    results = await asyncio.gather(
        one.act(table_id, user, action, before),
        two.act(table_id, user, action, before),
        return_exceptions=True,
    )
    assert sum(isinstance(r, TableUpdate) for r in results) == 1
    assert sum(isinstance(r, StaleButton) for r in results) == 1
    moves = await stores[0].tables.moves(table_id)
    assert [m.seq for m in moves] == [before + 1]
    await one.close()
    await two.close()


def seat_moves(moves: list, seat: int) -> int:  # type: ignore[type-arg]
    return sum(1 for m in moves if m.seat == seat)


async def test_a_deadline_falling_while_a_process_is_dead_fires_once_elsewhere(
    stores: tuple[Storage, Storage],
) -> None:
    clock, seen, one, two = two_services(stores)
    table_id = await challenge(one, stores[0])
    live = await one.sync(table_id)
    assert live.match is not None
    seat = live.match.round.to_move
    assert seat is not None
    await one.close()  # "killed": it never fires anything again
    # Its reminder (due T0 + 50) is its own for a lease past due: nothing fires before that.
    assert await two.fire_due(T0 + 50) == 0
    assert await two.fire_due(T0 + 50 + TIMING.lease - 1) == 0
    assert await stores[1].tables.moves(table_id) == []
    # Then the other process takes it over. The turn's deadline (T0 + 60) is past by then:
    # no reminder of a turn already over, the turn is played automatically, once.
    clock.now = T0 + 50 + TIMING.lease
    assert await two.fire_due() == 1
    await two.wait_idle()
    assert [u.kind for u in seen if u.kind == "reminder"] == []
    moves = await stores[1].tables.moves(table_id)
    assert moves and {m.seat for m in moves} == {seat}
    # Fired once: the next timer is the other seat's reminder, a turn later, armed by "two".
    assert await two.fire_due() == 0
    timer = await stores[1].timers.get("table", table_id)
    assert timer is not None and timer.what == "reminder"
    assert timer.due_at == datetime.fromtimestamp(clock.now + 50, UTC)
    assert len(await stores[1].tables.moves(table_id)) == len(moves)
    await two.close()


async def test_a_dead_process_s_claimed_timer_is_taken_over_after_its_lease(
    stores: tuple[Storage, Storage],
) -> None:
    clock, seen, one, two = two_services(stores)
    table_id = await challenge(one, stores[0])
    # "one" claims the reminder, then dies before firing it.
    claimed = await stores[0].timers.claim(
        one.owner, datetime.fromtimestamp(T0 + 50, UTC), TIMING.lease
    )
    assert [t.what for t in claimed] == ["reminder"]
    await one.close()
    assert await two.fire_due(T0 + 50 + TIMING.lease - 1) == 0  # still "one"'s
    clock.now = T0 + 50 + TIMING.lease
    # Taken over: the reminder, but the turn's deadline is long past, so the turn is
    # played automatically at once (no reminder of a turn already over).
    assert await two.fire_due() == 1
    await two.wait_idle()
    assert [u.kind for u in seen if u.kind == "reminder"] == []
    moves = await stores[1].tables.moves(table_id)
    assert moves
    assert await two.fire_due() == 0  # the next seat's reminder is 50 s away
    assert len(await stores[1].tables.moves(table_id)) == len(moves)
    await two.close()


async def test_a_computer_seat_moves_once_whichever_service_fires(
    stores: tuple[Storage, Storage],
) -> None:
    clock, seen, one, two = two_services(stores)
    started = await one.play_computer(guild_id=1, channel_id=2, player=(A, "Alice"), level="normal")
    table_id = started.state.table_id
    for _ in range(6):
        live = await two.sync(table_id)
        assert live.match is not None and not live.match.round_over
        seat = live.match.round.to_move
        assert seat is not None
        if live.record.seats[seat].user_id == A:
            await play_turn(one, live)
            continue
        before = len(await stores[0].tables.moves(table_id))
        clock.now += TIMING.computer_delay
        fired = await asyncio.gather(one.fire_due(), two.fire_due())
        assert sorted(fired) == [0, 1]  # one of them claimed it, the other nothing
        after = await stores[0].tables.moves(table_id)
        assert len(after) > before and {m.seat for m in after[before:]} == {seat}
    await one.close()
    await two.close()


async def test_missed_turns_count_across_services(stores: tuple[Storage, Storage]) -> None:
    """A player away for two turns in a row is removed, though each deadline was fired by
    another service: the count of automatic turns lives in the store."""
    clock, seen, one, two = two_services(stores)
    table_id = await challenge(one, stores[0])
    away = (await one.sync(table_id)).match.round.to_move  # type: ignore[union-attr]
    for tables in (one, two):
        # The away seat's turn runs out (reminder, then deadline)...
        clock.now += TIMING.turn
        while await tables.fire_due():
            pass
        try:
            await tables.sync(table_id)
        except GameError:  # the match is over
            break
        # ...and the other seat plays its turn by clicks, through the other service.
        other = one if tables is two else two
        for _ in range(2):
            live = await other.sync(table_id)
            assert live.match is not None
            if live.match.round.to_move in (away, None):
                break
            await play_turn(other, live)
    await one.wait_idle()
    await two.wait_idle()
    (over,) = [u for u in seen if u.kind == "match_over"]
    assert over.summary is not None and over.summary.ended_by == "timeout"
    assert over.summary.loser == away
    await one.close()
    await two.close()


async def test_a_table_left_without_timer_gets_its_timer_back(
    stores: tuple[Storage, Storage],
) -> None:
    """A process killed between a move's commit and arming the next timer leaves a table
    with none: the sweep arms a "check", which arms what the table waits for."""
    clock = Clock()
    seen: list[TableUpdate] = []
    one = service(stores[0], clock, seen)
    table_id = await challenge(one, stores[0])
    await stores[0].timers.cancel("table", table_id)
    await one.close()
    two = service(stores[1], clock, seen)
    assert await two.fire_due() == 1  # the sweep's check, due at once
    timer = await stores[1].timers.get("table", table_id)
    assert timer is not None and timer.what == "reminder"
    assert timer.due_at == datetime.fromtimestamp(T0 + TIMING.turn - TIMING.reminder, UTC)
    assert await two.fire_due() == 0
    await two.close()


async def test_a_click_at_a_version_the_other_service_moved_past_is_refused(
    stores: tuple[Storage, Storage],
) -> None:
    """`one` still holds the table at the version `two` moved it past: a click at that
    version (a button `one` showed) is refused by the store's versioned write, though `one`
    skipped reading the version, and `one` then holds the table as the store has it."""
    clock, seen, one, two = two_services(stores)
    table_id = await challenge(one, stores[0])
    old = one.get(table_id).version
    live = await two.sync(table_id)
    assert live.match is not None and live.version == old
    user, action = baseline_move(live)
    await two.act(table_id, user, action, old)
    assert one.get(table_id).version == old  # `one` has not heard of it
    with pytest.raises(StaleButton):
        await one.act(table_id, user, action, old)
    assert [m.seq for m in await stores[0].tables.moves(table_id)] == [old + 1]
    held = one.get(table_id)
    assert held.version == old + 1 and held.match is not None
    # The next click, at the version the store has, lands through `one`.
    await play_turn(one, held)
    assert [m.seq for m in await stores[1].tables.moves(table_id)] == [old + 1, old + 2]
    await one.close()
    await two.close()


ZERO, ONE = "shards 0 of 2", "shards 1 of 2"  # two processes' roles (`Settings.process_role`)


async def click(tables: TableService, table_id: int) -> None:
    """The player to move makes the baseline's move, through `tables`."""
    await play_turn(tables, await tables.sync(table_id))


async def test_a_restarted_process_shows_afresh_the_tables_it_changed_last(
    stores: tuple[Storage, Storage],
) -> None:
    """A process killed with updates still to show: the next process of its role shows its
    tables again (and takes their timers over), and no other table; the game, the version
    and the timers' times stay as they were."""
    clock = Clock()
    lost: list[TableUpdate] = []
    zero, one = service(stores[0], clock, lost, ZERO), service(stores[1], clock, lost, ONE)
    mine = await challenge(zero, stores[0])
    await click(zero, mine)
    await click(zero, mine)  # a draw and a discard: the other seat is to move
    theirs = (
        await one.play_computer(guild_id=1, channel_id=2, player=(1003, "Carol"), level="easy")
    ).state.table_id
    await zero.close()  # killed: the updates it had not shown die with it
    record = await stores[0].tables.get(mine)
    assert record is not None
    moves = await stores[0].tables.moves(mine)
    armed = await stores[0].timers.get("table", mine)
    assert armed is not None and armed.owner == "armed-for:" + zero.owner
    theirs_armed = await stores[0].timers.get("table", theirs)

    seen: list[TableUpdate] = []
    again = service(stores[0], clock, seen, ZERO)
    assert again.owner != zero.owner
    assert await again.recover() == 1
    await again.wait_idle()
    (shown,) = seen
    assert (shown.kind, shown.state.table_id, shown.state.version) == (
        "round_start",
        mine,
        record.version,
    )
    assert shown.reloaded  # the Discord side reads the messages' ids from the store
    item = await stores[0].tables.in_play_one(mine)
    assert item is not None
    match = replay(item)
    # Each seat gets its own hand, the one to move with its controls (the engine's view).
    assert shown.views == {seat: match.round.view(seat) for seat in (0, 1)}
    assert shown.state.public is not None and shown.state.public.to_move == match.round.to_move
    after = await stores[0].tables.get(mine)
    assert after is not None and after.version == record.version
    assert await stores[0].tables.moves(mine) == moves
    # The same timer (what, version, due), now the new process's to fire.
    timer = await stores[0].timers.get("table", mine)
    assert timer is not None and timer.owner == "armed-for:" + again.owner
    assert (timer.what, timer.version, timer.due_at) == (armed.what, armed.version, armed.due_at)
    # The other process's table is left alone, timer and all.
    assert await stores[0].timers.get("table", theirs) == theirs_armed
    assert again.find(theirs) is None

    # A restart of the other process shows only its own table.
    await one.close()
    seen_one: list[TableUpdate] = []
    one_again = service(stores[1], clock, seen_one, ONE)
    assert await one_again.recover() == 1
    await one_again.wait_idle()
    assert [(u.kind, u.state.table_id) for u in seen_one] == [("round_start", theirs)]
    assert len(seen) == 1
    await again.close()
    await one_again.close()


async def test_a_restarted_process_deals_the_round_its_predecessor_ended(
    stores: tuple[Storage, Storage],
) -> None:
    """Killed right after a move that ended a round: the next process of its role shows at
    once only the round's reveal (its predecessor never posted it: nothing here records a
    post), no hand (the deal shows every hand), and deals after the round's pause."""
    clock = Clock()
    lost: list[TableUpdate] = []
    zero = service(stores[0], clock, lost, ZERO)
    table_id = await challenge(zero, stores[0])
    for _ in range(200):
        live = await zero.sync(table_id)
        assert live.match is not None
        if live.match.round_over:
            break
        await click(zero, table_id)
    else:
        raise AssertionError("the round did not end")
    await zero.close()
    seen: list[TableUpdate] = []
    again = service(stores[1], clock, seen, ZERO)
    assert await again.recover() == 1
    await again.wait_idle()
    assert [(u.kind, len(u.views)) for u in seen] == [("reveal", 0)]
    timer = await stores[1].timers.get("table", table_id)
    assert timer is not None and timer.what == "round"
    assert timer.owner == "armed-for:" + again.owner
    assert timer.due_at == datetime.fromtimestamp(clock.now + TIMING.round_pause, UTC)
    clock.now += TIMING.round_pause
    assert await again.fire_due() == 1
    await again.wait_idle()
    assert [(u.kind, len(u.views)) for u in seen] == [("reveal", 0), ("round_start", 2)]
    assert len(await stores[1].tables.rounds(table_id)) == 2
    await again.close()


async def test_a_move_commits_its_next_timer_without_a_separate_arm(
    stores: tuple[Storage, Storage], monkeypatch: pytest.MonkeyPatch
) -> None:
    clock, seen, one, two = two_services(stores)
    table_id = await challenge(one, stores[0])

    async def arm_fails(*args: object, **kwargs: object) -> None:
        raise OSError("killed between the move's commit and a separate arm")

    # "two" can no longer arm a timer by itself: what it arms comes with its moves.
    monkeypatch.setattr(stores[1].timers, "arm", arm_fails)
    for _ in range(4):
        live = await two.sync(table_id)
        assert live.match is not None and not live.match.round_over
        clock.now += 7
        await play_turn(two, live)
        live = await two.sync(table_id)
        assert live.deadline is not None
        timer = await stores[0].timers.get("table", table_id)
        assert timer is not None
        assert (timer.what, timer.version, timer.owner) == (
            "reminder",
            live.version,
            "armed-for:" + two.owner,
        )
        assert timer.due_at == datetime.fromtimestamp(live.deadline - TIMING.reminder, UTC)
        assert timer.lease_until == datetime.fromtimestamp(
            live.deadline - TIMING.reminder + TIMING.lease, UTC
        )
    # "one" does not fire "two"'s timer within the grace (the row is "two"'s own).
    assert await one.fire_due(live.deadline - TIMING.reminder) == 0
    await one.close()
    await two.close()


async def three_seat_lobby(
    tables: TableService, seated: tuple[tuple[int | None, str, str | None], ...] = ()
) -> int:
    """A three-seat table of classic rules in the lobby, hosted by Alice (A), `seated` in
    it (else Alice alone); its id."""
    live = await tables.open_table(
        guild_id=1,
        channel_id=2,
        host=(A, "Alice"),
        rules=make_rules("classic", None),
        seats=3,
        seated=seated,
    )
    return live.record.id


async def three_seats(tables: TableService) -> int:
    """A started three-seat match (classic rules) of A, B and C; its id."""
    table_id = await three_seat_lobby(
        tables, ((A, "Alice", None), (B, "Bob", None), (1003, "Carol", None))
    )
    await tables.start(table_id, A)
    return table_id


class Killed(Exception):
    """The process stops here: nothing after this point runs."""


async def test_a_restarted_process_shows_a_match_its_predecessor_started(
    stores: tuple[Storage, Storage], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed right after a match start's commit, before it showed or armed anything: the
    next process of its role shows the table afresh (every hand) and the first turn runs on
    the timer committed with the start, reminder first, nobody's cards played unseen."""
    clock = Clock()
    lost: list[TableUpdate] = []
    zero = service(stores[0], clock, lost, ZERO)
    start = stores[0].tables.start

    async def start_then_killed(*args: object, **kwargs: object) -> int:
        version: int = await start(*args, **kwargs)
        raise Killed(version)

    monkeypatch.setattr(stores[0].tables, "start", start_then_killed)
    with pytest.raises(Killed):
        await challenge(zero, stores[0])
    monkeypatch.undo()
    await zero.close()
    assert lost == []  # it showed nothing
    (record,) = await stores[1].tables.find(status="playing")
    table_id = record.id
    assert len(await stores[1].tables.rounds(table_id)) == 1  # started dealt
    armed = await stores[1].timers.get("table", table_id)
    assert armed is not None
    assert (armed.what, armed.version, armed.owner) == (
        "reminder",
        record.version,
        "armed-for:" + zero.owner,
    )
    assert armed.due_at == datetime.fromtimestamp(T0 + TIMING.turn - TIMING.reminder, UTC)

    seen: list[TableUpdate] = []
    again = service(stores[1], clock, seen, ZERO)
    assert await again.recover() == 1
    await again.wait_idle()
    (shown,) = seen
    assert (shown.kind, shown.state.table_id, shown.state.version) == (
        "round_start",
        table_id,
        record.version,
    )
    item = await stores[1].tables.in_play_one(table_id)
    assert item is not None
    match = replay(item)
    assert shown.views == {seat: match.round.view(seat) for seat in (0, 1)}
    timer = await stores[1].timers.get("table", table_id)
    assert timer is not None and timer.owner == "armed-for:" + again.owner
    assert (timer.what, timer.version, timer.due_at) == (armed.what, armed.version, armed.due_at)
    # The first turn goes on as if nothing happened: the reminder, then the turn's timer.
    assert await again.fire_due(T0 + TIMING.turn - TIMING.reminder - 1) == 0
    clock.now = T0 + TIMING.turn - TIMING.reminder
    assert await again.fire_due() == 1
    await again.wait_idle()
    assert [u.kind for u in seen] == ["round_start", "reminder"]
    turn = await stores[1].timers.get("table", table_id)
    assert turn is not None
    assert (turn.what, turn.version, turn.owner) == (
        "turn",
        record.version,
        "armed-for:" + again.owner,
    )
    assert turn.due_at == datetime.fromtimestamp(T0 + TIMING.turn, UTC)
    assert await stores[1].tables.moves(table_id) == []
    await again.close()


async def test_a_start_a_deal_and_a_removal_commit_their_timers_without_a_separate_arm(
    stores: tuple[Storage, Storage], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A three-seat match through one service that can no longer arm a timer by itself:
    after the start, every move, every deal and the removal of a seat away twice, the
    table's timer is what the table waits for, at its version, in the service's name."""
    clock = Clock()
    seen: list[TableUpdate] = []
    one = service(stores[0], clock, seen)

    async def arm_fails(*args: object, **kwargs: object) -> None:
        raise OSError("killed between a change's commit and a separate arm")

    monkeypatch.setattr(stores[0].timers, "arm", arm_fails)
    removals: list[dict[str, object]] = []
    remove_seat = stores[0].tables.remove_seat

    async def remove_seat_seen(*args: object, **kwargs: object) -> None:
        removals.append(kwargs)
        await remove_seat(*args, **kwargs)

    monkeypatch.setattr(stores[0].tables, "remove_seat", remove_seat_seen)
    table_id = await three_seats(one)
    live = await one.sync(table_id)
    assert live.match is not None
    away = live.match.round.to_move
    deals = 1
    for _ in range(2000):
        try:
            live = await one.sync(table_id)
        except GameError:
            break  # the match is over
        match = live.match
        assert match is not None
        timer = await stores[0].timers.get("table", table_id)
        assert timer is not None
        assert (timer.version, timer.owner) == (live.version, "armed-for:" + one.owner)
        seat = match.round.to_move
        if match.round_over:
            assert timer.what == "round"
            if removals and deals > 1:
                break  # a deal and a removal seen
            clock.now += TIMING.round_pause
            assert await one.fire_due() == 1
            deals += 1
        elif seat is not None and live.record.seats[seat].removed:
            assert timer.what == "computer"
            clock.now += TIMING.computer_delay
            assert await one.fire_due() == 1
        elif seat == away:
            assert timer.what == "reminder"
            clock.now += TIMING.turn  # away: the turn runs out
            assert await one.fire_due() == 1
        else:
            assert timer.what == "reminder"
            await play_turn(one, live)
    else:
        raise AssertionError("neither a deal and a removal nor the match's end")
    await one.wait_idle()
    assert [u.seat for u in seen if u.kind == "removed"] == [away]
    (removal,) = removals
    assert isinstance(removal["timer"], NextTimer) and removal["expected_version"] is not None
    assert deals > 1
    await one.close()


async def test_a_removal_raced_by_another_process_s_move_waits_for_the_next_missed_turn(
    stores: tuple[Storage, Storage], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The removal is checked against the version it was decided on: a move another process
    commits in between refuses it (nothing written, the table taken as it is now), and the
    seat, its missed turn counted in the store, is removed at its next missed turn."""
    clock = Clock()
    seen: list[TableUpdate] = []
    one = service(stores[0], clock, seen, timing=dataclasses.replace(TIMING, max_auto_moves=1))
    two = service(stores[1], clock, [])
    table_id = await three_seats(one)
    away = (await one.sync(table_id)).match.round.to_move  # type: ignore[union-attr]
    remove_seat = stores[0].tables.remove_seat
    raced: list[int] = []

    async def raced_once(*args: object, **kwargs: object) -> None:
        if not raced:  # the next player's click lands through the other process first
            await click(two, table_id)
            raced.append(len(await stores[1].tables.moves(table_id)))
        await remove_seat(*args, **kwargs)

    monkeypatch.setattr(stores[0].tables, "remove_seat", raced_once)
    clock.now += TIMING.turn
    assert await one.fire_due() == 1
    await one.wait_idle()
    assert raced and [u for u in seen if u.kind == "removed"] == []
    record = await stores[0].tables.get(table_id)
    assert record is not None and not record.seats[away].removed
    held = one.get(table_id)  # taken as the store has it: the click in, nobody withdrawn
    assert held.version == record.version and held.match is not None
    assert held.match.withdrawn == frozenset()
    assert len(await stores[0].tables.moves(table_id)) == raced[0]
    for _ in range(200):
        live = await one.sync(table_id)
        assert live.match is not None and not live.match.round_over
        seat = live.match.round.to_move
        assert seat is not None
        if seat == away:
            break
        await play_turn(one, live)
    else:
        raise AssertionError("the away seat's turn never came back")
    clock.now += TIMING.turn
    while await one.fire_due():
        pass
    await one.wait_idle()
    assert [u.seat for u in seen if u.kind == "removed"] == [away]
    record = await stores[0].tables.get(table_id)
    assert record is not None and record.seats[away].removed
    await one.close()
    await two.close()
