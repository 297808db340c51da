"""A tournament over two ``python -m bot`` processes on one PostgreSQL database (issue 18):
the server is on shard 1, so its commands and the sign-up clicks reach shard 1's process,
while every move on a DM hand, and so the end of every match, reaches shard 0's. Each
match's result is taken once, the next round is paired once, the tournament finishes.

Discord's rate limits are on (issue #30), in the emulator and in each process's outbox: the
two tables of a round share their thread's buckets (its board edits go one a second), so
each wait below is for what the test expects, with room for a loaded machine."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from bot.store.postgres import open_pg_store
from emulator import Emulator, User
from emulator.threads import Thread
from tests.play.cups import create_cup, make_admin, play_until, start_cup
from tests.play.driver import live_controls, play_one

from . import sharded
from .botproc import BotProcess
from .conftest import World
from .sharded import StartBot, start_pair, stop_cleanly

emu, world = sharded.emu, sharded.world  # the two-shard fixtures

#: Seconds for one phase of play (a round, a tournament): about 10 to 25 s when all is well.
PHASE = 120.0


async def stored(url: str, tid: int):  # type: ignore[no-untyped-def]
    """The tournament's row and pairings, read with a pool of the test's own."""
    store = await open_pg_store(url, pool_size=2)
    try:
        return await store.tournaments.get(tid), await store.tournaments.pairings(tid)
    finally:
        await store.close()


@dataclass
class Cup:
    """A Swiss of four over two rounds, started, with the two bot processes."""

    emu: Emulator
    url: str
    zero: BotProcess
    one: BotProcess
    players: list[User]
    home: Thread
    tid: int

    def texts(self) -> list[str]:
        return [m.text for m in self.emu.messages(self.home)]

    def announced(self) -> bool:
        return any("is over" in t for t in self.texts())

    async def play_until(self, done: Callable[[], bool], what: str, timeout: float) -> None:  # noqa: ASYNC109
        """The players play their hands until `done()`; fail with both logs if not."""
        try:
            await asyncio.wait_for(self._play(done), timeout)
        except TimeoutError:
            raise AssertionError(
                f"{what}: {await stored(self.url, self.tid)}\n"
                f"{self.zero.output()[-2000:]}\n{self.one.output()[-2000:]}"
            ) from None

    async def _play(self, done: Callable[[], bool]) -> None:
        """Like `play_until`. A hand update on its way when a process is killed is shown
        again by its restart (docs/deploy.md, "When a process dies"; proved on its own in
        test_processes_reshow.py). The one case that is not (a process down longer than a
        table's timer plus the lease: another process fires the timer and shows only later
        changes, docs/deploy.md "Limits") is left to what a player would do: with no
        controls and 10 s of nothing to do, ask for the hand (`/gin hand`)."""
        loop = asyncio.get_running_loop()
        idle_since = loop.time()
        while not done():
            moved = False
            for user in self.players:
                moved = bool(await play_one(self.emu, user)) or moved
            if moved:
                idle_since = loop.time()
            elif loop.time() - idle_since > 10.0:
                for user in self.players:
                    if live_controls(self.emu, user) is None:
                        await self.emu.slash(user, self.home, "gin hand")
                idle_since = loop.time()
            else:
                await asyncio.sleep(0.02)


async def cup_started(emu: Emulator, world: World, start_bot: StartBot, url: str) -> Cup:
    """Shards 0 and 1 on PostgreSQL; on the server (shard 1) an admin creates a Swiss of
    two rounds, four players join, and it starts."""
    guild, ch = world.guild, world.channel
    assert emu.shard_of(guild) == 1
    admin = emu.create_user("ada", guilds=[guild])
    players = [world.alice, world.bob, world.carol, emu.create_user("dave", guilds=[guild])]
    make_admin(emu, guild, admin)
    zero, one = await start_pair(
        start_bot,
        url,
        GIN_ROUND_PAUSE="0.2",
        GIN_TURN_SECONDS="600",
        GIN_TOURNAMENT_ROUND_PAUSE="0.5",
        GIN_TOURNAMENT_NO_SHOW_SECONDS="600",
    )
    tid, signup = await create_cup(emu, ch, admin, rounds=2)
    home = await start_cup(emu, signup, admin, players)
    assert isinstance(home, Thread)
    return Cup(emu, url, zero, one, players, home, tid)


async def assert_finished_once(cup: Cup) -> None:
    """Finished in the store, each pairing won once, each round and the end announced once
    (in the thread, by either process)."""
    row, pairings = await stored(cup.url, cup.tid)
    assert row is not None and row.status == "finished", (
        f"{cup.zero.output()[-3000:]}\n{cup.one.output()[-3000:]}"
    )
    assert [p.round_no for p in pairings] == [1, 1, 2, 2]
    assert all(p.result_kind == "win" for p in pairings)
    texts = cup.texts()
    assert sum("round 1 of 2" in t for t in texts) == 1, texts
    assert sum("round 2 of 2" in t for t in texts) == 1
    assert sum("is over" in t for t in texts) == 1


@pytest.mark.timeout(300)
async def test_a_tournament_over_two_processes(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    cup = await cup_started(emu, world, start_bot, pg_url)
    # Round 1 then round 2, played on the DM hands (shard 0's process).
    await cup.play_until(cup.announced, "the tournament did not finish", 2 * PHASE)
    await assert_finished_once(cup)
    await stop_cleanly(emu, cup.zero, cup.one)


# Each phase's own limit (`PHASE`) stays within the test's, so a
# stall fails with the tournament's rows and both processes' logs.
@pytest.mark.timeout(600)
async def test_a_tournament_survives_a_kill_of_either_process(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    # SIGKILL mid-match (shard 0: every DM hand and so every match's end), then after the
    # first round's results (shard 1: the server, its sign-up and announcements): nothing is
    # lost or taken twice, and the tournament finishes.
    cup = await cup_started(emu, world, start_bot, pg_url)
    await asyncio.wait_for(play_until(emu, cup.players, lambda: False, moves=6), PHASE)
    await cup.zero.kill()
    await cup.zero.start()

    def second_round() -> bool:
        return any("round 2 of 2" in t for t in cup.texts())

    await cup.play_until(second_round, "round 2 never started after shard 0 was killed", PHASE)
    _, pairings = await stored(pg_url, cup.tid)
    results = [p.round_no for p in pairings if p.result_kind is not None]
    assert results[:2] == [1, 1], pairings
    await cup.one.kill()
    await cup.one.start()
    await cup.play_until(
        cup.announced, "the tournament did not finish after shard 1 was killed", PHASE
    )
    await assert_finished_once(cup)
    await stop_cleanly(emu, cup.zero, cup.one)
