"""Two ``python -m bot`` processes on one PostgreSQL database (issue 18): shard 1's process
gets the server's events, shard 0's every DM click, and either may fire a table's timers.

A match in a server of shard 1 is played from DM hands (shard 0's process) to its end, with
the right scores; each process is killed with SIGKILL mid-match and started again: no move
that was acknowledged is lost, the other process carries on alone (shard 0's: the moves and
the deals; shard 1's: the turn deadline that falls while shard 0's is dead, fired once).
"""

from __future__ import annotations

import asyncio
import time

from bot.games.tables import replay
from bot.store.postgres import open_pg_store
from emulator import Emulator
from tests.play.driver import live_controls, play_one
from tests.play.referee import check_end, final_match

from . import sharded
from .conftest import World
from .sharded import StartBot, start_pair, stop_cleanly

emu, world = sharded.emu, sharded.world  # the two-shard fixtures

TURN = 10.0  # seconds: long enough for a click on a busy machine, short enough to wait out
LEASE = 2.0


class Table:
    """The table as the database has it (read with a pool of the test's own)."""

    def __init__(self, url: str) -> None:
        self.url = url

    async def read(self, table_id: int):  # type: ignore[no-untyped-def]
        store = await open_pg_store(self.url, pool_size=2)
        try:
            record = await store.tables.get(table_id)
            moves = await store.tables.moves(table_id)
            item = await store.tables.in_play_one(table_id)
            timer = await store.timers.get("table", table_id)
        finally:
            await store.close()
        match = replay(item) if item is not None else None
        return record, moves, match, timer


async def play(emu: Emulator, world: World, moves: int) -> int:
    """Click `moves` moves on the DM hands (fewer if the match ends); returns how many."""
    made = 0
    for _ in range(3000):
        if made >= moves or over(emu, world):
            return made
        if await play_one(emu, world.alice) or await play_one(emu, world.bob):
            made += 1
        else:
            await asyncio.sleep(0.02)
    raise AssertionError("no move could be made")


def over(emu: Emulator, world: World) -> bool:
    return any("Match over" in m.text for m in emu.messages(world.channel))


async def test_two_processes_on_postgresql_play_and_survive_kills(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    emu.rate_limits = False  # whole matches at machine speed: old world (issue #30)
    assert emu.shard_of(world.guild) == 1
    zero, one = await start_pair(
        start_bot,
        pg_url,
        GIN_ROUND_PAUSE="0.5",
        GIN_TURN_SECONDS=str(TURN),
        GIN_REMINDER_SECONDS="3",
        GIN_TIMER_LEASE=str(LEASE),
    )
    db = Table(pg_url)
    a, b, ch = world.alice, world.bob, world.channel

    # The challenge reaches shard 1's process; the accept (a DM) shard 0's.
    challenge = await emu.slash(a, ch, "gin challenge", opponent=b, target=100)
    assert challenge.ack_type is not None
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=10)
    table_id = 1

    made = await play(emu, world, 8)
    record, moves, _, _ = await db.read(table_id)
    assert len(moves) == made  # every acknowledged move is committed

    # Shard 1's process dies: the DM hands go on (shard 0), its deals and timers too.
    await one.kill()
    made += await play(emu, world, 10)
    record, moves, _, _ = await db.read(table_id)
    assert len(moves) == made
    await one.start()

    made += await play(emu, world, 4)
    assert not over(emu, world), (
        "the match ended before the kill (a big first round); raise its target"
    )
    # Shard 0's process dies right after a move: nobody can click (DMs are shard 0's), and
    # the turn runs out; shard 1's process plays it automatically, once. If the last move
    # ended a round, first the next deal (a timer, after GIN_ROUND_PAUSE): a turn to run out.
    for _ in range(100):
        _, _, match, _ = await db.read(table_id)
        if match is not None and not match.round_over and match.round.to_move is not None:
            break
        await asyncio.sleep(0.1)
    await zero.kill()
    record, moves, match, _ = await db.read(table_id)
    assert record is not None and match is not None and len(moves) == made
    seat, version = match.round.to_move, record.version
    assert seat is not None
    deadline = time.monotonic() + TURN + LEASE + 15
    while time.monotonic() < deadline:
        record, moves, match, timer = await db.read(table_id)
        turn_over = match is None or match.round_over or match.round.to_move != seat
        if record is not None and record.version > version and turn_over:
            break
        await asyncio.sleep(0.2)
    else:
        raise AssertionError(f"the turn deadline never fired:\n{one.output()[-3000:]}")
    auto = moves[made:]
    assert auto and {m.seat for m in auto} == {seat}, auto  # one turn, the one that ran out
    assert len(auto) <= 2  # a pass, or a draw and a discard
    assert match is not None and not match.round_over
    # The next timer is the next seat's, at the new version, a whole turn away: it was not
    # fired again, and nothing else was.
    assert timer is not None and timer.version == record.version
    assert timer.what == "reminder"
    kept = moves
    await zero.start()
    record, moves, _, _ = await db.read(table_id)
    # Nothing committed is lost. A restart slower than a turn (a loaded machine) lets the
    # next turn run out as well, played by shard 1's process: any move beyond is the next
    # seat's, automatic (nobody can click before shard 0 is back).
    assert moves[: len(kept)] == kept
    assert all(m.seat != seat for m in moves[len(kept) :]), moves[len(kept) :]

    for _ in range(3):  # to the end (a deal or two more may need the next process to fire)
        await play(emu, world, 10_000)
        if over(emu, world):
            break
    assert over(emu, world), f"{zero.output()[-2000:]}\n{one.output()[-2000:]}"
    await asyncio.sleep(0)
    record, moves, _, _ = await db.read(table_id)
    assert record is not None and record.status == "finished" and record.state_json
    check_end(emu, ch, {a.id: a, b.id: b}, record, final_match(record.state_json), "score")

    # Every click was answered while its shard's process was up; DM clicks by shard 0's.
    await stop_cleanly(emu, zero, one)
