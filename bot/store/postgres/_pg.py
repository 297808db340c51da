"""PostgreSQL's `Db` (bot/store/_db.py): a pool of asyncpg connections, transactions, locks.

Locking, so every guarantee SQLite gets from its single writer holds across processes:

- A write transaction (`write()`) starts by taking one transaction-scoped advisory lock in
  exclusive mode (`pg_advisory_xact_lock`), as SQLite's `BEGIN IMMEDIATE` takes its write
  lock: the repositories' read-then-write checks (a seat still free, one pending challenge
  per pair, a pairing's result recorded once) cannot race, whichever process runs them.
- A move or a hand-message id (`batched()`, the hot path) takes that lock in shared mode, so
  moves on different tables run at once, and then the table's row lock through its
  versioned `UPDATE ... WHERE version = ?`: of two moves at the same version, the second
  waits for the first's commit, then matches no row and is refused (`StaleVersion`).
- Reads run on any pooled connection; `read()` is a `REPEATABLE READ READ ONLY`
  transaction, one snapshot for several statements.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import datetime
from typing import Any

import asyncpg

from bot.ops import probes
from bot.store._db import BatchJob, Clock, Params, Row, Step, run_steps, to_ms
from bot.store.errors import StoreError
from bot.store.postgres.dialect import statement

#: The advisory lock key of the store's writers (any constant; "gin" in ASCII).
WRITE_LOCK = 0x67696E


def _changed(status: str) -> int:
    """Rows changed, from asyncpg's command status ("UPDATE 2", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def _roll_back(conn: asyncpg.Connection) -> None:
    """End a failed transaction; a connection that cannot say ROLLBACK (a query cancelled
    mid-flight) is closed instead, which ends the transaction on the server all the same."""
    try:
        if not conn.is_closed() and conn.is_in_transaction():
            await conn.execute("ROLLBACK")
    except (Exception, asyncio.CancelledError):
        conn.terminate()


class PgTx:
    """An open write transaction on one pooled connection."""

    def __init__(self, conn: asyncpg.Connection, now: datetime) -> None:
        self._conn = conn
        self.now = now
        self.now_ms = to_ms(now)

    async def execute(self, sql: str, params: Params = ()) -> int:
        return _changed(await self._conn.execute(statement(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(statement(sql), [tuple(r) for r in rows])

    async def fetchall(self, sql: str, params: Params = ()) -> Sequence[Row]:
        rows: list[Row] = await self._conn.fetch(statement(sql), *params)
        return rows

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        row: Row | None = await self._conn.fetchrow(statement(sql), *params)
        return row

    async def step(self, step: Step) -> Any:
        kind, sql, params = step
        if kind == "execute":
            return await self.execute(sql, params)
        return await self.fetchone(sql, params)


class PgReader:
    """Reads inside one read-only snapshot."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def fetchall(self, sql: str, params: Params = ()) -> Sequence[Row]:
        rows: list[Row] = await self._conn.fetch(statement(sql), *params)
        return rows

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        row: Row | None = await self._conn.fetchrow(statement(sql), *params)
        return row


class PgDatabase:
    """The pool, the locks and the clock."""

    dialect = "postgres"

    def __init__(self, path: str, pool: asyncpg.Pool, clock: Clock) -> None:
        self._path = path
        self._pool = pool
        self.clock = clock
        self._closed = False

    @property
    def path(self) -> str:
        """The server's address, without the password."""
        return self._path

    @property
    def pool(self) -> asyncpg.Pool:
        return self._pool

    def now(self) -> datetime:
        return self.clock()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError("the store is closed")

    @asynccontextmanager
    async def _transaction(self, lock: str) -> AsyncIterator[PgTx]:
        """BEGIN and the writers' advisory lock in one round trip (a simple query with two
        statements, the key a constant); COMMIT if the block ends normally, else ROLLBACK."""
        self._check_open()
        async with self._pool.acquire() as conn:
            await conn.execute(f"BEGIN; SELECT {lock}({WRITE_LOCK})")
            try:
                yield PgTx(conn, self.clock())
            except BaseException:
                await _roll_back(conn)
                raise
            with probes.timed(probes.STORE_COMMIT):
                await conn.execute("COMMIT")

    def write(self) -> AbstractAsyncContextManager[PgTx]:
        """One write transaction, serialized with every other writer of the database."""
        return self._transaction("pg_advisory_xact_lock")

    async def batched(self, job: BatchJob) -> Any:
        """Run `job`'s statements in a transaction of their own (PostgreSQL groups
        concurrent commits into one WAL flush itself); see the module's docstring."""
        async with self._transaction("pg_advisory_xact_lock_shared") as tx:
            return await run_steps(job, tx.now_ms, tx.step)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PgReader]:
        self._check_open()
        async with (
            self._pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PgReader(conn)

    async def fetchall(self, sql: str, params: Params = ()) -> Sequence[Row]:
        self._check_open()
        rows: list[Row] = await self._pool.fetch(statement(sql), *params)
        return rows

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        self._check_open()
        row: Row | None = await self._pool.fetchrow(statement(sql), *params)
        return row

    async def close(self) -> None:
        """Wait for the transactions in flight (the pool's `close`), then disconnect."""
        if self._closed:
            return
        self._closed = True
        await self._pool.close()
