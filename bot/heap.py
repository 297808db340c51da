"""The process's garbage collector, set for a bot that must answer within milliseconds.

A full collection walks every object the collector tracks and stops the event loop while it
does: at 500 tables, 85-130 ms about every 14 s on the benchmark machine, with nothing to free
(docs/performance.md). Most of what it walked lives as long as the process: modules, the
engine's tables, discord.py's cache of guilds.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def settle() -> None:
    """Collect, then leave everything alive now out of the collector's future passes.

    For when the bot is ready. Frozen objects are still freed as soon as nothing refers to
    them; only a cycle among them would wait for the next `settle`. Run at every READY: a new
    gateway session replaces discord.py's cache of guilds, whose objects refer to each other,
    so the old ones are unfrozen and collected first.
    """
    gc.unfreeze()
    collected = gc.collect()
    gc.freeze()
    log.debug("heap settled: %d objects frozen, %d collected", gc.get_freeze_count(), collected)
