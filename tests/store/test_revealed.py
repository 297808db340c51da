"""The last round whose reveal was posted (`Tables.set_revealed`, migration 0009): a
restart posts any later one a killed process never sent."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.store import Store, open_store
from bot.store.migrate import load_migrations, migrate

from .conftest import playing_table

MIGRATIONS = load_migrations()


async def test_the_revealed_round_only_moves_forward_and_changes_no_version(store: Store) -> None:
    table, version = await playing_table(store, 1, 2)
    fresh = await store.tables.get(table.id)
    assert fresh is not None and fresh.revealed_round == 0
    await store.tables.set_revealed(table.id, 2)
    await store.tables.set_revealed(table.id, 1)  # a late, older one changes nothing
    after = await store.tables.get(table.id)
    assert after is not None and after.revealed_round == 2 and after.version == version


async def test_tables_in_play_before_the_migration_count_their_rounds_as_shown(
    tmp_path: Path,
) -> None:
    path = tmp_path / "gin.sqlite3"
    before = tuple(m for m in MIGRATIONS if m.version < 9)
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, str(path), before)
        await conn.execute(
            "INSERT INTO game_tables (guild_id, channel_id, rules, rules_json, target,"
            " seat_count, status, round_no, created_at, updated_at)"
            " VALUES (1, 2, 'cardgames', '{}', 100, 2, 'playing', 3, 0, 0)"
        )
    store = await open_store(path)
    try:
        (table,) = await store.tables.find(status="playing")
        assert table.revealed_round == 3  # no reveal of rounds 1-3 posted again
    finally:
        await store.close()
