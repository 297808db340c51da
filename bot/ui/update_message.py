"""A click answered by editing the clicked message (type 7, UPDATE_MESSAGE) in one request,
with nothing parsed back.

discord.py's `InteractionResponse.edit_message` asks Discord for the edited message with the
answer (``with_response``), parses it into an `InteractionMessage` nobody reads, and walks the
view for controls to store; a move's answer is a hand of plain payloads, sent at every move,
where those two are about 5% of the bot's CPU (docs/performance.md, issue #33). The internals
used here are checked by tests/test_library_internals.py.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params


async def update_message(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """Answer the click by editing its message with `fields` (`content`, `embed`, `view`,
    `attachments`, as `edit_message` takes them); `InteractionResponded` if it was answered
    already, `discord.HTTPException` if Discord refuses."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    params = interaction_message_response_params(
        type=discord.InteractionResponseType.message_update.value,
        previous_allowed_mentions=state.allowed_mentions,
        **fields,
    )
    if interaction.message is not None:
        # A view discord.py keeps for the message is not to be refreshed from this edit.
        state.prevent_view_updates_for(interaction.message.id)
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    await async_context.get().request(
        route,
        session=interaction._session,
        proxy=state.http.proxy,
        proxy_auth=state.http.proxy_auth,
        payload=None if params.files else params.payload,
        multipart=params.multipart if params.files else None,
        files=params.files,
    )
    response._response_type = discord.InteractionResponseType.message_update
