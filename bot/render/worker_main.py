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

M_MMAP_THRESHOLD = -3  # glibc's mallopt() parameter


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
    _return_big_buffers()
    # The sprites and palette of the public scheme, ahead of the first picture.
    from bot.render.pictures import warm_up

    warm_up()
    try:
        _write_all(answers, ANSWER.pack(0, 0, READY))
    except BrokenPipeError:
        return
    serve(requests, answers)


def _return_big_buffers() -> None:
    # Every picture allocates and frees canvases of ~0.7 MB. glibc soon serves those from
    # its heap instead of fresh mappings, and the heap keeps its high-water mark: a fixed
    # threshold hands each canvas back to the system when it is freed.
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_MMAP_THRESHOLD, 128 * 1024)
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
