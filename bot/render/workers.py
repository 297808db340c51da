"""Where pictures are drawn: worker processes, or threads of the bot's own process.

Drawing holds the GIL, so a picture drawn in a thread of the bot still stalls its event loop
(and every interaction waiting to be acknowledged) for the few milliseconds it takes. In
worker processes it runs on another core. `start(n)` starts n workers; without them, or if
they die, pictures are drawn in a thread as before.
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # glibc's mallopt() parameter

_pool: ProcessPoolExecutor | None = None
_processes = 0


def _worker_ready(parent: int) -> None:
    # `parent` comes from the bot: a worker still starting when the bot dies must not take
    # its new parent (init) for the bot.
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()
    _return_big_buffers()
    # The sprites and palette of the public scheme, ahead of the first picture.
    from bot.render.pictures import warm_up

    warm_up()


def _return_big_buffers() -> None:
    # Every picture allocates and frees canvases of ~0.7 MB. glibc soon serves those from
    # its heap instead of fresh mappings, and the heap keeps its high-water mark: a fixed
    # threshold hands each canvas back to the system when it is freed.
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_MMAP_THRESHOLD, 128 * 1024)
    except (OSError, AttributeError):
        pass  # not glibc: nothing to tune


def _exit_with_parent(parent: int) -> None:
    # A bot killed outright (SIGKILL, out of memory) cannot stop its workers: they notice.
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def start(processes: int) -> None:
    """Draw pictures in `processes` worker processes from now on (0: in threads)."""
    global _pool, _processes
    stop()
    _processes = processes
    if processes <= 0:
        return
    # "spawn": a fresh interpreter, not a fork of a process that runs threads (aiosqlite).
    _pool = ProcessPoolExecutor(
        max_workers=processes,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_ready,
        initargs=(os.getpid(),),
    )
    for _ in range(processes):
        _pool.submit(int)  # start the workers now, not at the first picture


def stop() -> None:
    """Let the workers go (pictures not yet drawn are cancelled)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def running() -> int:
    """How many worker processes draw pictures (0: threads)."""
    return _processes if _pool is not None else 0


async def run(draw: Callable[..., bytes], *args: Any) -> bytes:
    """`draw(*args)` in a worker process, or in a thread when there is none."""
    pool = _pool
    if pool is not None:
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, draw, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start new ones for the next pictures.
            log.warning("a picture worker died; starting new ones")
            if _pool is pool:
                start(_processes)
    return await asyncio.to_thread(draw, *args)
