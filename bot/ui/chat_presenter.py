"""The table chat's one presenter: a line said to the channel goes through the outbox (the
players read it in their own hand messages, which the table's notifier edits)."""

from __future__ import annotations

import discord

from bot.outbox import Outbox, Priority
from bot.outbox.write import Raw

NO_MENTIONS = discord.AllowedMentions.none()


class ChatPresenter:
    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    @staticmethod
    def line(name: str, text: str) -> str:
        """What `name` said as the players read it, in the channel and in their hand
        messages (which the table's notifier shows as it is)."""
        return f"💬 **{name}**: {text}"

    def to_channel(self, channel_id: int, line: str) -> None:
        """The line in the table's channel, after everything else the bot writes."""
        said = Raw({"content": line, "allowed_mentions": NO_MENTIONS})
        self.outbox.post(channel_id, said, Priority.REST)
