"""Sixteen tables in one channel, played at a person's pace, through the real bot and the
emulator: the channel's "tables in play" message keeps up with every table (the boards
follow their rounds), turns are handed over at once, Discord never refuses a write.
Generous bounds; the figures themselves come from bench/load.py."""

from __future__ import annotations

import asyncio
import random
import time

from bot.ui.busy import table_line
from emulator import User

from ..play.driver import live_controls, play_one
from .conftest import World

TABLES = 16
PLAY_SECONDS = 30.0


async def test_sixteen_tables_in_one_channel_keep_up(world: World) -> None:
    emu, ch, bot = world.emu, world.channel, world.bot
    tables = bot.services.tables  # type: ignore[union-attr]
    notifier = bot.screens.notifier  # type: ignore[union-attr]
    players = [emu.create_user(f"player{n}") for n in range(TABLES)]
    for user in players:
        emu.add_member(ch.guild, user)
        await emu.slash(user, ch, "gin computer", target=500)
    for user in players:
        await emu.wait_for(lambda u=user: live_controls(emu, u), 10, what="a first hand")
    ids = [i for i in tables.live_ids() if tables.find(i).record.channel_id == ch.id]
    assert len(ids) == TABLES

    rng = random.Random(30)
    handoffs: list[float] = []
    stop = time.monotonic() + PLAY_SECONDS

    async def person(user: User) -> None:
        while time.monotonic() < stop:
            await asyncio.sleep(rng.uniform(2, 6))  # reading, thinking, clicking
            if not await play_one(emu, user):
                continue
            started = time.monotonic()  # the computer answers at once: her turn is back
            await emu.wait_for(lambda: live_controls(emu, user), 15, what="the turn back")
            handoffs.append(time.monotonic() - started)

    behind: dict[int, float] = {}  # table -> since when its line has been out of date
    stalest = 0.0

    async def watch() -> None:
        nonlocal stalest
        while time.monotonic() < stop:
            await asyncio.sleep(0.25)
            shown = notifier.in_play._message.get(ch.id)
            text = emu.message(shown).text if shown is not None else ""
            now = time.monotonic()
            for table_id in ids:
                live = tables.find(table_id)
                if live is None:
                    behind.pop(table_id, None)
                    continue
                state = tables.state(live)
                if state.public is not None and state.public.phase == "discard":
                    behind.pop(table_id, None)  # a turn half played is not shown
                    continue
                if table_line(state, "en") in text:
                    behind.pop(table_id, None)
                else:
                    since = behind.setdefault(table_id, now)
                    stalest = max(stalest, now - since)

    await asyncio.gather(watch(), *(person(user) for user in players))
    await tables.wait_idle()

    assert notifier.in_play.busy(ch.id)
    summary = [m for m in emu.messages(ch) if m.text.startswith("Tables in play")]
    assert len(summary) == 1
    assert len(handoffs) >= TABLES * 3
    assert stalest < 6.0, f"a table's line stayed {stalest:.1f} s behind"
    handoffs.sort()
    assert handoffs[int(0.99 * (len(handoffs) - 1))] < 3.0, handoffs[-5:]
    assert [e for e in emu.errors if e.status == 429] == []
    # Each table's own board was edited for its rounds, not for every move.
    board_edits = sum(
        1
        for r in emu.requests
        if r.method == "PATCH" and r.path.startswith(f"/channels/{ch.id}/messages/")
    )
    assert board_edits <= len(handoffs)
