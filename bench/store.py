"""Store benchmark: how fast moves are committed with the production settings.

    .venv/bin/python bench/store.py [--moves N] [--tables N] [--backend sqlite|postgres|both]
    .venv/bin/python bench/store.py --database postgresql://user@host/db   # an existing one

`--backend postgres` starts a throwaway PostgreSQL server (Debian's `postgresql` binaries, as
the tests do: tests/store/pgserver.py) with its production defaults (fsync on,
synchronous_commit on), in a temporary folder on the same disk as /tmp. `--database` uses an
existing database instead (it must be empty: the leaderboard part inserts fixed ids).

Prints, for SQLite with synchronous=FULL (production) and NORMAL (for comparison only), and
for PostgreSQL:
  1. moves/s committed by one writer, one after another (log only, and with a snapshot);
  2. time to apply a move with 200 tables in play, moves interleaved across tables
     (one after another, and 200 concurrent clients);
and the leaderboard queries over 100,000 players. Targets (issue 3): >= 2,000 moves/s and
p99 <= 5 ms. The database lives in a temporary folder on the same disk as /tmp.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.store.pgserver

from bot.store import NewSeat, Store, TableSpec, open_store
from bot.store.postgres import PgStore, open_pg_store
from tests.store.pgserver import PgServer

# A match state of a realistic size (the engine's JSON of a round in progress is ~1-2 KB).
STATE = json.dumps({"hands": [list(range(11)), list(range(10))], "pad": "x" * 1400})
ACTION = json.dumps({"type": "discard", "card": "H8"})


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def set_sync(store: Store, level: str) -> None:
    # Benchmark-only reach into the connection, to compare with the production level.
    assert level in ("FULL", "NORMAL")
    await store._db._writer.execute(f"PRAGMA synchronous = {level}")


async def new_table(store: Store, n: int) -> tuple[int, int]:
    table = await store.tables.create(
        TableSpec(
            1, 2, "cardgames", "{}", 100, 2, (NewSeat("A", 10 + 2 * n), NewSeat("B", 11 + 2 * n))
        )
    )
    version = await store.tables.start(table.id, table.version, STATE)
    version = await store.tables.start_round(table.id, version, 1, 42, 0, STATE)
    return table.id, version


async def single_writer(store: Store, moves: int, snapshot: bool) -> float:
    table_id, version = await new_table(store, 0)
    start = time.perf_counter()
    for _ in range(moves):
        version = await store.tables.apply_move(
            table_id, version, 1, 0, ACTION, STATE if snapshot else None
        )
    return moves / (time.perf_counter() - start)


async def interleaved(store: Store, tables: int, rounds: int) -> list[float]:
    """One move at a time, cycling over `tables` tables (each with a snapshot)."""
    ids = [await new_table(store, i) for i in range(tables)]
    versions = dict(ids)
    order = [tid for tid, _ in ids]
    times = []
    for _ in range(rounds):
        random.shuffle(order)
        for tid in order:
            t0 = time.perf_counter()
            versions[tid] = await store.tables.apply_move(tid, versions[tid], 1, 0, ACTION, STATE)
            times.append((time.perf_counter() - t0) * 1000)
    return times


async def concurrent(
    store: Store, tables: int, moves_each: int, pause_ms: float
) -> tuple[list[float], float]:
    """`tables` clients at once, each moving then pausing ~pause_ms (random): latency includes
    waiting for the other tables' commits. Returns latencies and the achieved moves/s."""
    ids = [await new_table(store, i) for i in range(tables)]
    times: list[float] = []

    async def client(tid: int, version: int) -> None:
        await asyncio.sleep(random.random() * pause_ms / 1000)
        for _ in range(moves_each):
            t0 = time.perf_counter()
            version = await store.tables.apply_move(tid, version, 1, 0, ACTION, STATE)
            times.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(random.expovariate(1000 / pause_ms))

    start = time.perf_counter()
    await asyncio.gather(*(client(tid, v) for tid, v in ids))
    return times, len(times) / (time.perf_counter() - start)


async def leaderboard(store: Store, players: int) -> dict[str, float]:
    """Fill `players` stats and ratings rows directly (fast), then time the reads."""
    rng = random.Random(7)
    async with store._db.write() as tx:
        await tx.executemany(
            "INSERT INTO players (user_id, display_name, online, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [(10**6 + i, f"player{i}", True, 0, 0) for i in range(players)],
        )
        await tx.executemany(
            "INSERT INTO player_stats (user_id, guild_id, versus, matches_played, matches_won,"
            " gins, points_for, best_streak, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    10**6 + i,
                    0,
                    "people",
                    50,
                    rng.randint(0, 50),
                    rng.randint(0, 20),
                    rng.randint(0, 5000),
                    rng.randint(0, 9),
                    0,
                )
                for i in range(players)
            ],
        )
        await tx.executemany(
            "INSERT INTO ratings (user_id, scope, rating, rd, volatility, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(10**6 + i, 0, rng.gauss(1500, 200), 80.0, 0.06, 30, 0) for i in range(players)],
        )
    if isinstance(store, PgStore):
        async with store._db.pool.acquire() as conn:
            await conn.execute("ANALYZE")
    else:
        await store._db._writer.execute("ANALYZE")
    out = {}
    for name, call in (
        ("wins page 1", lambda: store.stats.leaderboard(sort="wins", limit=10)),
        ("wins page 500", lambda: store.stats.leaderboard(sort="wins", limit=10, offset=4990)),
        ("rank by wins (mid-table)", lambda: store.stats.rank(10**6 + players // 2, sort="wins")),
        ("rating page 1", lambda: store.ratings.leaderboard(limit=10)),
        ("rank by rating (mid-table)", lambda: store.ratings.rank(10**6 + players // 2)),
        ("count", lambda: store.stats.count()),
    ):
        samples = []
        for _ in range(30):
            t0 = time.perf_counter()
            await call()
            samples.append((time.perf_counter() - t0) * 1000)
        out[name] = statistics.median(samples)
    return out


def disk_flush_ms(folder: str, seconds: float = 1.0) -> tuple[float, float]:
    """p50 and p99 of a bare 4 KiB write + fdatasync in `folder`: the floor under any
    durable commit, which this shared VM disk moves around by 10x from minute to minute."""
    path = os.path.join(folder, "flush.probe")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    samples = []
    try:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            os.write(fd, b"x" * 4096)
            t0 = time.perf_counter()
            os.fdatasync(fd)
            samples.append((time.perf_counter() - t0) * 1000)
    finally:
        os.close(fd)
        os.unlink(path)
    return pct(samples, 50), pct(samples, 99)


async def many_writers(store: Store, clients: int, moves_each: int) -> float:
    """`clients` tables moving back to back through the one writer connection."""
    ids = [await new_table(store, 1000 + i) for i in range(clients)]

    async def client(tid: int, version: int) -> None:
        for _ in range(moves_each):
            version = await store.tables.apply_move(tid, version, 1, 0, ACTION, STATE)

    start = time.perf_counter()
    await asyncio.gather(*(client(tid, v) for tid, v in ids))
    return clients * moves_each / (time.perf_counter() - start)


def machine() -> str:
    try:
        model = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        model = next(
            (
                ln.split(":", 1)[1].strip()
                for ln in model.splitlines()
                if ln.startswith("Model name")
            ),
            "?",
        )
    except OSError:
        model = "?"
    import sqlite3

    return f"{os.cpu_count()} cores, {model}, Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}"


async def version_reads(store: Store, reads: int) -> list[float]:
    """The read a click makes first on a shared store (several processes, issue 18): the
    table's version and status (`tables.version_of`), one after another, in ms."""
    table_id, _ = await new_table(store, 0)
    times = []
    for _ in range(reads):
        start = time.perf_counter()
        await store.tables.version_of(table_id)
        times.append((time.perf_counter() - start) * 1000)
    return times


async def moves_figures(store: Store, args: argparse.Namespace, probe: Callable[[], str]) -> None:
    """The move figures of one store (both backends run the same calls)."""
    times = await version_reads(store, 2000)
    print(
        f"  version check before a click (several processes only): p50 {pct(times, 50):.3f} ms"
        f"  p99 {pct(times, 99):.3f} ms{probe()}"
    )
    rate = await single_writer(store, args.moves, snapshot=False)
    print(f"  1 client, one move at a time, log only:      {rate:7.0f} moves/s{probe()}")
    rate = await single_writer(store, args.moves, snapshot=True)
    print(f"  1 client, one move at a time, log+snapshot:  {rate:7.0f} moves/s{probe()}")
    rate = await many_writers(store, 50, max(1, args.moves // 50))
    print(f"  50 clients at once:                          {rate:7.0f} moves/s{probe()}")
    times = await interleaved(store, args.tables, max(1, args.moves // args.tables))
    print(
        f"  {args.tables} tables, one move at a time:  p50 {pct(times, 50):.2f} ms"
        f"  p99 {pct(times, 99):.2f} ms  max {max(times):.2f} ms  ({len(times)} moves)"
        f"{probe()}"
    )
    for pause in (1000.0, 200.0):
        times, rate = await concurrent(store, args.tables, max(1, args.moves // args.tables), pause)
        print(
            f"  {args.tables} tables at once, a move every {pause / 1000:.1f} s each:"
            f"  p50 {pct(times, 50):.2f} ms  p99 {pct(times, 99):.2f} ms"
            f"  max {max(times):.2f} ms  ({rate:.0f} moves/s){probe()}"
        )


async def sqlite_figures(args: argparse.Namespace, tmp: str, probe: Callable[[], str]) -> None:
    for level in ("FULL", "NORMAL"):
        label = "production" if level == "FULL" else "comparison only"
        p50, p99 = disk_flush_ms(tmp)
        print(
            f"\nSQLite synchronous={level} ({label}); disk flush now p50 {p50:.2f} ms,"
            f" p99 {p99:.2f} ms"
        )
        async with await open_store(Path(tmp, f"{level}.sqlite3")) as store:
            await set_sync(store, level)
            await moves_figures(store, args, probe)
    print(f"\nSQLite leaderboard over {args.players:,} players (median of 30)")
    async with await open_store(Path(tmp, "board.sqlite3")) as store:
        for name, ms in (await leaderboard(store, args.players)).items():
            print(f"  {name:28s} {ms:7.2f} ms")


async def postgres_figures(args: argparse.Namespace, url: str, probe: Callable[[], str]) -> None:
    async with await open_pg_store(url, pool_size=args.pool) as store:
        async with store._db.pool.acquire() as conn:
            version = await conn.fetchval("SHOW server_version")
            settings = [
                f"{name}={await conn.fetchval(f'SHOW {name}')}"
                for name in ("fsync", "synchronous_commit", "wal_sync_method")
            ]
        p50, p99 = disk_flush_ms(tempfile.gettempdir())
        print(
            f"\nPostgreSQL {version} ({', '.join(settings)}), pool of {args.pool} connections;"
            f" disk flush now p50 {p50:.2f} ms, p99 {p99:.2f} ms"
        )
        await moves_figures(store, args, probe)  # type: ignore[arg-type]
        print(f"\nPostgreSQL leaderboard over {args.players:,} players (median of 30)")
        for name, ms in (await leaderboard(store, args.players)).items():  # type: ignore[arg-type]
            print(f"  {name:28s} {ms:7.2f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--database", help="an existing, empty PostgreSQL database's URL")
    parser.add_argument("--pool", type=int, default=10, help="PostgreSQL connections")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    with tempfile.TemporaryDirectory() as tmp:

        def probe() -> str:
            p50, p99 = disk_flush_ms(tmp, 0.5)
            return f"   [disk flush right after: p50 {p50:.2f}, p99 {p99:.2f} ms]"

        if args.backend in ("sqlite", "both") and not args.database:
            await sqlite_figures(args, tmp, probe)
        if args.database:
            await postgres_figures(args, args.database, probe)
        elif args.backend in ("postgres", "both"):
            # Production settings (fsync and synchronous_commit on): `durable=True`.
            with PgServer(durable=True) as server:
                admin = await asyncpg.connect(server.url())
                await admin.execute("CREATE DATABASE bench")
                await admin.close()
                await postgres_figures(args, server.url("bench"), probe)


if __name__ == "__main__":
    asyncio.run(main())
