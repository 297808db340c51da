"""A seat that resigned at a table of four is still "resigned" after a restart (issue 31):
the store keeps why a seat was removed, not only that it was. Real SQLite file, real engine."""

from __future__ import annotations

from pathlib import Path

from bot.games.tables import TableService, Timing
from bot.store import Storage, open_store
from tests.shared_store import Clock

# No timer fires during the test: nobody is removed for being away behind its back.
SLOW = Timing(turn=3600, reminder=60, round_pause=3600, computer_delay=0)
A, B, C, D = 1001, 1002, 1003, 1004


async def test_a_resignation_survives_a_restart(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "gin.sqlite3")
    try:
        tables = TableService(store, timing=SLOW)
        state = await tables.open_lobby(
            guild_id=1, channel_id=2, host=(A, "Alice"), preset="classic", target=100, seats=4
        )
        table_id = state.table_id
        for user, name in ((B, "Bob"), (C, "Carol"), (D, "Dan")):
            await tables.join(table_id, user, name)
        await tables.resign(table_id, C)
        assert tables.get(table_id).resigned == {2}
        await tables.close()

        again = TableService(store, timing=SLOW)
        assert await again.recover() == 1
        live = again.get(table_id)
        assert live.resigned == {2}
        seats = again.state(live).seats
        assert [(s.removed, s.resigned) for s in seats] == [
            (False, False),
            (False, False),
            (True, True),
            (False, False),
        ]
        # The match ends after the restart: Carol's line in the stats is a resignation.
        await again.resign(table_id, D)
        final = await again.resign(table_id, B)
        assert final.kind == "match_over" and final.summary is not None
        assert final.summary.ended_by == "resign"
        await again.wait_idle()
        for user in (B, C, D):
            assert (await store.stats.get(user)).matches_resigned == 1, user
        assert (await store.stats.get(A)).matches_won == 1
        await again.close()
    finally:
        await store.close()


async def test_another_process_rebuilding_the_table_knows_who_resigned(
    stores: tuple[Storage, Storage],
) -> None:
    """Two processes on one database (PostgreSQL; SQLite runs the same code path): the one
    that rebuilds a table another process changed reads the flag from the store too."""
    first, second = stores
    clock = Clock()
    one = TableService(first, timing=SLOW, shared=True, clock=clock)
    two = TableService(second, timing=SLOW, shared=True, clock=clock)
    try:
        state = await one.open_lobby(
            guild_id=1, channel_id=2, host=(A, "Alice"), preset="classic", target=100, seats=3
        )
        await one.join(state.table_id, B, "Bob")
        await one.join(state.table_id, C, "Carol")
        await one.resign(state.table_id, B)
        live = await two.sync(state.table_id)
        assert live.resigned == {1}
        assert [s.resigned for s in two.state(live).seats] == [False, True, False]
    finally:
        await one.close()
        await two.close()
