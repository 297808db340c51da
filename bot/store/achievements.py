"""Achievements unlocked by players (the list of achievements is defined in code elsewhere)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.store._db import Db, from_ms
from bot.store.models import Achievement


class Achievements:
    """`store.achievements`."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def unlock(self, user_id: int, keys: Iterable[str]) -> list[str]:
        """Unlock these achievements; return the ones that are new (to announce), in the
        order given. Unlocking one twice keeps the first time."""
        new: list[str] = []
        async with self._db.write() as tx:
            for key in dict.fromkeys(keys):
                if await tx.execute(
                    "INSERT INTO achievements (user_id, key, unlocked_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (user_id, key) DO NOTHING",
                    (user_id, key, tx.now_ms),
                ):
                    new.append(key)
        return new

    async def of(self, user_id: int) -> list[Achievement]:
        """A player's achievements, first unlocked first."""
        rows = await self._db.fetchall(
            "SELECT user_id, key, unlocked_at FROM achievements WHERE user_id = ?"
            " ORDER BY unlocked_at, key",
            (user_id,),
        )
        return [Achievement(row[0], row[1], from_ms(row[2])) for row in rows]
