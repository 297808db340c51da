"""A tournament itself: created, found, its status, message, settings and state."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store._db import check_int64, placeholders
from bot.store._parts import Part
from bot.store.errors import NotFound, StaleVersion, WrongStatus
from bot.store.models import UNFINISHED, Tournament, TournamentFormat, TournamentStatus

from ._rows import tournament_from


class Lifecycle(Part):
    """The tournament itself, in `store.tournaments`."""

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        *,
        name: str,
        format: TournamentFormat,
        rules: str,
        target: int,
        organizer_id: int,
        settings_json: str = "{}",
        seed: int | None = None,
    ) -> Tournament:
        """A tournament open for sign-up."""
        if seed is not None:
            check_int64(seed, "seed")
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "INSERT INTO tournaments (guild_id, channel_id, name, format, rules, target,"
                " settings_json, status, organizer_id, seed, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
                (
                    guild_id,
                    channel_id,
                    name,
                    format,
                    rules,
                    target,
                    settings_json,
                    "signup",
                    organizer_id,
                    seed,
                    tx.now_ms,
                    tx.now_ms,
                ),
            )
        assert row is not None
        return tournament_from(row)

    async def get(self, tournament_id: int) -> Tournament | None:
        row = await self._db.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return None if row is None else tournament_from(row)

    async def for_guild(
        self,
        guild_id: int,
        *,
        statuses: Sequence[TournamentStatus] | None = None,
        limit: int | None = None,
    ) -> list[Tournament]:
        """A server's tournaments, newest first (optionally only in these statuses, and at
        most ``limit``)."""
        sql = "SELECT * FROM tournaments WHERE guild_id = ?"
        params: list[object] = [guild_id]
        if statuses:
            sql += f" AND status IN ({placeholders(len(statuses))})"
            params.extend(statuses)
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        # Only "?" placeholders are composed into `sql`.
        rows = await self._db.fetchall(sql, params)  # noqa: S608
        return [tournament_from(row) for row in rows]

    async def unfinished(self) -> list[Tournament]:
        """Every tournament in sign-up, running or paused (to resume after a restart)."""
        rows = await self._db.fetchall(
            "SELECT * FROM tournaments WHERE status IN (?, ?, ?) ORDER BY id",
            UNFINISHED,
        )
        return [tournament_from(row) for row in rows]

    async def set_status(
        self,
        tournament_id: int,
        status: TournamentStatus,
        *,
        only_from: Sequence[TournamentStatus] | None = None,
    ) -> Tournament:
        """Change the status; with `only_from`, only from one of those (else `WrongStatus`),
        so e.g. two organizers pressing start at once start it once."""
        sql = "UPDATE tournaments SET status = ?, updated_at = ? WHERE id = ?"
        async with self._db.write() as tx:
            params: list[object] = [status, tx.now_ms, tournament_id]
            if only_from:
                sql += f" AND status IN ({placeholders(len(only_from))})"
                params.extend(only_from)
            row = await tx.fetchone(sql + " RETURNING *", params)
            if row is None:
                current = await tx.fetchone(
                    "SELECT status FROM tournaments WHERE id = ?", (tournament_id,)
                )
                if current is None:
                    raise NotFound(f"tournament {tournament_id}")
                raise WrongStatus(f"tournament {tournament_id} is {current[0]}")
        return tournament_from(row)

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        async with self._db.write() as tx:
            if not await tx.execute(
                "UPDATE tournaments SET message_id = ?, updated_at = ? WHERE id = ?",
                (message_id, tx.now_ms, tournament_id),
            ):
                raise NotFound(f"tournament {tournament_id}")

    async def update_settings(self, tournament_id: int, settings_json: str) -> None:
        async with self._db.write() as tx:
            if not await tx.execute(
                "UPDATE tournaments SET settings_json = ?, updated_at = ? WHERE id = ?",
                (settings_json, tx.now_ms, tournament_id),
            ):
                raise NotFound(f"tournament {tournament_id}")

    async def save_state(self, tournament_id: int, expected_version: int, state_json: str) -> int:
        """Replace the service's state if still at `expected_version`; return the new one."""
        async with self._db.write() as tx:
            changed = await tx.execute(
                "UPDATE tournaments SET state_json = ?, version = version + 1, updated_at = ?"
                " WHERE id = ? AND version = ?",
                (state_json, tx.now_ms, tournament_id, expected_version),
            )
            if not changed:
                row = await tx.fetchone(
                    "SELECT version FROM tournaments WHERE id = ?", (tournament_id,)
                )
                if row is None:
                    raise NotFound(f"tournament {tournament_id}")
                raise StaleVersion("tournament", tournament_id, expected_version, row[0])
        return expected_version + 1
