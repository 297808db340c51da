"""Property: whatever versions callers send, the log and the table version match a model in
which a move applies exactly when its expected version is the current one."""

from __future__ import annotations

from typing import cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import StaleVersion, Store, open_storage

from .conftest import playing_table

# (table index, offset from the current version: 0 = fresh, <0 = stale, >0 = from the future)
steps = st.lists(st.tuples(st.integers(0, 2), st.integers(-2, 1)), min_size=1, max_size=30)


# One database for all examples: each example plays on tables of its own.
@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps)
async def test_log_matches_model(store_target, plan) -> None:  # type: ignore[no-untyped-def]
    async with cast(Store, await open_storage(store_target)) as store:
        tables = [await playing_table(store, 10 * i + 1, 10 * i + 2) for i in range(3)]
        current = {t.id: v for t, v in tables}
        expected_log: dict[int, list[tuple[int, str]]] = {t.id: [] for t, _ in tables}
        for n, (which, offset) in enumerate(plan):
            table_id = tables[which][0].id
            sent = current[table_id] + offset
            action = f'{{"n": {n}}}'
            try:
                got = await store.tables.apply_move(table_id, sent, 1, n % 2, action)
            except StaleVersion as exc:
                assert offset != 0 and exc.actual == current[table_id]
                continue
            assert offset == 0 and got == current[table_id] + 1
            current[table_id] = got
            expected_log[table_id].append((got, action))
        for table_id, log in expected_log.items():
            moves = await store.tables.moves(table_id)
            assert [(m.seq, m.action_json) for m in moves] == log
            table = await store.tables.get(table_id)
            assert table is not None and table.version == current[table_id]
