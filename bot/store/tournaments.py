"""Tournaments: sign-up entries, rounds, pairings and their results, organizer roles.

Players are Discord user ids and pairings are keyed by `bot.tournaments`' pairing ids
("r3t2", "W2.1"), so the tournament service maps its types onto rows one to one.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store._db import Db, Row, check_int64, from_ms, opt_dt, opt_ms, placeholders
from bot.store.errors import (
    AlreadyEntered,
    AlreadyRecorded,
    NotFound,
    StaleVersion,
    TournamentFull,
    WrongStatus,
)
from bot.store.models import (
    UNFINISHED,
    Entry,
    EntryStatus,
    NewPairing,
    ResultKind,
    Tournament,
    TournamentFormat,
    TournamentPairing,
    TournamentRound,
    TournamentStatus,
)


def _tournament(row: Row) -> Tournament:
    return Tournament(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        name=row["name"],
        format=row["format"],
        rules=row["rules"],
        target=row["target"],
        settings_json=row["settings_json"],
        status=row["status"],
        organizer_id=row["organizer_id"],
        seed=row["seed"],
        current_round=row["current_round"],
        state_json=row["state_json"],
        version=row["version"],
        created_at=from_ms(row["created_at"]),
        updated_at=from_ms(row["updated_at"]),
    )


def _entry(row: Row) -> Entry:
    return Entry(
        tournament_id=row["tournament_id"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        rating=row["rating"],
        seed=row["seed"],
        status=row["status"],
        final_rank=row["final_rank"],
        joined_at=from_ms(row["joined_at"]),
    )


def _pairing(row: Row) -> TournamentPairing:
    return TournamentPairing(
        tournament_id=row["tournament_id"],
        key=row["pairing_key"],
        round_no=row["round_no"],
        board=row["board"],
        deal_round=row["deal_round"],
        player_a=row["player_a"],
        player_b=row["player_b"],
        table_id=row["table_id"],
        result_kind=row["result_kind"],
        winner_id=row["winner_id"],
        result_json=row["result_json"],
        finished_at=opt_dt(row["finished_at"]),
    )


def _round(row: Row) -> TournamentRound:
    return TournamentRound(
        tournament_id=row["tournament_id"],
        round_no=row["round_no"],
        status=row["status"],
        deadline=opt_dt(row["deadline"]),
        started_at=from_ms(row["started_at"]),
        finished_at=opt_dt(row["finished_at"]),
    )


class Tournaments:
    """`store.tournaments`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    # -- the tournament ---------------------------------------------------------------------

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
        return _tournament(row)

    async def get(self, tournament_id: int) -> Tournament | None:
        row = await self._db.fetchone("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return None if row is None else _tournament(row)

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
        return [_tournament(row) for row in rows]

    async def unfinished(self) -> list[Tournament]:
        """Every tournament in sign-up, running or paused (to resume after a restart)."""
        rows = await self._db.fetchall(
            "SELECT * FROM tournaments WHERE status IN (?, ?, ?) ORDER BY id",
            UNFINISHED,
        )
        return [_tournament(row) for row in rows]

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
        return _tournament(row)

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

    # -- entries --------------------------------------------------------------------------

    async def add_entry(
        self,
        tournament_id: int,
        user_id: int,
        display_name: str,
        *,
        rating: float | None = None,
        max_players: int | None = None,
    ) -> Entry:
        """Sign a player up (sign-up only). `TournamentFull`, `AlreadyEntered`, `WrongStatus`."""
        async with self._db.write() as tx:
            t = await tx.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            if t is None:
                raise NotFound(f"tournament {tournament_id}")
            if t[0] != "signup":
                raise WrongStatus(f"tournament {tournament_id} is {t[0]}, not in sign-up")
            if await tx.fetchone(
                "SELECT 1 FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            ):
                raise AlreadyEntered(f"player {user_id} is already in tournament {tournament_id}")
            if max_players is not None:
                n = await tx.fetchone(
                    "SELECT COUNT(*) FROM tournament_entries WHERE tournament_id = ?",
                    (tournament_id,),
                )
                assert n is not None
                if n[0] >= max_players:
                    raise TournamentFull(f"tournament {tournament_id} has {n[0]} players")
            row = await tx.fetchone(
                "INSERT INTO tournament_entries (tournament_id, user_id, display_name, rating,"
                " status, joined_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
                (tournament_id, user_id, display_name, rating, "active", tx.now_ms),
            )
        assert row is not None
        return _entry(row)

    async def remove_entry(self, tournament_id: int, user_id: int) -> bool:
        """Leave during sign-up (the entry is deleted); True if there was one. Once the
        tournament runs, use `set_entry(status="withdrawn" or "kicked")` instead."""
        async with self._db.write() as tx:
            t = await tx.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            if t is None:
                raise NotFound(f"tournament {tournament_id}")
            if t[0] != "signup":
                raise WrongStatus(f"tournament {tournament_id} is {t[0]}, not in sign-up")
            return (
                await tx.execute(
                    "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
                    (tournament_id, user_id),
                )
                > 0
            )

    async def set_entry(
        self,
        tournament_id: int,
        user_id: int,
        *,
        status: EntryStatus | None = None,
        seed: int | None = None,
        rating: float | None = None,
        final_rank: int | None = None,
    ) -> Entry:
        """Change an entry's status / seed / rating / final rank (None keeps a field)."""
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "UPDATE tournament_entries SET status = COALESCE(?, status),"
                " seed = COALESCE(?, seed), rating = COALESCE(?, rating),"
                " final_rank = COALESCE(?, final_rank)"
                " WHERE tournament_id = ? AND user_id = ? RETURNING *",
                (status, seed, rating, final_rank, tournament_id, user_id),
            )
        if row is None:
            raise NotFound(f"player {user_id} in tournament {tournament_id}")
        return _entry(row)

    async def entries(self, tournament_id: int) -> list[Entry]:
        """Entries in sign-up order."""
        rows = await self._db.fetchall(
            "SELECT * FROM tournament_entries WHERE tournament_id = ? ORDER BY joined_at, user_id",
            (tournament_id,),
        )
        return [_entry(row) for row in rows]

    async def for_player(self, user_id: int) -> list[Tournament]:
        """Tournaments the player entered, newest first."""
        rows = await self._db.fetchall(
            "SELECT * FROM tournaments WHERE id IN"
            " (SELECT tournament_id FROM tournament_entries WHERE user_id = ?) ORDER BY id DESC",
            (user_id,),
        )
        return [_tournament(row) for row in rows]

    # -- rounds and pairings ----------------------------------------------------------------

    async def start_round(
        self,
        tournament_id: int,
        round_no: int,
        pairings: Sequence[NewPairing],
        *,
        deadline: datetime | None = None,
    ) -> list[TournamentPairing]:
        """Open a round with all its pairings, in one transaction (and make it current).
        Byes (`player_b` None) are recorded as won by `player_a` at once."""
        async with self._db.write() as tx:
            if not await tx.execute(
                "UPDATE tournaments SET current_round = ?, updated_at = ? WHERE id = ?",
                (round_no, tx.now_ms, tournament_id),
            ):
                raise NotFound(f"tournament {tournament_id}")
            await tx.execute(
                "INSERT INTO tournament_rounds (tournament_id, round_no, status, deadline,"
                " started_at) VALUES (?, ?, ?, ?, ?)",
                (tournament_id, round_no, "playing", opt_ms(deadline), tx.now_ms),
            )
            await tx.executemany(
                "INSERT INTO tournament_pairings (tournament_id, pairing_key, round_no, board,"
                " deal_round, player_a, player_b, result_kind, winner_id, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        tournament_id,
                        p.key,
                        round_no,
                        p.board,
                        round_no if p.deal_round is None else p.deal_round,
                        p.player_a,
                        p.player_b,
                        "bye" if p.player_b is None else None,
                        p.player_a if p.player_b is None else None,
                        tx.now_ms if p.player_b is None else None,
                    )
                    for p in pairings
                ],
            )
            rows = await tx.fetchall(
                "SELECT * FROM tournament_pairings"
                " WHERE tournament_id = ? AND round_no = ? ORDER BY board, pairing_key",
                (tournament_id, round_no),
            )
        return [_pairing(row) for row in rows]

    async def finish_round(self, tournament_id: int, round_no: int) -> None:
        async with self._db.write() as tx:
            if not await tx.execute(
                "UPDATE tournament_rounds SET status = ?, finished_at = ?"
                " WHERE tournament_id = ? AND round_no = ?",
                ("finished", tx.now_ms, tournament_id, round_no),
            ):
                raise NotFound(f"round {round_no} of tournament {tournament_id}")

    async def rounds(self, tournament_id: int) -> list[TournamentRound]:
        rows = await self._db.fetchall(
            "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY round_no",
            (tournament_id,),
        )
        return [_round(row) for row in rows]

    async def set_pairing_table(self, tournament_id: int, key: str, table_id: int) -> None:
        async with self._db.write() as tx:
            if not await tx.execute(
                "UPDATE tournament_pairings SET table_id = ?"
                " WHERE tournament_id = ? AND pairing_key = ?",
                (table_id, tournament_id, key),
            ):
                raise NotFound(f"pairing {key} of tournament {tournament_id}")

    async def record_result(
        self,
        tournament_id: int,
        key: str,
        kind: ResultKind,
        winner_id: int | None,
        *,
        result_json: str | None = None,
    ) -> TournamentPairing:
        """Record a pairing's result once; a second result raises `AlreadyRecorded` (a
        finished match and a no-show deadline racing cannot both count)."""
        if (kind == "double_forfeit") != (winner_id is None):
            raise ValueError("a double forfeit has no winner; every other result has one")
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "UPDATE tournament_pairings SET result_kind = ?, winner_id = ?,"
                " result_json = ?, finished_at = ?"
                " WHERE tournament_id = ? AND pairing_key = ? AND result_kind IS NULL"
                " RETURNING *",
                (kind, winner_id, result_json, tx.now_ms, tournament_id, key),
            )
            if row is None:
                if await tx.fetchone(
                    "SELECT 1 FROM tournament_pairings WHERE tournament_id = ? AND pairing_key = ?",
                    (tournament_id, key),
                ):
                    raise AlreadyRecorded(f"pairing {key} of tournament {tournament_id}")
                raise NotFound(f"pairing {key} of tournament {tournament_id}")
        return _pairing(row)

    async def pairings(
        self, tournament_id: int, round_no: int | None = None
    ) -> list[TournamentPairing]:
        sql = "SELECT * FROM tournament_pairings WHERE tournament_id = ?"
        params: list[object] = [tournament_id]
        if round_no is not None:
            sql += " AND round_no = ?"
            params.append(round_no)
        rows = await self._db.fetchall(sql + " ORDER BY round_no, board, pairing_key", params)
        return [_pairing(row) for row in rows]

    async def pairing_for_table(self, table_id: int) -> TournamentPairing | None:
        """The pairing a game table plays (to take its result when the match ends)."""
        row = await self._db.fetchone(
            "SELECT * FROM tournament_pairings WHERE table_id = ?", (table_id,)
        )
        return None if row is None else _pairing(row)

    # -- organizer role ---------------------------------------------------------------------

    async def set_organizer_role(self, guild_id: int, role_id: int | None) -> None:
        """Set (or with None, clear) the role allowed to organize tournaments in a server."""
        async with self._db.write() as tx:
            if role_id is None:
                await tx.execute("DELETE FROM organizer_roles WHERE guild_id = ?", (guild_id,))
            else:
                await tx.execute(
                    "INSERT INTO organizer_roles (guild_id, role_id, updated_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id,"
                    " updated_at = excluded.updated_at",
                    (guild_id, role_id, tx.now_ms),
                )

    async def organizer_role(self, guild_id: int) -> int | None:
        row = await self._db.fetchone(
            "SELECT role_id FROM organizer_roles WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else int(row[0])
