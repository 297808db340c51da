"""Public threads: started from a message or on their own in a text channel.

What discord.py calls (``Message.create_thread``, ``TextChannel.create_thread``):

- ``POST /channels/{channel_id}/messages/{message_id}/threads`` ``{name, auto_archive_duration,
  rate_limit_per_user}``: a public thread (type 11) whose id **is the message's id**; a
  message gets one thread at most (``400 160004``).
- ``POST /channels/{channel_id}/threads`` ``{name, auto_archive_duration, type, invitable,
  rate_limit_per_user}``: a thread without a starter message (type 11 only here).

Both need View Channel and Create Public Threads in the parent (``403 50013``), answer the
thread's channel object and send ``THREAD_CREATE`` (``newly_created``) to the server.
Posting in a thread needs Send Messages in Threads (not Send Messages); the bot's
permissions in a thread are its permissions in the parent. Active threads are listed in
``GUILD_CREATE`` (``threads``), so a bot that reconnects knows them. Not emulated:
archiving, thread members, private threads, forum channels.

The routes are in ``thread_routes.py``; ``World.start_thread`` makes a thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .models import Channel, Message, iso

__all__ = ["PUBLIC_THREAD", "Thread", "permissions_in", "send_permission"]

PUBLIC_THREAD = 11


@dataclass(eq=False)
class Thread(Channel):
    """A public thread: a channel of type 11 under ``parent``."""

    parent: Channel | None = None
    owner_id: int = 0
    auto_archive_duration: int = 4320
    created_at: float = 0.0
    #: The message it was started from (same id as the thread), if any.
    starter: Message | None = None

    def to_dict(self, *, with_guild_id: bool = True) -> dict[str, Any]:
        assert self.parent is not None and self.guild is not None
        count = sum(1 for m in self.messages.values() if not m.deleted and not m.ephemeral)
        return {
            "id": str(self.id),
            "type": PUBLIC_THREAD,
            "guild_id": str(self.guild.id),
            "parent_id": str(self.parent.id),
            "owner_id": str(self.owner_id),
            "name": self.name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "message_count": count,
            "total_message_sent": count,
            "member_count": 1,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": iso(self.created_at),
                "locked": False,
                "create_timestamp": iso(self.created_at),
            },
        }

    def __repr__(self) -> str:
        return f"<Thread {self.name!r} {self.id} in #{self.parent.name if self.parent else '?'}>"


def send_permission(channel: Channel) -> str:
    """The permission a message in ``channel`` needs."""
    return "send_messages_in_threads" if isinstance(channel, Thread) else "send_messages"


def permissions_in(channel: Channel) -> Channel:
    """The channel whose permissions apply: a thread's parent."""
    if isinstance(channel, Thread) and channel.parent is not None:
        return channel.parent
    return channel
