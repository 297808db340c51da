"""Forget-me: a player's data exported, then erased."""

from __future__ import annotations

from typing import Any

from bot.store.errors import PlayerInGame

from ._model import CircleError
from ._part import Part


class Privacy(Part):
    """A player's data: exported, erased."""

    async def export(self, user_id: int) -> dict[str, Any]:
        """Everything stored about the player (shown before they confirm erasure)."""
        return await self.store.privacy.export_player(user_id)

    async def forget(self, user_id: int) -> dict[str, int]:
        """Erase the player; finished games keep an anonymous seat."""
        try:
            erased = await self.store.privacy.erase_player(user_id)
        except PlayerInGame as exc:
            raise CircleError("forget-in-game") from exc
        for drop in self.forgotten:
            drop(user_id)
        return erased
