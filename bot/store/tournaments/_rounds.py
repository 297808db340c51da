"""Rounds and pairings: started with their pairings, finished; tables and results."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.store._db import opt_ms
from bot.store._parts import Part
from bot.store.errors import AlreadyRecorded, NotFound
from bot.store.models import NewPairing, ResultKind, TournamentPairing, TournamentRound

from ._rows import pairing_from, round_from


class Rounds(Part):
    """The rounds and pairings of `store.tournaments`."""

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
        return [pairing_from(row) for row in rows]

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
        return [round_from(row) for row in rows]

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
        return pairing_from(row)

    async def pairings(
        self, tournament_id: int, round_no: int | None = None
    ) -> list[TournamentPairing]:
        sql = "SELECT * FROM tournament_pairings WHERE tournament_id = ?"
        params: list[object] = [tournament_id]
        if round_no is not None:
            sql += " AND round_no = ?"
            params.append(round_no)
        rows = await self._db.fetchall(sql + " ORDER BY round_no, board, pairing_key", params)
        return [pairing_from(row) for row in rows]

    async def pairing_for_table(self, table_id: int) -> TournamentPairing | None:
        """The pairing a game table plays (to take its result when the match ends)."""
        row = await self._db.fetchone(
            "SELECT * FROM tournament_pairings WHERE table_id = ?", (table_id,)
        )
        return None if row is None else pairing_from(row)
