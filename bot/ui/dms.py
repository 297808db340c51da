"""Direct messages to players: one DM channel lookup per player, closed DMs remembered.

discord.py serialises the "open a DM channel" requests of all players (one route) and keeps
only 128 DM channels cached, so each channel id is kept here once known. A player whose DMs are
closed (`403 50007`) is marked in the store and not written to again until they interact.
"""

from __future__ import annotations

import logging
import weakref
from typing import Any

import discord

from bot.store.interfaces import Storage

log = logging.getLogger(__name__)

DM_CLOSED = 50007


#: Per client, each player's DM channel id once known (the bot's own lookups, never what an
#: interaction claims): shared by the hand DMs and the click ownership check (`bot.ui.ownership`).
_dm_ids: weakref.WeakKeyDictionary[discord.Client, dict[int, int]] = weakref.WeakKeyDictionary()


async def dm_channel_id(client: discord.Client, user_id: int) -> int:
    """The id of the bot's DM channel with `user_id`: asked of Discord once, then remembered."""
    known = _dm_ids.setdefault(client, {})
    channel_id = known.get(user_id)
    if channel_id is None:
        dm = await client.create_dm(discord.Object(id=user_id))
        channel_id = known[user_id] = dm.id
    return channel_id


class DMClosed(Exception):
    """The player does not accept direct messages from the bot."""


class DirectMessages:
    def __init__(self, client: discord.Client, store: Storage) -> None:
        self.client = client
        self.store = store
        self._closed: dict[int, bool] = {}  # memo of the store's flag

    async def closed(self, user_id: int) -> bool:
        known = self._closed.get(user_id)
        if known is None:
            known = self._closed[user_id] = await self.store.players.dm_closed(user_id)
        return known

    async def seen(self, user_id: int) -> None:
        """The player interacted with the bot: their DMs may be tried again."""
        if await self.closed(user_id):
            await self.store.players.clear_dm_closed(user_id)
            self._closed[user_id] = False

    async def _channel(self, user_id: int) -> discord.PartialMessageable:
        channel_id = await dm_channel_id(self.client, user_id)
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def send(self, user_id: int, **kwargs: Any) -> discord.Message:
        """Send a DM; `DMClosed` when the player's DMs are closed (now or remembered)."""
        if await self.closed(user_id):
            raise DMClosed(user_id)
        channel = await self._channel(user_id)
        try:
            return await channel.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            self._closed[user_id] = True
            await self.store.players.mark_dm_closed(user_id)
            raise DMClosed(user_id) from exc

    async def tell(self, user_id: int, text: str) -> bool:
        """A short DM; False when it could not be delivered (logged, never raised)."""
        try:
            await self.send(user_id, content=text)
        except DMClosed:
            return False
        except discord.HTTPException:
            log.info("could not DM %s", user_id)
            return False
        return True
