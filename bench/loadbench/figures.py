"""Percentiles and the way the load bench prints a latency."""

from __future__ import annotations

import math


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def ms(seconds: float) -> str:
    """Milliseconds for a latency; an unacknowledged interaction counts as infinite."""
    return "never" if math.isinf(seconds) else f"{seconds * 1000:.1f} ms"


def seconds3(values: list[float]) -> str:
    """p50 / p99 / max in seconds; never (inf) counts as the slowest."""
    if not values:
        return "-"
    top = max(values)
    worst = "never" if math.isinf(top) else f"{top:.2f}"
    return f"{pct(values, 50):.2f} / {pct(values, 99):.2f} / {worst} s"
