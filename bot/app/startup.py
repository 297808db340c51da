"""Start-up of ``python -m bot``: a first log line, and a clear one when a step fails.

Every run logs ``gin-bot starting`` at once, so even the shortest run leaves a trace. When the
bot cannot start, the failure is logged as one CRITICAL line naming the step that failed (found
from where the exception was raised: the database, the games in play, the picture workers,
the cogs, the command sync, the login, the gateway) and what to do, followed by the traceback
for the operator. Python's fault handler is on, so even a crash of the interpreter itself
(SIGSEGV, SIGABRT) prints where it happened.

A database still locked by another process (a bot killed or stopping while a new one starts)
is waited for (`open_store_waiting`) instead of failing the start.
"""

from __future__ import annotations

import asyncio
import faulthandler
import logging
import os
import platform
import sqlite3
import sys
import traceback
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from types import TracebackType

from bot.store import Storage, is_postgres_url, open_storage, shown_target

log = logging.getLogger("gin")

#: Seconds a start waits for a database another process holds locked.
LOCK_PATIENCE = 60.0


@dataclass(frozen=True)
class Step:
    """A start-up step: the words for it, and what an operator can do when it fails."""

    doing: str
    advice: str


DATABASE = Step(
    "opening the database {database}",
    "check that its folder exists and is writable, that the disk is not full and that no "
    "other gin-bot uses it; a damaged file: restore the latest backup (docs/store.md).",
)
RECOVERY = Step(
    "restoring the games in play from {database}",
    "report the traceback below; to start anyway, restore a backup of the database or move "
    "it aside (its games are then lost).",
)
WORKERS = Step(
    "starting the picture workers",
    "set GIN_RENDER_PROCESSES=0 to draw pictures in the bot's own process (or GIN_PICTURES=off).",
)
COGS = Step("loading the cogs", "report the traceback below.")
SYNC = Step("syncing the slash commands", "check the network and GIN_DEV_GUILD_ID, then restart.")
LOGIN = Step("logging in to Discord", "check DISCORD_TOKEN and the network, then restart.")
GATEWAY = Step(
    "connecting to the Discord gateway",
    "check the network (and DISCORD_GATEWAY_URL if set), then restart.",
)
STARTING = Step("starting", "report the traceback below.")

#: (part of a file's path, function name or None for any) -> step; the innermost frame of the
#: failure that matches one of these names the step.
_WHERE: tuple[tuple[str, str | None, Step], ...] = (
    ("/bot/store/", None, DATABASE),
    ("/bot/app/startup.py", "open_store_waiting", DATABASE),
    ("/bot/games/tables/", "recover", RECOVERY),
    ("/bot/render/workers.py", None, WORKERS),
    ("/cogs/", None, COGS),
    ("/discord/ext/commands/bot.py", "load_extension", COGS),
    ("/bot/app/client.py", "sync_commands", SYNC),
    ("/discord/app_commands/tree.py", "sync", SYNC),
    ("/bot/app/client.py", "login", LOGIN),
    ("/discord/gateway.py", None, GATEWAY),
    ("/discord/client.py", "connect", GATEWAY),
)


def announce(database: Path | str) -> None:
    """The first line of every run; fatal interpreter errors go to stderr with a trace."""
    if not faulthandler.is_enabled():
        faulthandler.enable(file=sys.stderr)
    log.info(
        "gin-bot starting: pid %d, database %s, Python %s, discord.py %s",
        os.getpid(),
        shown_target(database),
        platform.python_version(),
        version("discord.py"),  # read without loading discord.py (services import this)
    )


def _frames(exc: BaseException) -> list[traceback.FrameSummary]:
    """The frames of `exc` and of the exceptions behind it, outermost first."""
    chain: list[BaseException] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(chain) < 10:
        seen.add(id(current))
        chain.append(current)
        current = current.__cause__ or current.__context__
    frames: list[traceback.FrameSummary] = []
    for link in chain:
        frames += traceback.extract_tb(link.__traceback__)
    return frames


def step_of(exc: BaseException) -> Step:
    """The start-up step `exc` was raised in."""
    found = STARTING
    for frame in _frames(exc):
        path = frame.filename.replace(os.sep, "/")
        for part, function, step in _WHERE:
            if part in path and (function is None or frame.name == function):
                found = step
                break
    return found


def _innermost(exc: BaseException) -> BaseException:
    """The exception behind discord.py's wrappers (ExtensionFailed and friends)."""
    for _ in range(5):
        inner = exc.__cause__ or getattr(exc, "original", None)
        if not isinstance(inner, BaseException):
            break
        exc = inner
    return exc


def report_failure(exc: BaseException, database: Path | str, *, was_ready: bool) -> None:
    """Log why the bot stopped on `exc`: the step, what to do, then the traceback."""
    info: tuple[type[BaseException], BaseException, TracebackType | None] = (
        type(exc),
        exc,
        exc.__traceback__,
    )
    cause = _innermost(exc)
    what = f"{type(cause).__name__}: {cause}".rstrip(": ")
    if was_ready:
        log.critical("gin-bot stopped on an unexpected error (%s); report it.", what, exc_info=info)
        return
    step = step_of(exc)
    log.critical(
        "gin-bot could not start: %s failed (%s). What to do: %s",
        step.doing.format(database=shown_target(database)),
        what,
        step.advice,
        exc_info=info,
    )


#: PostgreSQL's error codes (SQLSTATE) for a refused log-in and a missing database.
_PG_REFUSED = ("28P01", "28000")
_PG_NO_DATABASE = "3D000"


def database_problem(exc: BaseException, database: Path | str) -> str | None:
    """One sentence on what to fix when the PostgreSQL server of ``GIN_DATABASE`` cannot be
    reached, refuses the log-in or lacks the database; None for any other failure."""
    target = str(database)
    if not is_postgres_url(target) or step_of(exc) is not DATABASE:
        return None
    cause = _innermost(exc)
    shown = shown_target(target)
    code = getattr(cause, "sqlstate", None)
    if code in _PG_REFUSED:
        return (
            f"The PostgreSQL server refused the user name or password of GIN_DATABASE "
            f"({shown}: {cause}): put a user and password it accepts in GIN_DATABASE."
        )
    if code == _PG_NO_DATABASE:
        return (
            f"The database named in GIN_DATABASE does not exist on its PostgreSQL server "
            f"({shown}: {cause}): create it (createdb) or fix its name in GIN_DATABASE."
        )
    if isinstance(cause, OSError | TimeoutError):
        return (
            f"Could not reach the PostgreSQL server of GIN_DATABASE ({shown}: {cause}): "
            "start the server, or fix the host and port in GIN_DATABASE."
        )
    return None


def _locked(exc: BaseException) -> bool:
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


async def open_store_waiting(
    path: str | os.PathLike[str], *, patience: float = LOCK_PATIENCE, pool_size: int | None = None
) -> Storage:
    """`open_storage` (SQLite for a path, PostgreSQL for a `postgresql://` URL), waiting up
    to `patience` seconds while another process holds a SQLite file locked (SQLite's own
    busy timeout covers only a few seconds). `pool_size`: PostgreSQL's connections."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    warned = False
    while True:
        try:
            return await open_storage(str(path), pool_size=pool_size)
        except sqlite3.OperationalError as exc:
            if not _locked(exc) or loop.time() > deadline:
                raise
            if not warned:
                log.warning(
                    "the database %s is locked by another process (a bot still stopping?): "
                    "waiting up to %.0f s for it",
                    shown_target(path),
                    patience,
                )
                warned = True
            await asyncio.sleep(0.5)


class Readiness:
    """Whether this run got ready once (a later failure is then not a start-up failure)."""

    def __init__(self) -> None:
        self.seen = False

    async def on_ready(self) -> None:
        self.seen = True
