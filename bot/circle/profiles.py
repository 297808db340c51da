"""A player's profile as the Discord side needs it: their settings and saved language, their
Discord name and locale as last seen, their DM channel and whether their DMs are closed, and
whom they marked as favorites. No Discord types: ids and plain values in, plain values out.

`bot/ui` reads and writes players through this service alone (it knows no store).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.store.models import PlayerSettings
from bot.store.repositories import Storage

__all__ = ["PlayerSettings", "Profiles"]


class Profiles:
    """The players' profiles, kept in the store (its settings are cached there)."""

    def __init__(self, store: Storage) -> None:
        self._players = store.players
        self._relations = store.relations

    # ----- settings and language ---------------------------------------------------------

    async def settings(self, user_id: int) -> PlayerSettings:
        """What the player chose in `/gin me settings` (the defaults when they never chose)."""
        return await self._players.settings(user_id)

    async def language(self, user_id: int) -> str | None:
        """The player's `/gin me settings language` choice; None: follow Discord."""
        return (await self._players.settings(user_id)).language

    # ----- as last seen on Discord -------------------------------------------------------

    async def locale(self, user_id: int) -> str | None:
        """The player's Discord locale as last kept (`seen`); None when never seen."""
        player = await self._players.get(user_id)
        return player.locale if player is not None and player.locale else None

    async def seen(self, user_id: int, name: str, locale: str) -> None:
        """The player used the bot: keep their display name and Discord locale (a player
        new to the store is created)."""
        await self._players.upsert(user_id, name, locale=locale)

    # ----- direct messages ---------------------------------------------------------------

    async def dm_channel(self, user_id: int) -> int | None:
        """The bot's DM channel with the player, if Discord gave it once."""
        return await self._players.dm_channel(user_id)

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Keep the player's DM channel id (a player not yet in the store is not kept)."""
        await self._players.set_dm_channel(user_id, channel_id)

    async def dms_closed(self, user_id: int) -> bool:
        """Whether a DM to the player failed as closed and they have not interacted since."""
        return await self._players.dm_closed(user_id)

    async def close_dms(self, user_id: int) -> None:
        """A DM to the player failed as closed: none is tried again until `reopen_dms`."""
        await self._players.mark_dm_closed(user_id)

    async def reopen_dms(self, user_id: int) -> bool:
        """The player interacted: their DMs may be tried again. True if they were closed."""
        return await self._players.clear_dm_closed(user_id)

    # ----- favorites ---------------------------------------------------------------------

    async def favorites_among(self, user_id: int, others: Iterable[int]) -> set[int]:
        """Which of `others` the player marked as a favorite (one read for a whole table)."""
        return await self._relations.targets_among(user_id, "favorite", others)
