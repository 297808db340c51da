"""Leaderboard of 100,000 players: one page plus the caller's own rank, through the circle
service on a real SQLite store (filled through `store.stats.record`, the store's own write
path). Prints the time of each query; the interaction deadline is 3 s.

    .venv/bin/python bench/leaderboard.py [players]
"""

from __future__ import annotations

import asyncio
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.circle import CircleService
from bot.store import MatchLine, open_store

GUILD = 1


async def main(players: int) -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "bench.sqlite3")
        t0 = time.perf_counter()
        batch: list[tuple[int, MatchLine]] = []
        for uid in range(1, players + 1):
            won = rng.random() < 0.5
            batch.append(
                (
                    uid,
                    MatchLine(
                        won=won,
                        score=rng.randrange(0, 300),
                        gins=rng.randrange(0, 5),
                        rounds_played=rng.randrange(1, 12),
                        points_for=rng.randrange(0, 400),
                    ),
                )
            )
            if len(batch) == 5000:
                await store.stats.record(GUILD, batch, vs_computer=False)
                batch = []
        if batch:
            await store.stats.record(GUILD, batch, vs_computer=False)
        # Some players with more matches, so wins spread over many values.
        extra = [
            (rng.randrange(1, players + 1), MatchLine(won=True, score=100)) for _ in range(players)
        ]
        for i in range(0, len(extra), 5000):
            await store.stats.record(GUILD, extra[i : i + 5000], vs_computer=False)
        fill = time.perf_counter() - t0
        circle = CircleService(store)
        print(f"players: {players}, filled in {fill:.1f} s (server + global rows)")
        print(
            f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
            f"Python {sys.version.split()[0]}"
        )
        for scope in ("server", "global"):
            for sort in ("wins", "gins", "points", "streak", "played"):
                times = []
                for _ in range(20):
                    viewer = rng.randrange(1, players + 1)
                    page = rng.choice([0, 0, 5, 500])
                    t = time.perf_counter()
                    board = await circle.leaderboard(
                        viewer,
                        guild_id=GUILD,
                        scope=scope,
                        sort=sort,
                        page=page,  # type: ignore[arg-type]
                    )
                    times.append(time.perf_counter() - t)
                    assert board.viewer_rank is not None and len(board.entries) == 10
                times.sort()
                print(
                    f"{scope:6} {sort:6}: page + own rank median {statistics.median(times) * 1000:6.1f} ms,"
                    f" max {times[-1] * 1000:6.1f} ms"
                )
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000))
