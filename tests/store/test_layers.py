"""Services reach the store only through `Storage` (docs/store.md, "The seam").

A service (and the UI code that holds a store) may import from the store only
`bot.store.repositories` (`Storage`, the repositories every backend shares),
`bot.store.models` (the data) and `bot.store.errors`: never a backend (`bot.store.store`,
`_sql`, `_conn`, `postgres`), a repository's own module (its SQL helpers) nor a database
driver, so a backend can be added without touching a service.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The modules that hold a store without choosing it: the services and the UI above them.
#: (The composition root, `bot/app/services.py` and `bot/app/startup.py`, opens the SQLite store.)
SERVICE_PACKAGES = ("bot/games", "bot/circle", "bot/tournaments", "bot/ui")
SERVICE_MODULES = ("bot/ratings/service.py", "bot/servers/settings.py")

#: What a service may import from `bot.store`.
ALLOWED = frozenset({"bot.store.repositories", "bot.store.models", "bot.store.errors"})
#: The backends' own modules: loading a service must not load them.
BACKEND = ("bot.store.store", "bot.store._sql", "bot.store._conn", "bot.store.migrate")
#: Database drivers: only a backend uses them.
DRIVERS = frozenset({"sqlite3", "aiosqlite", "asyncpg", "psycopg", "psycopg2"})


def service_files() -> list[Path]:
    files = [ROOT / m for m in SERVICE_MODULES]
    for package in SERVICE_PACKAGES:
        files.extend(sorted((ROOT / package).rglob("*.py")))
    return files


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def imported(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """Every module that `source` (the text of `module`) imports, with its line: `import
    a.b`, and `from a.b import c` as both `a.b` and `a.b.c` (c may be a submodule);
    relative imports resolved; anywhere in the file, function bodies included."""
    package = module if is_package else module.rsplit(".", 1)[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found.extend((node.lineno, f"{name}.{alias.name}") for alias in node.names)
    return found


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    """What `module` imports that a service must not."""
    bad = []
    flagged: set[tuple[int, str]] = set()
    for line, name in imported(source, module, is_package):
        if (line, name.rsplit(".", 1)[0]) in flagged:
            continue  # `from X import y` where X is already reported
        where = f"{module} line {line}"
        count = len(bad)
        if name.split(".")[0] in DRIVERS:
            bad.append(f"{where}: imports the driver {name}")
        elif name == "bot.store":
            # `from bot.store import X`: the package also exposes the SQLite backend.
            bad.append(
                f"{where}: imports from the bot.store package;"
                " import from bot.store.repositories, .models or .errors"
            )
        elif name.startswith("bot.store.") and not any(
            name == allowed or name.startswith(allowed + ".") for allowed in ALLOWED
        ):
            bad.append(
                f"{where}: imports {name}; import from bot.store.repositories, .models or .errors"
            )
        if len(bad) > count:
            flagged.add((line, name))
    return bad


def file_violations(path: Path) -> list[str]:
    return violations(path.read_text(), module_name(path), path.name == "__init__.py")


def test_the_services_are_checked() -> None:
    names = {module_name(p) for p in service_files()}
    # The services named in docs/store.md; if one moves, this list must follow it.
    for service in (
        "bot.games.tables",
        "bot.games.challenges",
        "bot.circle.service",
        "bot.tournaments.service",
        "bot.ratings.service",
        "bot.ui.notifier",
    ):
        assert service in names


def test_services_import_only_the_store_seam() -> None:
    bad = [v for path in service_files() for v in file_violations(path)]
    assert bad == [], "services must not depend on a store backend:\n" + "\n".join(bad)


def test_the_check_catches_each_way_to_the_backend() -> None:
    cases = {
        "import sqlite3": "driver sqlite3",
        "import aiosqlite": "driver aiosqlite",
        "from bot.store import Store": "the bot.store package",
        "from bot.store import open_store": "the bot.store package",
        "from bot.store.store import open_store": "imports bot.store.store;",
        "from bot.store._sql import Database": "imports bot.store._sql;",
        "from bot.store._conn import ThreadConnection": "imports bot.store._conn;",
        "from bot.store.postgres import PgStore": "imports bot.store.postgres;",
        "from bot.store.tables import Tables": "imports bot.store.tables;",
        "import bot.store.players": "imports bot.store.players;",
        "def f():\n    from ..store import privacy": "the bot.store package",
        "from ..store.privacy import Privacy": "imports bot.store.privacy;",
        "from bot.store.models import Table\nimport sqlite3": "line 2: imports the driver",
    }
    for source, expected in cases.items():
        found = violations(source, "bot.games.sample")
        assert any(expected in v for v in found), (source, found)
    allowed = (
        "from bot.store.repositories import Storage\n"
        "from bot.store.models import Table\n"
        "from bot.store.errors import StaleVersion\n"
        "from ..store.models import Move\n"
    )
    assert violations(allowed, "bot.games.sample") == []
    # In a package's __init__, `.` is the package itself (bot.games), not its parent.
    found = violations("from ..store.tables import Tables", "bot.games", is_package=True)
    assert len(found) == 1 and "bot.store.tables" in found[0]


def test_loading_the_services_loads_no_database_driver() -> None:
    """Transitively too: importing every service loads neither a driver nor a backend."""
    modules = sorted(module_name(p) for p in service_files())
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in"
        f" {sorted(DRIVERS)!r} or m.startswith({BACKEND + ('bot.store.postgres',)!r})]\n"
        "print(sorted(loaded))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
