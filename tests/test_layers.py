"""The layers, checked by reading the imports (docs/architecture.md): cogs reach the house
only through the services, and nothing below `bot/ui` knows Discord."""

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
