"""One level: a fresh emulator, bot process(es) and database, its tables set up and
played phase by phase; the figures for the report."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import re
import signal
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg

from bench.loadbench.phase import Level
from bench.loadbench.players import Pace, Table, Tally, play_table, setup_table
from bench.loadbench.profiling import ProfiledBot, profile_written
from bench.loadbench.watch import Watch
from emulator import Emulator
from emulator.botproc import BotProcess, clean_environ

#: The repository: the source tree the bot runs, and `bench/cpu_profile.py`.
ROOT = Path(__file__).resolve().parents[2]


@contextlib.asynccontextmanager
async def steady_heap(every: float = 0.5) -> Any:
    """Keep this process's garbage collector from pausing the emulator.

    The emulator keeps every message, edit and interaction; a full collection walked all of
    them, stopping this process (and so the acknowledgements it timestamps) for 130-400 ms
    at 500 tables, which showed up as the bot's latency. Freezing what exists twice a second
    leaves the collector only the newest objects; the cyclic garbage frozen with them is
    collected when the level ends.
    """

    async def freeze() -> None:
        while True:
            gc.freeze()
            await asyncio.sleep(every)

    task = asyncio.create_task(freeze())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        gc.unfreeze()
        gc.collect()


async def run_level(n: int, args: argparse.Namespace) -> dict[str, Any]:
    async with steady_heap():
        return await _run_level(n, args)


async def new_database(server_url: str, n: int) -> str:
    """A fresh database for one level on the PostgreSQL server at ``server_url``."""
    name = f"gin_load_{os.getpid()}_{n}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    return server_url.rsplit("/", 1)[0] + "/" + name


async def _run_level(n: int, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed + n)
    procs = args.processes
    with tempfile.TemporaryDirectory(prefix=f"gin-load-{n}-") as tmp:
        per_channel = args.tables_per_channel
        sharded = {"shard_count": procs} if procs > 1 else {}
        async with Emulator(rate_limits=not args.no_limits, **sharded) as emu:
            channels = [f"gin-{k}" for k in range((n + per_channel - 1) // per_channel)]
            # Several processes: the server on the last shard, its DMs (the moves) on shard 0.
            on_shard = {"shard": procs - 1} if procs > 1 else {}
            guild = emu.create_guild("Load Club", channels=tuple(channels), **on_shard)
            tables = [
                Table(
                    emu.create_user(f"player{2 * i}", guilds=[guild]),
                    emu.create_user(f"player{2 * i + 1}", guilds=[guild]),
                    guild.channel(channels[i // per_channel]),
                )
                for i in range(n)
            ]
            env = {
                **clean_environ(),
                **emu.bot_env(guild),
                "GIN_DATABASE": (
                    await new_database(args.pg_url, n)
                    if procs > 1
                    else str(Path(tmp) / "gin.sqlite3")
                ),
                "GIN_LOG_LEVEL": "INFO",
                "GIN_GUILD_READY_TIMEOUT": "0.1",
                # Long turn timers: no automatic moves while the scripted players think.
                "GIN_TURN_SECONDS": "3600",
                "GIN_ROUND_PAUSE": str(args.round_pause),
                "GIN_PICTURES": args.pictures,
                "PYTHONUNBUFFERED": "1",
                # A share of the token's global budget (a smaller world with the same
                # pressure: 200 tables at 0.5 are 400 at 1).
                **({"GIN_REST_SHARE": str(args.rest_share)} if args.rest_share else {}),
                # The bot runs the same source tree as this script (e.g. a `git archive`
                # snapshot of main), not whatever the editable install points at.
                # BENCH_PYTHONPATH: more folders for the bot (e.g. a sitecustomize.py that
                # logs its garbage collections while measuring).
                "PYTHONPATH": os.pathsep.join(
                    p for p in (str(ROOT), os.environ.get("BENCH_PYTHONPATH", "")) if p
                ),
            }
            workdir = Path(tmp) / "bot"
            workdir.mkdir()
            cpu_prof: Path | None = None
            if args.profile_bot:
                prof = Path(args.profile_bot) / f"bot-{n}.prof"
                prof.parent.mkdir(parents=True, exist_ok=True)
                bot: BotProcess = ProfiledBot(env, workdir, prof)
            elif args.profile_bot_cpu:
                cpu_prof = Path(args.profile_bot_cpu) / f"bot-{n}.cpu.prof"
                cpu_prof.parent.mkdir(parents=True, exist_ok=True)
                cpu_prof.unlink(missing_ok=True)
                runner = str(ROOT / "bench" / "cpu_profile.py")
                bot = BotProcess(env, workdir, python_args=(runner, str(cpu_prof)))
            else:
                bot = BotProcess(env, workdir)
            others: list[BotProcess] = []
            if procs > 1:
                bot.env.update(GIN_SHARDS="0", GIN_SHARD_COUNT=str(procs))
                for shard in range(1, procs):
                    other_dir = Path(tmp) / f"bot{shard}"
                    other_dir.mkdir()
                    others.append(
                        BotProcess(
                            {**env, "GIN_SHARDS": str(shard), "GIN_SHARD_COUNT": str(procs)},
                            other_dir,
                        )
                    )
            await bot.start(timeout=60)
            for other in others:
                await other.start(timeout=60)
            level = Level(emu, tables, bot, *others)
            print(f"{n} tables: bot pid {level.pid}, this process {os.getpid()}", flush=True)
            watch = Watch(emu)
            await emu.settle(quiet=0.5, timeout=30)
            before = level.tree.sample()  # RSS of the bot and its processes before the tables
            load0 = os.getloadavg()

            pace = Pace(Tally())
            playing: list[asyncio.Task[None]] = []

            async def setup(tally: Tally) -> None:
                pace.tally = tally

                async def one(k: int, t: Table) -> None:
                    if args.setup_rate > 0:  # staggered arrivals; 0: all in the same instant
                        await asyncio.sleep(k / args.setup_rate)
                    await setup_table(emu, watch, t, args.target, tally)
                    if args.play_on_deal and t.ready:
                        # Its players start as soon as their hands arrive, as people do.
                        playing.append(
                            asyncio.create_task(
                                play_table(emu, watch, t, 10**9, args.think, pace, rng)
                            )
                        )

                await asyncio.gather(*(one(k, t) for k, t in enumerate(tables)))

            async def paced(tally: Tally) -> None:
                pace.tally = tally
                pace.deadline = asyncio.get_running_loop().time() + args.seconds
                if args.play_on_deal:
                    await asyncio.gather(*playing)
                    return
                await asyncio.gather(
                    *(
                        play_table(emu, watch, t, args.moves_per_table, args.think, pace, rng)
                        for t in tables
                        if t.ready
                    )
                )

            async def burst(tally: Tally) -> None:
                sprint = Pace(tally, asyncio.get_running_loop().time() + args.seconds)
                await asyncio.gather(
                    *(
                        play_table(emu, watch, t, args.burst_moves, 0.0, sprint, rng)
                        for t in tables
                        if t.ready and not t.stalled
                    )
                )

            phases = [await level.measure("setup", setup, settle=not args.play_on_deal)]
            if cpu_prof is not None:
                os.kill(level.pid, signal.SIGUSR1)  # the paced phase only
            phases.append(await level.measure("paced", paced))
            if cpu_prof is not None:
                os.kill(level.pid, signal.SIGUSR2)
                await profile_written(cpu_prof)
            if args.burst_moves > 0:
                phases.append(await level.measure("burst", burst))
            load1 = os.getloadavg()
            # Board edits discord.py is still pacing (a bucket resets within 5 s) land first.
            await emu.settle(quiet=6.0, timeout=120)
            status = await bot.stop(timeout=60)
            log_text = bot.output()
            for other in others:
                status = max(status, await other.stop(timeout=60))
                log_text += other.output()
            problems = [
                m
                for m in re.finditer(r"^.* (ERROR|WARNING|CRITICAL) .*$", log_text, re.M)
                if "voice will NOT be supported" not in m.group(0)  # discord.py at start-up
                # discord.py's keep-alive thread sets _last_send only after the heartbeat was
                # sent; a loopback ACK can arrive first, and the "latency" is then one whole
                # heartbeat interval (41.25 s): not a real delay.
                and not re.search(r"Can't keep up.* 41\.\ds behind", m.group(0))
            ]
            return {
                "tables": n,
                "ready": sum(t.ready for t in tables),
                "moves": sum(t.moves for t in tables),
                "before": before,
                "phases": phases,
                "unknown_routes": list(emu.unknown_routes),
                "unacked_total": len(emu.unacknowledged()),
                "exit": status,
                "tracebacks": log_text.count("Traceback"),
                "log_problems": Counter(m.group(1) for m in problems),
                "log_lines": [m.group(0) for m in problems][:5],
                "load": (load0, load1),
                "rest_calls": len(emu.requests),
            }
