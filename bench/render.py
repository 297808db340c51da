"""Time the pictures: first call in a fresh process, typical cold, and cached.

    .venv/bin/python bench/render.py
    nice -n 10 .venv/bin/python bench/render.py --workers [--processes 2]
    .venv/bin/python bench/render.py --in-worker

``--in-worker``: the CPU a cold hand, table and reveal take inside the bot's own worker
process (its allocator settings, its pipe), where the load bench counts them.

``--workers`` compares how the bot ships pictures to other processes instead: its own
worker processes (``bot.render.workers``) against the standard library's
``ProcessPoolExecutor`` (spawned interpreters that warm up the same way, reached with
``loop.run_in_executor``). For each: the bot's own CPU per picture (this process, every
thread: what the event loop competes with), the wall time of one picture at a time, and of
a burst of pictures 8 at a time, plus the helper processes each leaves running.

"first call" starts a new interpreter and renders one picture with nothing warm (fonts, suit
shapes, card sprites all drawn on the spot). "cold" is a picture not in the picture cache, with
the card sprites already drawn (the normal case in a running bot). "cached" is the same picture
asked for again.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.cards import Card, shuffled_deck  # noqa: E402
from bot.render import (  # noqa: E402
    HandPicture,
    RenderOptions,
    RevealHand,
    RevealPicture,
    TablePicture,
    clear_cache,
    render_hand,
    render_reveal,
    render_table,
    warm_up,
    workers,  # noqa: E402
)
from bot.render.faces import face  # noqa: E402
from bot.render.layout import hand_png  # noqa: E402
from bot.render.pictures import _draw  # noqa: E402

N_COLD = 300
N_CACHED = 20000


def _hand(rng: random.Random, seed: int) -> HandPicture:
    cards = shuffled_deck(seed)[:11]
    # Arbitrary grouping: the renderer does not check melds, and 3 groups is the common case.
    melds = (tuple(cards[:3]), tuple(cards[3:6]))
    deadwood = tuple(cards[6:])
    return HandPicture(
        melds=melds,
        deadwood=deadwood,
        deadwood_points=sum(c.points for c in deadwood),
        highlight=rng.choice(cards),
    )


def _table(rng: random.Random, seed: int) -> TablePicture:
    cards = shuffled_deck(seed)
    return TablePicture(
        discard_pile=tuple(cards[: rng.randint(1, 20)]),
        stock_count=rng.randint(0, 31),
        players=(("Ann", 10), (f"Player {seed}", rng.choice((10, 11)))),
        to_play=rng.choice((0, 1)),
    )


def _reveal(rng: random.Random, seed: int) -> RevealPicture:
    cards = shuffled_deck(seed)
    a, b = cards[:10], cards[10:20]
    return RevealPicture(
        hands=(
            RevealHand("Ann", (tuple(a[:4]), tuple(a[4:7])), tuple(a[7:]), 12, (a[0],), "knocked"),
            RevealHand("Bob", (tuple(b[:3]),), tuple(b[3:]), 40, (), "defender"),
        ),
        result=f"Ann knocks · round {seed}",
    )


def _ms(samples: list[float]) -> str:
    samples = sorted(samples)
    p95 = samples[int(len(samples) * 0.95) - 1]
    return f"median {statistics.median(samples) * 1e3:6.2f} ms   p95 {p95 * 1e3:6.2f} ms"


def _cold(make: Callable[[random.Random, int], object], render: Callable[..., bytes]) -> str:
    rng = random.Random(1)
    pics = [make(rng, seed) for seed in range(N_COLD)]
    clear_cache()
    times = []
    for pic in pics:
        t0 = time.perf_counter()
        render(pic)
        times.append(time.perf_counter() - t0)
    return _ms(times)


def _cached(make: Callable[[random.Random, int], object], render: Callable[..., bytes]) -> str:
    pic = make(random.Random(2), 7)
    render(pic)
    t0 = time.perf_counter()
    for _ in range(N_CACHED):
        render(pic)
    return f"mean {(time.perf_counter() - t0) / N_CACHED * 1e3:.4f} ms"


_FIRST = """
import time, random
t0 = time.perf_counter()
from bot.render import render_{kind}
t1 = time.perf_counter()
import bench.render as b
pic = b._{kind}(random.Random(3), 3)
t2 = time.perf_counter()
render_{kind}(pic)
t3 = time.perf_counter()
print(f"{{(t3 - t2) * 1e3:.1f}} ms (import {{(t1 - t0) * 1e3:.0f}} ms)")
"""


def _first(kind: str) -> str:
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", _FIRST.format(kind=kind)],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def _sizes() -> str:
    rng = random.Random(4)
    sizes = {
        "hand": len(render_hand(_hand(rng, 1))),
        "table": len(render_table(_table(rng, 1))),
        "reveal": len(render_reveal(_reveal(rng, 1))),
    }
    return ", ".join(f"{k} {v / 1024:.0f} KB" for k, v in sizes.items())


def _sprites() -> str:
    face.cache_clear()
    t0 = time.perf_counter()
    for index in range(52):
        face(Card.from_index(index), False)
    per_face = (time.perf_counter() - t0) / 52 * 1e3
    face.cache_clear()
    t0 = time.perf_counter()
    warm_up(RenderOptions(dark=True))
    return f"{per_face:.2f} ms per face; warm_up() {(time.perf_counter() - t0) * 1e3:.0f} ms"


# --- shipping pictures to other processes ---------------------------------------------------

N_SHIPPED = 400


def _pool_init() -> None:
    from bot.render import worker_main

    worker_main._tune_allocator()  # as the bot's own workers do
    warm_up()


async def _shipping(ship: Callable[..., Any], name: str) -> None:
    import psutil

    rng = random.Random(5)
    pics = [_hand(rng, seed) for seed in range(N_SHIPPED)]
    options = RenderOptions()
    for pic in pics[:20]:  # each process has drawn a few
        await ship(_draw, hand_png, pic, options)
    helpers = psutil.Process().children(recursive=True)
    rss = sum(p.memory_info().rss for p in helpers) / 2**20

    def helpers_cpu() -> float:
        return sum(sum(p.cpu_times()[:2]) for p in helpers)

    w0 = helpers_cpu()
    cpu0, t0 = time.process_time(), time.perf_counter()
    one_by_one = []
    for pic in pics:
        t = time.perf_counter()
        await ship(_draw, hand_png, pic, options)
        one_by_one.append(time.perf_counter() - t)
    cpu1, t1 = time.process_time(), time.perf_counter()
    sem = asyncio.Semaphore(8)

    async def one(pic: HandPicture) -> None:
        async with sem:
            await ship(_draw, hand_png, pic, options)

    await asyncio.gather(*(one(pic) for pic in pics))
    cpu2, t2 = time.process_time(), time.perf_counter()
    worker_cpu = (helpers_cpu() - w0) / (2 * N_SHIPPED)
    print(
        f"{name:22s} bot CPU per picture: one by one {(cpu1 - cpu0) / N_SHIPPED * 1e3:.3f} ms, "
        f"burst {(cpu2 - cpu1) / N_SHIPPED * 1e3:.3f} ms; helpers' CPU {worker_cpu * 1e3:.2f} ms"
    )
    print(f"{'':22s} one picture at a time: {_ms(one_by_one)} (total {t1 - t0:.2f} s)")
    print(
        f"{'':22s} burst, 8 at a time: {(t2 - t1) / N_SHIPPED * 1e3:.2f} ms per picture; "
        f"helper processes {len(helpers)} ({rss:.0f} MiB), bot threads {len(__import__('threading').enumerate())}"
    )


async def _compare_workers(processes: int) -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    await workers.start(processes)
    try:
        await _shipping(workers.run, "bot.render.workers")
    finally:
        workers.stop()
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(
        processes, mp_context=multiprocessing.get_context("spawn"), initializer=_pool_init
    ) as pool:
        await _shipping(
            lambda fn, *args: loop.run_in_executor(pool, fn, *args), "ProcessPoolExecutor"
        )


async def _in_worker() -> None:
    """CPU per cold picture inside the bot's own worker process, which is what the load bench
    counts as "workers": the in-process figures above run without the worker's allocator
    settings and its pipe."""
    import psutil

    from bot.render.reveal import reveal_png
    from bot.render.table import table_png, table_view

    await workers.start(1)
    try:
        (worker,) = (psutil.Process(pid) for pid in workers.pids())
        options = RenderOptions()
        rng = random.Random(11)
        cases: list[tuple[str, Callable[..., bytes], list[Any]]] = [
            ("hand", hand_png, [_hand(rng, seed) for seed in range(N_COLD)]),
            ("table", table_png, [table_view(_table(rng, seed)) for seed in range(N_COLD)]),
            ("reveal", reveal_png, [_reveal(rng, seed) for seed in range(N_COLD)]),
        ]
        for kind, draw, pics in cases:
            for pic in pics[:20]:  # its caches (text, sizes) warm, as in a running bot
                await workers.run(_draw, draw, pic, options)
            cpu0 = sum(worker.cpu_times()[:2])
            here0 = time.process_time()
            for pic in pics:
                await workers.run(_draw, draw, pic, options)
            cpu = (sum(worker.cpu_times()[:2]) - cpu0) / len(pics)
            here = (time.process_time() - here0) / len(pics)
            print(
                f"{kind:7s} in the worker ({len(pics)} distinct): {cpu * 1e3:.2f} ms of its CPU "
                f"per picture, {here * 1e3:.2f} ms of this process's"
            )
    finally:
        workers.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", action="store_true", help="compare the worker pools only")
    parser.add_argument(
        "--in-worker", action="store_true", help="CPU per picture in the bot's worker process"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="worker processes (the bot's default: 1)"
    )
    args = parser.parse_args()
    if args.in_worker:
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"machine: {os.cpu_count()} cores, load average {load}")
        asyncio.run(_in_worker())
        return
    if args.workers:
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"machine: {os.cpu_count()} cores, load average {load}; {args.processes} processes")
        asyncio.run(_compare_workers(args.processes))
        return
    # Other work on the machine skews every figure; say how busy it was.
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, load average {load}")
    for kind in ("hand", "table", "reveal"):
        print(f"{kind:7s} first call (fresh process): {_first(kind)}")
    print(f"card sprites, drawn once per colour scheme: {_sprites()}")
    # Sprites and palettes warm, as in a running bot that called warm_up at start.
    for options in (RenderOptions(), RenderOptions(four_colour=True)):
        warm_up(options)
    cases: list[tuple[str, Callable[[random.Random, int], Any], Callable[..., bytes]]] = [
        ("hand", _hand, render_hand),
        ("table", _table, render_table),
        ("reveal", _reveal, render_reveal),
    ]
    for kind, make, render in cases:
        print(f"{kind:7s} cold   ({N_COLD} distinct): {_cold(make, render)}")
        print(f"{kind:7s} cached ({N_CACHED} calls):   {_cached(make, render)}")
    print(f"PNG sizes: {_sizes()}")


if __name__ == "__main__":
    main()
