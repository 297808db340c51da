"""Answering an interaction in time, with a public message whose id the bot keeps."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from bot.outbox import Outbox
from bot.outbox.write import Payload
from bot.ui.play_presenter import age

T = TypeVar("T")

#: Seconds after an interaction was made (Discord allows 3) by which a command's work must
#: be done for it to be answered directly; past that it is deferred first (`in_time`).
ANSWER_BUDGET = 1.5


async def in_time(
    interaction: discord.Interaction, work: Awaitable[T], *, budget: float | None = None
) -> T:
    """The result of `work` (a service call), the interaction acknowledged within Discord's
    3 s however long it takes: past `budget` (default `ANSWER_BUDGET`) seconds of its age, a public
    deferred answer ("thinking...") goes first, which `answer_with_message` then replaces.

    Most of the time the work is quick and the answer (or a refusal, privately) comes at
    once. A busy store can hold a command's writes for a second or more; answering only
    after them would let Discord tell the person "the application did not respond". Past
    the budget, a refusal can only take the thinking message's place, so it is public (on
    Discord a deferred answer's first follow-up keeps the deferral's visibility)."""
    left = (ANSWER_BUDGET if budget is None else budget) - age(interaction)
    task = asyncio.ensure_future(work)
    try:
        done, _ = await asyncio.wait({task}, timeout=max(0.0, left))
        if not done and not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        return await task
    finally:
        if not task.done():  # cancelled while waiting (the bot is closing)
            task.cancel()


async def answer_with_message(interaction: discord.Interaction, **kwargs: Any) -> int:
    """Answer with a new message (`send_message` arguments) and return its id (discord.py
    asks for the message with the answer, so this costs no extra request). After a deferred
    answer, the message takes the place of the thinking one."""
    if interaction.response.is_done():
        files = kwargs.pop("files", None)
        if files is not None:
            kwargs["attachments"] = files
        return (await interaction.edit_original_response(**kwargs)).id
    answered = await interaction.response.send_message(**kwargs)
    if answered.message_id is not None:
        return answered.message_id
    return (await interaction.original_response()).id


class InteractionAnswer:
    """The use cases' `Answer` (`bot/usecases/answer.py`) over one interaction: the one write
    that skips the outbox. Given the `outbox`, an acknowledged interaction's token is
    remembered for what follows (the first hand of a match)."""

    def __init__(self, interaction: discord.Interaction, outbox: Outbox | None = None) -> None:
        self.interaction = interaction
        self.outbox = outbox
        self.clicked = interaction.message.id if interaction.message is not None else None
        self.in_dm = interaction.guild_id is None

    async def in_time(self, work: Awaitable[T]) -> T:
        return await in_time(self.interaction, work)

    async def defer(self) -> None:
        await self.interaction.response.defer()
        if self.outbox is not None:
            # Once answered, its token may carry what follows (the first hand of a match).
            self.outbox.remember(self.interaction)

    async def post(self, message: Payload) -> int:
        try:
            return await answer_with_message(self.interaction, **message.send_kwargs())
        finally:
            message.release()

    async def show(self, message: Payload) -> None:
        if self.interaction.response.is_done():
            await self.interaction.edit_original_response(**message.kwargs())
        else:
            await self.interaction.response.edit_message(**message.kwargs())


class PrivateAnswer(InteractionAnswer):
    """An organizer's command: its deferral ("thinking...") is private."""

    async def defer(self) -> None:
        await self.interaction.response.defer(ephemeral=True)
