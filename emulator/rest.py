"""REST API v10: the routes discord.py uses, with Discord's status codes and error codes."""

from __future__ import annotations

import fnmatch
import logging
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .emoji_routes import EmojiApi
from .http import (
    Handler,
    channel_of,
    json_response,
    message_in,
    no_content,
    read_body,
    require,
)
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DM,
    FLAG_EPHEMERAL,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    Message,
)
from .state import State
from .thread_routes import ThreadApi
from .threads import send_permission
from .validate import DiscordError, validate_choices, validate_commands, validate_modal

log = logging.getLogger("emulator.rest")

#: Callback types each interaction type accepts.
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


@dataclass
class Fault:
    """An injected failure: the next ``times`` requests matching ``route`` get ``status``."""

    route: str
    status: int
    times: int
    retry_after: float = 0.1
    global_: bool = False
    via: bool = True
    code: int = 0
    message: str | None = None
    hits: int = 0
    served: list[str] = field(default_factory=list)

    def matches(self, method: str, template: str, path: str) -> bool:
        if self.hits >= self.times:
            return False
        pattern = self.route if " " in self.route else f"* {self.route}"
        return fnmatch.fnmatchcase(f"{method} {template}", pattern) or fnmatch.fnmatchcase(
            f"{method} {path}", pattern
        )

    def response(self) -> web.Response:
        if self.status == 429:
            body = {
                "message": self.message or "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": self.global_,
                "code": self.code,
            }
            headers = {
                "Retry-After": str(max(1, int(self.retry_after + 0.999))),
                "X-RateLimit-Scope": "global" if self.global_ else "user",
            }
            if self.global_:
                headers["X-RateLimit-Global"] = "true"
            if self.via:
                headers["Via"] = "1.1 google"
            return json_response(body, 429, headers)
        text = self.message or {
            500: "500: Internal Server Error",
            502: "502: Bad Gateway",
            503: "503: Service Unavailable",
            504: "504: Gateway Timeout",
        }.get(self.status, f"{self.status}: Error")
        return json_response({"message": text, "code": self.code}, self.status)


class RestApi:
    """Route table and handlers; state lives on the :class:`Emulator`."""

    #: Routes that authenticate by the token in the URL, not the Authorization header.
    NO_AUTH = ("/interactions/", "/webhooks/")

    def __init__(self, state: State) -> None:
        self.state = state
        self.world = state.world
        self.commands = state.commands
        self.messages = state.messages
        self.interactions = state.interactions
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
            ("GET", "/applications/{application_id}/commands", self.list_commands),
            ("PUT", "/applications/{application_id}/commands", self.put_commands),
            ("POST", "/applications/{application_id}/commands", self.post_command),
            ("GET", "/applications/{application_id}/commands/{command_id}", self.get_command),
            ("PATCH", "/applications/{application_id}/commands/{command_id}", self.patch_command),
            ("DELETE", "/applications/{application_id}/commands/{command_id}", self.delete_command),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self.list_commands,
            ),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
            (
                "POST",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self.post_command,
            ),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands/permissions",
                self.command_permissions,
            ),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self.get_command,
            ),
            (
                "PATCH",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self.patch_command,
            ),
            (
                "DELETE",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self.delete_command,
            ),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", "/webhooks/{application_id}/{token}", self.followup),
            (
                "GET",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.webhook_message,
            ),
            (
                "PATCH",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.webhook_message,
            ),
            (
                "DELETE",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.webhook_message,
            ),
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

    # --- helpers -------------------------------------------------------------------------
    def _app(self, request: web.Request) -> None:
        if int(request.match_info["application_id"]) != self.world.application_id:
            raise DiscordError(403, 50001, "Missing Access")

    def _interaction_by_token(self, request: web.Request) -> Interaction:
        inter = self.interactions.by_token(request.match_info["token"])
        if inter is None or str(inter.application_id) != request.match_info["application_id"]:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if self.world.clock.now() - inter.created_at > self.options.token_lifetime:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if inter.ack_type is None or inter.ack_type in (8, 9):
            raise DiscordError(404, 10015, "Unknown Webhook")
        return inter

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

    # --- commands ------------------------------------------------------------------------
    def _scope(self, request: web.Request) -> int | None:
        self._app(request)
        raw = request.match_info.get("guild_id")
        if raw is None:
            return None
        guild_id = int(raw)
        if guild_id not in self.world.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild_id

    async def list_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return json_response(self.commands.listing(scope))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        commands = validate_commands(body)
        return json_response(self.commands.store(scope, commands, replace=True))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        existing = [
            c
            for c in self.commands.listing(scope)
            if not (c["name"] == body.get("name") and c["type"] == body.get("type", 1))
        ]
        validate_commands([*existing, body])
        stored = self.commands.store(scope, [body], replace=False)
        return json_response(stored[-1] if stored else {}, 201)

    def _find_command(self, request: web.Request) -> tuple[int | None, dict[str, Any]]:
        scope = self._scope(request)
        cmd_id = request.match_info["command_id"]
        for cmd in self.commands.listing(scope):
            if cmd["id"] == cmd_id:
                return scope, cmd
        raise DiscordError(404, 10063, "Unknown application command")

    async def get_command(self, request: web.Request) -> web.Response:
        _, cmd = self._find_command(request)
        return json_response(cmd)

    async def patch_command(self, request: web.Request) -> web.Response:
        scope, cmd = self._find_command(request)
        body, _ = await read_body(request)
        merged = {**cmd, **body}
        others = [c for c in self.commands.listing(scope) if c["id"] != cmd["id"]]
        validate_commands([*others, merged])
        stored = self.commands.store(scope, [merged], replace=False)
        return json_response(stored[-1])

    async def delete_command(self, request: web.Request) -> web.Response:
        scope, cmd = self._find_command(request)
        self.commands.delete(scope, cmd["id"])
        return no_content()

    async def command_permissions(self, request: web.Request) -> web.Response:
        self._scope(request)
        return json_response([])

    # --- interactions --------------------------------------------------------------------
    async def callback(self, request: web.Request) -> web.Response:
        now = self.world.clock.now()
        try:
            inter = self.interactions.by_id(int(request.match_info["interaction_id"]))
        except ValueError:
            inter = None
        if inter is None or inter.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        if inter.ack_type is not None or self.interactions.being_acknowledged(inter):
            inter.refused.append((400, 40060))
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if now - inter.created_at > self.options.ack_deadline:
            inter.refused.append((404, 10062))
            raise DiscordError(404, 10062, "Unknown interaction")
        with self.interactions.acknowledging(inter):
            body, files = await read_body(request)
            cb_type = body.get("type")
            if cb_type not in ALLOWED_CALLBACKS.get(inter.type, set()) or (
                cb_type in (6, 7) and inter.message is None
            ):
                raise DiscordError(
                    400,
                    50035,
                    "Invalid Form Body",
                    errors={
                        "type": {
                            "_errors": [
                                {
                                    "code": "INTERACTION_CALLBACK_TYPE_INVALID",
                                    "message": f"Callback type {cb_type} is not valid for interaction type {inter.type}",
                                }
                            ]
                        }
                    },
                )
            data = body.get("data") or {}
            message: Message | None = None
            if cb_type == 4:
                ephemeral = bool((data.get("flags") or 0) & FLAG_EPHEMERAL)
                message = self.messages.create(
                    inter.channel,
                    data,
                    files,
                    ephemeral_to=inter.user if ephemeral else None,
                    interaction=inter,
                    type=20 if inter.type == APPLICATION_COMMAND else 0,
                    check_permissions=False,
                )
                inter.response = message
            elif cb_type == 5:
                ephemeral = bool((data.get("flags") or 0) & FLAG_EPHEMERAL)
                message = self.messages.create(
                    inter.channel,
                    {"content": ""},
                    {},
                    ephemeral_to=inter.user if ephemeral else None,
                    interaction=inter,
                    type=20 if inter.type == APPLICATION_COMMAND else 0,
                    check_permissions=False,
                    loading=True,
                )
                inter.response = message
            elif cb_type == 7:
                assert inter.message is not None
                if inter.message.deleted:
                    raise DiscordError(404, 10008, "Unknown Message")
                message = self.messages.edit(inter.message, data, files)
            elif cb_type == 8:
                validate_choices(data.get("choices"))
                inter.choices = list(data.get("choices") or [])
            elif cb_type == 9:
                validate_modal(data)
                inter.modal = data
            inter.ack_type = cb_type
            inter.acked_at = now
            inter.acked.set()
        self.changes.notify()
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return no_content()
        result: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "activity_instance_id": None,
                "response_message_id": str(message.id) if message is not None else None,
                "response_message_loading": cb_type == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            }
        }
        if message is not None:
            result["resource"] = {"type": cb_type, "message": message.to_dict()}
        return json_response(result)

    async def followup(self, request: web.Request) -> web.Response:
        inter = self._interaction_by_token(request)
        body, files = await read_body(request)
        placeholder = inter.response
        if (
            inter.ack_type == 5
            and placeholder is not None
            and placeholder.loading
            and not placeholder.deleted
        ):
            # Discord: the first followup after a deferred reply fills in the "thinking" message.
            body = {k: v for k, v in body.items() if k != "flags"}
            message = self.messages.edit(placeholder, body, files, require_content=True)
        else:
            ephemeral = bool((body.get("flags") or 0) & FLAG_EPHEMERAL)
            message = self.messages.create(
                inter.channel,
                body,
                files,
                ephemeral_to=inter.user if ephemeral else None,
                interaction=inter,
                type=0,
                check_permissions=False,
                original_response_id=inter.response.id if inter.response is not None else None,
            )
            inter.followups.append(message)
        self.changes.notify()
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.to_dict())
        return no_content()

    async def webhook_message(self, request: web.Request) -> web.Response:
        inter = self._interaction_by_token(request)
        raw = request.match_info["message_id"]
        target: Message | None
        if raw == "@original":
            target = inter.original
        else:
            try:
                wanted = int(raw)
            except ValueError:
                wanted = -1
            candidates = [*inter.messages]
            if inter.message is not None:
                candidates.append(inter.message)
            target = next((m for m in candidates if m.id == wanted), None)
        if target is None or target.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        if request.method == "GET":
            return json_response(target.to_dict())
        if request.method == "DELETE":
            self.messages.delete(target)
            return no_content()
        body, files = await read_body(request)
        message = self.messages.edit(target, body, files)
        return json_response(message.to_dict())

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
