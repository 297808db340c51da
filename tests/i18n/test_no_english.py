"""No English sentence left outside the catalogs in the modules converted so far.

An ast scan of every string literal (f-string parts included) in those modules: docstrings,
log lines and programmer errors (``ValueError`` and friends, never shown to a player) are
allowed; anything else that reads like words ("It's not your turn.", "Pass") must come from
``bot/i18n/locales``. Every module with words for players is converted: a new one goes
into ``CONVERTED``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CONVERTED = [
    "bot/errors.py",
    "bot/games/errors.py",
    "bot/games/challenges.py",
    "bot/games/tables/__init__.py",
    "bot/games/tables/_leaving.py",
    "bot/games/tables/_live.py",
    "bot/games/tables/_lobby.py",
    "bot/games/tables/_moves.py",
    "bot/games/tables/_recovery.py",
    "bot/games/tables/_registry.py",
    "bot/games/tables/_rounds.py",
    "bot/games/tables/_service.py",
    "bot/games/tables/_setup.py",
    "bot/games/tables/_state.py",
    "bot/games/tables/_store_timers.py",
    "bot/games/tables/_timers.py",
    "bot/games/tables/_updates.py",
    "bot/text/hands.py",
    "bot/text/__init__.py",
    "bot/text/achievements.py",
    "bot/text/commands.py",
    "bot/text/meta.py",
    "bot/text/settings.py",
    "bot/text/rules.py",
    "bot/text/pictures.py",
    "bot/text/names.py",
    "bot/circle/service/__init__.py",
    "bot/circle/service/_chat.py",
    "bot/circle/service/_model.py",
    "bot/circle/service/_part.py",
    "bot/circle/service/_privacy.py",
    "bot/circle/service/_records.py",
    "bot/circle/service/_relations.py",
    "bot/circle/service/_service.py",
    "bot/circle/service/_unlocks.py",
    "bot/circle/achievements.py",
    "bot/text/records.py",
    "bot/circle/replay.py",
    "bot/ui/messages.py",
    "bot/ui/notifier/__init__.py",
    "bot/ui/notifier/base.py",
    "bot/ui/notifier/languages.py",
    "bot/ui/notifier/boards.py",
    "bot/ui/notifier/hands.py",
    "bot/ui/notifier/core.py",
    "bot/ui/busy_shared.py",
    "bot/ui/images.py",
    "bot/engine/round/__init__.py",
    "bot/engine/round/_play.py",
    "bot/engine/round/_round.py",
    "bot/engine/round/_state.py",
    "bot/engine/match.py",
    "bot/engine/match_stats.py",
    "bot/engine/scoring.py",
    "bot/engine/rules.py",
    "bot/engine/errors.py",
    "bot/games/presets.py",
    "bot/render/layout.py",
    "bot/render/table.py",
    "bot/render/reveal.py",
    "cogs/chat.py",
    "cogs/player.py",
    "cogs/meta.py",
    "bot/ui/components.py",
    "bot/ui/ownership.py",
    "bot/ui/screens.py",
    "bot/ui/readers.py",
    "cogs/play.py",
    "cogs/me.py",
    "cogs/records.py",
    "cogs/tournaments.py",
    "bot/ui/tournaments/__init__.py",
    "bot/ui/tournaments/messages.py",
    "bot/ui/tournaments/presenter.py",
    "bot/usecases/__init__.py",
    "bot/usecases/tournaments.py",
    "bot/usecases/challenges.py",
    "bot/usecases/chat.py",
    "bot/usecases/records.py",
    "bot/usecases/answer.py",
    "bot/usecases/play.py",
    "bot/ui/play_presenter.py",
    "bot/ui/resign.py",
    "bot/ui/challenge_presenter.py",
    "bot/ui/chat_presenter.py",
    "cogs/_views.py",
    "bot/text/tournaments.py",
    "bot/tournaments/service/__init__.py",
    "bot/tournaments/service/_checks.py",
    "bot/tournaments/service/_deadlines.py",
    "bot/tournaments/service/_info.py",
    "bot/tournaments/service/_live.py",
    "bot/tournaments/service/_notes.py",
    "bot/tournaments/service/_organizer.py",
    "bot/tournaments/service/_part.py",
    "bot/tournaments/service/_recovery.py",
    "bot/tournaments/service/_registry.py",
    "bot/tournaments/service/_results.py",
    "bot/tournaments/service/_rounds.py",
    "bot/tournaments/service/_service.py",
    "bot/tournaments/service/_setup.py",
    "bot/tournaments/service/_signup.py",
    "bot/tournaments/service/_standings.py",
    "bot/tournaments/service/_timers.py",
    "bot/tournaments/service/_updates.py",
    "bot/tournaments/_model.py",
    "bot/tournaments/state.py",
    "bot/tournaments/noshow.py",
    "bot/tournaments/blocks.py",
    "bot/tournaments/deals.py",
    "bot/tournaments/round_robin.py",
    "bot/tournaments/standings.py",
    "bot/tournaments/__init__.py",
    "cogs/__init__.py",
    "cogs/_answers.py",
    "cogs/_pace.py",
    "cogs/admin.py",
    "bot/servers/settings.py",
]

#: Exceptions for programmers and operators (tracebacks, logs), never shown to a player.
PROGRAMMER_ERRORS = {
    "ValueError",
    "TypeError",
    "KeyError",
    "RuntimeError",
    "AssertionError",
    "NotImplementedError",
    "StoreError",
    # The tournament logic's refusals: logged; the two a player can cause carry a catalog
    # code the service shows instead (bot/tournaments/types.py).
    "TournamentError",
}
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}

#: Words: two words in a row, or a capitalised word ("Pass"). Catalog keys and codes
#: ("table-full", "draw_stock") are lowercase without spaces and don't match.
WORDS = re.compile(r"[A-Za-z]{2,}[,.:;'!?]*\s+[A-Za-z]{2,}|\b[A-Z][a-z]{2,}\b")

#: Literals that read like words but are not sentences for players: {module: {literal}}.
ALLOWED: dict[str, set[str]] = {
    # Fallback seat names when Discord gave none: stored with the table, shown as a name.
    "bot/games/challenges.py": {"Player 1", "Player 2"},
    "bot/text/records.py": {"Player "},
    "bot/circle/service/_model.py": {"Player "},
    # The game's name, the same in every language.
    "cogs/meta.py": {"Gin Rummy"},
    # Computer seats' names, stored with the table; shown from the level (bot/text/names.py).
    "bot/games/tables/_lobby.py": {"Computer (", "Computer "},
    # ... and recognised there to be said in the reader's language.
    "bot/text/names.py": {r"Computer(?: (?P<number>\d+))? \((?P<level>[a-z]+)\)"},
    "bot/tournaments/service/_rounds.py": {"Player 1", "Player 2"},
    # `/gin records stats` recognises the service's fallback name to show Discord's instead.
    "cogs/records.py": {"Player "},
}

#: Functions whose strings are for programmers: reprs, and the rule set's validation
#: (raised as ValueError by its caller; a preset is never invalid in play).
PROGRAMMER_FUNCTIONS = {"__repr__", "_problems"}
#: Calls whose strings are command names and descriptions: Discord shows them in the
#: user's language through the translator (bot/i18n/commands.py, commands.ftl; every key is
#: checked by tests/i18n/test_commands.py), the code's text being the English.
COMMAND_TEXT = {
    "describe",
    "gin_command",
    "command",
    "ContextMenu",
    "Choice",
    "Group",
    "Command",
}


def _ignored_nodes(tree: ast.AST) -> set[int]:
    """ids of string nodes that are docstrings, ``__all__``, log arguments or programmer
    errors."""
    ignored: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                ignored.add(id(value))
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            is_log = isinstance(func, ast.Attribute) and name in LOG_METHODS
            if is_log or name in PROGRAMMER_ERRORS or name in COMMAND_TEXT:
                for sub in ast.walk(node):
                    ignored.add(id(sub))
        in_programmer_function = (
            isinstance(node, ast.FunctionDef) and node.name in PROGRAMMER_FUNCTIONS
        )
        # A cog's own name (`class X(commands.Cog, name="Player")`) is for the code only.
        if isinstance(node, ast.ClassDef):
            for keyword in node.keywords:
                ignored.add(id(keyword.value))
        exports = isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        )
        if isinstance(node, ast.Assert) or in_programmer_function or exports:
            for sub in ast.walk(node):
                ignored.add(id(sub))
    return ignored


def english_literals(path: str) -> list[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    ignored = _ignored_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in ignored:
            continue
        is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if is_text and WORDS.search(node.value) and node.value not in ALLOWED.get(path, set()):
            found.append(f"{path}:{node.lineno}: {node.value!r}")
    return found


def test_converted_modules_hold_no_english() -> None:
    found = [line for path in CONVERTED for line in english_literals(path)]
    assert not found, "\n".join(found)


def test_every_cog_and_tournament_module_is_scanned() -> None:
    """A new cog, tournament, use-case or text module is scanned without anyone having to remember to list
    it (the pure logic's modules without words are left out by name)."""
    # Attribute docstrings the scan can't tell from text (the pure logic); command groups'
    # descriptions (the translator's) and the languages' own names (cogs/_options.py).
    wordless = {"bot/tournaments/bracket.py", "bot/tournaments/swiss.py"}
    wordless |= {"bot/tournaments/types.py", "cogs/_options.py"}
    present = {
        str(path.relative_to(ROOT))
        for folder in ("cogs", "bot/tournaments", "bot/usecases", "bot/text")
        for path in (ROOT / folder).rglob("*.py")
    }
    assert present - wordless <= set(CONVERTED), sorted(present - wordless - set(CONVERTED))


def test_the_scan_finds_english() -> None:
    """The scan itself: a sentence, a capitalised label, an f-string's words are found; keys,
    docstrings and log lines are not."""
    sample = ROOT / "tests" / "i18n" / "_sample_for_scan.py"
    sample.write_text(
        '"""A docstring with words."""\n'
        "import logging\n"
        "log = logging.getLogger('x')\n"
        "def f(name):\n"
        "    log.warning('a log line with words %s', name)\n"
        "    t('en', 'table-full')\n"
        "    raise ValueError('a programmer error')\n"
        "def g(name):\n"
        "    send('It is not your turn.')\n"
        "    button('Pass')\n"
        "    return f'{name} went gin'\n",
        encoding="utf-8",
    )
    try:
        found = english_literals("tests/i18n/_sample_for_scan.py")
    finally:
        sample.unlink()
    assert [line.split(": ", 1)[1] for line in found] == [
        "'It is not your turn.'",
        "'Pass'",
        "' went gin'",
    ]
