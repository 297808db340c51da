"""A process killed with SIGKILL between moves loses no acknowledged move."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import open_store
from bot.store._db import Steps

from .conftest import playing_table
from .enginegame import restore, snapshot

ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(db_path: Path, tables: int, acknowledged: int) -> list[tuple[int, int]]:
    """Run the child, SIGKILL it once it has acknowledged `acknowledged` moves; return every
    (table id, move seq) it printed, i.e. every move it acknowledged."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.store.crash_child", str(db_path), str(tables)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    try:
        assert child.stdout.readline().strip() == "ready"
        while len(lines) < acknowledged and time.monotonic() < deadline:
            line = child.stdout.readline().strip()
            if not line or line == "done":
                break
            lines.append(line)
        os.kill(child.pid, signal.SIGKILL)
        # Lines already in the pipe were acknowledged before the kill too.
        lines.extend(ln for ln in child.stdout.read().splitlines() if ln and ln != "done")
    finally:
        child.kill()
        child.wait()
    assert child.returncode == -signal.SIGKILL
    assert len(lines) >= acknowledged, f"child acknowledged only {len(lines)} moves"
    # No clean close: the committed moves sit in the WAL, which recovery must read.
    wal = Path(f"{db_path}-wal")
    assert wal.exists() and wal.stat().st_size > 0
    return [(int(a), int(b)) for a, b in (ln.split() for ln in lines)]


@pytest.mark.parametrize("acknowledged", [25, 160])
async def test_sigkill_loses_no_acknowledged_move(tmp_path: Path, acknowledged: int) -> None:
    db_path = tmp_path / "gin.sqlite3"
    acked = run_and_kill(db_path, tables=4, acknowledged=acknowledged)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    async with await open_store(db_path) as store:
        assert await store.integrity_check() == "ok"
        logged = {
            (m.table_id, m.seq)
            for table_id in {t for t, _ in acked}
            for m in await store.tables.moves(table_id)
        }
        missing = [pair for pair in acked if pair not in logged]
        assert missing == [], f"acknowledged moves lost: {missing}"
        for table_id in {t for t, _ in acked}:
            table = await store.tables.get(table_id)
            assert table is not None
            assert table.version >= max(seq for t, seq in acked if t == table_id)
        # Every table in play replays through the engine (a torn log would raise here).
        for rec in await store.tables.in_play():
            rebuilt = restore(rec.snapshot_json or "", [(m.seat, m.action_json) for m in rec.moves])
            assert snapshot(rebuilt)


async def test_a_failed_commit_is_never_acknowledged(db_path: Path) -> None:
    """If COMMIT fails, every move of the batch raises and none is stored: nothing is
    acknowledged before its commit has returned."""
    async with await open_store(db_path) as store:
        tables = [await playing_table(store, 10 + i, 20 + i) for i in range(3)]

        class Poison:
            def steps(self, now_ms: int) -> Steps:
                # A foreign key checked only at COMMIT: the shared commit fails, as a disk
                # error would.
                yield ("execute", "PRAGMA defer_foreign_keys = ON", ())
                yield (
                    "execute",
                    "INSERT INTO moves (table_id, seq, round_no, seat, action_json, created_at)"
                    " VALUES (?, 999, 99, 0, '{}', 0)",
                    (tables[0][0].id,),
                )

        outcomes = await asyncio.gather(
            *(store.tables.apply_move(t.id, v, 1, 0, "{}") for t, v in tables),
            store._db.batched(Poison()),
            return_exceptions=True,
        )
        assert all(isinstance(o, sqlite3.DatabaseError) for o in outcomes), outcomes
        for t, v in tables:
            assert await store.tables.moves(t.id) == []
            assert (await store.tables.get(t.id)).version == v  # type: ignore[union-attr]
        # The connection is usable again: the failed transaction was rolled back.
        t, v = tables[0]
        assert await store.tables.apply_move(t.id, v, 1, 0, "{}") == v + 1
