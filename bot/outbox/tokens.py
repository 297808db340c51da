"""Each player's latest interaction: while its token lives, their private messages are
edited and followed up through it, which Discord does not count against the global limit.

A token reaches the message its component was on (``@original`` once answered with a type
6 or 7) and the followups sent through it; a followup goes to the interaction's channel, so
a new hand DM goes that way only when the interaction happened in the player's DM channel.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

#: Discord keeps a token 15 minutes; one is kept for margin.
LIFETIME = 14 * 60.0

_UPDATES = (
    discord.InteractionResponseType.deferred_message_update,
    discord.InteractionResponseType.message_update,
)


@dataclass
class Latest:
    interaction: discord.Interaction[Any]
    at: float
    #: Ids of the followups sent through this token.
    followups: set[int] = field(default_factory=set)


class Tokens:
    """Per player, the newest interaction in each channel they used (their DM channel, a
    server channel): a command in a server must not take the DM's token's place."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self._latest: dict[int, dict[int | None, Latest]] = {}

    def remember(self, interaction: discord.Interaction[Any]) -> None:
        """The player's newest interaction in its channel."""
        mine = self._latest.setdefault(interaction.user.id, {})
        mine[interaction.channel_id] = Latest(interaction, self.now())

    def forget(self, user_id: int, interaction: discord.Interaction[Any]) -> None:
        """Drop a token that failed (expired, or the message is out of its reach)."""
        mine = self._latest.get(user_id, {})
        latest = mine.get(interaction.channel_id)
        if latest is not None and latest.interaction is interaction:
            del mine[interaction.channel_id]

    def _fresh(self, user_id: int | None) -> list[Latest]:
        if user_id is None or user_id not in self._latest:
            return []
        mine = self._latest[user_id]
        for channel in [c for c, held in mine.items() if self.now() - held.at > LIFETIME]:
            del mine[channel]
        if not mine:
            del self._latest[user_id]
        # Followups and @original need the interaction answered first.
        return [latest for latest in mine.values() if latest.interaction.response.is_done()]

    def reaching(self, user_id: int | None, message_id: int) -> tuple[Latest, bool] | None:
        """The player's token that reaches `message_id`, and whether as ``@original``."""
        for latest in self._fresh(user_id):
            clicked = latest.interaction.message
            if (
                clicked is not None
                and clicked.id == message_id
                and latest.interaction.response.type in _UPDATES
            ):
                return latest, True
            if message_id in latest.followups:
                return latest, False
        return None

    def in_channel(self, user_id: int | None, channel_id: int) -> Latest | None:
        """The player's token whose followups land in `channel_id`."""
        for latest in self._fresh(user_id):
            if latest.interaction.channel_id == channel_id:
                return latest
        return None

    def live(self) -> int:
        """How many players' tokens are held (expired ones until next looked at)."""
        return sum(len(mine) for mine in self._latest.values())
