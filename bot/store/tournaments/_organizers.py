"""A server's organizer role."""

from __future__ import annotations

from bot.store._parts import Part


class Organizers(Part):
    """The organizer roles of `store.tournaments`."""

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
