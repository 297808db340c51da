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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .models import DM, GUILD_TEXT, Channel, Guild, Message, iso
from .validate import DiscordError

if TYPE_CHECKING:
    from .core import Emulator
    from .rest import Handler, RestApi

__all__ = [
    "PUBLIC_THREAD",
    "Thread",
    "ThreadApi",
    "create_thread",
    "permissions_in",
    "send_permission",
    "threads_of",
]

PUBLIC_THREAD = 11
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
MAX_NAME = 100


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


def threads_of(emu: Emulator, where: Guild | Channel) -> list[Thread]:
    """The threads of a server, or of one channel, oldest first."""
    return [
        c
        for c in emu.channels.values()
        if isinstance(c, Thread)
        and (c.guild is where if isinstance(where, Guild) else c.parent is where)
    ]


def create_thread(
    emu: Emulator,
    parent: Channel,
    name: str,
    owner_id: int,
    duration: int = 4320,
    thread_id: int | None = None,
    starter: Message | None = None,
) -> Thread:
    """A new public thread in ``parent`` (``THREAD_CREATE`` reaches a connected bot)."""
    assert parent.guild is not None
    thread = Thread(
        thread_id or emu.snowflakes.next(),
        PUBLIC_THREAD,
        name,
        parent.guild,
        bot_id=emu.bot_user.id,
        parent=parent,
        owner_id=owner_id,
        auto_archive_duration=duration,
        created_at=emu.clock.time(),
        starter=starter,
    )
    emu.channels[thread.id] = thread
    emu.gateway.dispatch(
        "THREAD_CREATE", {**thread.to_dict(), "newly_created": True}, guild=parent.guild
    )
    emu._notify()  # noqa: SLF001 - wake the waiters, as every change does
    return thread


class ThreadApi:
    """The thread routes; they share the REST API's helpers and the emulator's state."""

    def __init__(self, rest: RestApi) -> None:
        self.rest = rest
        self.emu = rest.emu

    def routes(self) -> list[tuple[str, str, Handler]]:
        return [
            (
                "POST",
                "/channels/{channel_id}/messages/{message_id}/threads",
                self.start_from_message,
            ),
            ("POST", "/channels/{channel_id}/threads", self.start_without_message),
        ]

    def _parent(self, request: web.Request) -> Channel:
        channel = self.rest._channel(request)  # noqa: SLF001 - the REST API's own helper
        if channel.type == DM or isinstance(channel, Thread) or channel.type != GUILD_TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        self.rest._require(channel, "view_channel", "create_public_threads")  # noqa: SLF001
        return channel

    @staticmethod
    def _options(body: dict[str, Any]) -> tuple[str, int]:
        name = str(body.get("name") or "").strip()
        errors: dict[str, Any] = {}
        if not 1 <= len(name) <= MAX_NAME:
            errors["name"] = {
                "_errors": [
                    {
                        "code": "BASE_TYPE_BAD_LENGTH",
                        "message": f"Must be between 1 and {MAX_NAME} in length.",
                    }
                ]
            }
        duration = body.get("auto_archive_duration") or 4320
        if duration not in ARCHIVE_DURATIONS:
            errors["auto_archive_duration"] = {
                "_errors": [
                    {
                        "code": "BASE_TYPE_CHOICES",
                        "message": f"Value must be one of {set(ARCHIVE_DURATIONS)}.",
                    }
                ]
            }
        if errors:
            raise DiscordError(400, 50035, "Invalid Form Body", errors=errors)
        return name, int(duration)

    def _create(
        self, parent: Channel, name: str, duration: int, *, thread_id: int, starter: Message | None
    ) -> Thread:
        return create_thread(
            self.emu, parent, name, self.emu.bot_user.id, duration, thread_id, starter
        )

    async def start_from_message(self, request: web.Request) -> web.Response:
        from .rest import json_response, read_body

        parent = self._parent(request)
        starter = self.rest._message(parent, request.match_info["message_id"])  # noqa: SLF001
        if starter.id in self.emu.channels:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        body, _ = await read_body(request)
        name, duration = self._options(body)
        thread = self._create(parent, name, duration, thread_id=starter.id, starter=starter)
        return json_response(thread.to_dict())

    async def start_without_message(self, request: web.Request) -> web.Response:
        from .rest import json_response, read_body

        parent = self._parent(request)
        body, _ = await read_body(request)
        if int(body.get("type") or PUBLIC_THREAD) != PUBLIC_THREAD:
            raise DiscordError(400, 50035, "Invalid Form Body: only public threads (type 11)")
        name, duration = self._options(body)
        thread = self._create(
            parent, name, duration, thread_id=self.emu.snowflakes.next(), starter=None
        )
        return json_response(thread.to_dict())


def permissions_in(channel: Channel) -> Channel:
    """The channel whose permissions apply: a thread's parent."""
    if isinstance(channel, Thread) and channel.parent is not None:
        return channel.parent
    return channel
