"""Connections, transactions and value conversions shared by the store's modules.

One writer connection takes every write transaction, one at a time (an asyncio lock in this
process, `BEGIN IMMEDIATE` against other processes); it is our own `sqlite3` connection on a
thread of its own (`bot/store/_conn.py`). A second, read-only connection (aiosqlite) serves
plain reads, so a read never sees another coroutine's uncommitted writes and never waits
behind a commit's fsync.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import aiosqlite

from bot.ops import probes
from bot.store._conn import ThreadConnection
from bot.store._db import (
    BatchJob,
    Clock,
    Params,
    Step,
    check_int64,
    from_ms,
    opt_dt,
    opt_ms,
    placeholders,
    run_steps_sync,
    to_ms,
    utcnow,
)
from bot.store.errors import StoreError

Row = sqlite3.Row

#: Milliseconds to wait for another process's write lock before giving up.
BUSY_TIMEOUT_MS = 5000


class Tx:
    """An open write transaction. Every statement runs on the writer connection."""

    def __init__(self, conn: ThreadConnection, now: datetime) -> None:
        self._conn = conn
        #: The transaction's single notion of "now", so one change carries one time.
        self.now = now
        self.now_ms = to_ms(now)

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return the number of rows it changed."""
        cursor = await self._conn.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


class SyncTx:
    """A write transaction seen from inside the writer's thread: plain sqlite3 calls, no
    awaits (see `Database.batched`)."""

    def __init__(self, conn: sqlite3.Connection, now_ms: int) -> None:
        self._conn = conn
        self.now_ms = now_ms

    def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; return the number of rows it changed."""
        return self._conn.execute(sql, params).rowcount

    def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        row: Row | None = self._conn.execute(sql, params).fetchone()
        return row

    def step(self, step: Step) -> Any:
        """Run one statement of a batched job (`bot/store/_db.py`)."""
        kind, sql, params = step
        return self.execute(sql, params) if kind == "execute" else self.fetchone(sql, params)


@dataclass(slots=True)
class _Queued:
    job: BatchJob
    future: asyncio.Future[Any]


def _run_batch(raw: sqlite3.Connection, jobs: list[BatchJob], now_ms: int) -> list[Any]:
    """In the writer's thread: BEGIN, each job in its own savepoint, COMMIT. A job that
    raises is undone alone (its exception is its outcome); a failed COMMIT fails all."""
    raw.execute("BEGIN IMMEDIATE")
    try:
        tx = SyncTx(raw, now_ms)
        outcomes: list[Any] = []
        for job in jobs:
            raw.execute("SAVEPOINT job")
            try:
                outcomes.append(run_steps_sync(job, now_ms, tx.step))
            except Exception as exc:
                raw.execute("ROLLBACK TO job")
                outcomes.append(exc)
            raw.execute("RELEASE job")
        with probes.timed(probes.STORE_COMMIT):
            raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:
            raw.execute("ROLLBACK")
        raise
    return outcomes


class Reader:
    """Reads on the read-only connection (inside `Database.read()`)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


async def _settings(conn: ThreadConnection | aiosqlite.Connection, read_only: bool) -> None:
    await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    await conn.execute("PRAGMA foreign_keys = ON")
    # FULL: in WAL mode NORMAL only syncs at checkpoints, so the last commits can vanish in
    # a power cut; FULL syncs the WAL on every commit.
    await conn.execute("PRAGMA synchronous = FULL")
    if read_only:
        await conn.execute("PRAGMA query_only = ON")


async def connect_writer(path: str) -> ThreadConnection:
    """Open the writer connection with the production settings (see docs/store.md)."""
    conn = await ThreadConnection.open(path)
    try:
        await _settings(conn, read_only=False)
    except BaseException:
        await conn.close()
        raise
    return conn


async def connect(path: str, *, read_only: bool = False) -> aiosqlite.Connection:
    """Open one aiosqlite connection with the production settings (see docs/store.md)."""
    # isolation_level=None: the sqlite3 module issues no implicit BEGIN; we say BEGIN IMMEDIATE.
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await _settings(conn, read_only)
    except BaseException:
        await conn.close()
        raise
    return conn


class Database:
    """The two connections, the write lock and the clock."""

    dialect = "sqlite"

    def __init__(
        self,
        path: str,
        writer: ThreadConnection,
        reader: aiosqlite.Connection,
        clock: Clock = utcnow,
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()
        self.clock = clock
        self._closed = False
        self._queued: list[_Queued] = []
        self._batcher: asyncio.Task[None] | None = None

    def now(self) -> datetime:
        return self.clock()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Tx]:
        """One write transaction: committed if the block ends normally, else rolled back."""
        async with self._write_lock:
            if self._closed:
                raise StoreError("the store is closed")
            conn = self._writer
            try:
                await conn.execute("BEGIN IMMEDIATE")
            except asyncio.CancelledError:
                # The BEGIN still runs on the writer's thread (only the caller stops
                # waiting): end the transaction it opens, or the next writer's BEGIN fails
                # with "cannot start a transaction within a transaction". (A rollback with
                # none open does nothing.)
                await conn.rollback()
                raise
            try:
                yield Tx(conn, self.clock())
            except BaseException:
                if conn.in_transaction:
                    await conn.rollback()
                raise
            try:
                with probes.timed(probes.STORE_COMMIT):
                    await conn.execute("COMMIT")
            except asyncio.CancelledError:
                # The COMMIT is already queued on the writer's thread and will run (`run` is
                # shielded); the next transaction's BEGIN is queued behind it. Only the caller
                # stops waiting.
                raise
            except BaseException:
                if conn.in_transaction:
                    await conn.rollback()
                raise

    async def batched(self, job: BatchJob) -> Any:
        """Run `job`'s steps in the next shared write transaction and return what it returns
        (or raise what it raised, having written nothing).

        Group commit: the jobs that arrive while one transaction is being flushed to disk go
        together into the next, one fsync for all, and the whole transaction runs in one
        trip to the writer's thread, so a busy event loop does not stretch it. A caller
        cancelled before its transaction begins is dropped (never written); once it has
        begun, the job is committed with the others and only the caller stops waiting.
        """
        if self._closed:
            raise StoreError("the store is closed")
        queued = _Queued(job, asyncio.get_running_loop().create_future())
        self._queued.append(queued)
        if self._batcher is None or self._batcher.done():
            self._batcher = asyncio.get_running_loop().create_task(self._drain())
        return await queued.future

    async def _drain(self) -> None:
        while self._queued:
            batch = [q for q in self._queued if not q.future.done()]
            self._queued = []
            if not batch:
                continue
            try:
                async with self._write_lock:
                    if self._closed:
                        raise StoreError("the store is closed")
                    # The whole transaction in one trip to the writer's thread.
                    outcomes = await self._writer.run(
                        _run_batch, self._writer.raw, [q.job for q in batch], to_ms(self.clock())
                    )
            except BaseException as exc:
                for q in batch:
                    if not q.future.done():
                        if isinstance(exc, asyncio.CancelledError):
                            q.future.cancel()
                        else:
                            q.future.set_exception(exc)
                if isinstance(exc, asyncio.CancelledError):
                    raise
                continue
            for q, outcome in zip(batch, outcomes, strict=True):
                if q.future.done():
                    continue
                if isinstance(outcome, BaseException):
                    q.future.set_exception(outcome)
                else:
                    q.future.set_result(outcome)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Reader]:
        """Several reads from one consistent snapshot of the database."""
        async with self._read_lock:
            if self._closed:
                raise StoreError("the store is closed")
            conn = self._reader
            await conn.execute("BEGIN")
            try:
                yield Reader(conn)
            finally:
                await conn.execute("COMMIT")

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """One read statement on the read connection (sees every committed write)."""
        async with self._read_lock:
            if self._closed:
                raise StoreError("the store is closed")
            return list(await self._reader.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        # Wait for a transaction in flight rather than cutting it off.
        async with self._write_lock, self._read_lock:
            await self._reader.close()
            await self._writer.close()


__all__ = [
    "BUSY_TIMEOUT_MS",
    "Clock",
    "Database",
    "Params",
    "Reader",
    "Row",
    "SyncTx",
    "Tx",
    "check_int64",
    "from_ms",
    "opt_dt",
    "opt_ms",
    "placeholders",
    "to_ms",
    "utcnow",
]
