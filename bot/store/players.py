"""Players: display name, online/offline, locale, per-player settings, closed DMs."""

from __future__ import annotations

import time
from collections.abc import Iterable

from bot.store._db import Db, Row, Tx, from_ms, placeholders
from bot.store.errors import NotFound
from bot.store.models import FOLLOW_DISCORD, Player, PlayerSettings


def _settings(user_id: int, row: Row | tuple[object, ...]) -> PlayerSettings:
    language = row[4]
    return PlayerSettings(
        user_id,
        bool(row[0]),
        bool(row[1]),
        bool(row[2]),
        bool(row[3]),
        str(language) if language is not None else None,
    )


def _player(row: Row) -> Player:
    return Player(
        user_id=row["user_id"],
        display_name=row["display_name"],
        online=bool(row["online"]),
        locale=row["locale"],
        created_at=from_ms(row["created_at"]),
        updated_at=from_ms(row["updated_at"]),
    )


async def upsert_player(
    tx: Tx,
    user_id: int,
    display_name: str,
    *,
    locale: str | None = None,
    online: bool | None = None,
) -> Player:
    """`Players.upsert` inside a transaction the caller holds (a challenge's players are
    written with it, `Challenges.create`)."""
    row = await tx.fetchone(
        "INSERT INTO players (user_id, display_name, online, locale, created_at,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET"
        " display_name = excluded.display_name,"
        " locale = COALESCE(?, players.locale),"
        " online = COALESCE(?, players.online),"
        " updated_at = excluded.updated_at"
        " RETURNING *",
        (
            user_id,
            display_name,
            True if online is None else online,
            locale,
            tx.now_ms,
            tx.now_ms,
            locale,
            online,
        ),
    )
    assert row is not None
    return _player(row)


class Players:
    """`store.players`: who plays, how they want to see the game, whether DMs reach them."""

    #: Settings kept in memory (read for every hand picture): plenty for every active player.
    SETTINGS_CACHED = 50_000
    #: On a database several processes share (PostgreSQL): seconds a player's settings are
    #: used from memory before they are read again. A change made through this store is seen
    #: at once (`update_settings`, `forget`); one made by another process (docs/deploy.md)
    #: within this time. SQLite has one process, whose memory never goes stale.
    SETTINGS_FRESH = 60.0

    def __init__(self, db: Db) -> None:
        self._db = db
        self._shared = db.dialect == "postgres"
        # user id -> (settings, when they were read)
        self._settings: dict[int, tuple[PlayerSettings, float]] = {}

    async def upsert(
        self,
        user_id: int,
        display_name: str,
        *,
        locale: str | None = None,
        online: bool | None = None,
    ) -> Player:
        """Create the player or refresh their name (and locale/online when given)."""
        async with self._db.write() as tx:
            return await upsert_player(tx, user_id, display_name, locale=locale, online=online)

    async def get(self, user_id: int) -> Player | None:
        row = await self._db.fetchone("SELECT * FROM players WHERE user_id = ?", (user_id,))
        return None if row is None else _player(row)

    async def get_many(self, user_ids: Iterable[int]) -> dict[int, Player]:
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await self._db.fetchall(
            f"SELECT * FROM players WHERE user_id IN ({placeholders(len(ids))})",  # noqa: S608 (placeholders only)
            ids,
        )
        return {row["user_id"]: _player(row) for row in rows}

    async def set_online(self, user_id: int, online: bool) -> Player:
        """`/gin me online`, `/gin me offline`. Raises `NotFound` for an unknown player."""
        return await self._set(
            "UPDATE players SET online = ?, updated_at = ? WHERE user_id = ? RETURNING *",
            user_id,
            online,
        )

    async def set_locale(self, user_id: int, locale: str | None) -> Player:
        return await self._set(
            "UPDATE players SET locale = ?, updated_at = ? WHERE user_id = ? RETURNING *",
            user_id,
            locale,
        )

    async def _set(self, sql: str, user_id: int, value: object) -> Player:
        async with self._db.write() as tx:
            row = await tx.fetchone(sql, (value, tx.now_ms, user_id))
        if row is None:
            raise NotFound(f"player {user_id}")
        return _player(row)

    # -- settings -------------------------------------------------------------------------

    async def settings(self, user_id: int) -> PlayerSettings:
        known = self._settings.get(user_id)
        if known is not None and (
            not self._shared or time.monotonic() - known[1] < self.SETTINGS_FRESH
        ):
            return known[0]
        row = await self._db.fetchone(
            "SELECT images, four_colour, dark, turn_alerts, language FROM player_settings"
            " WHERE user_id = ?",
            (user_id,),
        )
        found = PlayerSettings(user_id) if row is None else _settings(user_id, row)
        self._remember(found)
        return found

    def _remember(self, settings: PlayerSettings) -> None:
        self._settings.pop(settings.user_id, None)  # to the end: the newest entry
        if len(self._settings) >= self.SETTINGS_CACHED:
            self._settings.pop(next(iter(self._settings)))  # the oldest entry
        self._settings[settings.user_id] = (settings, time.monotonic())

    def forget(self, user_id: int) -> None:
        """Drop what is kept in memory about the player (after their data is erased)."""
        self._settings.pop(user_id, None)

    async def update_settings(
        self,
        user_id: int,
        *,
        images: bool | None = None,
        four_colour: bool | None = None,
        dark: bool | None = None,
        turn_alerts: bool | None = None,
        language: str | None = None,
    ) -> PlayerSettings:
        """Change the settings given (None leaves one as it is); return them all.
        ``language``: en/es/fr, or :data:`FOLLOW_DISCORD` to forget the choice."""
        default = PlayerSettings(user_id)
        chosen = None if language in (None, FOLLOW_DISCORD) else language
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "INSERT INTO player_settings"
                " (user_id, images, four_colour, dark, turn_alerts, language, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET"
                " images = COALESCE(?, player_settings.images),"
                " four_colour = COALESCE(?, player_settings.four_colour),"
                " dark = COALESCE(?, player_settings.dark),"
                " turn_alerts = COALESCE(?, player_settings.turn_alerts),"
                " language = CASE WHEN ? THEN excluded.language ELSE player_settings.language END,"
                " updated_at = excluded.updated_at"
                " RETURNING images, four_colour, dark, turn_alerts, language",
                (
                    user_id,
                    default.images if images is None else images,
                    default.four_colour if four_colour is None else four_colour,
                    default.dark if dark is None else dark,
                    default.turn_alerts if turn_alerts is None else turn_alerts,
                    chosen,
                    tx.now_ms,
                    images,
                    four_colour,
                    dark,
                    turn_alerts,
                    language is not None,
                ),
            )
        assert row is not None
        changed = _settings(user_id, row)
        self._remember(changed)
        return changed

    # -- DM channels ----------------------------------------------------------------------

    async def dm_channel(self, user_id: int) -> int | None:
        """The bot's DM channel with this player, if Discord gave it once."""
        row = await self._db.fetchone(
            "SELECT dm_channel_id FROM players WHERE user_id = ?", (user_id,)
        )
        return None if row is None or row[0] is None else int(row[0])

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Keep the DM channel's id (a player not yet known to the store is not kept)."""
        async with self._db.write() as tx:
            await tx.execute(
                "UPDATE players SET dm_channel_id = ? WHERE user_id = ?", (channel_id, user_id)
            )

    # -- closed DMs -----------------------------------------------------------------------

    async def mark_dm_closed(self, user_id: int) -> None:
        """A DM to this user failed: don't retry until `clear_dm_closed` (they interacted)."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO closed_dms (user_id, closed_at) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id, tx.now_ms),
            )

    async def clear_dm_closed(self, user_id: int) -> bool:
        """Forget the failure; True if there was one."""
        async with self._db.write() as tx:
            return await tx.execute("DELETE FROM closed_dms WHERE user_id = ?", (user_id,)) > 0

    async def dm_closed(self, user_id: int) -> bool:
        row = await self._db.fetchone("SELECT 1 FROM closed_dms WHERE user_id = ?", (user_id,))
        return row is not None

    async def dm_closed_among(self, user_ids: Iterable[int]) -> set[int]:
        """Which of these users have closed DMs (one query for a whole table)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return set()
        rows = await self._db.fetchall(
            f"SELECT user_id FROM closed_dms WHERE user_id IN ({placeholders(len(ids))})",  # noqa: S608
            ids,
        )
        return {row[0] for row in rows}
