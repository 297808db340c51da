"""The emulator's modules import each other without a circle (issue 16): the state modules
know nothing of the servers, the servers nothing of ``core``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _imports(package: Path, dotted: str) -> dict[str, set[str]]:
    """Module name -> the modules of the same package it imports (type-checking ones too).
    A subpackage (``models/``) is one module: what any of its files imports."""
    graph: dict[str, set[str]] = {}
    modules = {path.stem: [path] for path in sorted(package.glob("*.py"))}
    for init in sorted(package.glob("*/__init__.py")):
        modules[init.parent.name] = sorted(init.parent.glob("*.py"))
    for name, paths in modules.items():
        # From a subpackage's files, the package's modules are one level further up.
        level = 1 if paths[0].parent == package else 2
        found: set[str] = set()
        for path in paths:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom):
                    if node.level == level and node.module:
                        found.add(node.module.split(".")[0])
                    elif node.level == 0 and (node.module or "").startswith(dotted + "."):
                        found.add((node.module or "").split(".")[len(dotted.split("."))])
                    elif node.level == 0 and node.module == dotted:
                        found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the list of modules around it, or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


@pytest.mark.parametrize(
    ("folder", "dotted"), [("emulator", "emulator"), ("bot/render", "bot.render")]
)
def test_no_import_circle(folder: str, dotted: str) -> None:
    graph = _imports(ROOT / folder, dotted)
    graph.pop("__init__", None)
    assert _cycle(graph) is None, f"import circle: {' -> '.join(_cycle(graph) or [])}"


def test_only_the_package_imports_the_emulator_core() -> None:
    graph = _imports(ROOT / "emulator", "emulator")
    importers = sorted(name for name, deps in graph.items() if "core" in deps)
    # testing.py names Emulator in annotations only (under TYPE_CHECKING); web/ (the
    # sandbox page) drives an Emulator from outside, as a test does.
    assert importers == ["__init__", "testing", "web"]


def test_the_check_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_emulator_knows_no_gin_rummy() -> None:
    """A loopback Discord: nothing of the bot (its engine included) is imported by it; the
    scripted players that know the game are the tests' (`tests/players.py`)."""
    found = []
    for path in sorted((ROOT / "emulator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            found += [
                f"{path.relative_to(ROOT)}: {n}"
                for n in names
                if n.split(".")[0] in ("bot", "cogs")
            ]
    assert found == []
