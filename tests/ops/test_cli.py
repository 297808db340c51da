"""``python -m bot`` and ``gin-bot``: --help and --version print and exit; no bot starts."""

from __future__ import annotations

import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from emulator.botproc import clean_environ
from tests.store.pgserver import free_port


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # No DISCORD_TOKEN: were the bot to start, it would exit 2 with a settings sentence.
    return subprocess.run(
        args, cwd=cwd, env=clean_environ(), capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize("how", ["module", "script"])
def test_help_prints_the_commands_and_exits(how: str, tmp_path: Path) -> None:
    head = [sys.executable, "-m", "bot"] if how == "module" else [_script()]
    done = run(*head, "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for word in ("usage: gin-bot", "backup", "restore", "--version", "--local"):
        assert word in done.stdout
    assert "DISCORD_TOKEN is not set" not in done.stdout + done.stderr
    assert not (tmp_path / "data").exists()  # nothing was opened


@pytest.mark.parametrize("how", ["module", "script"])
def test_version_is_the_installed_package_s(how: str, tmp_path: Path) -> None:
    head = [sys.executable, "-m", "bot"] if how == "module" else [_script()]
    done = run(*head, "--version", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    version = metadata.version("gin-bot")
    assert done.stdout.strip() == f"gin-bot {version}"
    pyproject = Path(__file__).parents[2] / "pyproject.toml"
    assert f'version = "{version}"' in pyproject.read_text(encoding="utf-8")


def test_a_wrong_command_is_a_usage_error(tmp_path: Path) -> None:
    done = run(sys.executable, "-m", "bot", "bakup", "x", cwd=tmp_path)
    assert done.returncode == 2
    assert "invalid choice: 'bakup'" in done.stderr
    assert "Traceback" not in done.stderr


def test_no_command_still_runs_the_bot(tmp_path: Path) -> None:
    # The bot's own settings check answers: proof that `python -m bot` went to the bot.
    done = run(sys.executable, "-m", "bot", cwd=tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN is not set" in done.stderr


@pytest.mark.parametrize(
    ("setting", "loop"), [({}, "uvloop"), ({"GIN_EVENT_LOOP": "asyncio"}, "asyncio")]
)
def test_the_bot_runs_on_uvloop_unless_told_asyncio(
    setting: dict[str, str], loop: str, tmp_path: Path
) -> None:
    # Nothing listens on the port: the bot starts its loop, logs it, fails to log in.
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={
            **clean_environ(),
            "DISCORD_TOKEN": "x",
            "DISCORD_API_BASE": f"http://127.0.0.1:{free_port()}",
            **setting,
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"gin: event loop: {loop}\n" in done.stderr
    assert "Could not reach Discord" in done.stderr


def _script() -> str:
    found = shutil.which("gin-bot", path=str(Path(sys.executable).parent))
    assert found is not None, "the gin-bot console script is installed with the package"
    return found


def test_healthcheck_fails_with_one_sentence_without_a_bot_to_ask(tmp_path: Path) -> None:
    done = run(sys.executable, "-m", "bot", "healthcheck", cwd=tmp_path)
    assert done.returncode == 1
    assert "GIN_METRICS_ADDRESS is not set" in done.stderr
    port = free_port()  # nothing listens there
    done = subprocess.run(
        [sys.executable, "-m", "bot", "healthcheck"],
        cwd=tmp_path,
        env={**clean_environ(), "GIN_METRICS_ADDRESS": f"0.0.0.0:{port}"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"no answer from http://127.0.0.1:{port}/healthz" in done.stderr
    assert "Traceback" not in done.stderr
