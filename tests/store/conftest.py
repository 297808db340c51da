"""Fixtures for the store tests: a clock tests can move, and `store` on each backend: a real
SQLite file in tmp_path, and a fresh database on a real PostgreSQL server started once per
test session (`pgserver.py`), made from a migrated template."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import NewSeat, Store, Table, TableSpec, is_postgres_url, open_store
from bot.store.postgres import open_pg_store

BACKENDS = ("sqlite", "postgres")


class FakeClock:
    """A clock that only moves when told to (millisecond resolution, like the store)."""

    def __init__(self) -> None:
        self.now = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "gin.sqlite3"


@pytest.fixture(params=BACKENDS)
def store_target(request: pytest.FixtureRequest, db_path: Path) -> str:
    """Where `store` lives: a SQLite file, or a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return str(db_path)
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
async def store(store_target: str, clock: FakeClock) -> AsyncIterator[Store]:
    """The store on each backend: every test that uses it runs on SQLite and PostgreSQL."""
    if is_postgres_url(store_target):
        async with await open_pg_store(store_target, clock=clock) as pg:
            yield pg  # type: ignore[misc]  # the same Storage; the tests annotate it as Store
    else:
        async with await open_store(store_target, clock=clock) as opened:
            yield opened


@pytest.fixture
async def sqlite_store(db_path: Path, clock: FakeClock) -> AsyncIterator[Store]:
    """The SQLite store only, for tests of SQLite's own machinery (its writer, its file)."""
    async with await open_store(db_path, clock=clock) as opened:
        yield opened


def spec(
    *users: int, guild: int = 1, channel: int = 2, seats: int = 2, rules: str = "cardgames"
) -> TableSpec:
    return TableSpec(
        guild_id=guild,
        channel_id=channel,
        rules=rules,
        rules_json=json.dumps({"name": rules}),
        target=100,
        seat_count=seats,
        seats=tuple(NewSeat(f"user{u}", user_id=u) for u in users),
    )


async def playing_table(store: Store, *users: int, guild: int = 1) -> tuple[Table, int]:
    """A table of `users` in play with round 1 dealt; returns it and its current version."""
    table = await store.tables.create(spec(*users, guild=guild, seats=max(2, len(users))))
    version = await store.tables.start(table.id, table.version, '{"state": "start"}')
    version = await store.tables.start_round(table.id, version, 1, 1234, 0, '{"state": "r1"}')
    return table, version
