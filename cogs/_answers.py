"""Answering an interaction with a public message whose id the bot keeps."""

from __future__ import annotations

from typing import Any

import discord


async def answer_with_message(interaction: discord.Interaction, **kwargs: Any) -> int:
    """Answer with a new message and return its id (discord.py asks for the message with
    the answer, so this costs no extra request)."""
    answered = await interaction.response.send_message(**kwargs)
    if answered.message_id is not None:
        return answered.message_id
    return (await interaction.original_response()).id
