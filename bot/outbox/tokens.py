"""Each player's latest interaction: while its token lives, their private messages are
edited and followed up through it, which Discord does not count against the global limit.

A token reaches the message its component was on (``@original`` once answered with a type
6 or 7) and the followups sent through it; a followup goes to the interaction's channel, so
a new hand DM goes that way only when the interaction happened in the player's DM channel.
"""

from __future__ import annotations

import time
from collections import deque
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
    """What a write needs of an interaction (not the object itself: kept 14 minutes, it
    would hold the interaction's whole reference web, cycles included)."""

    application_id: int
    token: str
    channel_id: int | None
    #: The component's message, which ``@original`` reaches (answered with a type 6 or 7).
    original: int | None
    at: float
    #: Ids of the followups sent through this token.
    followups: set[int] = field(default_factory=set)
    #: The webhook made for this token and the client it was made with: a token carries a
    #: player's hand, its deletion and edits for 14 minutes, one `Webhook` for all of them.
    _hook: tuple[discord.Client, discord.Webhook] | None = field(
        default=None, repr=False, compare=False
    )

    def webhook(self, client: discord.Client) -> discord.Webhook:
        """The interaction's webhook (with the client's state, so it may carry controls)."""
        if self._hook is None or self._hook[0] is not client:
            hook = discord.Webhook.partial(self.application_id, self.token, client=client)
            self._hook = (client, hook)
        return self._hook[1]


#: Tokens kept per player and channel: the newest posts; older ones still reach their own
#: messages (a click on the new hand may come before the old hand's deletion is sent).
KEPT = 3


class Tokens:
    """Per player, the newest answered interactions in each channel they used (their DM
    channel, a server channel): a command in a server must not take the DM's token's place."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self._latest: dict[int, dict[int | None, deque[Latest]]] = {}

    def remember(self, interaction: discord.Interaction[Any]) -> None:
        """The player's newest interaction in its channel, once answered (followups and
        ``@original`` need the answer first)."""
        response = interaction.response
        if not response.is_done():
            return
        clicked = interaction.message
        original = clicked.id if clicked is not None and response.type in _UPDATES else None
        mine = self._latest.setdefault(interaction.user.id, {})
        kept = mine.setdefault(interaction.channel_id, deque(maxlen=KEPT))
        kept.appendleft(
            Latest(
                interaction.application_id,
                interaction.token,
                interaction.channel_id,
                original,
                self.now(),
            )
        )

    def forget(self, user_id: int, latest: Latest) -> None:
        """Drop a token that failed (expired, or the message is out of its reach)."""
        kept = self._latest.get(user_id, {}).get(latest.channel_id)
        if kept is not None and latest in kept:
            kept.remove(latest)

    def _fresh(self, user_id: int | None) -> list[Latest]:
        """The player's live tokens, newest first in each channel."""
        if user_id is None or user_id not in self._latest:
            return []
        mine = self._latest[user_id]
        oldest = self.now() - LIFETIME
        for channel, kept in list(mine.items()):
            while kept and kept[-1].at < oldest:
                kept.pop()
            if not kept:
                del mine[channel]
        if not mine:
            del self._latest[user_id]
        return [latest for kept in mine.values() for latest in kept]

    def reaching(self, user_id: int | None, message_id: int) -> tuple[Latest, bool] | None:
        """The player's token that reaches `message_id`, and whether as ``@original``."""
        for latest in self._fresh(user_id):
            if latest.original == message_id:
                return latest, True
            if message_id in latest.followups:
                return latest, False
        return None

    def in_channel(self, user_id: int | None, channel_id: int) -> Latest | None:
        """The player's token whose followups land in `channel_id`."""
        for latest in self._fresh(user_id):
            if latest.channel_id == channel_id:
                return latest
        return None

    def live(self) -> int:
        """How many players' tokens are held (expired ones until next looked at)."""
        return sum(len(mine) for mine in self._latest.values())
