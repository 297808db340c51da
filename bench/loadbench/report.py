"""A level's printed report and the summary table of every level."""

from __future__ import annotations

from typing import Any

from bench.loadbench.figures import ms, pct
from bench.loadbench.usage import Usage


def report(r: dict[str, Any]) -> str:
    n = r["tables"]
    out = [
        f"{n} tables ({r['ready']} set up, {r['moves']} moves played; "
        f"load average {r['load'][0][0]:.1f} before, {r['load'][1][0]:.1f} after)"
    ]
    out.extend(p.line() for p in r["phases"])
    before: Usage = r["before"]
    end: Usage = r["phases"][-1].after
    mem = ", ".join(
        f"after {p.name} {(p.after.rss - before.rss) / n:.1f} KiB/table" for p in r["phases"]
    )
    out.append(
        f"  memory (VmRSS of the bot + its processes): {before.rss / 1024:.1f} MiB before the "
        f"tables (main {before.main_rss / 1024:.1f} + {before.workers} workers "
        f"{before.workers_rss / 1024:.1f}), {end.rss / 1024:.1f} MiB at the end (main "
        f"{end.main_rss / 1024:.1f} + {end.workers} workers {end.workers_rss / 1024:.1f}); {mem}"
    )
    out.append(
        f"  unknown routes {len(r['unknown_routes'])}, unacknowledged overall "
        f"{r['unacked_total']}, bot exit {r['exit']}, tracebacks in its log {r['tracebacks']}, "
        f"log {dict(r['log_problems']) or 'clean'}"
    )
    for ln in r["log_lines"]:
        out.append(f"  bot log: {ln[:200]}")
    races = [x for p in r["phases"] for x in p.tally.races]
    if races:
        out.append(f"  click races (first 3): {races[:3]}")
    return "\n".join(out)


def summary_table(results: list[dict[str, Any]]) -> str:
    rows = [
        "| tables | phase | interactions | per s | ack p50 | ack p99 | max | not acked in 3 s "
        "| hand updated p50 / p99 | other errors | bot CPU / waiting for a CPU per interaction "
        "| bot KiB/table |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in results:
        n = r["tables"]
        for p in r["phases"]:
            lat = p.latencies
            n_int = max(1, p.interactions)
            other = (
                sum(p.errors.values())
                - p.refused_callbacks
                + p.tally.failed
                - p.unacked
                + len(p.tally.races)
                + p.tally.stalled
                + p.refused_moves
            )
            hand = f"{ms(pct(p.updates, 50))} / {ms(pct(p.updates, 99))}" if p.updates else "-"
            rows.append(
                f"| {n} | {p.name} | {p.interactions} | {p.interactions / p.seconds:.0f} | "
                f"{ms(pct(lat, 50))} | {ms(pct(lat, 99))} | {ms(max(lat, default=0))} | "
                f"{p.unacked} | {hand} | {max(0, other)} | {p.bot.cpu / n_int * 1000:.1f} / "
                f"{p.bot.wait / n_int * 1000:.1f} ms | {(p.after.rss - r['before'].rss) / n:.0f} |"
            )
    return "\n".join(rows)
