"""One phase of a level measured (interactions, latencies, CPU, memory, errors, the
limits) and its printed lines."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.loadbench.figures import ms, pct
from bench.loadbench.limits import Limits, busiest
from bench.loadbench.players import Table, Tally, is_move
from bench.loadbench.usage import ProcessTree, Trees, Usage, sched
from emulator import Emulator, Interaction
from emulator.botproc import BotProcess
from emulator.ratelimits import is_exempt

REFUSALS = ("out of date", "not your turn", "couldn't find", "Sorry", "isn't in play")


def refused(i: Interaction) -> bool:
    """The bot answered the click with a refusal only its player sees ("out of date"...),
    as the reply (callback 4) or as a followup after a deferral."""
    return any(m.ephemeral and any(r in m.text for r in REFUSALS) for m in i.messages)


@dataclass
class Phase:
    name: str
    seconds: float
    interactions: int
    latencies: list[float]
    unacked: int
    refused_callbacks: int
    refused_moves: int
    ack_types: Counter[int]
    errors: Counter[str]
    bot: Usage  # the bot's process tree, during the phase
    bench_cpu: float
    bench_wait: float
    after: Usage  # the bot's process tree at the end of the phase (RSS)
    #: Moves (clicks on hand DMs, refusals left out): seconds from the interaction to the
    #: clicked hand DM being edited (callback 7, or the bot's later PATCH after a type 6
    #: deferral); never edited: infinite.
    updates: list[float]
    tally: Tally
    rest: Counter[str]
    rest_complete: bool
    worst: str
    kinds: str
    limits: Limits

    def line(self) -> str:
        n = max(1, self.interactions)
        lat = self.latencies
        hand = [x * 1000 for x in self.tally.handoffs]
        handoff = (
            f"          turn handoff (ack -> next player's DM controls): "
            f"p50 {pct(hand, 50):.0f} ms, p99 {pct(hand, 99):.0f} ms, max {max(hand):.0f} ms\n"
            if hand
            else ""
        )
        upd = self.updates
        never = sum(1 for x in upd if math.isinf(x))
        updated = (
            f"          hand updated (move sent -> its hand DM edited by the bot) over {len(upd)} "
            f"moves: p50 {ms(pct(upd, 50))}, p90 {ms(pct(upd, 90))}, p99 {ms(pct(upd, 99))}, "
            f"max {ms(max(upd))}; never edited {never}\n"
            if upd
            else ""
        )
        b = self.bot
        return (
            f"  {self.name:<7} {self.interactions:6d} interactions in {self.seconds:6.1f} s = "
            f"{self.interactions / self.seconds:6.1f}/s | ack p50 {ms(pct(lat, 50))}, "
            f"p90 {ms(pct(lat, 90))}, p99 {ms(pct(lat, 99))}, max {ms(max(lat, default=0))} | "
            f"hand updated p50/p99 {f'{ms(pct(upd, 50))} / {ms(pct(upd, 99))}' if upd else '-'}\n"
            f"          CPU per interaction: bot {b.cpu / n * 1000:.2f} ms (main "
            f"{b.main_cpu / n * 1000:.2f} + workers {b.workers_cpu / n * 1000:.2f}), "
            f"emulator+players {self.bench_cpu / n * 1000:.2f} ms "
            f"(bot {b.cpu / self.seconds * 100:.0f}% of a core, "
            f"here {self.bench_cpu / self.seconds * 100:.0f}%); waiting for a CPU: "
            f"bot {b.wait / n * 1000:.2f} ms (main {b.main_wait / n * 1000:.2f} + workers "
            f"{b.workers_wait / n * 1000:.2f}), here {self.bench_wait / n * 1000:.2f} ms; "
            f"bot worker processes at the end {self.after.workers}\n"
            f"          unacknowledged {self.unacked}, late/duplicate callbacks "
            f"{self.refused_callbacks}, failed clicks {self.tally.failed}, "
            f"refused moves {self.refused_moves}, click races {len(self.tally.races)}, "
            f"stalled tables {self.tally.stalled}, HTTP errors {sum(self.errors.values())} "
            f"{dict(self.errors) if self.errors else ''}| ack types {dict(sorted(self.ack_types.items()))}\n"
            + handoff
            + updated
            + f"          slowest seconds (start s: n, p99 ms): {self.worst}\n"
            + f"          ack p50/p99 by kind: {self.kinds}\n"
            + self.limits.lines(self.tally, self.seconds, self.interactions)
            + f"          REST calls by the bot per interaction: {sum(self.rest.values()) / n:.2f}"
            f"{'' if self.rest_complete else ' (last 50,000 calls only)'}: "
            + ", ".join(f"{k} {v / n:.2f}" for k, v in self.rest.most_common(6))
        )


class Level:
    def __init__(
        self, emu: Emulator, tables: list[Table], bot: BotProcess, *others: BotProcess
    ) -> None:
        self.emu, self.bot, self.tables = emu, bot, tables
        self.pid = bot.proc.pid if bot.proc is not None else 0
        pids = [self.pid, *(o.proc.pid for o in others if o.proc is not None)]
        self.tree: ProcessTree | Trees = ProcessTree(self.pid) if not others else Trees(pids)

    async def _sample_tree(self) -> None:
        """Read the bot's process tree once a second (threads that end keep their wait)."""
        while True:
            await asyncio.sleep(1.0)
            self.tree.sample()

    async def measure(self, name: str, run: Callable[[Tally], Any], settle: bool = True) -> Phase:
        emu = self.emu
        i0, e0 = len(emu.interactions), len(emu.errors)
        stats = emu.ratelimits.stats
        refused0, invalid0 = stats.refused.copy(), stats.invalid
        bot0, cpu_here0 = self.tree.sample(), time.process_time()
        wait_here0 = sched(os.getpid())[1]
        t0 = time.perf_counter()
        at0 = emu.clock.now()
        tally = Tally()
        sampler = asyncio.create_task(self._sample_tree())
        try:
            await run(tally)
        finally:
            sampler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sampler
        seconds = time.perf_counter() - t0
        bot, cpu_here = self.tree.sample() - bot0, time.process_time() - cpu_here0
        wait_here = sched(os.getpid())[1] - wait_here0
        # Let the last notifications land before the RSS reading (not timed); tables that
        # play on (`--play-on-deal`) never let the bot go quiet.
        if settle:
            await emu.settle(quiet=0.3, timeout=60)
        after = self.tree.sample()
        inters = emu.interactions[i0:]
        refused_moves = sum(1 for i in inters if refused(i))
        updates = [
            math.inf if i.update_latency is None else i.update_latency
            for i in inters
            if is_move(i) and i.ack_type in (None, 6, 7) and not refused(i)
        ]
        errors = Counter(f"{r.status} {r.code} {r.method} {r.route}" for r in emu.errors[e0:])
        rest = Counter(f"{r.method} {r.route}" for r in emu.requests if r.at >= at0)
        limited = [r for r in emu.requests if r.at >= at0 and not is_exempt(r.route)]
        per_second = Counter(int(r.at) for r in limited)
        sizes = (
            sum(r.size for r in limited),
            sum(r.size for r in emu.requests if r.at >= at0 and is_exempt(r.route)),
        )
        limits = Limits(
            emu.rate_limits,
            Counter({k: v for k, v in rest.items() if not is_exempt(k.split(" ", 1)[1])}),
            Counter({k: v for k, v in rest.items() if is_exempt(k.split(" ", 1)[1])}),
            stats.refused - refused0,
            stats.invalid - invalid0,
            max(per_second.values(), default=0),
            sizes,
            busiest(emu, limited, per_second, {t.channel.id for t in self.tables}),
            emu,
            self.tables,
            at0,
            emu.clock.now(),
        )
        complete = not emu.requests or emu.requests[0].at < at0
        # Per one-second window (tail bunching: GC, checkpoints, bursts) and per kind.
        windows: dict[int, list[float]] = {}
        kinds: dict[str, list[float]] = {}
        for i in inters:
            if i.latency is None:
                continue
            windows.setdefault(int(i.created_at - at0), []).append(i.latency * 1000)
            cid = str(i.data.get("custom_id") or i.data.get("name") or "?")
            kind = ":".join(cid.split(":")[:2]) + (":" + cid.split(":")[-1] if ":c:" in cid else "")
            kinds.setdefault(kind, []).append(i.latency * 1000)
        worst_w = sorted(windows.items(), key=lambda kv: -pct(kv[1], 99))[:4]
        worst = ", ".join(f"{k}: {len(v)}, {pct(v, 99):.0f}" for k, v in sorted(worst_w))
        kind_s = ", ".join(
            f"{k} ({len(v)}) {pct(v, 50):.0f}/{pct(v, 99):.0f}" for k, v in sorted(kinds.items())
        )
        return Phase(
            name,
            seconds,
            len(inters),
            # Never acknowledged: counted as infinitely late, so percentiles don't flatter.
            [i.latency if i.latency is not None else math.inf for i in inters],
            sum(1 for i in inters if i.ack_type is None),
            sum(len(i.refused) for i in inters),
            refused_moves,
            Counter(i.ack_type or 0 for i in inters),
            errors,
            bot,
            cpu_here,
            wait_here,
            after,
            updates,
            tally,
            rest,
            complete,
            worst,
            kind_s,
            limits,
        )
