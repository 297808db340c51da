"""Two handles on one database, as two bot processes (the `stores` fixture, registered in
tests/conftest.py), a clock that moves only when a test says so, and the baseline's moves
that those tests play through either process's table service."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine import Action
from bot.engine.players import BaselinePlayer
from bot.games.errors import GameError
from bot.games.tables import LiveTable, TableService
from bot.store import Storage, open_store
from bot.store.postgres import open_pg_store

T0 = 1_800_000_000.0
#: The computer's plain strategy, for the players' clicks (stateless: one for all).
BASELINE = BaselinePlayer()


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


def baseline_move(live: LiveTable) -> tuple[int, Action]:
    """The user to move at `live` and the baseline's move for them."""
    assert live.match is not None
    seat = live.match.round.to_move
    assert seat is not None
    user = live.record.seats[seat].user_id
    assert user is not None
    view = live.match.round.view(seat)
    return user, BASELINE.choose(view, view.legal)


async def play_turn(tables: TableService, live: LiveTable) -> int:
    """The seat to move at `live` makes the baseline's move, through `tables`, at `live`'s
    version; the user who moved."""
    user, action = baseline_move(live)
    await tables.act(live.record.id, user, action, live.version)
    return user


async def play_out(
    services: list[TableService], table_id: int, clock: Clock, round_pause: float, seed: int
) -> int:
    """Every seat plays the baseline strategy, each click reaching one of `services` at
    random (`seed`); between rounds the pause runs out and one of them fires the deal.
    Returns the number of clicks once the match is over."""
    rng = random.Random(seed)
    clicks = 0
    for _ in range(5000):
        tables = services[rng.randrange(len(services))]
        try:
            live = await tables.sync(table_id)
        except GameError:
            return clicks
        match = live.match
        assert match is not None
        if match.round_over:
            clock.now += round_pause
            await tables.fire_due()
            continue
        await play_turn(tables, live)
        clicks += 1
    raise AssertionError("the match did not end")
