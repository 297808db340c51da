"""Direct messages to players: one DM channel per player, opened once and kept with their
profile, closed DMs remembered.

A player's DM channel id is asked of Discord once (through the outbox) and kept in the
player's profile (`bot.circle.profiles`), so neither a restart nor a new match opens it
again. A player whose DMs are closed (`403 50007`) is marked there and not written to again
until they interact.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable

import discord

from bot.circle.profiles import Profiles
from bot.outbox import Outbox, Priority
from bot.outbox.write import Payload, Raw

log = logging.getLogger(__name__)

DM_CLOSED = 50007

#: Per client, how it finds a player's DM channel id (its `DirectMessages`, which keeps them
#: with the players' profiles); shared by the hand DMs and the click ownership check (`bot.ui.ownership`).
_finders: weakref.WeakKeyDictionary[discord.Client, Callable[[int], Awaitable[int]]] = (
    weakref.WeakKeyDictionary()
)
#: Per client without a `DirectMessages` (tests of single pieces): ids once asked.
_dm_ids: weakref.WeakKeyDictionary[discord.Client, dict[int, int]] = weakref.WeakKeyDictionary()


async def dm_channel_id(client: discord.Client, user_id: int) -> int:
    """The id of the bot's DM channel with `user_id` (the bot's own lookup, never what an
    interaction claims): from memory, the profile, else asked of Discord once."""
    finder = _finders.get(client)
    if finder is not None:
        return await finder(user_id)
    known = _dm_ids.setdefault(client, {})
    channel_id = known.get(user_id)
    if channel_id is None:
        dm = await client.create_dm(discord.Object(id=user_id))
        channel_id = known[user_id] = dm.id
    return channel_id


class DMClosed(Exception):
    """The player does not accept direct messages from the bot."""


class DirectMessages:
    def __init__(self, client: discord.Client, profiles: Profiles, outbox: Outbox) -> None:
        self.client = client
        self.profiles = profiles
        self.outbox = outbox
        self._closed: dict[int, bool] = {}  # memo of the profiles' flag
        self._channels: dict[int, int] = {}  # memo of the profiles' DM channel ids
        self._opening: set[asyncio.Task[None]] = set()  # `prepare`'s, until done
        _finders[client] = self.channel_id

    async def closed(self, user_id: int) -> bool:
        known = self._closed.get(user_id)
        if known is None:
            known = self._closed[user_id] = await self.profiles.dms_closed(user_id)
        return known

    async def seen(self, user_id: int) -> None:
        """The player interacted with the bot: their DMs may be tried again."""
        if await self.closed(user_id):
            await self.profiles.reopen_dms(user_id)
            self._closed[user_id] = False

    async def channel_id(self, user_id: int, priority: int = Priority.TURN) -> int:
        """The bot's DM channel with the player: memory, the profile, else Discord (once)."""
        channel_id = self._channels.get(user_id)
        if channel_id is None:
            channel_id = await self.profiles.dm_channel(user_id)
            if channel_id is None:
                channel_id = await self.outbox.open_dm(user_id, priority)
                await self.profiles.set_dm_channel(user_id, channel_id)
            self._channels[user_id] = channel_id
        return channel_id

    def prepare(self, user_id: int) -> None:
        """Open the player's DM channel now, in the background, if it is not known: a
        challenger's, while the challenge waits, so that the Accept (by another process on
        several: DM clicks reach shard 0) finds it in the profile and deals without opening
        one from Discord's small DM bucket (docs/deploy.md)."""
        if user_id in self._channels:
            return
        task = asyncio.create_task(self._prepare(user_id))
        self._opening.add(task)
        task.add_done_callback(self._opening.discard)

    async def _prepare(self, user_id: int) -> None:
        try:
            await self.channel_id(user_id, Priority.REST)
        except Exception as exc:  # the Accept opens it then, as before
            log.info("could not open the DM channel of %s ahead: %r", user_id, exc)

    async def send_message(
        self, user_id: int, message: Payload, priority: int = Priority.REST
    ) -> discord.Message:
        """Send a DM through the outbox; `DMClosed` when the player's DMs are closed (now or
        remembered). `message` is released once sent."""
        if await self.closed(user_id):
            message.release()
            raise DMClosed(user_id)
        try:
            channel_id = await self.channel_id(user_id)
        except BaseException:
            message.release()
            raise
        try:
            sent = await self.outbox.post(channel_id, message, priority, user_id=user_id, loud=True)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            self._closed[user_id] = True
            await self.profiles.close_dms(user_id)
            raise DMClosed(user_id) from exc
        assert sent is not None
        return sent

    async def tell(self, user_id: int, text: str) -> bool:
        """A short DM; False when it could not be delivered (logged, never raised)."""
        try:
            await self.send_message(user_id, Raw({"content": text}))
        except DMClosed:
            return False
        except discord.HTTPException:
            log.info("could not DM %s", user_id)
            return False
        return True
