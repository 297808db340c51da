"""Tournaments over two table and tournament services on one store, as two bot processes
over one database (docs/deploy.md): a match finished in the process that did not open it
counts once, the pause between rounds and the round's no-show deadline are store timers
fired once by whichever process claims them, also when the one that armed them is gone.
On PostgreSQL (two pools, as two processes) and on a SQLite file (one store, the same
code path)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.games.tables import TableService, Timing
from bot.store import Storage
from bot.tournaments._model import TournamentTiming, TournamentUpdate
from bot.tournaments.service import TournamentService
from tests.shared_store import T0, Clock, play_turn
from tests.shared_store import play_out as shared_play_out

TABLES = Timing(turn=600, reminder=10, round_pause=2, computer_delay=1, lease=30, sweep=3600)
ROUNDS = TournamentTiming(no_show=300, between_rounds=5)
GUILD, CHANNEL, ORGANIZER = 77, 88, 5000
PLAYERS = (1001, 1002, 1003, 1004)


@dataclass
class Process:
    """One bot process: a table service and a tournament service on its store handle."""

    store: Storage
    tables: TableService
    service: TournamentService
    seen: list[TournamentUpdate] = field(default_factory=list)

    @classmethod
    def open(cls, store: Storage, clock: Clock) -> Process:
        tables = TableService(store, timing=TABLES, shared=True, clock=clock)
        seeds = iter(range(11, 10_000))
        tables.deal_seed = lambda: next(seeds)
        service = TournamentService(store, tables, timing=ROUNDS, clock=clock)
        service.attach()
        proc = cls(store, tables, service)

        async def observe(update: TournamentUpdate) -> None:
            proc.seen.append(update)

        service.subscribe(observe)
        return proc

    async def idle(self) -> None:
        for _ in range(3):
            await self.tables.wait_idle()
            await self.service.wait_idle()

    async def close(self) -> None:
        await self.idle()
        await self.service.close()
        await self.tables.close()


async def created(proc: Process) -> int:
    """A Swiss tournament over two rounds, of cardgames to 10, created by `proc`: its id."""
    info = await proc.service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organizer_id=ORGANIZER,
        name="Shared Gin",
        format="swiss",
        rules="cardgames",
        target=10,
        rounds=2,
    )
    return info.id


async def started(proc: Process) -> int:
    """A Swiss tournament of four over two rounds, started by `proc`."""
    tid = await created(proc)
    for user in PLAYERS:
        await proc.service.join(tid, user, f"P{user}")
    await proc.service.start(tid)
    return tid


async def play_out(procs: list[Process], table_id: int, clock: Clock) -> None:
    """The match played out through the processes' table services (`shared_store.play_out`,
    each click reaching one at random)."""
    tables = [proc.tables for proc in procs]
    await shared_play_out(tables, table_id, clock, TABLES.round_pause, seed=table_id)


def two_processes(stores: tuple[Storage, Storage]) -> tuple[Clock, Process, Process]:
    """A process on each store, on one clock."""
    clock = Clock()
    return clock, Process.open(stores[0], clock), Process.open(stores[1], clock)


def kinds(procs: list[Process], kind: str) -> int:
    return sum(1 for proc in procs for u in proc.seen if u.kind == kind)


async def test_matches_finished_in_the_other_process_advance_the_tournament_once(
    stores: tuple[Storage, Storage],
) -> None:
    clock, one, two = two_processes(stores)
    tid = await started(one)
    await one.idle()
    round_one = await stores[1].tournaments.pairings(tid, 1)
    assert len(round_one) == 2 and all(p.table_id is not None for p in round_one)
    timer = await stores[1].timers.get("tournament", tid)
    assert timer is not None and timer.what == "deadline"
    # Every click of round 1 reaches `two` (shard 0's process, where the DM hands click),
    # which never opened these tables nor ran a command of this tournament.
    for p in round_one:
        assert p.table_id is not None
        await play_out([two], p.table_id, clock)
        await two.idle()
    await one.idle()
    round_one = await stores[0].tournaments.pairings(tid, 1)
    assert all(p.result_kind == "win" for p in round_one)
    assert kinds([one, two], "result") == 2  # each match's result said once
    assert kinds([one, two], "round_started") == 1
    # `one`, which runs the tournament's commands, sees the results (its copy was stale).
    info = await one.service.info(tid)
    assert info.snapshot is not None
    assert all(p.result is not None for p in info.snapshot.current_pairings())
    # The pause between rounds is a store timer: fired once, by either process.
    timer = await stores[0].timers.get("tournament", tid)
    assert timer is not None and timer.what == "round"
    clock.now += ROUNDS.between_rounds
    await asyncio.gather(one.tables.fire_due(), two.tables.fire_due())
    await one.idle()
    await two.idle()
    assert kinds([one, two], "round_started") == 2
    row = await stores[0].tournaments.get(tid)
    assert row is not None and row.current_round == 2
    round_two = await stores[0].tournaments.pairings(tid, 2)
    assert len(round_two) == 2
    # Round 2's clicks reach either process.
    for p in round_two:
        assert p.table_id is not None
        await play_out([one, two], p.table_id, clock)
        await one.idle()
        await two.idle()
    row = await stores[1].tournaments.get(tid)
    assert row is not None and row.status == "finished"
    assert kinds([one, two], "result") == 4
    assert kinds([one, two], "finished") == 1
    pairings = await stores[1].tournaments.pairings(tid)
    assert len(pairings) == 4 and all(p.result_kind == "win" for p in pairings)
    entries = await stores[1].tournaments.entries(tid)
    assert all(e.final_rank is not None for e in entries)
    assert sum(e.status == "champion" for e in entries) == 1
    # Whatever timer is left is moot: firing it changes nothing.
    await one.tables.fire_due(clock.now + 3600)
    await one.idle()
    assert await stores[0].timers.get("tournament", tid) is None
    assert kinds([one, two], "round_started") == 2 and kinds([one, two], "result") == 4
    await one.close()
    await two.close()


async def test_a_round_deadline_fires_once_when_its_process_is_gone(
    stores: tuple[Storage, Storage],
) -> None:
    clock, one, two = two_processes(stores)
    tid = await started(one)
    await one.close()  # "killed": it never fires anything again
    assert await two.tables.fire_due(T0 + ROUNDS.no_show - 1) == 0
    clock.now = T0 + ROUNDS.no_show
    # Both survivors poll at once (on PostgreSQL two pools): one of them fires it.
    three = Process.open(stores[0], clock)
    fired = await asyncio.gather(two.tables.fire_due(), three.tables.fire_due())
    assert sorted(fired) == [0, 1]
    await two.idle()
    await three.idle()
    pairings = await stores[1].tournaments.pairings(tid, 1)
    assert [p.result_kind for p in pairings] == ["double_forfeit", "double_forfeit"]
    for p in pairings:
        assert p.table_id is not None
        record = await stores[1].tables.get(p.table_id)
        assert record is not None and record.status == "abandoned"
    no_shows = [u for proc in (two, three) for u in proc.seen if u.kind == "result"]
    assert len(no_shows) == 1 and sorted(no_shows[0].users) == sorted(PLAYERS)
    # Fired once: what is left is the pause before round 2, not yet due.
    timer = await stores[1].timers.get("tournament", tid)
    assert timer is not None and timer.what == "round"
    assert await two.tables.fire_due() == 0
    assert kinds([two, three], "result") == 1
    await two.close()
    await three.close()


async def test_a_restarted_process_arms_a_check_that_takes_a_missed_result(
    stores: tuple[Storage, Storage],
) -> None:
    """A match that ended in a process killed before its tournament heard of it: at the
    next start a "check" timer takes its result from the store."""
    clock = Clock()
    one = Process.open(stores[0], clock)
    tid = await started(one)
    await one.idle()
    # `deaf` plays a round-1 match to its end without a tournament service listening.
    deaf = TableService(stores[1], timing=TABLES, shared=True, clock=clock)
    (first, _) = await stores[1].tournaments.pairings(tid, 1)
    assert first.table_id is not None
    await one.close()
    await shared_play_out([deaf], first.table_id, clock, TABLES.round_pause, seed=0)
    await deaf.wait_idle()
    await deaf.close()
    assert (await stores[1].tournaments.pairings(tid, 1))[0].result_kind is None
    # The next process to start arms the check; firing it records the result once.
    two = Process.open(stores[1], clock)
    assert await two.service.restore() == 0
    timer = await stores[1].timers.get("tournament", tid)
    assert timer is not None and timer.what == "check"
    assert await two.tables.fire_due() >= 1
    await two.idle()
    pairing = (await stores[1].tournaments.pairings(tid, 1))[0]
    assert pairing.key == first.key and pairing.result_kind == "win"
    assert kinds([two], "result") == 1
    # The round's deadline is armed again.
    timer = await stores[1].timers.get("tournament", tid)
    assert timer is not None and timer.what == "deadline"
    await two.close()


async def test_two_matches_ending_at_once_in_two_processes_both_count(
    stores: tuple[Storage, Storage],
) -> None:
    """Both processes record a result on the same version of the tournament: the second
    save is refused (`StaleVersion`), and that process records again on the new state."""
    clock, one, two = two_processes(stores)
    tid = await started(one)
    await one.idle()
    x, y = await stores[0].tournaments.pairings(tid, 1)
    assert x.table_id is not None and y.table_id is not None
    await asyncio.gather(
        one.tables.resign(x.table_id, x.player_a),
        two.tables.resign(y.table_id, y.player_b),  # type: ignore[arg-type]
    )
    await asyncio.gather(one.idle(), two.idle())
    x, y = await stores[1].tournaments.pairings(tid, 1)
    # Nobody made a move: a resignation then is a forfeit to the other player.
    assert (x.result_kind, x.winner_id) == ("forfeit", x.player_b)
    assert (y.result_kind, y.winner_id) == ("forfeit", y.player_a)
    assert kinds([one, two], "result") == 2
    # Unplayed, so no stats nor rating, though `two` never ran this tournament.
    for p in (x, y):
        assert p.table_id is not None
        summary = await stores[0].history.get(p.table_id)
        assert summary is not None and summary.ended_by == "forfeit"
    info = await two.service.info(tid)
    assert info.snapshot is not None
    assert [p.result is not None for p in info.snapshot.current_pairings()] == [True, True]
    timer = await stores[1].timers.get("tournament", tid)
    assert timer is not None and timer.what == "round"
    await one.close()
    await two.close()


async def test_moves_made_in_the_other_process_count_when_a_player_resigns_here(
    stores: tuple[Storage, Storage],
) -> None:
    """Both players moved through `two`; one resigns through `one`, which opened the table
    and runs the tournament but saw none of the moves: a match played, a win."""
    clock, one, two = two_processes(stores)
    tid = await started(one)
    await one.idle()
    x, _ = await stores[0].tournaments.pairings(tid, 1)
    assert x.table_id is not None and x.player_b is not None
    clicked: set[int] = set()
    for _ in range(20):
        live = await two.tables.sync(x.table_id)
        assert live.match is not None and not live.match.round_over
        clicked.add(await play_turn(two.tables, live))
        if len(clicked) == 2:
            break
    assert clicked == {x.player_a, x.player_b}
    await two.idle()
    await one.tables.resign(x.table_id, x.player_a)
    await one.idle()
    await two.idle()
    (x, _) = await stores[1].tournaments.pairings(tid, 1)
    assert (x.result_kind, x.winner_id) == ("win", x.player_b)
    assert x.table_id is not None
    summary = await stores[1].history.get(x.table_id)
    assert summary is not None and summary.ended_by == "resign"
    assert kinds([one, two], "result") == 1
    await one.close()
    await two.close()


async def test_commands_in_either_process_see_the_other_s_changes(
    stores: tuple[Storage, Storage],
) -> None:
    clock, one, two = two_processes(stores)
    tid = await created(one)
    await two.service.join(tid, PLAYERS[0], "P0")  # `two` now holds a copy
    await one.service.join(tid, PLAYERS[1], "P1")
    info = await two.service.info(tid)
    assert sorted(user for user, _ in info.entrants) == sorted(PLAYERS[:2])
    for user in PLAYERS[2:]:
        await two.service.join(tid, user, f"P{user}")
    await two.service.start(tid)
    await two.idle()
    # `one`'s copy is still in sign-up: the pause works on the tournament as it is now.
    paused = await one.service.pause(tid)
    assert paused.status == "paused" and paused.round_no == 1 and paused.snapshot is not None
    assert sorted(user for user, _ in paused.entrants) == sorted(PLAYERS)
    # The deadline, when it comes, does nothing to a paused tournament.
    assert await two.tables.fire_due(T0 + ROUNDS.no_show) == 1
    await two.idle()
    assert all(p.result_kind is None for p in await stores[0].tournaments.pairings(tid, 1))
    resumed = await two.service.resume(tid)
    assert resumed.status == "running" and resumed.deadline_ts == T0 + ROUNDS.no_show
    await one.close()
    await two.close()
