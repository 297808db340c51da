"""Two processes moving the tables of one busy channel (a server's shard process for
channel clicks, shard 0's for DM clicks) show them in one "tables in play" message, every
table's newest line in it, and it goes once the channel is quiet: each process's table
service and outbox on one database (PostgreSQL, and a SQLite file), against the emulator
through the real discord.py client (`bot/ui/busy_shared.py`)."""

from __future__ import annotations

import asyncio

from bot.games.model import TableState, TableUpdate
from bot.games.tables import TableService
from bot.outbox import Outbox
from bot.store import Storage
from bot.ui.busy import table_line
from bot.ui.busy_shared import SharedTablesInPlay
from emulator import Emulator
from tests.shared_store import Clock

from ..games.test_shared import ONE, ZERO, click, service
from ..games.test_shared_busy import match
from .conftest import World

TITLE = "Tables in play"


class Process:
    """One process's table service and what it shows in busy channels."""

    def __init__(self, world: World, store: Storage, clock: Clock, role: str) -> None:
        self.seen: list[TableUpdate] = []
        self.tables: TableService = service(store, clock, self.seen, role)
        self.outbox = Outbox(world.bot)
        self.in_play = SharedTablesInPlay(self.outbox, lambda state: "en", self.tables)

    async def state(self, table_id: int) -> TableState:
        return self.tables.state(await self.tables.sync(table_id))

    async def moved(self, table_id: int) -> TableState:
        """The table as this process shows it after a change (the notifier's call)."""
        state = await self.state(table_id)
        self.in_play.moved(state)
        return state

    async def shown(self) -> None:
        while self.in_play.posting():
            await asyncio.gather(*self.in_play.posting())
        await self.outbox.idle()


def summaries(emu: Emulator, world: World) -> list[str]:
    return [m.text for m in emu.messages(world.channel) if m.text.startswith(TITLE)]


async def test_two_processes_show_a_busy_channel_in_one_message(
    world: World, stores: tuple[Storage, Storage]
) -> None:
    emu, channel = world.emu, world.channel.id
    clock = Clock()
    zero, one = Process(world, stores[0], clock, ZERO), Process(world, stores[1], clock, ONE)
    # Five tables in play in one channel, started by either process.
    makers = [zero, one, zero, one, zero]
    ids = [await match(p.tables, stores[0], n, channel) for n, p in enumerate(makers)]
    # Each shows the tables it started (both find the channel busy, one posts the message).
    states = {}
    for n, table_id in enumerate(ids):
        states[table_id] = await makers[n].moved(table_id)
    await asyncio.gather(zero.shown(), one.shown())
    await emu.settle()
    (text,) = summaries(emu, world)
    for state in states.values():
        assert table_line(state, "en") in text
    assert zero.in_play.busy(channel) and one.in_play.busy(channel)

    # Moves in both processes, each on tables the other started: every newest line shows,
    # in the one message.
    for n, table_id in enumerate(ids[:4]):
        mover = one if n % 2 == 0 else zero
        await click(mover.tables, table_id)
        await click(mover.tables, table_id)  # a whole turn
        states[table_id] = await mover.moved(table_id)
    await asyncio.gather(zero.shown(), one.shown())
    await asyncio.gather(zero.shown(), one.shown())  # an edit redone after the other's
    await emu.settle()
    (text,) = summaries(emu, world)
    for state in states.values():
        assert table_line(state, "en") in text, (table_line(state, "en"), text)

    # A third process whose one table of the channel ends: it knows no table there any
    # more, and still takes the line out of the message (in the channel's language).
    late = Process(world, stores[1], clock, "shards 2 of 3")
    await late.moved(ids[4])
    await late.shown()
    late.in_play.gone((await late.tables.resign(ids[4], 2008)).state)
    await late.shown()
    await emu.settle()
    (text,) = summaries(emu, world)
    assert f"**#{ids[4]}**" not in text and f"**#{ids[3]}**" in text

    # Two more matches end, one in each process: fewer than 3 tables in play, the message
    # goes, deleted once.
    for process, table_id, user in ((zero, ids[0], 2000), (one, ids[1], 2002)):
        process.in_play.gone((await process.tables.resign(table_id, user)).state)
    await zero.moved(ids[2])
    await one.moved(ids[3])
    await asyncio.gather(zero.shown(), one.shown())
    await emu.settle()
    assert summaries(emu, world) == []
    deletes = [r for r in emu.requests if r.method == "DELETE" and "/messages/" in r.path]
    assert len(deletes) == 1
    assert not zero.in_play.busy(channel) and not one.in_play.busy(channel)
    for process in (zero, one, late):
        process.outbox.close()
        await process.tables.close()
