"""Named timings from the layers below the bot (a store commit, a picture), for the metrics.

Standard library only, so the store and the renderer can report without knowing who listens;
with no sink registered a report costs one empty loop. Sinks may be called from the store's
writer thread: they must be thread-safe (prometheus-client's are).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: A store transaction's COMMIT, seconds (the writer's thread, or PostgreSQL's round trip).
STORE_COMMIT = "store_commit"
#: A picture drawn, seconds from asking to having the PNG (queueing for a worker included).
PICTURE = "picture"

Sink = Callable[[str, float], None]
_sinks: list[Sink] = []


def add_sink(sink: Sink) -> None:
    _sinks.append(sink)


def remove_sink(sink: Sink) -> None:
    if sink in _sinks:
        _sinks.remove(sink)


def record(name: str, seconds: float) -> None:
    for sink in tuple(_sinks):
        sink(name, seconds)


@contextmanager
def timed(name: str) -> Iterator[None]:
    """Record how long the block took, raised or not."""
    started = time.perf_counter()
    try:
        yield
    finally:
        record(name, time.perf_counter() - started)
