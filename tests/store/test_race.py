"""Two writers racing on the same table version: exactly one wins, the other changes nothing.

On SQLite the two stores are two connections to one file; on PostgreSQL two connection pools
to one server, as two bot processes would be."""

from __future__ import annotations

import asyncio
from typing import cast

from bot.store import StaleVersion, Store, open_storage

from .conftest import playing_table


async def race(stores: list[Store], table_id: int, version: int) -> list[int | BaseException]:
    return await asyncio.gather(
        *(
            s.tables.apply_move(table_id, version, 1, i, f'{{"click": {i}}}', f'{{"by": {i}}}')
            for i, s in enumerate(stores)
        ),
        return_exceptions=True,
    )


async def test_two_connections_exactly_one_wins(store_target: str) -> None:
    async with (
        cast(Store, await open_storage(store_target)) as first,
        cast(Store, await open_storage(store_target)) as second,
    ):
        table, version = await playing_table(first, 1, 2)
        for _ in range(20):
            outcomes = await race([first, second], table.id, version)
            won = [o for o in outcomes if isinstance(o, int)]
            lost = [o for o in outcomes if isinstance(o, StaleVersion)]
            assert won == [version + 1] and len(lost) == 1, outcomes
            winner = outcomes.index(won[0])
            moves = await second.tables.moves(table.id, after_seq=version)
            assert [(m.seq, m.seat) for m in moves] == [(version + 1, winner)]
            current = await first.tables.get(table.id)
            assert current is not None
            # The snapshot is the winner's, untouched by the loser.
            assert (current.version, current.state_json) == (version + 1, f'{{"by": {winner}}}')
            version += 1


async def test_many_clicks_on_one_connection_apply_once(store: Store) -> None:
    """Several clicks at once through the same store (one group commit) apply once."""
    table, version = await playing_table(store, 1, 2)
    outcomes = await race([store] * 5, table.id, version)
    assert sum(isinstance(o, int) for o in outcomes) == 1
    assert sum(isinstance(o, StaleVersion) for o in outcomes) == 4
    assert len(await store.tables.moves(table.id)) == 1


async def test_a_refused_move_does_not_spoil_its_batch(store: Store) -> None:
    """Moves of other tables committed in the same group commit as a stale one all land."""
    tables = [await playing_table(store, 10 + i, 20 + i) for i in range(6)]
    calls = [store.tables.apply_move(t.id, v, 1, 0, '{"ok": 1}') for t, v in tables]
    stale_table, stale_version = tables[2]
    calls.append(store.tables.apply_move(stale_table.id, stale_version - 1, 1, 1, '{"no": 1}'))
    calls.append(store.tables.apply_move(stale_table.id, stale_version, 1, 2, '{"dup": 1}'))
    outcomes = await asyncio.gather(*calls, return_exceptions=True)
    others = [o for i, o in enumerate(outcomes[:6]) if i != 2]
    assert others == [v + 1 for i, (_, v) in enumerate(tables) if i != 2]
    assert isinstance(outcomes[6], StaleVersion)
    # Two moves at the same version: exactly one lands (SQLite's group commit keeps the order
    # they were asked in; PostgreSQL's row lock decides by arrival).
    rivals = [outcomes[2], outcomes[7]]
    assert {type(o).__name__ for o in rivals} == {"int", "StaleVersion"}
    assert stale_version + 1 in rivals
    for t, v in tables:
        assert [m.seq for m in await store.tables.moves(t.id)] == [v + 1]


async def test_cancelled_before_its_batch_is_never_applied(store: Store) -> None:
    table, version = await playing_table(store, 1, 2)
    other, other_version = await playing_table(store, 3, 4)
    # The first call opens a batch; the second queues behind it and is cancelled while waiting.
    first = asyncio.ensure_future(store.tables.apply_move(other.id, other_version, 1, 0, "{}"))
    await asyncio.sleep(0)
    second = asyncio.ensure_future(store.tables.apply_move(table.id, version, 1, 0, "{}"))
    await asyncio.sleep(0)
    second.cancel()
    assert await first == other_version + 1
    await asyncio.gather(second, return_exceptions=True)
    assert second.cancelled()
    assert await store.tables.moves(table.id) == []
    assert await store.tables.apply_move(table.id, version, 1, 0, "{}") == version + 1
