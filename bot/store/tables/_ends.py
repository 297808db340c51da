"""The end of a match: finished into the history and the stats, or abandoned."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.store._parts import Part
from bot.store.errors import NotFound
from bot.store.models import ACTIVE_STATUSES, EndedBy, MatchLine, RatingUpdate
from bot.store.ratings import put_ratings
from bot.store.stats import record_lines

from ._rows import VERSION_AND_STATUS, refuse, require


class Ends(Part):
    """How a match ends, in `store.tables`."""

    async def finish_match(
        self,
        table_id: int,
        expected_version: int,
        *,
        winner_seat: int | None,
        ended_by: EndedBy,
        lines: Mapping[int, MatchLine],
        state_json: str | None = None,
        ratings: Sequence[RatingUpdate] = (),
    ) -> int:
        """End a match in one transaction: the table is finished, the match goes into the
        history, each seated person's `lines[seat_no]` into their stats (server and global,
        vs people or vs computer), and the new `ratings` are stored. Returns the new version.
        A ``forfeit`` (a match never really played: a tournament no-show) goes into the
        history only, not into the stats.
        """
        new_version = expected_version + 1
        async with self._db.write() as tx:
            if state_json is None:
                changed = await tx.execute(
                    "UPDATE game_tables SET status = ?, version = ?, turn_deadline = NULL,"
                    " updated_at = ? WHERE id = ? AND version = ? AND status = ?",
                    ("finished", new_version, tx.now_ms, table_id, expected_version, "playing"),
                )
            else:
                changed = await tx.execute(
                    "UPDATE game_tables SET status = ?, version = ?, state_json = ?,"
                    " snapshot_version = ?, turn_deadline = NULL, updated_at = ?"
                    " WHERE id = ? AND version = ? AND status = ?",
                    (
                        "finished",
                        new_version,
                        state_json,
                        new_version,
                        tx.now_ms,
                        table_id,
                        expected_version,
                        "playing",
                    ),
                )
            if not changed:
                await refuse(tx, table_id, expected_version, ("playing",))
            table = await require(tx, table_id)
            seat_nos = {s.seat_no for s in table.seats}
            if not set(lines) <= seat_nos:
                raise ValueError(f"lines for seats {sorted(set(lines) - seat_nos)} not at table")
            if winner_seat is not None and winner_seat not in seat_nos:
                raise ValueError(f"winner seat {winner_seat} is not at the table")
            rounds = await tx.fetchone(
                "SELECT COUNT(*) FROM rounds WHERE table_id = ?", (table_id,)
            )
            assert rounds is not None
            await tx.execute(
                "INSERT INTO matches (table_id, guild_id, rules, target, vs_computer,"
                " winner_seat, ended_by, rounds, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    table.guild_id,
                    table.rules,
                    table.target,
                    table.vs_computer,
                    winner_seat,
                    ended_by,
                    rounds[0],
                    tx.now_ms,
                ),
            )
            await tx.executemany(
                "INSERT INTO match_players (table_id, seat_no, user_id, computer_level,"
                " display_name, score, won, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        table_id,
                        s.seat_no,
                        s.user_id,
                        s.computer_level,
                        s.display_name,
                        lines[s.seat_no].score if s.seat_no in lines else 0,
                        s.seat_no == winner_seat,
                        tx.now_ms,
                    )
                    for s in table.seats
                ],
            )
            people = [
                (s.user_id, lines[s.seat_no])
                for s in table.seats
                if s.user_id is not None and s.seat_no in lines
            ]
            if ended_by != "forfeit":  # a match never really played is kept out of stats
                await record_lines(tx, table.guild_id, table.vs_computer, people, table_id)
            await put_ratings(tx, ratings)
        return new_version

    async def abandon(self, table_id: int, expected_version: int | None = None) -> int:
        """Lobby or playing -> abandoned (no history, no stats); returns the new version.
        Without `expected_version` it is unconditional (e.g. clean-up)."""
        async with self._db.write() as tx:
            row = await tx.fetchone(VERSION_AND_STATUS, (table_id,))
            if row is None:
                raise NotFound(f"table {table_id}")
            version = row["version"] if expected_version is None else expected_version
            changed = await tx.execute(
                "UPDATE game_tables SET status = ?, version = version + 1, turn_deadline = NULL,"
                " updated_at = ? WHERE id = ? AND version = ? AND status IN (?, ?)",
                ("abandoned", tx.now_ms, table_id, version, *ACTIVE_STATUSES),
            )
            if not changed:
                await refuse(tx, table_id, version, ACTIVE_STATUSES)
        return version + 1
