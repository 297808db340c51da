"""The lock (requirements/lock.txt: runtime and test; requirements/runtime.txt: the image's)
against pyproject.toml's ranges and against what is installed: fails when they drift.
Refresh: CONTRIBUTING.md, "Dependencies and the lock"."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).parents[2]
LOCK = ROOT / "requirements" / "lock.txt"
RUNTIME = ROOT / "requirements" / "runtime.txt"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\;]+)")


@dataclass
class Pin:
    version: Version
    hashes: int = 0
    via: set[str] = field(default_factory=set)


def pins(path: Path) -> dict[str, Pin]:
    """Each pinned package (canonical name): its version, hash count and what wants it."""
    found: dict[str, Pin] = {}
    current: Pin | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        pinned = _PIN.match(line)
        if pinned:
            current = found[canonicalize_name(pinned[1])] = Pin(Version(pinned[2]))
        elif current is not None and stripped.startswith("--hash=sha256:"):
            current.hashes += 1
        elif current is not None and stripped.startswith("#"):
            words = stripped.lstrip("#").strip()
            words = words.removeprefix("via").strip()
            if words:
                current.via.add(words)
        elif stripped.startswith("-") and not stripped.startswith("--hash"):
            raise AssertionError(f"{path.name}: an option ({stripped}) ties it to one machine")
    return found


def wanted(extra: bool) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    listed = list(project["dependencies"])
    if extra:
        listed += project["optional-dependencies"]["test"]
    return [Requirement(r) for r in listed]


@pytest.mark.parametrize(("lock", "extra"), [(LOCK, True), (RUNTIME, False)])
def test_the_lock_pins_every_range_of_pyproject_within_it(lock: Path, extra: bool) -> None:
    locked = pins(lock)
    for requirement in wanted(extra):
        pin = locked.get(canonicalize_name(requirement.name))
        assert pin is not None, f"{requirement.name} is in pyproject.toml, not in {lock.name}"
        assert requirement.specifier.contains(pin.version, prereleases=True), (
            f"{lock.name} pins {requirement.name}=={pin.version}, outside {requirement}"
        )
    direct = {n for n, p in locked.items() if "gin-bot (pyproject.toml)" in p.via}
    listed = {canonicalize_name(r.name) for r in wanted(extra)}
    assert direct == listed, f"{lock.name} was compiled from another pyproject.toml"
    assert all(p.hashes for p in locked.values()), "every pin has its hashes"


def test_the_image_runs_what_the_tests_run() -> None:
    full, runtime = pins(LOCK), pins(RUNTIME)
    assert set(runtime) <= set(full)
    differ = {n: (runtime[n].version, full[n].version) for n in runtime}
    assert {n: v for n, v in differ.items() if v[0] != v[1]} == {}


def test_what_is_installed_is_the_lock() -> None:
    # CI installs the lock (.ci/run, the README's command): these are the versions tested.
    drift = {}
    for name, pin in pins(LOCK).items():
        try:
            installed = Version(metadata.version(name))
        except metadata.PackageNotFoundError:
            installed = None
        if installed != pin.version:
            drift[name] = (str(pin.version), None if installed is None else str(installed))
    assert drift == {}, f"installed differs from {LOCK.name} (locked, installed): {drift}"


def test_contributing_documents_the_command_that_made_the_lock() -> None:
    lines = LOCK.read_text(encoding="utf-8").splitlines()
    header = " ".join(line for line in lines[: lines.index("#", 1)] if "pip-compile " in line)
    guide = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for flag in re.findall(r"--[a-z-]+", header.split("pip-compile", 1)[1]):
        flag = flag.split("=")[0]
        assert flag in guide, f"CONTRIBUTING.md's pip-compile command lacks {flag}"
