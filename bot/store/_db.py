"""What the repository modules need from a backend's database, and the helpers they share.

The repositories (`players.py`, `tables/`, ...) hold their SQL, written once with `?`
placeholders in the subset SQLite and PostgreSQL share (docs/store.md, Portability). They
talk to a `Db`: the SQLite backend's `_sql.Database` or PostgreSQL's
`postgres/_pg.PgDatabase`. Nothing here imports a database driver.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

Params = Sequence[Any]
Clock = Callable[[], datetime]


class Row(Protocol):
    """A result row: by column name or position (`sqlite3.Row`, `asyncpg.Record`)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Any: ...


class Tx(Protocol):
    """An open write transaction."""

    now: datetime
    now_ms: int

    async def execute(self, sql: str, params: Params = ...) -> int: ...

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    async def fetchall(self, sql: str, params: Params = ...) -> Sequence[Row]: ...

    async def fetchone(self, sql: str, params: Params = ...) -> Row | None: ...


class Reader(Protocol):
    """Reads from one consistent snapshot."""

    async def fetchall(self, sql: str, params: Params = ...) -> Sequence[Row]: ...

    async def fetchone(self, sql: str, params: Params = ...) -> Row | None: ...


#: One statement of a batched job: ("execute", sql, params) is answered with the number of
#: rows changed, ("fetchone", sql, params) with a row or None; a failing statement's error
#: is thrown into the job at that point.
Step = tuple[Literal["execute", "fetchone"], str, Params]
Steps = Generator[Step, Any, Any]


class BatchJob(Protocol):
    """A write the backend may group with others (`Db.batched`): its statements as a
    generator, so the same job runs synchronously (SQLite's writer thread) or with awaits."""

    def steps(self, now_ms: int) -> Steps: ...


class Db(Protocol):
    """A backend's database as the repositories use it."""

    clock: Clock
    #: "sqlite" or "postgres": for the rare statement written twice (`timers.claim`).
    dialect: str

    @property
    def path(self) -> str: ...

    def now(self) -> datetime: ...

    def write(self) -> AbstractAsyncContextManager[Tx]: ...

    def read(self) -> AbstractAsyncContextManager[Reader]: ...

    async def batched(self, job: BatchJob) -> Any: ...

    async def fetchall(self, sql: str, params: Params = ...) -> Sequence[Row]: ...

    async def fetchone(self, sql: str, params: Params = ...) -> Row | None: ...

    async def close(self) -> None: ...


def run_steps_sync(job: BatchJob, now_ms: int, execute: Callable[[Step], Any]) -> Any:
    """Drive `job` with a synchronous `execute(step)`; return what the job returns."""
    gen = job.steps(now_ms)
    try:
        step = next(gen)
        while True:
            try:
                result = execute(step)
            except Exception as exc:
                step = gen.throw(exc)
            else:
                step = gen.send(result)
    except StopIteration as stop:
        return stop.value


async def run_steps(job: BatchJob, now_ms: int, execute: Callable[[Step], Any]) -> Any:
    """Drive `job` with an async `execute(step)`; return what the job returns."""
    gen = job.steps(now_ms)
    try:
        step = next(gen)
        while True:
            try:
                result = await execute(step)
            except Exception as exc:
                step = gen.throw(exc)
            else:
                step = gen.send(result)
    except StopIteration as stop:
        return stop.value


def is_foreign_key_violation(exc: BaseException) -> bool:
    """A foreign key refused the write (SQLite's IntegrityError, PostgreSQL's 23503)."""
    if getattr(exc, "sqlstate", None) == "23503":
        return True
    return type(exc).__name__ == "IntegrityError" and "FOREIGN KEY" in str(exc)


def utcnow() -> datetime:
    return datetime.now(UTC)


def to_ms(when: datetime) -> int:
    """An aware datetime as integer milliseconds since the epoch (how times are stored)."""
    if when.tzinfo is None:
        raise ValueError("naive datetime: pass an aware one (e.g. datetime.now(UTC))")
    return int(round(when.timestamp() * 1000))


def opt_ms(when: datetime | None) -> int | None:
    return None if when is None else to_ms(when)


def from_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def opt_dt(ms: int | None) -> datetime | None:
    return None if ms is None else from_ms(ms)


def placeholders(n: int) -> str:
    """`?, ?, ?` for an IN list of n bound values (never values themselves)."""
    if n < 1:
        raise ValueError("an IN list needs at least one value")
    return ", ".join("?" * n)


def check_int64(value: int, what: str) -> int:
    if not -(2**63) <= value < 2**63:
        raise ValueError(f"{what} {value} does not fit in a signed 64-bit integer")
    return value


__all__ = [
    "BatchJob",
    "Clock",
    "Db",
    "Params",
    "Reader",
    "Row",
    "Step",
    "Steps",
    "Tx",
]
