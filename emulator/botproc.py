"""Run ``python -m bot`` as a subprocess (end-to-end tests, the load and chaos benches).

The bot's stdout and stderr go to a log file (never an unread pipe, which would block the
bot once full); readiness is the line ``gin-bot ready: <n> commands, <m> guilds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

READY = re.compile(r"gin-bot ready: (\d+) commands, (\d+) guilds")
#: CPU seconds a bot must spend for a wait to count it as making progress: more than an idle
#: bot's timers spend in a wait's timeout, less than a starved start gets in one.
BUSY = 0.05
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

#: Variables from the developer's shell that must not leak into a test bot.
_SCRUBBED_PREFIXES = ("DISCORD_", "GIN_")


def clean_environ() -> dict[str, str]:
    """``os.environ`` without any DISCORD_* or GIN_* setting."""
    return {k: v for k, v in os.environ.items() if not k.startswith(_SCRUBBED_PREFIXES)}


class BotProcess:
    """One ``python -m bot`` (restartable); its output accumulates in ``log_path``."""

    def __init__(
        self, env: dict[str, str], workdir: Path, *, python_args: tuple[str, ...] = ()
    ) -> None:
        self.env = dict(env)
        self.workdir = workdir
        #: Interpreter arguments before ``-m bot`` (e.g. a profiler: ``-m cProfile -o F``).
        self.python_args = python_args
        self.log_path = workdir / "bot.log"
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self._offset = 0  # where the current run's output begins in the log

    # --- reading the log -----------------------------------------------------------------
    def log(self) -> str:
        """Everything every run of the bot has written."""
        if not self.log_path.exists():
            return ""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def output(self) -> str:
        """What the current (or last) run has written."""
        if not self.log_path.exists():
            return ""
        with self.log_path.open("rb") as f:
            f.seek(self._offset)
            return f.read().decode("utf-8", errors="replace")

    async def wait_for_log(
        self,
        pattern: str | re.Pattern[str],
        timeout: float = 10.0,  # noqa: ASYNC109
    ) -> re.Match[str]:
        """Wait until the current run's output matches ``pattern``.

        ``timeout`` is seconds *without progress*: no new output and under `BUSY` of CPU
        spent by the bot and its children (the picture workers). A bot that hangs fails
        after it; one that a loaded machine gives a sliver of CPU is waited for, as it still
        makes progress (a start costs ~4 s of CPU: 30 s of wall clock was not always enough).
        """
        regex = re.compile(pattern) if isinstance(pattern, str) else pattern
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        marked = (len(self.output()), self.cpu_seconds())
        while True:
            output = self.output()
            match = regex.search(output)
            if match:
                return match
            if self.proc is not None and self.proc.returncode is not None:
                raise RuntimeError(
                    f"the bot exited ({self.proc.returncode}) before logging {regex.pattern!r}:\n{output[-4000:]}"
                )
            cpu = self.cpu_seconds()
            if len(output) > marked[0] or cpu - marked[1] >= BUSY:
                marked, deadline = (len(output), cpu), loop.time() + timeout
            if loop.time() > deadline:
                raise TimeoutError(
                    f"no {regex.pattern!r} in the bot's output after {timeout:g} s without "
                    f"progress:\n{output[-4000:]}"
                )
            await asyncio.sleep(0.02)

    def cpu_seconds(self) -> float:
        """CPU time spent so far by the bot and its live descendants (0 without /proc)."""
        if self.proc is None:
            return 0.0
        ticks, todo = 0, [self.proc.pid]
        while todo:
            pid = todo.pop()
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                fields = stat.rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])  # utime, stime
                for task in Path(f"/proc/{pid}/task").iterdir():
                    todo += [int(c) for c in (task / "children").read_text().split()]
            except (OSError, ValueError, IndexError):
                continue  # gone meanwhile, or no /proc here
        return ticks / _TICKS

    # --- lifecycle -----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    async def start(self, *, wait_ready: bool = True, timeout: float = 30.0) -> BotProcess:  # noqa: ASYNC109
        """Start the bot; by default wait for its readiness line."""
        if self.running:
            raise RuntimeError("the bot is already running")
        self._offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        with self.log_path.open("ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                *self.python_args,
                "-m",
                "bot",
                env=self.env,
                cwd=self.workdir,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.starts += 1
        if wait_ready:
            await self.wait_ready(timeout)
        return self

    async def wait_ready(self, timeout: float = 30.0) -> tuple[int, int]:  # noqa: ASYNC109
        """Wait for ``gin-bot ready``; returns (commands, guilds)."""
        match = await self.wait_for_log(READY, timeout)
        return int(match.group(1)), int(match.group(2))

    async def wait_exit(self, timeout: float = 15.0) -> int:  # noqa: ASYNC109
        assert self.proc is not None
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def stop(self, timeout: float = 15.0) -> int:  # noqa: ASYNC109
        """SIGINT (a clean shutdown) and wait; returns the exit status."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return await self.wait_exit(timeout)
        except TimeoutError:
            await self.kill()
            raise

    async def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
            await self.proc.wait()

    async def restart(self, *, timeout: float = 30.0) -> BotProcess:  # noqa: ASYNC109
        """Crash (SIGKILL) and start again, waiting for readiness."""
        await self.kill()
        return await self.start(timeout=timeout)
