"""A picture worker: `python -m bot.render.worker_main`, started by `bot.render.workers`.

It reads requests on its stdin and answers on its stdout, in order, one at a time (the frames
are described in `bot.render.workers`, which imports nothing from here: `-m` runs this module
once). It exits when its stdin ends: the bot let it go, or died (even killed outright, the
kernel closes the bot's end of the pipe); a worker still starting then exits once started.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import signal
import traceback
from typing import BinaryIO

from bot.render.workers import ANSWER, BYTES, ERROR, READY, REQUEST, VALUE

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt() parameters


def main() -> None:
    # Ctrl+C in a terminal reaches the whole process group: the bot stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests = os.fdopen(os.dup(0), "rb")
    answers = os.dup(1)
    # Whatever else reads stdin or prints to stdout must not touch the channel.
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    _tune_allocator()
    # The sprites and palette of the public scheme, ahead of the first picture.
    from bot.render.pictures import warm_up

    warm_up()
    try:
        _write_all(answers, ANSWER.pack(0, 0, READY))
    except BrokenPipeError:
        return
    serve(requests, answers)


def _tune_allocator() -> None:
    # Every picture allocates and frees buffers of 0.2-0.6 MB (its palette canvas, the PNG's
    # rows). glibc's default lets the heap grow to serve such sizes and keep its high-water
    # mark. Fixed thresholds bound what stays: buffers over 1 MiB are mapped and handed back
    # when freed, and at most 2 MiB of free heap is kept. Both are needed: with big buffers
    # mapped afresh each time (a 128 KiB threshold, as before) or the heap trimmed after each
    # picture, the pages they touch are faulted in anew, ~250 page faults and ~0.7 ms a
    # picture, a third of the worker's time (docs/performance.md, session 7).
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_MMAP_THRESHOLD, 1 << 20)
        libc.mallopt(M_TRIM_THRESHOLD, 2 << 20)
    except (OSError, AttributeError):
        pass  # not glibc: nothing to tune


def serve(requests: BinaryIO, answers: int) -> None:
    """Answer requests until `requests` ends (or nobody reads the answers any more)."""
    while True:
        head = requests.read(REQUEST.size)
        if len(head) < REQUEST.size:
            return  # the bot is gone, or let us go
        size, ident = REQUEST.unpack(head)
        body = requests.read(size)
        if len(body) < size:
            return
        kind, out = _answer(body)
        try:
            _write_all(answers, ANSWER.pack(len(out), ident, kind) + out)
        except BrokenPipeError:
            return


def _answer(request: bytes) -> tuple[int, bytes]:
    try:
        call, args = pickle.loads(request)
        result = call(*args)
        if type(result) is bytes:
            return BYTES, result
        return VALUE, pickle.dumps(result, pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # sent back, raised in the bot
        return ERROR, _pickled(exc)


def _pickled(exc: Exception) -> bytes:
    text = "".join(traceback.format_exception(exc))
    try:
        exc.add_note(f"in the picture worker:\n{text}")
        return pickle.dumps(exc, pickle.HIGHEST_PROTOCOL)
    except Exception:
        return pickle.dumps(RuntimeError(f"in the picture worker:\n{text}"))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


if __name__ == "__main__":
    main()
