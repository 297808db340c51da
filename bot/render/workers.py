"""Where pictures are drawn: worker processes, or threads of the bot's own process.

Drawing holds the GIL, so a picture drawn in a thread of the bot still stalls its event loop
(and every interaction waiting to be acknowledged) for the few milliseconds it takes. In
worker processes it runs on another core. `await start(n)` starts n workers; without them,
or if they die, pictures are drawn in a thread as before.

Each worker is a fresh interpreter (`python -m bot.render.worker_main`, never a fork of the
bot, which runs threads) that talks over its stdin and stdout (the frames below). The
event loop itself writes the requests and reads the answers: no helper thread in the bot, no
multiprocessing machinery. A worker exits when its stdin ends, so when the bot dies, however.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import pickle
import struct
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from bot.ops import probes

log = logging.getLogger(__name__)

# The frames on a worker's pipes. A request: REQUEST (body length, request id), then the
# pickled `(callable, args)`. An answer: ANSWER (body length, request id, kind), then the
# bytes the callable returned (BYTES), or a pickled value (VALUE) or exception (ERROR). A
# worker's first frame is an empty READY once its card faces are drawn.
REQUEST = struct.Struct("!II")
ANSWER = struct.Struct("!IIB")
BYTES, VALUE, ERROR, READY = 0, 1, 2, 3
_WARM_WAIT = 30.0  # seconds `start` waits for a worker to be ready, at most

# This source tree, first on the workers' path: they draw with the bot's own code.
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_IDS = 0xFFFFFFFF  # request ids are 32 bits
_GIVE_UP = 3  # workers dead in a row before answering anything: draw in threads from then on


class _Pool:
    """The process's picture workers: one object rather than loose module state (the
    functions below are its interface)."""

    def __init__(self) -> None:
        self.workers: list[_Worker] = []
        #: How many workers to keep (0: draw in threads).
        self.wanted = 0
        #: The event loop the workers answer on (a picture asked on another draws in a thread).
        self.loop: asyncio.AbstractEventLoop | None = None
        self.refilling: asyncio.Task[None] | None = None
        #: Workers dead in a row before their first picture.
        self.failures = 0


_pool = _Pool()


class _WorkerGone(Exception):
    """The worker died or was let go before it answered: draw the picture in a thread."""


class _Worker(asyncio.Protocol):
    """One worker process, its pipes, and the pictures it owes."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, env.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.render.worker_main"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
            env=env,
            # `-m` looks in the working directory first; run from the checkout so that
            # no other `bot` package there is the one started.
            cwd=_ROOT,
        )
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.ids = itertools.count(1)
        self.buffer = bytearray()
        self.writer: asyncio.WriteTransport | None = None
        self.reader: asyncio.ReadTransport | None = None
        self.alive = True
        self.answered = False
        #: Done when the worker has drawn its card faces (or is gone).
        self.warm: asyncio.Future[None] = loop.create_future()

    async def connect(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.writer, _ = await self.loop.connect_write_pipe(
            lambda: _WriteEnd(self), self.process.stdin
        )
        self.reader, _ = await self.loop.connect_read_pipe(lambda: self, self.process.stdout)

    def ask(self, draw: Callable[..., Any], args: tuple[Any, ...]) -> asyncio.Future[Any]:
        body = pickle.dumps((draw, args), pickle.HIGHEST_PROTOCOL)
        ident = next(self.ids) & _IDS
        answer: asyncio.Future[Any] = self.loop.create_future()
        self.pending[ident] = answer
        assert self.writer is not None
        self.writer.write(REQUEST.pack(len(body), ident) + body)
        return answer

    # --- asyncio.Protocol, for the worker's stdout ---

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        start = 0
        while len(buffer) - start >= ANSWER.size:
            size, ident, kind = ANSWER.unpack_from(buffer, start)
            end = start + ANSWER.size + size
            if len(buffer) < end:
                break
            self._answer(ident, kind, bytes(buffer[start + ANSWER.size : end]))
            start = end
        del buffer[:start]

    def _answer(self, ident: int, kind: int, body: bytes) -> None:
        if kind == READY:
            if not self.warm.done():
                self.warm.set_result(None)
            return
        self.answered = True
        _pool.failures = 0
        answer = self.pending.pop(ident, None)
        if answer is None or answer.done():
            return  # its caller gave up on it
        if kind == BYTES:
            answer.set_result(body)
            return
        try:
            value = pickle.loads(body)
        except Exception as exc:
            answer.set_exception(RuntimeError(f"unreadable answer from a picture worker: {exc}"))
            return
        if kind == ERROR:
            answer.set_exception(value)
        else:
            answer.set_result(value)

    def eof_received(self) -> bool:
        return False  # close the transport

    def connection_lost(self, exc: Exception | None) -> None:
        if self.alive:
            self.died()

    # --- the end ---

    def died(self) -> None:
        """The worker is gone (killed, out of memory): its pictures are drawn in threads."""
        if not self.alive:
            return
        self.close()
        self._reap()
        if self in _pool.workers:
            _pool.workers.remove(self)
            _lost(self)

    def close(self) -> None:
        """Close the pipes; the pictures still owed fall back to threads."""
        self.alive = False
        if not self.loop.is_closed():
            # (Not twice: a pipe transport would call connection_lost twice.)
            if self.writer is not None and not self.writer.is_closing():
                self.writer.abort()  # requests not yet written are drawn in threads
            if self.reader is not None and not self.reader.is_closing():
                self.reader.close()
        else:
            for pipe in (self.process.stdin, self.process.stdout):
                if pipe is not None:
                    pipe.close()
        if not self.warm.done():
            with contextlib.suppress(RuntimeError):
                self.warm.set_result(None)
        pending, self.pending = self.pending, {}
        for answer in pending.values():
            if not answer.done():
                with contextlib.suppress(RuntimeError):  # its loop is closed: nobody waits
                    answer.set_exception(_WorkerGone())

    def stop(self) -> None:
        """Let the worker go and wait for it (it is drawing one picture at most)."""
        self.close()
        self.process.terminate()  # no handler in the worker: it ends at once, silently
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def _reap(self) -> None:
        # Its stdout ended, so it is dead or about to be: kill it to be sure, then collect its
        # exit status without blocking the loop (usually at once, else a few ms later).
        if self.process.poll() is None:
            self.process.kill()
            if self.process.poll() is None and not self.loop.is_closed():
                self.loop.call_later(0.01, self._reap)


class _WriteEnd(asyncio.BaseProtocol):
    """The worker's stdin: losing it (the worker died) is losing the worker."""

    def __init__(self, worker: _Worker) -> None:
        self.worker = worker

    def connection_lost(self, exc: Exception | None) -> None:
        if self.worker.alive:
            self.worker.died()


def _refill(loop: asyncio.AbstractEventLoop) -> None:
    """Start workers until there are `wanted` again (in a task; `run` waits for it)."""
    if _pool.refilling is None or _pool.refilling.done():
        _pool.refilling = loop.create_task(_spawn_missing())


async def _spawn_missing() -> None:
    loop = asyncio.get_running_loop()
    while len(_pool.workers) < _pool.wanted and _pool.loop is loop:
        try:
            worker = _Worker(loop)
        except OSError as exc:
            log.error("cannot start a picture worker (%s); drawing in threads", exc)
            _pool.wanted = 0
            return
        try:
            await worker.connect()
            # Ready when its card faces are drawn: a bot that says it is ready (and memory
            # measured then) includes them.
            await asyncio.wait_for(asyncio.shield(worker.warm), _WARM_WAIT)
        except TimeoutError:
            log.warning("picture worker %s is slow to start", worker.process.pid)
        except BaseException:
            worker.died()
            raise
        if not worker.alive:  # died at once
            _lost(worker)
        elif _pool.loop is not loop or len(_pool.workers) >= _pool.wanted:
            worker.stop()  # let go meanwhile
        else:
            _pool.workers.append(worker)


def _lost(worker: _Worker) -> None:
    if not worker.answered:
        _pool.failures += 1
    if _pool.failures >= _GIVE_UP:
        log.error("picture workers keep dying before their first picture; drawing in threads")
        _pool.wanted = 0
    else:
        log.warning("picture worker %s died; starting a new one", worker.process.pid)
        _refill(worker.loop)


async def start(processes: int) -> None:
    """Draw pictures in `processes` worker processes from now on (0: in threads).

    Returns when each has drawn its card faces (or after 30 s)."""
    stop()
    _pool.wanted = max(processes, 0)
    _pool.failures = 0
    if _pool.wanted:
        _pool.loop = asyncio.get_running_loop()
        await _spawn_missing()


def stop() -> None:
    """Let the workers go (pictures they still owe are drawn in threads) and reap them."""
    _pool.wanted = 0
    _pool.loop = None
    if _pool.refilling is not None and not _pool.refilling.done():
        with contextlib.suppress(RuntimeError):  # its event loop is closed
            _pool.refilling.cancel()
    _pool.refilling = None
    while _pool.workers:
        _pool.workers.pop().stop()


def running() -> int:
    """How many worker processes draw pictures (0: threads)."""
    return _pool.wanted


def warm() -> bool:
    """Whether every worker has drawn its card faces (true with none)."""
    return all(worker.warm.done() for worker in _pool.workers)


def owed() -> int:
    """How many pictures the worker processes have been asked for and not yet answered."""
    return sum(len(worker.pending) for worker in _pool.workers)


def pids() -> list[int]:
    """The worker processes' ids (for monitoring and tests)."""
    return [worker.process.pid for worker in _pool.workers]


async def run(draw: Callable[..., bytes], *args: Any) -> bytes:
    """`draw(*args)` in a worker process, or in a thread when there is none."""
    with probes.timed(probes.PICTURE):
        return await _run(draw, *args)


async def _run(draw: Callable[..., bytes], *args: Any) -> bytes:
    pool = _pool
    if pool.wanted and pool.loop is asyncio.get_running_loop():
        refilling = pool.refilling
        if len(pool.workers) < pool.wanted and refilling is not None and not refilling.done():
            await asyncio.wait([refilling])  # new workers for the next pictures (never raises)
        worker = min(pool.workers, key=lambda w: len(w.pending), default=None)
        if worker is not None:
            try:
                drawn: bytes = await worker.ask(draw, args)
                return drawn
            except _WorkerGone:
                pass
    return await asyncio.to_thread(draw, *args)
