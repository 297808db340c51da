"""Servers: what a server's admins set for the bot there (its language for public messages)."""

from __future__ import annotations

from bot.store._db import Db


class Guilds:
    """`store.guilds`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def set_language(self, guild_id: int, language: str | None) -> None:
        """The server's language for public messages (en/es/fr), or None to follow
        Discord's server language. The row stays when cleared (`updated_at` moves)."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, language, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET"
                " language = excluded.language, updated_at = excluded.updated_at",
                (guild_id, language, tx.now_ms),
            )

    async def language(self, guild_id: int) -> str | None:
        row = await self._db.fetchone(
            "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None or row[0] is None else str(row[0])

    async def languages(self) -> dict[int, str]:
        """Every server whose admins set a language, with it."""
        rows = await self._db.fetchall(
            "SELECT guild_id, language FROM guild_settings WHERE language IS NOT NULL", ()
        )
        return {int(row[0]): str(row[1]) for row in rows}
