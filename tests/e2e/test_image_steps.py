"""The image's steps without an image (no Docker engine runs here; docs/deploy.md): the
Dockerfile's COPY, its ``pip install`` lines in a fresh venv, its CMD with its ENV against
the emulator, and its HEALTHCHECK command until it passes, then STOPSIGNAL."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from emulator import Emulator
from tests.ops.dockerfile import ROOT, env, instructions, one
from tests.store.pgserver import free_port

from .botproc import clean_environ
from .conftest import World

WORKDIR = "/app"


def copy_context(app: Path) -> None:
    """Each COPY of the Dockerfile, from the repository into ``app`` (the WORKDIR)."""
    ignored = shutil.ignore_patterns("__pycache__", "*.pyc")
    for ins in instructions():
        if ins.op != "COPY":
            continue
        *sources, dest = ins.words()
        for source in sources:
            origin = ROOT / source
            # "COPY a b ./" puts each source in the WORKDIR; "COPY a a" names the target.
            target = app / Path(source).name if dest in ("./", ".") else app / dest
            target.parent.mkdir(parents=True, exist_ok=True)
            if origin.is_dir():
                shutil.copytree(origin, target, ignore=ignored)
            else:
                shutil.copy2(origin, target)


def pip_steps() -> list[list[str]]:
    """The ``pip install ...`` commands of the Dockerfile's RUN lines, in order."""
    steps = []
    for ins in instructions():
        if ins.op == "RUN":
            for command in ins.args.split("&&"):
                words = shlex.split(command)
                if words[:2] == ["pip", "install"]:
                    steps.append(words[1:])
    return steps


def build(tmp_path: Path) -> tuple[Path, Path, Path]:
    """The build: the context copied, a fresh venv, the Dockerfile's pip install lines."""
    app, venv, data = tmp_path / "app", tmp_path / "venv", tmp_path / "data"
    app.mkdir()
    data.mkdir()
    copy_context(app)
    assert not (app / ".env").exists()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    steps = pip_steps()
    assert steps and "--require-hashes" in steps[0]
    for step in steps:
        # The image's own pip install lines; the pip cache only saves downloads here.
        args = [a for a in step if a != "--no-cache-dir"]
        done = subprocess.run(
            [str(venv / "bin" / "pip"), *args, "--quiet"],
            cwd=app,
            env={k: v for k, v in os.environ.items() if k != "PIP_NO_CACHE_DIR"},
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, f"{step}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return app, venv, data


@pytest.mark.timeout(900)
async def test_the_image_steps_install_from_the_lock_and_pass_the_health_check(
    emu: Emulator, world: World, tmp_path: Path
) -> None:
    found = instructions()
    assert one(found, "WORKDIR").args == WORKDIR
    app, venv, data = await asyncio.to_thread(build, tmp_path)
    bin_ = venv / "bin"

    # The image's ENV, its volume mapped to a folder, /healthz on a free port, the emulator.
    port = free_port()
    values = env(found)
    [volume] = one(found, "VOLUME").words()
    bot_env = {
        **clean_environ(),
        **values,
        "GIN_DATABASE": values["GIN_DATABASE"].replace(volume, str(data)),
        "GIN_METRICS_ADDRESS": f"127.0.0.1:{port}",
        **emu.bot_env(world.guild),
        "GIN_GUILD_READY_TIMEOUT": "0.1",
        "PATH": f"{bin_}{os.pathsep}{os.environ['PATH']}",
        "VIRTUAL_ENV": str(venv),
    }
    command = one(found, "CMD").words()
    assert command[0] == "python"
    log = tmp_path / "bot.log"
    with log.open("wb") as out:
        bot = await asyncio.create_subprocess_exec(
            str(bin_ / "python"),
            *command[1:],
            cwd=app,
            env=bot_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    try:
        check = one(found, "HEALTHCHECK").args.split(" CMD ", 1)[1]
        probe = [str(bin_ / "gin-bot")] + json.loads(check)[1:]
        for _ in range(600):
            answer = await asyncio.create_subprocess_exec(
                *probe,
                cwd=app,
                env=bot_env,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            out_, err_ = await answer.communicate()
            if answer.returncode == 0:
                break
            assert bot.returncode is None, log.read_text()[-3000:]
            await asyncio.sleep(0.2)
        else:
            raise AssertionError(f"the health check never passed: {err_.decode()}")
        assert b'"healthy": true' in out_
        about = await emu.slash(world.alice, world.channel, "gin about")
        assert about.response is not None
        assert (data / "gin.sqlite3").is_file()  # in the volume
    finally:
        if bot.returncode is None:
            stop = getattr(signal, one(found, "STOPSIGNAL").args)
            bot.send_signal(stop)
        status = await asyncio.wait_for(bot.wait(), 30)
    assert status == 0, log.read_text()[-3000:]
    assert emu.token not in log.read_text()
