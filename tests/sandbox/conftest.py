"""``python -m bot --local`` as a subprocess, and headless Chromium (Debian's ``chromium``)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

from tests.e2e.botproc import clean_environ

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"Gin Rummy sandbox: (http://\S+)")


def chromium_path() -> str:
    """The system Chromium; the suite installs it (``.ci/run``), so missing is a failure."""
    path = (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if path is None:
        pytest.fail(
            "Chromium is missing: install Debian's package (apt-get install -y chromium), "
            "as .ci/run does; the browser test of the sandbox needs it."
        )
    return path


@dataclass
class Sandbox:
    url: str
    proc: asyncio.subprocess.Process
    workdir: Path
    output: list[str]

    async def stop(self) -> int:
        """Ctrl-C, as a person would; the exit status."""
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.proc.wait(), 20)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        assert self.proc.returncode is not None
        return self.proc.returncode


async def _read_until(proc: asyncio.subprocess.Process, pattern: str, seen: list[str]) -> str:
    assert proc.stdout is not None
    while True:
        raw = await proc.stdout.readline()
        if not raw:
            raise AssertionError("the sandbox exited:\n" + "".join(seen))
        line = raw.decode("utf-8", "replace")
        seen.append(line)
        if pattern in line:
            return line


@pytest.fixture
async def sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    env = {
        **clean_environ(),
        "PYTHONPATH": str(ROOT),
        "GIN_COMPUTER_DELAY": "0.05",
        "GIN_ROUND_PAUSE": "60",  # the reveal stays on screen while the test reads it
        "GIN_RENDER_PROCESSES": "0",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "--local",
        "--port",
        "0",
        "--no-browser",
        "--database",
        str(tmp_path / "sandbox.sqlite3"),
        cwd=tmp_path,  # no .env from the developer's checkout
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output: list[str] = []
    try:
        first = await asyncio.wait_for(_read_until(proc, "Gin Rummy sandbox:", output), 30)
        match = URL.search(first)
        assert match is not None
        await asyncio.wait_for(_read_until(proc, "the bot is ready", output), 60)
        yield Sandbox(match.group(1), proc, tmp_path, output)
    finally:
        await Sandbox("", proc, tmp_path, output).stop()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    path = chromium_path()
    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=path)
        try:
            yield chromium
        finally:
            with contextlib.suppress(Exception):
                await chromium.close()
