"""REST API v10: the routes discord.py uses, with Discord's status codes and error codes.

The route table, login, users, guilds, channels and messages are here; the commands'
routes are in ``command_routes.py``, the interactions' in ``interaction_routes.py``, the
threads' and the emojis' in ``thread_routes.py`` and ``emoji_routes.py``.
"""

from __future__ import annotations

import logging
from typing import Any

from aiohttp import web

from .command_routes import CommandApi
from .emoji_routes import EmojiApi
from .http import Handler, channel_of, json_response, message_in, no_content, read_body, require
from .interaction_routes import InteractionApi
from .models import DM
from .state import State
from .thread_routes import ThreadApi
from .threads import send_permission
from .validate import DiscordError

log = logging.getLogger("emulator.rest")


class RestApi:
    """Route table and handlers; state lives on the :class:`Emulator`."""

    #: Routes that authenticate by the token in the URL, not the Authorization header.
    NO_AUTH = ("/interactions/", "/webhooks/")

    def __init__(self, state: State) -> None:
        self.state = state
        self.world = state.world
        self.messages = state.messages
        self.changes = state.changes
        self.options = state.options

    def routes(self) -> list[tuple[str, str, Handler]]:
        return [
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("GET", "/users/@me", self.get_me),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            ("GET", "/users/{user_id}", self.get_user),
            ("POST", "/users/@me/channels", self.create_dm),
            *CommandApi(self.state).routes(),
            *InteractionApi(self.state).routes(),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self.get_guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            *ThreadApi(self.state).routes(),
            *EmojiApi(self.state).routes(),
        ]

    # --- login ---------------------------------------------------------------------------
    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.options.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.options.gateway_url,
                "shards": self.options.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(
            {
                **self.world.bot_user.to_dict(),
                "verified": True,
                "mfa_enabled": False,
                "email": None,
                "locale": "en-US",
            }
        )

    async def get_application(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.world.application_id),
                "name": self.world.bot_user.username,
                "icon": None,
                "description": "A loopback Discord application.",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": self.options.application_flags,
                "owner": self.world.owner.to_dict(),
                "team": None,
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
                "approximate_guild_count": len(self.world.guilds),
                "bot": self.world.bot_user.to_dict(),
            }
        )

    async def get_user(self, request: web.Request) -> web.Response:
        try:
            user = self.world.users.get(int(request.match_info["user_id"]))
        except ValueError:
            user = None
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return json_response(user.to_dict())

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        try:
            user = self.world.users.get(int(body.get("recipient_id")))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            user = None
        if user is None or user.bot:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        return json_response(self.world.dm_channel(user).to_dict())

    # --- guilds, channels, messages ------------------------------------------------------
    def _guild(self, request: web.Request) -> Any:
        try:
            guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        except ValueError:
            guild = None
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        data = guild.to_dict(members=[])
        for key in (
            "members",
            "channels",
            "threads",
            "presences",
            "voice_states",
            "joined_at",
            "large",
            "member_count",
        ):
            data.pop(key, None)
        return json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([c.to_dict() for c in guild.channels.values()])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([r.to_dict() for r in guild.roles])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        try:
            member = guild.members.get(int(request.match_info["user_id"]))
        except ValueError:
            member = None
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(member.to_dict())

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(channel_of(self.world, request).to_dict())

    async def typing(self, request: web.Request) -> web.Response:
        channel_of(self.world, request)
        return no_content()

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = channel_of(self.world, request)
        require(self.world, channel, "view_channel", "read_message_history")
        try:
            limit = max(1, min(100, int(request.query.get("limit", "50"))))
            before = int(request.query["before"]) if "before" in request.query else None
            after = int(request.query["after"]) if "after" in request.query else None
        except ValueError as exc:
            raise DiscordError(400, 50035, "Invalid Form Body") from exc
        msgs = [m for m in channel.messages.values() if not m.deleted and not m.ephemeral]
        if before is not None:
            msgs = [m for m in msgs if m.id < before]
        if after is not None:
            msgs = [m for m in msgs if m.id > after]
            msgs = msgs[:limit]
        else:
            msgs = msgs[-limit:]
        return json_response([m.to_dict() for m in reversed(msgs)])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = channel_of(self.world, request)
        if channel.type == DM:
            assert channel.recipient is not None
            if not channel.recipient.dms_open or not self.world.shares_guild(channel.recipient):
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        else:
            require(self.world, channel, "view_channel", send_permission(channel))
        body, files = await read_body(request)
        if files and channel.type != DM:
            require(self.world, channel, "attach_files")
        message = self.messages.create(channel, body, files, check_permissions=True)
        self.changes.notify()
        return json_response(message.to_dict())

    async def get_message(self, request: web.Request) -> web.Response:
        channel = channel_of(self.world, request)
        return json_response(message_in(channel, request.match_info["message_id"]).to_dict())

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = channel_of(self.world, request)
        msg = message_in(channel, request.match_info["message_id"])
        if msg.author is not self.world.bot_user:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await read_body(request)
        self.messages.edit(msg, body, files)
        return json_response(msg.to_dict())

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = channel_of(self.world, request)
        msg = message_in(channel, request.match_info["message_id"])
        if msg.author is not self.world.bot_user and channel.type != DM:
            require(self.world, channel, "manage_messages")
        self.messages.delete(msg)
        return no_content()
