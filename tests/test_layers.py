"""The layers, checked by reading the imports (docs/architecture.md): cogs reach the house
only through the services, nothing below `bot/ui` knows Discord, `bot/` never imports the
cogs, and no two modules import each other, however indirectly."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Below the Discord side: the engine, the store, the services and the pictures.
BELOW_UI = [
    "bot/engine",
    "bot/store",
    "bot/games",
    "bot/circle",
    "bot/tournaments",
    "bot/render",
    "bot/rating_service.py",
    "bot/server_settings.py",
    "bot/ratings.py",
    "bot/services.py",
    "bot/heap.py",
]


def imports(source: str) -> Iterator[tuple[int, str]]:
    """(line, module) for every import in `source` (`from a import b` gives `a.b` too)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def cog_problems(source: str) -> list[str]:
    """What a cog must not do: import the store, a database driver or the engine's insides,
    or reach for a service's store."""
    found = []
    for line, module in imports(source):
        top = module.split(".")[0]
        if (
            module == "bot.store"
            or module.startswith("bot.store.")
            or top in ("sqlite3", "aiosqlite", "asyncpg")
        ):
            found.append(f"line {line}: imports {module}")
        elif (
            module.startswith("bot.engine.")
            and module.count(".") >= 2
            and not _public_engine_name(module)
        ):
            found.append(f"line {line}: imports the engine's internals ({module})")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "store":
            found.append(f"line {node.lineno}: uses .store")
    return found


def _public_engine_name(module: str) -> bool:
    """`from bot.engine import X` yields `bot.engine.X`: allowed when X is exported."""
    import bot.engine

    parts = module.split(".")
    return len(parts) == 3 and parts[2] in bot.engine.__all__


def discord_imports(source: str) -> list[str]:
    return [
        f"line {line}: imports {module}"
        for line, module in imports(source)
        if module.split(".")[0] == "discord"
    ]


def python_files(*places: str) -> list[Path]:
    out: list[Path] = []
    for place in places:
        path = ROOT / place
        out.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return out


def test_cogs_use_services_only() -> None:
    cogs = python_files("cogs")
    assert len(cogs) >= 8
    problems = {
        str(p.relative_to(ROOT)): found
        for p in cogs
        if (found := cog_problems(p.read_text(encoding="utf-8")))
    }
    assert problems == {}


def test_nothing_below_the_ui_imports_discord() -> None:
    files = python_files(*BELOW_UI)
    assert len(files) > 60
    problems = {
        str(p.relative_to(ROOT)): found
        for p in files
        if (found := discord_imports(p.read_text(encoding="utf-8")))
    }
    assert problems == {}


def test_the_engine_imports_nothing_else_of_the_bot() -> None:
    outside = {
        str(p.relative_to(ROOT)): module
        for p in python_files("bot/engine")
        for _, module in imports(p.read_text(encoding="utf-8"))
        if module.startswith("bot.") and not module.startswith("bot.engine")
    }
    assert outside == {}


def test_the_outbox_knows_discord_only() -> None:
    """`bot/outbox` carries any write: it knows no game, store, service or cog (what it
    sends is built above it, in `bot/ui` and the cogs)."""
    outside = {
        f"{p.relative_to(ROOT)}: {module}"
        for p in python_files("bot/outbox")
        for _, module in imports(p.read_text(encoding="utf-8"))
        if module.startswith(("bot.", "cogs")) and not module.startswith("bot.outbox")
    }
    assert outside == set()


#: Import edges allowed to close a circle, each with the reason. Every import counts: at the
#: top, in a function (deferred) or under `if TYPE_CHECKING:` (types only), because either
#: way neither module can be read, or changed, without the other.
ALLOWED_CIRCLES: dict[tuple[str, str], str] = {
    ("bot.outbox.lane", "bot.outbox.outbox"): (
        "a lane's type for the outbox that owns it (TYPE_CHECKING); bot/outbox is left to"
        " its owners for now (issue 32)"
    ),
}


def module_files(*tops: str) -> dict[str, Path]:
    """Every module under the folders `tops`, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in python_files(*tops):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported_modules(source: str, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that `source` (the text of `module`) imports, anywhere in the
    file: `from a import b` names `a.b` when that is a module, else `a`; relative imports
    resolved. That importing `a.b` first runs package `a` is not counted: a package whose
    `__init__` imports its own modules is no circle."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            origin = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                sub = f"{origin}.{alias.name}"
                names.append(sub if sub in known else origin)
    found = set()
    for name in names:
        while name not in known and "." in name:
            name = name.rsplit(".", 1)[0]
        if name in known and name != module:
            found.add(name)
    return found


def import_graph(*tops: str) -> dict[str, set[str]]:
    files = module_files(*tops)
    known = set(files)
    return {
        name: imported_modules(
            path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known
        )
        for name, path in files.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or through others (Tarjan's
    strongly connected components of more than one module), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in order:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], order[nxt])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return sorted(found)


def test_no_module_of_bot_or_cogs_imports_itself_through_others() -> None:
    graph = import_graph("bot", "cogs")
    assert len(graph) > 150
    for (source, target), reason in ALLOWED_CIRCLES.items():
        assert target in graph[source] and reason, f"{source} -> {target} no longer imported"
        graph[source].discard(target)
    assert circles(graph) == []


def test_bot_never_imports_the_cogs() -> None:
    """The cogs sit on top: `GinBot` loads them by name and they import it, never the other
    way round."""
    cogs = set(module_files("cogs"))
    outside = {
        f"{name}: {module}"
        for name, path in module_files("bot").items()
        for module in imported_modules(
            path.read_text(encoding="utf-8"), name, path.name == "__init__.py", cogs
        )
    }
    assert outside == set()


def test_the_circle_check_finds_what_hides() -> None:
    known = {"p", "p.a", "p.b", "p.c", "p.d"}
    deferred = "def f():\n    from p import b\n"
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import C\n"
    assert imported_modules(deferred, "p.a", False, known) == {"p.b"}
    assert imported_modules(typed, "p.b", False, known) == {"p.c"}
    assert imported_modules("from . import a\nimport p.d.x", "p", True, known) == {"p.a", "p.d"}
    graph = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"}, "p": {"p.d"}}
    assert circles(graph) == [["p.a", "p.b", "p.c"]]
    assert circles({"p.a": {"p.b"}, "p.b": set()}) == []


def test_the_checks_catch_what_they_look_for() -> None:
    bad_cog = (
        "from bot.store import Store\n"
        "import sqlite3\n"
        "from bot.engine.round import Round\n"
        "from bot.engine import Card\n"
        "x = services.store.tables\n"
    )
    assert cog_problems(bad_cog) == [
        "line 1: imports bot.store",
        "line 1: imports bot.store.Store",
        "line 2: imports sqlite3",
        "line 3: imports the engine's internals (bot.engine.round)",
        "line 3: imports the engine's internals (bot.engine.round.Round)",
        "line 5: uses .store",
    ]
    assert discord_imports("import discord.ext\nfrom discord import ui\nimport json\n") == [
        "line 1: imports discord.ext",
        "line 2: imports discord",
        "line 2: imports discord.ui",
    ]
