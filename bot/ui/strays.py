"""Hand messages a restart does not know: a process killed between sending a hand DM and
storing its id (or before the old hand's deletion went out) leaves a message with live
controls that no table remembers. After a restart the bot reads each player's DM channel's
recent messages and retires those (docs/playing.md, "After a restart")."""

from __future__ import annotations

import logging
import re

import discord

from bot.ui.hand_layout import custom_ids

log = logging.getLogger(__name__)

#: How far back a DM channel is read: a match's hands, its chat and a few other DMs.
LOOK_BACK = 30

#: The controls that act on a table's round, with the table's id.
_CONTROL = re.compile(r"gin:(?:a|q|s):(\d+):")


def _tables_shown(message: discord.Message) -> set[int]:
    """The tables whose hand controls `message` carries (a waiting hand's disabled ones
    included: it is a hand in play all the same)."""
    found: set[int] = set()
    for custom_id in custom_ids(message):  # nested in a layout's container too
        hit = _CONTROL.match(custom_id)
        if hit:
            found.add(int(hit.group(1)))
    return found


async def stray_hands(
    client: discord.Client, channel_id: int, table_id: int, keep: int | None
) -> list[int]:
    """The bot's recent messages in a DM channel with hand controls of `table_id`, but
    `keep` (the hand the store knows). A read that fails finds none (logged)."""
    me = client.user
    channel = client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
    found: list[int] = []
    try:
        async for message in channel.history(limit=LOOK_BACK):
            if me is not None and message.author.id != me.id:
                continue
            if message.id != keep and table_id in _tables_shown(message):
                found.append(message.id)
    except discord.HTTPException as exc:
        log.info("could not read DM channel %s after a restart (%s)", channel_id, exc.status)
    return found
