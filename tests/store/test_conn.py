"""The writer's own connection (`bot/store/_conn.py`): calls run in order on its one thread,
and a call already made runs even if its caller is cancelled (what a queued COMMIT needs)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.store._conn import ThreadConnection
from bot.store._sql import Database, connect


async def test_a_cancelled_caller_still_gets_its_statement_run(tmp_path: Path) -> None:
    conn = await ThreadConnection.open(str(tmp_path / "t.sqlite3"))
    try:
        await conn.execute("CREATE TABLE t (x INTEGER)")
        gate = threading.Event()
        busy = asyncio.ensure_future(conn.run(gate.wait, 10))  # the thread is busy
        queued = asyncio.ensure_future(conn.execute("INSERT INTO t VALUES (1)"))
        await asyncio.sleep(0)  # (both are submitted when their tasks first run)
        queued.cancel()
        with pytest.raises(asyncio.CancelledError):
            await queued
        gate.set()
        assert await busy is True
        rows = await conn.execute_fetchall("SELECT x FROM t")
        assert [tuple(r) for r in rows] == [(1,)]
    finally:
        await conn.close()


async def test_calls_run_in_order_on_one_thread(tmp_path: Path) -> None:
    conn = await ThreadConnection.open(str(tmp_path / "t.sqlite3"))
    try:
        idents = await asyncio.gather(*(conn.run(threading.get_ident) for _ in range(20)))
        assert len(set(idents)) == 1 and idents[0] != threading.get_ident()
        await conn.execute("CREATE TABLE t (x INTEGER)")
        await asyncio.gather(*(conn.execute("INSERT INTO t VALUES (?)", (i,)) for i in range(50)))
        rows = await conn.execute_fetchall("SELECT x FROM t ORDER BY rowid")
        assert [r[0] for r in rows] == list(range(50))
    finally:
        await conn.close()


async def test_a_writer_cancelled_waiting_for_its_begin_leaves_no_transaction_open(
    tmp_path: Path,
) -> None:
    """Cancelled while its BEGIN waits its turn on a busy writer thread (a busy machine
    widens that window): the BEGIN still runs, so the next write must find it ended."""
    path = str(tmp_path / "t.sqlite3")
    writer = await ThreadConnection.open(path)
    reader = await connect(path, read_only=False)
    db = Database(path, writer, reader)
    try:
        await writer.execute("CREATE TABLE t (x INTEGER)")
        gate = threading.Event()
        busy = asyncio.ensure_future(writer.run(gate.wait, 10))  # the thread is busy

        async def write_one() -> None:
            async with db.write() as tx:
                await tx.execute("INSERT INTO t VALUES (1)")

        cancelled = asyncio.ensure_future(write_one())
        await asyncio.sleep(0.05)  # its BEGIN is submitted, behind the busy call
        cancelled.cancel()
        await asyncio.sleep(0.05)
        gate.set()
        with pytest.raises(asyncio.CancelledError):
            await cancelled
        assert await busy is True
        async with db.write() as tx:  # failed with "within a transaction" before the fix
            await tx.execute("INSERT INTO t VALUES (2)")
        rows = await writer.execute_fetchall("SELECT x FROM t")
        assert [tuple(r) for r in rows] == [(2,)]
    finally:
        await reader.close()
        await writer.close()
