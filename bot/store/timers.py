"""`store.timers`: the timers every bot process shares (issue 18, docs/deploy.md).

One row per (`kind`, `ref_id`), e.g. ("table", 42): arming it again replaces it. A process
claims the due rows with a lease: on PostgreSQL one `UPDATE ... WHERE id IN (SELECT ... FOR
UPDATE SKIP LOCKED) RETURNING`, so two processes polling at once never claim the same row;
on SQLite (one process) a plain `UPDATE ... RETURNING` with the same lease condition. A
claimed row whose lease ran out (its process died) is due again for anyone.

A timer armed `for_owner` is that process's first: only it claims the row when it is due,
anyone else only once `grace` seconds past due have gone (the process died). The process that
made a table's move then also fires its next timer, after its own notifications of that move
(which another process could otherwise overtake: a round dealt by one process while another
still shows the last round's result).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store._db import Db, Row, Steps, from_ms, opt_dt, to_ms
from bot.store.models import Timer

_COLUMNS = "id, kind, ref_id, what, version, due_at, owner, lease_until"

#: Claimable: due, and not held by a live lease (or armed for the claimer first).
_CLAIMABLE = "due_at <= ? AND (lease_until IS NULL OR lease_until <= ? OR owner = ?)"

#: The `owner` of a timer armed for a process first, before anyone claims it.
_ARMED_FOR = "armed-for:"


#: Arm (insert or replace) one timer row: what `Timers.arm` runs, and `apply_move(timer=)`
#: inside the move's transaction. Parameters: `arm_params`.
ARM_SQL = (
    "INSERT INTO timers (kind, ref_id, what, version, due_at, owner, lease_until)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (kind, ref_id) DO UPDATE SET what = excluded.what,"
    " version = excluded.version, due_at = excluded.due_at, owner = excluded.owner,"
    " lease_until = excluded.lease_until WHERE timers.version <= excluded.version"
)


def arm_params(
    kind: str,
    ref_id: int,
    what: str,
    version: int,
    due: datetime,
    for_owner: str | None,
    grace: float,
) -> tuple[object, ...]:
    """The bound values of `ARM_SQL`: armed for `for_owner` first (no one else claims it
    until `grace` seconds after `due`), or for anyone."""
    owner = None if for_owner is None else _ARMED_FOR + for_owner
    held = None if for_owner is None else to_ms(due) + int(grace * 1000)
    return (kind, ref_id, what, version, to_ms(due), owner, held)


def _timer(row: Row) -> Timer:
    return Timer(
        id=row["id"],
        kind=row["kind"],
        ref_id=row["ref_id"],
        what=row["what"],
        version=row["version"],
        due_at=from_ms(row["due_at"]),
        owner=row["owner"],
        lease_until=opt_dt(row["lease_until"]),
    )


class _Statement:
    """A one-statement batched job (rides the hot path's group commit on SQLite)."""

    def __init__(self, sql: str, params: Sequence[object]) -> None:
        self.sql = sql
        self.params = params

    def steps(self, now_ms: int) -> Steps:
        changed: int = yield ("execute", self.sql, self.params)
        return changed


class Timers:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def arm(
        self,
        kind: str,
        ref_id: int,
        what: str,
        version: int,
        due: datetime,
        *,
        for_owner: str | None = None,
        grace: float = 0.0,
    ) -> None:
        """Set the timer of (`kind`, `ref_id`), replacing the one there unless that one was
        armed at a later version; it is unclaimed again. With `for_owner`, that process
        alone may claim it until `grace` seconds after `due`."""
        changed: int = await self._db.batched(
            _Statement(ARM_SQL, arm_params(kind, ref_id, what, version, due, for_owner, grace))
        )
        del changed

    async def claim(self, owner: str, now: datetime, lease: float, limit: int = 50) -> list[Timer]:
        """Claim up to `limit` due timers for `owner` until `now` + `lease` seconds, earliest
        first; none that another process holds under a live lease."""
        now_ms = to_ms(now)
        until = now_ms + int(lease * 1000)
        if self._db.dialect == "postgres":
            rows = await self._db.fetchall(
                f"UPDATE timers SET owner = ?, lease_until = ? WHERE id IN"  # noqa: S608
                f" (SELECT id FROM timers WHERE {_CLAIMABLE} ORDER BY due_at LIMIT ?"
                f" FOR UPDATE SKIP LOCKED) RETURNING {_COLUMNS}",
                (owner, until, now_ms, now_ms, _ARMED_FOR + owner, limit),
            )
        else:
            async with self._db.write() as tx:
                rows = await tx.fetchall(
                    f"UPDATE timers SET owner = ?, lease_until = ? WHERE id IN"  # noqa: S608
                    f" (SELECT id FROM timers WHERE {_CLAIMABLE} ORDER BY due_at LIMIT ?)"
                    f" RETURNING {_COLUMNS}",
                    (owner, until, now_ms, now_ms, _ARMED_FOR + owner, limit),
                )
        return sorted((_timer(r) for r in rows), key=lambda t: (t.due_at, t.id))

    async def done(self, timer: Timer) -> bool:
        """Delete a fired timer, unless it was armed again meanwhile (another `what`,
        version or time) or another process took it over. True if it was deleted."""
        changed: int = await self._db.batched(
            _Statement(
                "DELETE FROM timers WHERE id = ? AND what = ? AND version = ? AND due_at = ?"
                " AND owner = ?",
                (timer.id, timer.what, timer.version, to_ms(timer.due_at), timer.owner),
            )
        )
        return changed > 0

    async def cancel(self, kind: str, ref_id: int) -> None:
        """Remove the timer of (`kind`, `ref_id`), if any."""
        await self._db.batched(
            _Statement("DELETE FROM timers WHERE kind = ? AND ref_id = ?", (kind, ref_id))
        )

    async def get(self, kind: str, ref_id: int) -> Timer | None:
        """The timer of (`kind`, `ref_id`), or None."""
        row = await self._db.fetchone(
            f"SELECT {_COLUMNS} FROM timers WHERE kind = ? AND ref_id = ?",  # noqa: S608
            (kind, ref_id),
        )
        return None if row is None else _timer(row)

    async def left_by(self, kind: str, role: str, *, but: str = "") -> list[Timer]:
        """The timers of `kind` armed for, or claimed by, a process of `role` (an owner named
        ``<role>@...``) other than `but`, by `ref_id`: what a restarted process's
        predecessor left."""
        mine, armed = role + "@", _ARMED_FOR + role + "@"
        rows = await self._db.fetchall(
            f"SELECT {_COLUMNS} FROM timers WHERE kind = ?"  # noqa: S608
            " AND (substr(owner, 1, ?) = ? OR substr(owner, 1, ?) = ?)"
            " AND owner <> ? AND owner <> ? ORDER BY ref_id",
            (kind, len(mine), mine, len(armed), armed, but, _ARMED_FOR + but),
        )
        return [_timer(row) for row in rows]

    async def sweep_tables(self, now: datetime) -> int:
        """A safety net: a playing table with no timer at all (a timer armed by a statement
        of its own, such as the turn's end after its reminder, that failed or whose process
        died first) gets a "check" timer due `now`, which looks at the table and arms what is
        due. Returns how many were armed."""
        changed: int = await self._db.batched(
            _Statement(
                "INSERT INTO timers (kind, ref_id, what, version, due_at)"
                " SELECT ?, g.id, ?, g.version, ? FROM game_tables g WHERE g.status = ?"
                " AND NOT EXISTS (SELECT 1 FROM timers t WHERE t.kind = ? AND t.ref_id = g.id)"
                " ON CONFLICT (kind, ref_id) DO NOTHING",
                ("table", "check", to_ms(now), "playing", "table"),
            )
        )
        return changed
