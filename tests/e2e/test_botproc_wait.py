"""The bot launcher's waits (`emulator/botproc.py`): a bot that works slowly (a loaded
machine) is waited for; one that sits silent and idle has hung, and fails after the
timeout. Stand-ins for `python -m bot`: the same launcher, a script instead of the bot."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .botproc import READY, BotProcess, clean_environ

#: Silent for 4 s, busy all the while, then ready: a start on a starved machine.
BUSY_START = """
import time
until = time.monotonic() + 4
while time.monotonic() < until:
    pass
print("gin-bot ready: 1 commands, 1 guilds", flush=True)
"""
#: Silent and idle for 4 s, then ready: to a two-second wait, a bot that hangs.
IDLE_START = BUSY_START.replace("while time.monotonic() < until:\n    pass", "time.sleep(4)")


def stand_in(tmp_path: Path, script: str) -> BotProcess:
    return BotProcess(clean_environ(), tmp_path, python_args=("-c", script))


async def test_a_busy_start_is_waited_for_past_the_timeout(tmp_path: Path) -> None:
    proc = await stand_in(tmp_path, BUSY_START).start(wait_ready=False)
    try:
        started = time.monotonic()
        assert await proc.wait_ready(timeout=2.0) == (1, 1)
        assert time.monotonic() - started > 2.0
    finally:
        await proc.kill()


async def test_a_silent_idle_start_fails_after_the_timeout(tmp_path: Path) -> None:
    proc = await stand_in(tmp_path, IDLE_START).start(wait_ready=False)
    try:
        started = time.monotonic()
        with pytest.raises(TimeoutError, match="without progress"):
            await proc.wait_for_log(READY, timeout=2.0)
        assert time.monotonic() - started < 3.5
    finally:
        await proc.kill()
