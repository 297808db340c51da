"""The writer's connection: a plain `sqlite3` connection that lives on one thread of its own
(a one-thread `ThreadPoolExecutor`), driven from the event loop: each call is submitted to
that thread, its outcome handed back with `call_soon_threadsafe`.

Only public APIs: the group commit (`Database.batched`) runs a whole transaction as one
function in that thread (`run`), and plain statements go the same way, one call each. Calls
run in the order they are made. A call already made runs to its end even if its caller is
cancelled (the caller only stops waiting), as a COMMIT must: the next transaction's BEGIN
is queued behind it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


class ThreadConnection:
    """A `sqlite3.Connection` used only from its own thread, with async methods."""

    def __init__(self, conn: sqlite3.Connection, executor: ThreadPoolExecutor) -> None:
        self._conn = conn
        self._executor = executor

    @classmethod
    async def open(cls, path: str) -> ThreadConnection:
        """Connect in autocommit mode (the sqlite3 module issues no implicit BEGIN; the store
        says BEGIN IMMEDIATE itself), rows as `sqlite3.Row`."""
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gin-store-writer")

        def connect() -> sqlite3.Connection:
            # Made, used and closed in this thread only (sqlite3 checks it).
            conn = sqlite3.connect(path, isolation_level=None)
            conn.row_factory = sqlite3.Row
            return conn

        loop = asyncio.get_running_loop()
        try:
            conn = await loop.run_in_executor(executor, connect)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(conn, executor)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in the connection's thread (`fn` may use `self.raw`)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        def call() -> None:
            try:
                result = fn(*args)
            except BaseException as exc:
                loop.call_soon_threadsafe(_settle, future, None, exc)
            else:
                loop.call_soon_threadsafe(_settle, future, result, None)

        # Not `run_in_executor`: cancelling its future would cancel a call not yet started
        # (a COMMIT queued behind a long batch). Here a cancelled caller only stops waiting;
        # the call runs in its turn. (Nor `asyncio.shield`, which costs a loop turn.)
        self._executor.submit(call)
        return await future

    @property
    def raw(self) -> sqlite3.Connection:
        """The sqlite3 connection, for functions passed to `run` (its thread only)."""
        return self._conn

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Cursor:
        """One statement; the cursor's `rowcount` says how many rows it changed."""
        return await self.run(self._conn.execute, sql, tuple(params))

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        await self.run(self._conn.executemany, sql, [tuple(r) for r in rows])

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        args = tuple(params)

        def fetch() -> list[sqlite3.Row]:
            return self._conn.execute(sql, args).fetchall()

        return await self.run(fetch)

    async def rollback(self) -> None:
        await self.run(self._conn.rollback)

    async def close(self) -> None:
        try:
            await self.run(self._conn.close)
        finally:
            self._executor.shutdown(wait=True)


def _settle(future: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    """In the event loop: hand the thread's outcome to a caller still waiting."""
    if future.done():  # the caller was cancelled
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)
