"""A round's reveal still waiting in the outbox when its process stops is posted by the
restart, before the current round's board (the store keeps the last reveal posted)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.app.client import GinBot
from bot.app.settings import Settings
from bot.store import open_store
from emulator import Emulator
from emulator.testing import running

from .conftest import bot_settings
from .driver import live_controls, play_one


def _settings(emu: Emulator, guild_id: int, database: Path) -> Settings:
    """No pause between rounds: the next deal is committed at once, the reveal still queued."""
    return bot_settings(emu, guild_id, database, render_processes=0)


async def _revealed(database: Path, table_id: int) -> tuple[int, int]:
    """The table's round and the last round whose reveal the store knows as posted."""
    store = await open_store(database)
    try:
        record = await store.tables.get(table_id)
        assert record is not None
        return record.round_no, record.revealed_round
    finally:
        await store.close()


def _reveals(emu: Emulator, channel: object, table_id: int, round_no: int) -> list[int]:
    title = f"Round {round_no} · table #{table_id}"
    return [m.id for m in emu.messages(channel) if title in m.text]  # type: ignore[arg-type]


async def test_a_reveal_lost_with_its_process_is_posted_by_the_restart(tmp_path: Path) -> None:
    database = tmp_path / "gin.sqlite3"
    async with Emulator() as emu:
        guild = emu.create_guild("Cards")
        ch = emu.create_channel(guild, "gin")
        a, b = emu.create_user("alice"), emu.create_user("bob")
        for user in (a, b):
            emu.add_member(guild, user)
        first = GinBot(_settings(emu, guild.id, database))
        async with running(first, emu):
            tables = first.services.tables
            tables.deal_seed = lambda: 3
            await emu.slash(a, ch, "gin challenge", opponent=b)
            await emu.click(
                b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept"
            )
            await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b))
            (table_id,) = tables.live_ids()
            await emu.wait_for(lambda: first.screens.notifier.boards.get(table_id), what="a board")
            # From now on the channel refuses every post: the round's reveal waits in the
            # outbox, retried, when the process stops.
            emu.inject_fault(f"POST /channels/{ch.id}/messages", status=503, times=10_000)
            for _ in range(2000):
                live = tables.find(table_id)
                assert live is not None and live.match is not None
                if len(live.match.rounds) >= 2:
                    break
                if not (await play_one(emu, a) or await play_one(emu, b)):
                    await asyncio.sleep(0.02)
            else:
                raise AssertionError("round 1 never ended")
            await tables.wait_idle()
            assert _reveals(emu, ch, table_id, 1) == []
        emu.clear_faults()
        assert await _revealed(database, table_id) == (2, 0)

        second = GinBot(_settings(emu, guild.id, database))
        async with running(second, emu):
            await emu.wait_for(lambda: _reveals(emu, ch, table_id, 1), what="round 1's reveal")
            notifier = second.screens.notifier
            await emu.wait_for(lambda: notifier.boards.get(table_id), what="round 2's board")
            await notifier.idle()
            (reveal,) = _reveals(emu, ch, table_id, 1)
            assert reveal < notifier.boards[table_id]  # before the current round's board
            assert "Round 1" in emu.message(reveal).text
            assert await _revealed(database, table_id) == (2, 1)
            # The reveal of round 1 stays the only one through later restarts.
        third = GinBot(_settings(emu, guild.id, database))
        async with running(third, emu):
            await emu.wait_for(
                lambda: (
                    third.screens.notifier.boards.get(table_id)
                    not in (None, notifier.boards[table_id])
                ),
                what="a board again",
            )
            await third.screens.notifier.idle()
            assert len(_reveals(emu, ch, table_id, 1)) == 1
