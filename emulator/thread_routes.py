"""The thread routes (see ``threads.py`` for what they emulate)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .http import Handler, channel_of, json_response, message_in, read_body, require
from .models import DM, GUILD_TEXT, Channel, Message
from .state import State
from .threads import PUBLIC_THREAD, Thread
from .validate import DiscordError

ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
MAX_NAME = 100


class ThreadApi:
    """``POST .../threads``: start a thread from a message, or on its own."""

    def __init__(self, state: State) -> None:
        self.world = state.world

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
        channel = channel_of(self.world, request)
        if channel.type == DM or isinstance(channel, Thread) or channel.type != GUILD_TEXT:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        require(self.world, channel, "view_channel", "create_public_threads")
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
        return self.world.start_thread(
            parent, name, self.world.bot_user.id, duration, thread_id, starter
        )

    async def start_from_message(self, request: web.Request) -> web.Response:
        parent = self._parent(request)
        starter = message_in(parent, request.match_info["message_id"])
        if starter.id in self.world.channels:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        body, _ = await read_body(request)
        name, duration = self._options(body)
        thread = self._create(parent, name, duration, thread_id=starter.id, starter=starter)
        return json_response(thread.to_dict())

    async def start_without_message(self, request: web.Request) -> web.Response:
        parent = self._parent(request)
        body, _ = await read_body(request)
        if int(body.get("type") or PUBLIC_THREAD) != PUBLIC_THREAD:
            raise DiscordError(400, 50035, "Invalid Form Body: only public threads (type 11)")
        name, duration = self._options(body)
        thread = self._create(
            parent, name, duration, thread_id=self.world.snowflakes.next(), starter=None
        )
        return json_response(thread.to_dict())
