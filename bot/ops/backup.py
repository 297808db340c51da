"""``gin-bot backup PATH`` and ``gin-bot restore PATH`` for a SQLite database.

A backup goes through SQLite's online backup API: one consistent snapshot, taken while the
bot keeps writing (in WAL mode the writer is never blocked), checked and written as one
self-contained file. A restore checks the backup (a SQLite file, this bot's migrations, not
newer than this code, intact), refuses while a bot has the database open, keeps the current
database beside it, then copies the backup in. PostgreSQL has its own tools: the commands
say which and exit 1.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from dotenv import dotenv_values

from bot.app.settings import DEFAULT_DATABASE
from bot.store import is_postgres_url, shown_target
from bot.store.migrate import load_migrations

EXIT_OK, EXIT_FAILED = 0, 1
SQLITE_HEADER = b"SQLite format 3\x00"

PG_BACKUP = (
    "GIN_DATABASE is a PostgreSQL server: back it up with PostgreSQL's own pg_dump, consistent "
    'while the bots run: pg_dump --format=custom --dbname "$GIN_DATABASE" '
    "--file gin-$(date +%F).dump (docs/deploy.md, Backups)."
)
PG_RESTORE = (
    "GIN_DATABASE is a PostgreSQL server: stop every bot process, then restore with "
    'PostgreSQL\'s own pg_restore --clean --if-exists --dbname "$GIN_DATABASE" FILE.dump '
    "(docs/deploy.md, Backups)."
)


class BackupError(Exception):
    """A backup or restore refused; the message is one sentence saying why and what to do."""


def database_target(
    environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
) -> Path | str:
    """``GIN_DATABASE`` as the bot reads it (environment over ``.env``), without needing
    the token: backups run where the token may not be."""
    values: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)
    raw = (values.get("GIN_DATABASE") or "").strip() or DEFAULT_DATABASE
    return raw if "://" in raw else Path(raw)


def command(name: str, path: str) -> int:
    """Run ``backup`` or ``restore`` against ``GIN_DATABASE``; print the outcome."""
    target = database_target()
    if is_postgres_url(str(target)):
        print(f"gin-bot: {PG_BACKUP if name == 'backup' else PG_RESTORE}", file=sys.stderr)
        return EXIT_FAILED
    if name == "backup" and path.endswith(("/", os.sep)):
        Path(path).mkdir(parents=True, exist_ok=True)  # "backups/": a folder, even a new one
    try:
        done = (
            backup(Path(target), Path(path))
            if name == "backup"
            else restore(Path(path), Path(target))
        )
    except BackupError as exc:
        print(f"gin-bot: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except (sqlite3.Error, OSError) as exc:  # a full disk, a folder not writable, ...
        print(f"gin-bot: the {name} failed ({type(exc).__name__}: {exc}).", file=sys.stderr)
        return EXIT_FAILED
    print(done)
    return EXIT_OK


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ")


def backup(source: Path, dest: Path) -> str:
    """Copy the database at ``source`` to ``dest`` (a new file, or a folder to put
    ``gin-<time>.sqlite3`` in); returns the sentence to print."""
    if not source.is_file():
        raise BackupError(f"There is no database at {source} (GIN_DATABASE): nothing to back up.")
    if dest.is_dir():
        folder, stem = dest, f"gin-{_stamp()}"
        dest = folder / f"{stem}.sqlite3"
        for n in range(2, 100):  # two backups within a second: side by side
            if not dest.exists():
                break
            dest = folder / f"{stem}-{n}.sqlite3"
    if dest.exists():
        raise BackupError(f"{dest} already exists: give a new file name, or a folder.")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(source, timeout=30)
    copy = sqlite3.connect(partial, isolation_level=None)
    try:
        # All pages in one step: one snapshot. Step by step, every write of the bot
        # in between would restart the copy.
        src.backup(copy)
        # One file that opens anywhere: no -wal beside it to lose when it is moved.
        copy.execute("PRAGMA journal_mode = DELETE")
        verdict = _integrity(copy)
        version = _versions(copy, source)
    except BaseException as exc:
        copy.close()
        partial.unlink(missing_ok=True)
        if isinstance(exc, sqlite3.DatabaseError) and "not a database" in str(exc):
            raise BackupError(f"{source} is not a SQLite database: check GIN_DATABASE.") from exc
        raise
    finally:
        copy.close()
        src.close()
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise BackupError(
            f"The copy of {source} failed its integrity check ({verdict}): try again."
        )
    partial.replace(dest)
    newest = max(version, default=0)
    return f"Backed up {source} (schema version {newest}) to {dest}."


def restore(backup_file: Path, target: Path) -> str:
    """Put ``backup_file`` in place of the database at ``target`` after checking it; the
    current database is kept beside it. Returns the sentence to print."""
    newest = check_backup(backup_file)
    target.parent.mkdir(parents=True, exist_ok=True)
    kept: Path | None = None
    live = sqlite3.connect(target, timeout=0, isolation_level=None)
    try:
        if target.stat().st_size:
            _refuse_if_in_use(live, target)
            kept = target.with_name(f"{target.name}.before-restore-{_stamp()}")
            with sqlite3.connect(kept) as keep:
                live.backup(keep)
            keep.close()
        src = sqlite3.connect(f"file:{backup_file}?mode=ro", uri=True)
        try:
            src.backup(live)
        finally:
            src.close()
    finally:
        live.close()
    where = f"; the database it replaced is kept as {kept}" if kept else ""
    return (
        f"Restored {backup_file} (schema version {newest}) to {target}{where}. "
        "Start the bot: it brings the schema up to date."
    )


def check_backup(path: Path) -> int:
    """The backup's schema version, once it is known to be an intact gin-bot database no
    newer than this code; else `BackupError`."""
    if not path.is_file():
        raise BackupError(f"There is no file at {path}.")
    with path.open("rb") as f:
        if f.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise BackupError(f"{path} is not a SQLite database, so not a gin-bot backup.")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        versions = _versions(conn, path)
        verdict = _integrity(conn)
    finally:
        conn.close()
    ours = {m.version: m.name for m in load_migrations()}
    newest, known = max(versions, default=0), max(ours, default=0)
    if newest > known:
        raise BackupError(
            f"{path} was written by a newer gin-bot (schema version {newest}, this one knows "
            f"up to {known}): upgrade the bot, then restore."
        )
    if not versions or any(ours.get(v) != name for v, name in versions.items()):
        raise BackupError(f"{path} is not a gin-bot database: its migrations are not this bot's.")
    if verdict != "ok":
        raise BackupError(f"{path} is damaged (integrity check: {verdict}): use another backup.")
    return newest


def _versions(conn: sqlite3.Connection, path: Path) -> dict[int, str]:
    try:
        rows = conn.execute("SELECT version, name FROM schema_migrations").fetchall()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a gin-bot database ({exc}).") from exc
    return {int(v): str(name) for v, name in rows}


def _integrity(conn: sqlite3.Connection) -> str:
    rows = conn.execute("PRAGMA integrity_check").fetchall()
    return "; ".join(str(r[0]) for r in rows[:3])


def _refuse_if_in_use(live: sqlite3.Connection, target: Path) -> None:
    # Leaving WAL mode needs the only connection to the file: a running bot holds two.
    # (Found this way, not guessed from a pid file a crash would leave behind.)
    try:
        mode = str(live.execute("PRAGMA journal_mode = DELETE").fetchone()[0])
    except sqlite3.OperationalError:
        mode = "locked"
    if mode.lower() != "delete":
        raise BackupError(
            f"{shown_target(target)} is in use (is a gin-bot running on it?): stop the bot, "
            "then restore."
        )
