"""Two handles on one database, as two bot processes (the `stores` fixture, registered in
tests/conftest.py), and a clock that moves only when a test says so."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Storage, open_store
from bot.store.postgres import open_pg_store

T0 = 1_800_000_000.0


class Clock:
    """Wall-clock seconds that move only when a test says so."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=("sqlite", "postgres"))
async def stores(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[Storage, Storage]]:
    """Two handles on one database: two pools on PostgreSQL, one store on SQLite."""
    if request.param == "sqlite":
        store = await open_store(tmp_path / "gin.sqlite3")
        yield store, store
        await store.close()
        return
    url: str = request.getfixturevalue("pg_url")
    first, second = await open_pg_store(url, pool_size=3), await open_pg_store(url, pool_size=3)
    yield first, second
    await first.close()
    await second.close()
