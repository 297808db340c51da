"""The layers, checked by reading the imports (docs/architecture.md): cogs reach the house
only through the services, one awaited service call per handler, `bot/ui` knows no store,
nothing below `bot/ui` knows Discord, text is built only in `bot/text` (and where words are
the job: `bot/ui`, `bot/i18n`, the error handler), `bot/` never imports the cogs, and no two
modules import each other, however indirectly."""

from __future__ import annotations

import ast
import subprocess
import sys
import typing
from collections.abc import Callable, Iterator
from pathlib import Path

from bot.app.services import Services

ROOT = Path(__file__).resolve().parent.parent
#: Below the Discord side: the engine, the store, the services and the pictures.
BELOW_UI = [
    "bot/engine",
    "bot/store",
    "bot/games",
    "bot/circle",
    "bot/tournaments",
    "bot/render",
    "bot/ratings/service.py",
    "bot/servers/settings.py",
    "bot/ratings/glicko.py",
    "bot/app/services.py",
    "bot/ops/heap.py",
    "bot/app/startup.py",
    "bot/i18n",
    "bot/text",
]
#: `bot/i18n/commands.py` is the slash commands' translator, a `discord.app_commands`
#: class by nature: it sits beside the UI (only `bot/app/client.py` and the cogs import it).
DISCORD_SIDE = ["bot/i18n/commands.py"]
#: Modules that must talk to discord.py in one or two functions (`errors.py` answers an
#: interaction's error and reads app_commands' errors; `settings.py` points discord.py at
#: the configured endpoints): they import it there, never when they are loaded, so that the
#: services can use them without Discord.
LAZY_DISCORD = ["bot/errors.py", "bot/app/settings.py"]


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


def store_problems(source: str) -> list[str]:
    """What `bot/ui` must not do: import the store or reach for anything's `.store` (it
    reads players through `Profiles` and message ids through the services)."""
    found = [
        f"line {line}: imports {module}"
        for line, module in imports(source)
        if module == "bot.store" or module.startswith("bot.store.")
    ]
    found += [
        f"line {node.lineno}: uses .store"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr == "store"
    ]
    return found


def test_the_ui_knows_no_store() -> None:
    files = python_files("bot/ui")
    assert len(files) >= 15
    problems = {
        str(p.relative_to(ROOT)): found
        for p in files
        if (found := store_problems(p.read_text(encoding="utf-8")))
    }
    assert problems == {}


def loaded_discord_imports(source: str) -> list[str]:
    """The imports of discord that run when the module is loaded: at the top, in a class
    body or under a plain `if`/`try`; not inside a function, nor under `if TYPE_CHECKING:`."""
    found: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import | ast.ImportFrom):
                found.extend(
                    f"line {node.lineno}: {problem.split(': ', 1)[1]}"
                    for problem in discord_imports(ast.unparse(node))
                )
                continue
            for field in ("body", "orelse", "finalbody", "handlers"):
                visit(getattr(node, field, []))

    visit(ast.parse(source).body)
    return found


def test_nothing_below_the_ui_imports_discord() -> None:
    """Strictly none, anywhere in the file, but `DISCORD_SIDE` (beside the UI, imported by
    nothing below it) and `LAZY_DISCORD` (only inside the functions that talk to it)."""
    files = [p for p in python_files(*BELOW_UI) if str(p.relative_to(ROOT)) not in DISCORD_SIDE]
    assert len(files) > 70
    problems = {
        str(p.relative_to(ROOT)): found
        for p in files
        if (found := discord_imports(p.read_text(encoding="utf-8")))
    }
    assert problems == {}
    lazy = {
        str(p.relative_to(ROOT)): found
        for p in python_files(*LAZY_DISCORD)
        if (found := loaded_discord_imports(p.read_text(encoding="utf-8")))
    }
    assert lazy == {}
    below = module_files(*BELOW_UI, *LAZY_DISCORD)
    side = {".".join(Path(f).with_suffix("").parts) for f in DISCORD_SIDE}
    reaching = {
        f"{name}: {module}"
        for name, path in below.items()
        if name not in side
        for module in imported_modules(
            path.read_text(encoding="utf-8"), name, path.name == "__init__.py", set(below)
        )
        if module in side
    }
    assert reaching == set()


def test_loading_the_services_loads_no_discord() -> None:
    """The rules above, as Python runs them: the services, the start-up, the settings, the
    errors and the catalogs load without discord.py (a fresh interpreter)."""
    probe = (
        "import sys\n"
        "import bot.app.services, bot.app.startup, bot.app.settings, bot.errors, bot.i18n\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'discord'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


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


# ----- one awaited service call per cog handler (issue 32) ------------------------------


def service_types() -> set[str]:
    """The names of what counts as a service: the classes `Services` holds (but the store,
    which no cog may touch at all) and the use cases, the classes of `bot/usecases` with an
    async method (not the plain values they return, nor the Protocols they are handed)."""
    held = typing.get_type_hints(Services)
    names = {hint.__name__ for hint in held.values() if isinstance(hint, type)} - {"Storage"}
    for path in python_files("bot/usecases"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names.update(
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            and "Protocol" not in {ast.unparse(base) for base in node.bases}
            and any(isinstance(item, ast.AsyncFunctionDef) for item in node.body)
        )
    return names


def service_attributes(cls: ast.ClassDef, services: set[str]) -> set[str]:
    """The attributes of `cls` that hold a service: `self.x = p` in `__init__` where the
    parameter `p` is annotated with a service's name (`tables: TableService`)."""
    init = next(
        (n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None
    )
    if init is None:
        return set()
    typed = {
        arg.arg
        for arg in [*init.args.args, *init.args.kwonlyargs]
        if arg.annotation is not None
        and ast.unparse(arg.annotation).strip("'\"").rsplit(".", 1)[-1] in services
    }
    found = set()
    for node in ast.walk(init):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name):
            for target in node.targets:
                if (
                    node.value.id in typed
                    and isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                ):
                    found.add(target.attr)
    return found


def _own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body, not those of the functions defined inside it."""
    for child in ast.iter_child_nodes(function):
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield child
            yield from _own_nodes(child)


def _awaited(node: ast.Await) -> list[ast.expr]:
    """What an `await` waits for: its call, and the calls handed to that call as they are
    (`await in_time(interaction, self.tables.open_lobby(...))`, `asyncio.gather(a(), b())`)."""
    if not isinstance(node.value, ast.Call):
        return [node.value]
    return [node.value, *node.value.args]


def service_calls(source: str, services: set[str]) -> dict[str, int]:
    """`Class.method` -> its awaited service calls, for every async method of a class that
    holds services. A service call is `self.<attr>.<method>(...)`, where `self.<attr>` holds
    a service or a use case (`service_attributes`), awaited: `await self.<attr>.<method>(...)`
    or handed as it is to the awaited call (`await in_time(interaction, self.<attr>.m(...))`).
    A call on the UI (`self.readers`), on the bot or on another object is not one, nor a
    plain (not awaited) method. Each function counts alone: one defined inside a handler is
    a handler of its own, and a helper (`_join`) is counted as itself."""
    counts: dict[str, int] = {}
    for cls in ast.walk(ast.parse(source)):
        if not isinstance(cls, ast.ClassDef):
            continue
        held = service_attributes(cls, services)
        if not held:
            continue
        for function in ast.walk(cls):
            if not isinstance(function, ast.AsyncFunctionDef):
                continue
            calls = sum(
                1
                for node in _own_nodes(function)
                if isinstance(node, ast.Await)
                for call in _awaited(node)
                if isinstance(call, ast.Call)
                and isinstance(callee := call.func, ast.Attribute)
                and isinstance(holder := callee.value, ast.Attribute)
                and holder.attr in held
                and isinstance(holder.value, ast.Name)
                and holder.value.id == "self"
            )
            counts[f"{cls.name}.{function.name}"] = calls
    return counts


def test_a_cog_handler_makes_one_awaited_service_call() -> None:
    services = service_types()
    assert {"TableService", "CircleService", "Profiles", "TournamentUseCase"} <= services
    assert "Member" not in services  # a use case's plain value
    over = {
        f"{p.relative_to(ROOT)}:{name}": calls
        for p in python_files("cogs")
        for name, calls in service_calls(p.read_text(encoding="utf-8"), services).items()
        if calls > 1
    }
    # Parse, ONE call on the feature's use case (or service), reply: a handler that needs
    # more belongs in a use case (bot/usecases), which is the interaction's one boundary.
    assert over == {}, "more than one awaited service call in a cog handler"


def test_the_service_call_count_reads_what_it_means() -> None:
    cog = (
        "class Cog:\n"
        "    def __init__(self, bot: GinBot, tables: TableService, readers: Readers) -> None:\n"
        "        self.tables = tables\n"
        "        self.readers = readers\n"
        "    async def one(self, i):\n"
        "        name = await self.readers.language(i)\n"
        "        state = await self.tables.get(1)\n"
        "        self.tables.find(2)\n"
        "        async def later():\n"
        "            await self.tables.act(3)\n"
        "            await self.tables.act(4)\n"
        "    async def two(self):\n"
        "        await self.tables.act(1)\n"
        "        await self.other.tables.act(2)\n"
        "        await in_time(i, self.tables.open_lobby(3))\n"
        "        await asyncio.gather(self.tables.act(4), self.readers.seen(i))\n"
        "        return await self.tables.resign(5)\n"
    )
    assert service_calls(cog, {"TableService"}) == {"Cog.one": 1, "Cog.later": 2, "Cog.two": 4}
    assert service_calls(cog, {"CircleService"}) == {}


def test_the_ui_and_lazy_checks_catch_what_they_look_for() -> None:
    ui = "from bot.store.models import PlayerSettings\nx = self.notifier.store.players\n"
    assert store_problems(ui) == [
        "line 1: imports bot.store.models",
        "line 1: imports bot.store.models.PlayerSettings",
        "line 2: uses .store",
    ]
    lazy = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    import discord\n"
        "def f():\n"
        "    import discord\n"
        "try:\n"
        "    from discord import ui\n"
        "except ImportError:\n"
        "    pass\n"
        "class A:\n"
        "    import discord.ext\n"
    )
    assert loaded_discord_imports(lazy) == [
        "line 7: imports discord",
        "line 7: imports discord.ui",
        "line 11: imports discord.ext",
    ]


# ----- where text is built (issue 32) ---------------------------------------------------

#: Where sentences are made from the catalog: the text builders (`bot/text`), the Discord
#: side's messages and controls (`bot/ui`), the catalogs themselves (`bot/i18n`) and the
#: central error handler (`bot/errors.py`, which says every refusal in the reader's words).
TEXT_PLACES = ["bot/text", "bot/ui", "bot/i18n", "bot/errors.py"]
#: Who uses the text builders: the Discord side and the picture workers (the words drawn
#: on a card picture), never the services, which return `Coded`.
TEXT_USERS = ["bot/text", "bot/ui", "bot/render", "cogs"]


def _within(path: Path, places: list[str]) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    return any(rel == place or rel.startswith(place + "/") for place in places)


def _outside(places: list[str], check: Callable[[str], list[str]]) -> dict[str, list[str]]:
    """What `check` finds in the modules of `bot/` outside `places`."""
    files = [p for p in python_files("bot") if not _within(p, places)]
    assert len(files) > 150
    return {
        str(p.relative_to(ROOT)): found
        for p in files
        if (found := check(p.read_text(encoding="utf-8")))
    }


def word_making(source: str) -> list[str]:
    """The imports that make words out of the catalog: `t`, `render` or `keys` of
    `bot.i18n` (under any alias), anything of `bot.i18n.catalog` or `bot.i18n.cards`. The
    message type (`Coded`), `Language` and the locale helpers are not words yet."""
    makers = ("bot.i18n.t", "bot.i18n.render", "bot.i18n.keys", "bot.i18n.sentences.render")
    return [
        f"line {line}: imports {module}"
        for line, module in imports(source)
        if module in makers or module.startswith(("bot.i18n.catalog", "bot.i18n.cards"))
    ]


def text_builder_imports(source: str) -> list[str]:
    return [
        f"line {line}: imports {module}"
        for line, module in imports(source)
        if module == "bot.text" or module.startswith("bot.text.")
    ]


def test_text_is_built_only_in_its_places() -> None:
    """Everything of `bot/` but `TEXT_PLACES` (the services, the use cases, the pictures,
    the app) says nothing in words: it hands on `Coded`, or asks `bot/text`."""
    assert _outside(TEXT_PLACES, word_making) == {}


def test_only_the_discord_side_and_the_pictures_use_the_text_builders() -> None:
    assert _outside(TEXT_USERS, text_builder_imports) == {}


def test_loading_the_services_loads_no_text_builder() -> None:
    """As Python runs it: the services (every one `bot/app/services.py` builds) load
    without `bot.text`. (The use cases hand what they say to their presenters, in `bot/ui`,
    which do load it.)"""
    probe = (
        "import sys\n"
        "import bot.app.services\n"
        "print(sorted(m for m in sys.modules if m.startswith('bot.text')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_text_checks_catch_what_they_look_for() -> None:
    source = (
        "from bot.i18n import Coded, Language, t\n"
        "from bot.i18n import render as say\n"
        "from bot.i18n.cards import label\n"
        "import bot.i18n.catalog\n"
        "from bot.text import hands\n"
        "from bot.textual import x\n"
    )
    assert word_making(source) == [
        "line 1: imports bot.i18n.t",
        "line 2: imports bot.i18n.render",
        "line 3: imports bot.i18n.cards",
        "line 3: imports bot.i18n.cards.label",
        "line 4: imports bot.i18n.catalog",
    ]
    assert text_builder_imports(source) == [
        "line 5: imports bot.text",
        "line 5: imports bot.text.hands",
    ]
    assert _within(ROOT / "bot/text/hands.py", ["bot/text"])
    assert not _within(ROOT / "bot/textual.py", ["bot/text"])
