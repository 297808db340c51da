"""Fixtures for the store tests: real SQLite files in tmp_path, a clock tests can move."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import NewSeat, Store, Table, TableSpec, open_store


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


@pytest.fixture
async def store(db_path: Path, clock: FakeClock) -> AsyncIterator[Store]:
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
