"""Two processes (shards 0 and 1 of 2) on one PostgreSQL, four tables against the computer
in one channel of a server on shard 1: shard 1's process starts them (the slash commands),
shard 0's plays the players' moves (DM clicks), either the computers' (the shared timers).
The busy channel has one "Tables in play" message, not one from each process, and its lines
end on every table as the store has it (docs/playing.md, "Busy channels";
`bot/ui/busy_shared.py`)."""

from __future__ import annotations

import asyncio

import pytest

from emulator import Emulator, User
from tests.play.driver import live_controls, play_one

from . import sharded
from .conftest import World
from .sharded import StartBot, start_pair, stop_cleanly
from .test_processes_board import read, record_of

emu, world = sharded.emu, sharded.world  # the two-shard fixtures

TITLE = "Tables in play"


def summaries(emu: Emulator, world: World) -> list[str]:
    return [m.text for m in emu.messages(world.channel) if m.text.startswith(TITLE)]


async def whole_turn(emu: Emulator, url: str, table_id: int, user: User) -> int:
    """Wait until `user` is to draw at the table (a drawn card discarded first: a line
    shows whole turns): the stock then, as the store has it."""
    record = await record_of(url, table_id)
    seat = next(s.seat_no for s in record.seats if s.user_id == user.id)
    for _ in range(600):
        await emu.wait_for(lambda: live_controls(emu, user), 30, what="the turn back")
        _, _, match, _ = await read(url, table_id)
        view = match.round.view(0)
        if match.round.to_move == seat and view.phase == "discard":
            assert await play_one(emu, user)
        elif match.round.to_move == seat:
            return view.stock_size
        else:
            await asyncio.sleep(0.05)  # the computer's turn, half played
    raise AssertionError(f"table {table_id} never came back to {user.name}")


@pytest.mark.timeout(240)
async def test_two_processes_show_a_busy_channel_in_one_message(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    assert emu.shard_of(world.guild) == 1
    zero, one = await start_pair(start_bot, pg_url, GIN_TURN_SECONDS="600")
    ch = world.channel
    dave = emu.create_user("dave", guilds=[world.guild])
    players = [world.alice, world.bob, world.carol, dave]
    for user in players:  # shard 1's process starts every table
        await emu.slash(user, ch, "gin computer", target=500)
    for user in players:
        await emu.wait_for(lambda u=user: live_controls(emu, u), 30, what="a first hand")
    for _ in range(3):  # moves from the DM hands: shard 0's process
        for user in players:
            await emu.wait_for(lambda u=user: live_controls(emu, u), 30, what="the turn back")
            assert await play_one(emu, user)
    tables = {}
    for table_id in range(1, len(players) + 1):
        record = await record_of(pg_url, table_id)
        tables[table_id] = next(u for u in players if record.seat_of(u.id) is not None)
    stocks = {t: await whole_turn(emu, pg_url, t, user) for t, user in tables.items()}

    def shows_every_table() -> bool:
        found = summaries(emu, world)
        if len(found) != 1:
            return False
        lines = found[0].splitlines()
        for table_id, stock in stocks.items():
            line = next((x for x in lines if x.startswith(f"**#{table_id}**")), "")
            if f"Stock: {stock} ·" not in line:
                return False
        return True

    try:
        await emu.wait_for(shows_every_table, 30, what="one message with every table's line")
    except TimeoutError as exc:
        raise AssertionError(f"{stocks}: {summaries(emu, world)}") from exc
    await emu.settle()
    assert len(summaries(emu, world)) == 1, summaries(emu, world)
    await stop_cleanly(emu, zero, one)
