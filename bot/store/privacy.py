"""What the bot stores about a player (`/gin me forget-me` shows it) and erasing it.

Erasure deletes the player's own rows (profile, settings, stats, relations both ways,
achievements, ratings, challenges, closed-DM flag). Finished games keep an anonymous seat
(no user id, name "deleted player") so the other players' history still adds up; in
tournaments that are under way or over, the entry keeps a negative pseudonym instead of the
user id for the same reason. JSON the services store (match state, actions, results) must
name players by seat, never by id or name; the store cannot look inside it.
"""

from __future__ import annotations

from typing import Any

from bot.store._db import Db, Reader, Row, from_ms
from bot.store.errors import PlayerInGame
from bot.store.models import ACTIVE_STATUSES, DELETED_PLAYER
from bot.store.players import Players

_TIME_COLUMNS = {
    "created_at",
    "updated_at",
    "closed_at",
    "unlocked_at",
    "joined_at",
    "finished_at",
    "expires_at",
    "resolved_at",
}


def _plain(row: Row) -> dict[str, Any]:
    """A row as a JSON-ready dict: times as ISO 8601 strings, flags as booleans."""
    out: dict[str, Any] = {}
    for key in row.keys():  # noqa: SIM118 (iterating a sqlite3.Row yields values)
        value = row[key]
        if key in _TIME_COLUMNS and value is not None:
            value = from_ms(value).isoformat()
        elif key in {"online", "images", "four_colour", "dark", "won", "removed", "resigned"}:
            value = bool(value)
        out[key] = value
    return out


async def _all(r: Reader, sql: str, params: tuple[object, ...]) -> list[dict[str, Any]]:
    return [_plain(row) for row in await r.fetchall(sql, params)]


class Privacy:
    """`store.privacy`."""

    def __init__(self, db: Db, players: Players) -> None:
        self._db = db
        self._players = players

    async def export_player(self, user_id: int) -> dict[str, Any]:
        """Everything stored about the player, as plain JSON-ready data. Relations are the
        ones they made (who blocked or muted them is the other player's business)."""
        u = (user_id,)
        async with self._db.read() as r:
            player = await _all(
                r,
                "SELECT display_name, online, locale, dm_channel_id, created_at, updated_at"
                " FROM players WHERE user_id = ?",
                u,
            )
            settings = await _all(
                r,
                "SELECT images, four_colour, dark, turn_alerts, language, updated_at FROM player_settings"
                " WHERE user_id = ?",
                u,
            )
            closed = await _all(r, "SELECT closed_at FROM closed_dms WHERE user_id = ?", u)
            data: dict[str, Any] = {
                "user_id": user_id,
                "player": player[0] if player else None,
                "settings": settings[0] if settings else None,
                "dm_closed_since": closed[0]["closed_at"] if closed else None,
                "stats": await _all(
                    r,
                    "SELECT * FROM player_stats WHERE user_id = ? ORDER BY guild_id, versus",
                    u,
                ),
                "relations": await _all(
                    r,
                    "SELECT target_id, kind, created_at FROM relations WHERE user_id = ?"
                    " ORDER BY created_at, target_id, kind",
                    u,
                ),
                "achievements": await _all(
                    r,
                    "SELECT key, unlocked_at FROM achievements WHERE user_id = ?"
                    " ORDER BY unlocked_at, key",
                    u,
                ),
                "ratings": await _all(
                    r,
                    "SELECT scope, rating, rd, volatility, games, updated_at FROM ratings"
                    " WHERE user_id = ? ORDER BY scope",
                    u,
                ),
                "challenges": await _all(
                    r,
                    "SELECT id, guild_id, channel_id, challenger_id, opponent_id, rules, target,"
                    " status, created_at, expires_at, resolved_at FROM challenges"
                    " WHERE challenger_id = ? OR opponent_id = ? ORDER BY id",
                    (user_id, user_id),
                ),
                "tables": await _all(
                    r,
                    "SELECT t.id AS table_id, t.guild_id, t.channel_id, t.rules, t.status,"
                    " s.seat_no, s.display_name, s.removed, s.resigned, s.joined_at"
                    " FROM seats s JOIN game_tables t ON t.id = s.table_id"
                    " WHERE s.user_id = ? ORDER BY t.id",
                    u,
                ),
                "matches": await _all(
                    r,
                    "SELECT m.table_id, m.guild_id, m.rules, m.target, m.vs_computer,"
                    " m.ended_by, m.rounds, mp.seat_no, mp.score, mp.won, m.finished_at"
                    " FROM match_players mp JOIN matches m ON m.table_id = mp.table_id"
                    " WHERE mp.user_id = ? ORDER BY m.finished_at, m.table_id",
                    u,
                ),
                "tournaments": await _all(
                    r,
                    "SELECT t.id AS tournament_id, t.guild_id, t.name, t.status,"
                    " e.display_name, e.rating, e.seed, e.status AS entry_status,"
                    " e.final_rank, e.joined_at"
                    " FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id"
                    " WHERE e.user_id = ? ORDER BY t.id",
                    u,
                ),
            }
        for match in data["matches"]:
            match["vs_computer"] = bool(match["vs_computer"])
        return data

    async def erase_player(self, user_id: int) -> dict[str, int]:
        """Erase the player (one transaction); return how many rows each step touched.

        Raises `PlayerInGame` while they sit at a lobby or playing table: leave or resign
        first, so no game in progress loses a seat under its feet.
        """
        u = (user_id,)
        done: dict[str, int] = {}
        async with self._db.write() as tx:
            busy = await tx.fetchall(
                "SELECT t.id FROM seats s JOIN game_tables t ON t.id = s.table_id"
                " WHERE s.user_id = ? AND t.status IN (?, ?) ORDER BY t.id",
                (user_id, *ACTIVE_STATUSES),
            )
            if busy:
                raise PlayerInGame(user_id, [row[0] for row in busy])
            for table, sql in (
                ("players", "DELETE FROM players WHERE user_id = ?"),
                ("player_settings", "DELETE FROM player_settings WHERE user_id = ?"),
                ("closed_dms", "DELETE FROM closed_dms WHERE user_id = ?"),
                ("achievements", "DELETE FROM achievements WHERE user_id = ?"),
                ("player_stats", "DELETE FROM player_stats WHERE user_id = ?"),
                ("ratings", "DELETE FROM ratings WHERE user_id = ?"),
            ):
                done[table] = await tx.execute(sql, u)
            done["relations"] = await tx.execute(
                "DELETE FROM relations WHERE user_id = ? OR target_id = ?", (user_id, user_id)
            )
            done["challenges"] = await tx.execute(
                "DELETE FROM challenges WHERE challenger_id = ? OR opponent_id = ?",
                (user_id, user_id),
            )
            done["seats"] = await tx.execute(
                "UPDATE seats SET user_id = NULL, display_name = ?, dm_channel_id = NULL,"
                " dm_message_id = NULL WHERE user_id = ?",
                (DELETED_PLAYER, user_id),
            )
            done["match_players"] = await tx.execute(
                "UPDATE match_players SET user_id = NULL, display_name = ? WHERE user_id = ?",
                (DELETED_PLAYER, user_id),
            )
            done["hosted_tables"] = await tx.execute(
                "UPDATE game_tables SET host_id = NULL WHERE host_id = ?", u
            )
            done["organized_tournaments"] = await tx.execute(
                "UPDATE tournaments SET organizer_id = NULL WHERE organizer_id = ?", u
            )
            done["tournament_entries"] = await tx.execute(
                "DELETE FROM tournament_entries WHERE user_id = ? AND tournament_id IN"
                " (SELECT id FROM tournaments WHERE status = ?)",
                (user_id, "signup"),
            )
            entries = await tx.fetchall(
                "SELECT tournament_id FROM tournament_entries WHERE user_id = ?", u
            )
            for entry in entries:
                tid = entry[0]
                low = await tx.fetchone(
                    "SELECT MIN(user_id) FROM tournament_entries WHERE tournament_id = ?", (tid,)
                )
                assert low is not None
                pseudonym = min(int(low[0]), 0) - 1
                await tx.execute(
                    "UPDATE tournament_entries SET user_id = ?, display_name = ?"
                    " WHERE tournament_id = ? AND user_id = ?",
                    (pseudonym, DELETED_PLAYER, tid, user_id),
                )
                for sql in (
                    "UPDATE tournament_pairings SET player_a = ?"
                    " WHERE tournament_id = ? AND player_a = ?",
                    "UPDATE tournament_pairings SET player_b = ?"
                    " WHERE tournament_id = ? AND player_b = ?",
                    "UPDATE tournament_pairings SET winner_id = ?"
                    " WHERE tournament_id = ? AND winner_id = ?",
                ):
                    await tx.execute(sql, (pseudonym, tid, user_id))
                done["tournament_entries"] += 1
        self._players.forget(user_id)
        return done
