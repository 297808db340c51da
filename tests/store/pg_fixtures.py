"""The throwaway PostgreSQL server of the test session (`pgserver.py`), for every test
folder (registered in tests/conftest.py): `pg_server`, one per session with a migrated
template database, and `pg_url`, a fresh database copied from the template per test."""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import asyncpg
import pytest

from bot.store.postgres import open_pg_store

from .pgserver import PgServer

TEMPLATE = "gin_template"


def _in_thread(coro: Coroutine[Any, Any, None]) -> None:
    """Run `coro` on a loop of its own (these fixtures may be set up inside a running one)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, coro).result()


async def _admin(server: PgServer, sql: str) -> None:
    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One PostgreSQL server for the session, with a migrated template database."""

    async def make_template(server: PgServer) -> None:
        await _admin(server, f"CREATE DATABASE {TEMPLATE}")
        store = await open_pg_store(server.url(TEMPLATE), pool_size=2)
        await store.close()

    with PgServer() as server:
        _in_thread(make_template(server))
        yield server


_numbers = itertools.count(1)


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh, migrated database of its own (a copy of the template), dropped after."""
    name = f"test_{os.getpid()}_{next(_numbers)}"
    _in_thread(_admin(pg_server, f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}"))
    yield pg_server.url(name)
    _in_thread(_admin(pg_server, f"DROP DATABASE {name} WITH (FORCE)"))
