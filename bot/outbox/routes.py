"""The REST calls themselves, by the bot's token or a player's interaction token."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.outbox.limits import DELETE, DM_OPEN, EDIT, POST
from bot.outbox.tokens import Latest
from bot.outbox.write import ControlsOff, Write, without_rows


def _channel(client: discord.Client, write: Write) -> discord.PartialMessageable:
    kind = discord.ChannelType.private if write.private else None
    return client.get_partial_messageable(write.channel_id, type=kind)


async def by_bot(client: discord.Client, write: Write) -> Any:
    """The write through the bot's token (counted against the global limit)."""
    if write.kind == DM_OPEN:
        assert write.user_id is not None
        return await client.create_dm(discord.Object(id=write.user_id))
    channel = _channel(client, write)
    if write.kind == POST:
        assert write.message is not None
        return await channel.send(**write.message.send_kwargs())
    assert write.message_id is not None
    target = channel.get_partial_message(write.message_id)
    if write.kind == EDIT:
        assert write.message is not None
        if isinstance(write.message, ControlsOff):  # read first: a layout keeps its text
            return await target.edit(view=without_rows(await target.fetch()))
        return await target.edit(**write.message.kwargs())
    if write.kind == DELETE:
        await target.delete()
        return True
    raise ValueError(write.kind)


#: The path segment of the interaction's own message (its component's, after a type 6/7).
ORIGINAL = cast(int, "@original")


async def by_token(client: discord.Client, latest: Latest, write: Write, original: bool) -> Any:
    """The write through the player's interaction token (not counted globally)."""
    webhook = latest.webhook(client)
    if write.kind == POST:
        assert write.message is not None
        sent = await webhook.send(wait=True, **write.message.send_kwargs())
        latest.followups.add(sent.id)
        return sent
    assert write.message_id is not None
    target = ORIGINAL if original else write.message_id
    if write.kind == EDIT:
        assert write.message is not None
        if isinstance(write.message, ControlsOff):
            shown = await webhook.fetch_message(target)
            return await webhook.edit_message(target, view=without_rows(shown))
        return await webhook.edit_message(target, **write.message.kwargs())
    if write.kind == DELETE:
        await webhook.delete_message(target)
        latest.followups.discard(write.message_id)
        if original:
            latest.original = None
        return True
    raise ValueError(write.kind)
