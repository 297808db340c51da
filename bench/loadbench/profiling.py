"""The bot under a profiler: cProfile over its whole run, or waiting for
`bench/cpu_profile.py`'s profile of the paced phase."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from emulator.botproc import BotProcess


async def profile_written(path: Path, timeout: float = 60.0) -> None:  # noqa: ASYNC109
    """Wait for `bench/cpu_profile.py` to write its profile (it renames it when complete)."""
    deadline = time.monotonic() + timeout
    while not await asyncio.to_thread(path.exists):
        if time.monotonic() > deadline:
            print(f"no CPU profile written at {path}", flush=True)
            return
        await asyncio.sleep(0.2)
    print(f"CPU profile of the paced phase: {path} (summary: {path}.txt)", flush=True)


class ProfiledBot(BotProcess):
    """``python -m cProfile -o FILE -m bot``: the unmodified bot under cProfile."""

    def __init__(self, env: dict[str, str], workdir: Path, profile: Path) -> None:
        super().__init__(env, workdir, python_args=("-m", "cProfile", "-o", str(profile)))
        self.profile = profile
