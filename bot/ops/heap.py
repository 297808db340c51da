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

FULL_EVERY = 100


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
    # A full collection once per 100 middle-generation ones (CPython's default is 10): at
    # 500 tables each walks the ~50,000 objects of the work in flight for 30-60 ms, every
    # ~15 s by default, freeing nothing (the bot makes no cycles per click, see
    # tests/play/test_cycles.py); now every few minutes.
    # The young threshold stays CPython's 700: 20,000 saved at most 0.1 ms a click on a calm
    # machine, each pass then walking 7-8 ms (docs/performance.md, issue #33, Session 19).
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_EVERY)
    log.debug("heap settled: %d objects frozen, %d collected", gc.get_freeze_count(), collected)
