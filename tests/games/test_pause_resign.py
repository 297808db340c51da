"""A seat that resigns at a table of three or four during the pause between rounds: the
next round is still dealt (the deal's timer used to be cancelled with nothing armed in its
place, and the table stalled on one process). Real SQLite file, real engine."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.games.tables import TableService, Timing
from bot.store import open_store
from tests.games.helpers import play_round

# A pause long enough to resign in, short enough to wait for.
PAUSE = Timing(turn=3600, reminder=60, round_pause=0.5, computer_delay=0)
A, B, C = 1001, 1002, 1003


async def test_a_resignation_in_the_pause_does_not_stop_the_next_deal(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "gin.sqlite3")
    tables = TableService(store, timing=PAUSE)
    try:
        state = await tables.open_lobby(
            guild_id=1, channel_id=2, host=(A, "Alice"), preset="classic", target=500, seats=3
        )
        table_id = state.table_id
        await tables.join(table_id, B, "Bob")
        await tables.join(table_id, C, "Carol")
        await play_round(tables, table_id)  # round 1, played through `act` as clicks would
        match = tables.get(table_id).match
        assert match is not None
        assert match.round_over and not match.over
        await tables.resign(table_id, C)  # during the pause
        for _ in range(100):
            await asyncio.sleep(0.05)
            match = tables.get(table_id).match
            if match is not None and len(match.rounds) == 2 and not match.round_over:
                break
        else:
            raise AssertionError("the next round was never dealt")
        assert tables.get(table_id).resigned == {2}
    finally:
        await tables.close()
        await store.close()
