"""Statistics per player, per server and over all servers, vs people and vs the computer."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store._db import Db, Row, Tx, from_ms
from bot.store.models import GLOBAL, LeaderboardEntry, LeaderboardSort, MatchLine, StatLine, Versus

# Sort key -> column. Only these literals ever reach the SQL text.
_SORT_COLUMNS: dict[str, str] = {
    "wins": "matches_won",
    "gins": "gins",
    "points": "points_for",
    "streak": "best_streak",
    "played": "matches_played",
}

_COUNTERS = (
    "matches_played",
    "matches_won",
    "matches_lost",
    "matches_resigned",
    "matches_forfeited",
    "rounds_played",
    "rounds_won",
    "gins",
    "big_gins",
    "knocks",
    "undercuts_made",
    "undercuts_suffered",
    "shutouts",
    "points_for",
    "points_against",
)


def _versus(value: str) -> Versus:
    if value not in ("people", "computer"):
        raise ValueError(f"versus must be 'people' or 'computer', not {value!r}")
    return value  # type: ignore[return-value]


def _stat_line(row: Row) -> StatLine:
    return StatLine(
        user_id=row["user_id"],
        guild_id=row["guild_id"],
        versus=_versus(row["versus"]),
        matches_played=row["matches_played"],
        matches_won=row["matches_won"],
        matches_lost=row["matches_lost"],
        matches_resigned=row["matches_resigned"],
        matches_forfeited=row["matches_forfeited"],
        rounds_played=row["rounds_played"],
        rounds_won=row["rounds_won"],
        gins=row["gins"],
        big_gins=row["big_gins"],
        knocks=row["knocks"],
        undercuts_made=row["undercuts_made"],
        undercuts_suffered=row["undercuts_suffered"],
        shutouts=row["shutouts"],
        points_for=row["points_for"],
        points_against=row["points_against"],
        best_match_points=row["best_match_points"],
        best_match_table_id=row["best_match_table_id"],
        current_streak=row["current_streak"],
        best_streak=row["best_streak"],
        updated_at=from_ms(row["updated_at"]),
    )


def _sort_column(sort: str) -> str:
    try:
        return _SORT_COLUMNS[sort]
    except KeyError:
        raise ValueError(f"unknown leaderboard sort {sort!r}") from None


# Counters add up; the streak continues or resets; best values only go up. CASE rather
# than MAX()/GREATEST() because that is the form both SQLite and PostgreSQL accept. Every
# SET expression reads the row as it was before the update (standard SQL).
_UPSERT = """
INSERT INTO player_stats (
    user_id, guild_id, versus, matches_played, matches_won, matches_lost, matches_resigned,
    matches_forfeited, rounds_played, rounds_won, gins, big_gins, knocks, undercuts_made,
    undercuts_suffered, shutouts, points_for, points_against, best_match_points,
    best_match_table_id, current_streak, best_streak, updated_at
) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (user_id, guild_id, versus) DO UPDATE SET
    matches_played = player_stats.matches_played + excluded.matches_played,
    matches_won = player_stats.matches_won + excluded.matches_won,
    matches_lost = player_stats.matches_lost + excluded.matches_lost,
    matches_resigned = player_stats.matches_resigned + excluded.matches_resigned,
    matches_forfeited = player_stats.matches_forfeited + excluded.matches_forfeited,
    rounds_played = player_stats.rounds_played + excluded.rounds_played,
    rounds_won = player_stats.rounds_won + excluded.rounds_won,
    gins = player_stats.gins + excluded.gins,
    big_gins = player_stats.big_gins + excluded.big_gins,
    knocks = player_stats.knocks + excluded.knocks,
    undercuts_made = player_stats.undercuts_made + excluded.undercuts_made,
    undercuts_suffered = player_stats.undercuts_suffered + excluded.undercuts_suffered,
    shutouts = player_stats.shutouts + excluded.shutouts,
    points_for = player_stats.points_for + excluded.points_for,
    points_against = player_stats.points_against + excluded.points_against,
    best_match_table_id = CASE
        WHEN excluded.matches_won > 0
         AND excluded.best_match_points > player_stats.best_match_points
        THEN excluded.best_match_table_id ELSE player_stats.best_match_table_id END,
    best_match_points = CASE
        WHEN excluded.matches_won > 0
         AND excluded.best_match_points > player_stats.best_match_points
        THEN excluded.best_match_points ELSE player_stats.best_match_points END,
    best_streak = CASE
        WHEN excluded.matches_won > 0 AND player_stats.current_streak + 1 > player_stats.best_streak
        THEN player_stats.current_streak + 1 ELSE player_stats.best_streak END,
    current_streak = CASE
        WHEN excluded.matches_won > 0 THEN player_stats.current_streak + 1 ELSE 0 END,
    updated_at = excluded.updated_at
"""


async def record_lines(
    tx: Tx,
    guild_id: int,
    vs_computer: bool,
    lines: Sequence[tuple[int, MatchLine]],
    table_id: int | None,
) -> None:
    """Add a match to each player's statistics in the server and in `GLOBAL` (inside `tx`)."""
    versus = "computer" if vs_computer else "people"
    rows = []
    for user_id, line in lines:
        counters = (
            1,
            int(line.won),
            int(not line.won),
            int(line.resigned),
            int(line.forfeited),
            line.rounds_played,
            line.rounds_won,
            line.gins,
            line.big_gins,
            line.knocks,
            line.undercuts_made,
            line.undercuts_suffered,
            int(line.shutout),
            line.points_for,
            line.points_against,
        )
        best = line.score if line.won else 0
        best_table = table_id if line.won else None
        streak = 1 if line.won else 0
        scopes = (guild_id,) if guild_id == GLOBAL else (guild_id, GLOBAL)
        for scope in scopes:
            rows.append(
                (user_id, scope, versus, *counters, best, best_table, streak, streak, tx.now_ms)
            )
    await tx.executemany(_UPSERT, rows)


class Stats:
    """`store.stats`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def record(
        self,
        guild_id: int,
        lines: Sequence[tuple[int, MatchLine]],
        *,
        vs_computer: bool,
        table_id: int | None = None,
    ) -> None:
        """Add one match to the statistics of each `(user_id, line)`, in one transaction.

        `store.tables.finish_match` does this itself; call this only for results without a
        table (e.g. a tournament no-show).
        """
        async with self._db.write() as tx:
            await record_lines(tx, guild_id, vs_computer, lines, table_id)

    async def get(
        self, user_id: int, guild_id: int = GLOBAL, versus: Versus = "people"
    ) -> StatLine:
        """The record (all zeros for a player without matches in this scope)."""
        row = await self._db.fetchone(
            "SELECT * FROM player_stats WHERE user_id = ? AND guild_id = ? AND versus = ?",
            (user_id, guild_id, _versus(versus)),
        )
        return StatLine(user_id, guild_id, versus) if row is None else _stat_line(row)

    async def all_for(self, user_id: int) -> list[StatLine]:
        rows = await self._db.fetchall(
            "SELECT * FROM player_stats WHERE user_id = ? ORDER BY guild_id, versus",
            (user_id,),
        )
        return [_stat_line(row) for row in rows]

    async def leaderboard(
        self,
        guild_id: int = GLOBAL,
        *,
        sort: LeaderboardSort = "wins",
        versus: Versus = "people",
        limit: int = 10,
        offset: int = 0,
    ) -> list[LeaderboardEntry]:
        """One page of the leaderboard, best first; ties go to the lower user id."""
        column = _sort_column(sort)
        rows = await self._db.fetchall(
            # `column` comes from _SORT_COLUMNS only; every value is bound.
            "SELECT s.*, p.display_name"  # noqa: S608 (whitelisted column)
            " FROM player_stats s LEFT JOIN players p ON p.user_id = s.user_id"
            " WHERE s.guild_id = ? AND s.versus = ?"
            f" ORDER BY s.{column} DESC, s.user_id"
            " LIMIT ? OFFSET ?",
            (guild_id, _versus(versus), limit, offset),
        )
        out = []
        for i, row in enumerate(rows):
            line = _stat_line(row)
            out.append(
                LeaderboardEntry(
                    offset + i + 1, line.user_id, row["display_name"], row[column], line
                )
            )
        return out

    async def rank(
        self,
        user_id: int,
        guild_id: int = GLOBAL,
        *,
        sort: LeaderboardSort = "wins",
        versus: Versus = "people",
    ) -> int | None:
        """The player's place on that leaderboard (1 = top), None if they are not on it."""
        column = _sort_column(sort)
        async with self._db.read() as r:
            row = await r.fetchone(
                f"SELECT {column} FROM player_stats"  # noqa: S608 (whitelisted column)
                " WHERE user_id = ? AND guild_id = ? AND versus = ?",
                (user_id, guild_id, _versus(versus)),
            )
            if row is None:
                return None
            value = row[0]
            # Two index range counts (better than one OR, which defeats the index).
            ahead = await r.fetchone(
                "SELECT (SELECT COUNT(*) FROM player_stats"  # noqa: S608 (whitelisted column)
                f" WHERE guild_id = ? AND versus = ? AND {column} > ?)"
                " + (SELECT COUNT(*) FROM player_stats"
                f" WHERE guild_id = ? AND versus = ? AND {column} = ? AND user_id < ?)",
                (guild_id, versus, value, guild_id, versus, value, user_id),
            )
        assert ahead is not None
        return int(ahead[0]) + 1

    async def count(self, guild_id: int = GLOBAL, *, versus: Versus = "people") -> int:
        """How many players are on the leaderboard (for page counts)."""
        row = await self._db.fetchone(
            "SELECT COUNT(*) FROM player_stats WHERE guild_id = ? AND versus = ?",
            (guild_id, _versus(versus)),
        )
        assert row is not None
        return int(row[0])
