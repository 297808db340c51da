"""The emulator: server lifecycle, world state, and the test-driver API.

Everything a test touches lives on :class:`Emulator` (see ``docs/emulator.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import mimetypes
import socket
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from .clock import Clock
from .gateway import INVALID_SESSION, RECONNECT, Gateway, Session
from .ids import Snowflakes, bot_token, interaction_token
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    BOT_ROLE_PERMISSIONS,
    DM,
    DM_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_TEXT,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PERMISSIONS,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    Role,
    User,
)
from .rest import API_PREFIX, Fault, RestApi, UploadedFile, json_response
from .threads import Thread, create_thread, permissions_in, threads_of
from .validate import DiscordError, validate_message

log = logging.getLogger("emulator")

T = TypeVar("T")
MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
#: Application command type of a user context-menu entry (data.type of its interaction).
USER_COMMAND = 2
_PUBLIC_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2


class EmulatorError(Exception):
    """A test asked for something a person could not do (no such command, hidden button...)."""


class InteractionFailed(AssertionError):
    """The bot did not acknowledge an interaction within 3 s ("This interaction failed")."""

    def __init__(self, interaction: Interaction, deadline: float) -> None:
        refused = f", refused callbacks: {interaction.refused}" if interaction.refused else ""
        super().__init__(f"{interaction!r} was not acknowledged within {deadline:g} s{refused}")
        self.interaction = interaction


@dataclass
class UploadFile:
    """An attachment a user passes to an ATTACHMENT option."""

    filename: str
    data: bytes
    content_type: str | None = None


@dataclass
class RequestRecord:
    """One REST request the bot made."""

    method: str
    route: str  # the template, e.g. "/channels/{channel_id}/messages"
    path: str
    status: int
    code: int | None
    at: float


def _image_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as img:
            return int(img.width), int(img.height)
    except Exception:
        return None


class Emulator:
    """A loopback Discord on 127.0.0.1: REST v10, Gateway v10, and a driver for tests.

    Use as ``async with Emulator() as emu:``; point the bot at ``emu.api_base`` and
    ``emu.gateway_url`` with ``emu.token`` (see :meth:`bot_env`).
    """

    def __init__(
        self,
        *,
        bot_name: str = "Gin Bot",
        privileged_intents: Iterable[str] = (),
        compress: bool | None = None,
        heartbeat_interval: float = 41.25,
        ack_deadline: float = 3.0,
        token_lifetime: float = 15 * 60,
        host: str = "127.0.0.1",
        clock: Clock | None = None,
    ) -> None:
        self.clock = clock or Clock()
        self.snowflakes = Snowflakes(self.clock.time)
        self.host = host
        self.port = 0
        #: None: zlib-stream when the client asks for it; False: never; True: when asked.
        self.compress = compress
        self.heartbeat_interval_ms = int(heartbeat_interval * 1000)
        self.ack_deadline = ack_deadline
        self.token_lifetime = token_lifetime
        #: Privileged intents the application may use: any of "members", "presences", "message_content".
        self.privileged_intents = set(privileged_intents)
        self.application_flags = 0

        self.bot_user = User(
            self.snowflakes.next(), bot_name.lower().replace(" ", ""), bot_name, bot=True
        )
        self.application_id = self.bot_user.id
        self.owner = User(self.snowflakes.next(), "app-owner", "App Owner")
        self.token = bot_token(self.bot_user.id)

        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self._dm_channels: dict[int, Channel] = {}
        self._messages: dict[int, Message] = {}
        self._ephemerals: dict[int, list[Message]] = {}
        self._commands: dict[int | None, dict[tuple[int, str], dict[str, Any]]] = {}
        #: Every interaction sent to the bot, oldest first.
        self.interactions: list[Interaction] = []
        self._interactions: dict[int, Interaction] = {}
        self._interactions_by_token: dict[str, Interaction] = {}
        self._acking: set[int] = set()
        self._uploads: dict[int, Attachment] = {}

        #: Requests to routes the emulator does not know: (method, path). Tests assert it stays empty.
        self.unknown_routes: list[tuple[str, str]] = []
        #: The last 50,000 REST requests.
        self.requests: deque[RequestRecord] = deque(maxlen=50_000)
        #: Every error response served (4xx/5xx, injected faults included).
        self.errors: list[RequestRecord] = []
        self.faults: list[Fault] = []
        self.command_syncs = 0

        self._view_listeners: list[Callable[[User], None]] = []
        self._change_listeners: list[Callable[[], None]] = []

        self.gateway = Gateway(self)
        self.rest = RestApi(self)
        self._runner: web.AppRunner | None = None
        self._changed: asyncio.Event | None = None
        self._inflight = 0
        self._last_activity = time.monotonic()

    # ------------------------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------------------------
    async def start(self) -> Emulator:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        for method, path, handler in self.rest.routes():
            app.router.add_route(method, API_PREFIX + path, handler)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment
        )
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, 0))
        sock.listen(512)
        sock.setblocking(False)
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        log.info("emulator listening on %s", self.api_base)
        return self

    async def stop(self) -> None:
        await self.gateway.close_all(1001, "Emulator stopping.")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        """The value for ``DISCORD_API_BASE`` (REST lives under ``/api/v10``)."""
        return f"http://{self.host}:{self.port}"

    @property
    def gateway_url(self) -> str:
        """The value for ``DISCORD_GATEWAY_URL``."""
        return f"ws://{self.host}:{self.port}/gateway"

    def bot_env(self, guild: Guild | None = None) -> dict[str, str]:
        """Environment for ``python -m bot`` against this emulator (dev guild optional)."""
        env = {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }
        if guild is not None:
            env["GIN_DEV_GUILD_ID"] = str(guild.id)
        return env

    # ------------------------------------------------------------------------------------
    # HTTP plumbing
    # ------------------------------------------------------------------------------------
    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        path = request.path
        if not path.startswith(API_PREFIX + "/") or request.match_info.handler == self._unknown:
            result: web.StreamResponse = await handler(request)
            return result
        self._inflight += 1
        self._touch()
        sub = path[len(API_PREFIX) :]
        resource = request.match_info.route.resource
        template = resource.canonical[len(API_PREFIX) :] if resource is not None else sub
        code: int | None = None
        try:
            fault = next((f for f in self.faults if f.matches(request.method, template, sub)), None)
            if fault is not None:
                fault.hits += 1
                fault.served.append(f"{request.method} {sub}")
                resp: web.StreamResponse = fault.response()
            elif (
                not sub.startswith(RestApi.NO_AUTH)
                and request.headers.get("Authorization") != f"Bot {self.token}"
            ):
                resp = json_response({"message": "401: Unauthorized", "code": 0}, 401)
                code = 0
            else:
                try:
                    resp = await handler(request)
                except DiscordError as exc:
                    resp = json_response(exc.body(), exc.status, exc.headers)
                    code = exc.code
            record = RequestRecord(
                request.method, template, sub, resp.status, code, self.clock.now()
            )
            self.requests.append(record)
            if resp.status >= 400:
                self.errors.append(record)
                log.debug("%s %s -> %s %s", request.method, sub, resp.status, code)
            return resp
        finally:
            self._inflight -= 1
            self._touch()
            self._notify()

    async def _unknown(self, request: web.Request) -> web.Response:
        self.unknown_routes.append((request.method, request.path))
        log.warning("unknown route: %s %s", request.method, request.path)
        self._notify()
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        att = self._uploads.get(int(request.match_info["attachment_id"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(
            body=att.data, content_type=att.content_type or "application/octet-stream"
        )

    def _touch(self) -> None:
        self._last_activity = time.monotonic()

    def _notify(self) -> None:
        event = self._changed
        if event is not None:
            self._changed = None
            event.set()
        if self._change_listeners:
            for callback in list(self._change_listeners):
                callback()

    def watch_changes(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` after every change (a REST request, a new interaction, world
        building), the moments :meth:`wait_for` re-checks. Returns a function that stops the
        calls. (For live views such as the sandbox page; the callback must not raise or wait.)"""
        self._change_listeners.append(callback)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                self._change_listeners.remove(callback)

        return stop

    def watch_private_views(self, callback: Callable[[User], None]) -> Callable[[], None]:
        """Call ``callback(user)`` whenever a message only ``user`` sees (a DM to them, an
        ephemeral reply to them) is created, edited or deleted, right after the change.
        Returns a function that stops the calls. (For waiting on many users at once; the
        callback must not raise or wait.)"""
        self._view_listeners.append(callback)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                self._view_listeners.remove(callback)

        return stop

    def _private_view_changed(self, msg: Message) -> None:
        if not self._view_listeners:
            return
        user = msg.ephemeral_to
        if user is None and msg.channel.type == DM:
            user = msg.channel.recipient
        if user is not None:
            for callback in list(self._view_listeners):
                callback(user)

    def _change_event(self) -> asyncio.Event:
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    # ------------------------------------------------------------------------------------
    # world building
    # ------------------------------------------------------------------------------------
    def create_user(
        self,
        username: str,
        *,
        global_name: str | None = None,
        dms_open: bool = True,
        guilds: Iterable[Guild] = (),
    ) -> User:
        """A person; ``guilds`` makes them a member of those servers."""
        user = User(
            self.snowflakes.next(),
            username,
            global_name or username.capitalize(),
            dms_open=dms_open,
        )
        self.users[user.id] = user
        for guild in guilds:
            self.add_member(guild, user)
        return user

    def create_guild(
        self,
        name: str = "Test Server",
        *,
        channels: Iterable[str] = ("general",),
        members: Iterable[User] = (),
    ) -> Guild:
        """A server the bot is in, with text channels named ``channels``."""
        gid = self.snowflakes.next()
        # A nobody owns it: an owner gets every permission, which would hide permission tests.
        guild = Guild(gid, name, owner_id=self.snowflakes.next(), created=self.clock.time())
        guild.roles.append(Role(gid, "@everyone", EVERYONE_PERMISSIONS))
        bot_role = Role(
            self.snowflakes.next(),
            self.bot_user.display_name,
            BOT_ROLE_PERMISSIONS,
            position=1,
            managed=True,
        )
        guild.roles.append(bot_role)
        guild.members[self.bot_user.id] = Member(
            self.bot_user, guild, [bot_role.id], self.clock.time()
        )
        self.guilds[gid] = guild
        for channel_name in channels:
            self._add_channel(guild, channel_name)
        for user in members:
            guild.members[user.id] = Member(user, guild, [], self.clock.time())
        session = self.gateway.session_for(guild)
        if session is not None and session.wants("GUILD_CREATE", guild):
            session.dispatch("GUILD_CREATE", self._guild_create_payload(guild, session))
        self._notify()
        return guild

    def _add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(
            self.snowflakes.next(),
            GUILD_TEXT,
            name,
            guild,
            position=len(guild.channels),
            bot_id=self.bot_user.id,
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def create_channel(self, guild: Guild, name: str) -> Channel:
        """A new text channel (CHANNEL_CREATE reaches a connected bot)."""
        channel = self._add_channel(guild, name)
        self.gateway.dispatch("CHANNEL_CREATE", channel.to_dict(), guild=guild)
        self._notify()
        return channel

    def add_member(self, guild: Guild, user: User) -> Member:
        if user.id in guild.members:
            return guild.members[user.id]
        member = Member(user, guild, [], self.clock.time())
        guild.members[user.id] = member
        self.gateway.dispatch(
            "GUILD_MEMBER_ADD", {**member.to_dict(), "guild_id": str(guild.id)}, guild=guild
        )
        self._notify()
        return member

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = Channel(
                self.snowflakes.next(), DM, None, None, recipient=user, bot_id=self.bot_user.id
            )
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def close_dms(self, user: User) -> None:
        """The user stops accepting DMs from the bot: sends get 403 50007."""
        user.dms_open = False

    def open_dms(self, user: User) -> None:
        user.dms_open = True

    def deny_bot(self, channel: Channel, *permissions: str) -> None:
        """Deny the bot permissions in a channel, e.g. ``deny_bot(ch, "send_messages")``."""
        for name in permissions:
            channel.bot_deny |= PERMISSIONS[name]
        self._channel_updated(channel)

    def allow_bot(self, channel: Channel, *permissions: str) -> None:
        for name in permissions:
            channel.bot_deny &= ~PERMISSIONS[name]
        self._channel_updated(channel)

    def _channel_updated(self, channel: Channel) -> None:
        if channel.guild is not None:
            self.gateway.dispatch("CHANNEL_UPDATE", channel.to_dict(), guild=channel.guild)
        self._notify()

    def bot_permissions(self, channel: Channel) -> int:
        """What the bot may do in ``channel`` (its roles, minus the channel's overwrite)."""
        if channel.type == DM or channel.guild is None:
            return DM_PERMISSIONS
        member = channel.guild.members.get(self.bot_user.id)
        if member is None:
            return 0
        return member.permissions & ~permissions_in(channel).bot_deny

    def shares_guild(self, user: User) -> bool:
        return any(user.id in g.members for g in self.guilds.values())

    def _guild_create_payload(self, guild: Guild, session: Session) -> dict[str, Any]:
        from .models import INTENT_GUILD_MEMBERS

        if session.intents & INTENT_GUILD_MEMBERS:
            payload = guild.to_dict()
        else:
            # Without the members intent Discord lists only the bot itself.
            payload = guild.to_dict(members=[guild.members[self.bot_user.id]])
        payload["threads"] = [t.to_dict() for t in threads_of(self, guild)]
        return payload

    def create_thread(self, channel: Channel, name: str, *, by: User) -> Thread:
        """A public thread a person starts in ``channel`` (without a starter message)."""
        return create_thread(self, channel, name, by.id)

    def threads(self, channel: Channel) -> list[Thread]:
        """The threads started in ``channel``, oldest first."""
        return threads_of(self, channel)

    def thread_of(self, message: Message) -> Thread | None:
        """The thread started from ``message``, if any."""
        found = self.channels.get(message.id)
        return found if isinstance(found, Thread) else None

    # ------------------------------------------------------------------------------------
    # commands
    # ------------------------------------------------------------------------------------
    def _scope_id(self, guild: Guild | int | None) -> int | None:
        if isinstance(guild, Guild):
            return guild.id
        return guild

    def commands(self, guild: Guild | int | None = None) -> list[dict[str, Any]]:
        """Commands the bot registered globally (``guild=None``) or for one server."""
        return list(self._commands.get(self._scope_id(guild), {}).values())

    def command_paths(self, guild: Guild | int | None = None) -> list[str]:
        """Every command a person can type, e.g. ``["gin about", "gin ping"]``."""
        out: list[str] = []
        for cmd in self.commands(guild):
            if cmd["type"] != 1:
                continue
            subs = [o for o in cmd.get("options") or [] if o.get("type") in (1, 2)]
            if not subs:
                out.append(cmd["name"])
            for sub in subs:
                if sub["type"] == 1:
                    out.append(f"{cmd['name']} {sub['name']}")
                else:
                    out.extend(
                        f"{cmd['name']} {sub['name']} {leaf['name']}"
                        for leaf in sub.get("options") or []
                    )
        return sorted(out)

    def _store_commands(
        self, scope: int | None, commands: list[dict[str, Any]], *, replace: bool
    ) -> list[dict[str, Any]]:
        self.command_syncs += 1
        old = self._commands.get(scope, {})
        new: dict[tuple[int, str], dict[str, Any]] = {} if replace else dict(old)
        stored = []
        for cmd in commands:
            key = (int(cmd.get("type", 1)), str(cmd["name"]))
            previous = old.get(key)
            record = {
                "id": previous["id"] if previous else str(self.snowflakes.next()),
                "application_id": str(self.application_id),
                "version": str(self.snowflakes.next()),
                "type": key[0],
                "name": key[1],
                "name_localizations": cmd.get("name_localizations"),
                "description": cmd.get("description") or "",
                "description_localizations": cmd.get("description_localizations"),
                "options": cmd.get("options") or [],
                "default_member_permissions": cmd.get("default_member_permissions"),
                "dm_permission": cmd.get("dm_permission", True),
                "contexts": cmd.get("contexts"),
                "integration_types": cmd.get("integration_types") or [0],
                "nsfw": bool(cmd.get("nsfw", False)),
            }
            if scope is not None:
                record["guild_id"] = str(scope)
            new[key] = record
            stored.append(record)
        self._commands[scope] = new
        self._notify()
        return stored

    def _delete_command(self, scope: int | None, command_id: str) -> None:
        table = self._commands.get(scope, {})
        for key, cmd in list(table.items()):
            if cmd["id"] == command_id:
                del table[key]

    # ------------------------------------------------------------------------------------
    # messages
    # ------------------------------------------------------------------------------------
    def _make_attachments(
        self,
        channel: Channel,
        meta: list[dict[str, Any]] | None,
        files: Mapping[int, UploadedFile],
        existing: list[Attachment],
    ) -> list[Attachment]:
        by_id = {str(a.id): a for a in existing}
        kept: list[Attachment] = []
        wanted: list[tuple[int, dict[str, Any]]] = []
        if meta is None:
            kept = list(existing)
            wanted = [(i, {}) for i in sorted(files)]
        else:
            if not isinstance(meta, list):
                raise DiscordError(400, 50035, "Invalid Form Body")
            for item in meta:
                aid = str(item.get("id"))
                if aid in by_id:
                    kept.append(by_id[aid])
                elif aid.isdigit() and int(aid) in files:
                    wanted.append((int(aid), item))
                else:
                    raise DiscordError(
                        400,
                        50035,
                        "Invalid Form Body",
                        errors={
                            "attachments": {
                                "_errors": [
                                    {
                                        "code": "ATTACHMENT_NOT_FOUND",
                                        "message": f"Unknown attachment {aid}",
                                    }
                                ]
                            }
                        },
                    )
            named = {i for i, _ in wanted}
            wanted.extend((i, {}) for i in sorted(files) if i not in named)
        for index, item in wanted:
            upload = files[index]
            if len(upload.data) > MAX_ATTACHMENT_BYTES:
                raise DiscordError(413, 40005, "Request entity too large")
            filename = str(item.get("filename") or upload.filename)
            content_type = upload.content_type
            if not content_type or content_type == "application/octet-stream":
                content_type = mimetypes.guess_type(filename)[0] or content_type
            new_id = self.snowflakes.next()
            size = _image_size(upload.data) if (content_type or "").startswith("image/") else None
            att = Attachment(
                id=new_id,
                filename=filename,
                content_type=content_type,
                data=upload.data,
                url=f"{self.api_base}/attachments/{channel.id}/{new_id}/{filename}",
                description=item.get("description"),
                width=size[0] if size else None,
                height=size[1] if size else None,
            )
            self._uploads[new_id] = att
            kept.append(att)
        return kept

    @staticmethod
    def _normalize_embeds(
        embeds: list[dict[str, Any]], attachments: list[Attachment]
    ) -> list[dict[str, Any]]:
        by_name = {a.filename: a for a in attachments}
        out = []
        for embed in embeds:
            embed = dict(embed)
            embed.setdefault("type", "rich")
            for key in ("image", "thumbnail"):
                part = embed.get(key)
                if isinstance(part, dict) and str(part.get("url", "")).startswith("attachment://"):
                    att = by_name.get(str(part["url"])[len("attachment://") :])
                    if att is not None:
                        embed[key] = {
                            "url": att.url,
                            "proxy_url": att.url,
                            "width": att.width,
                            "height": att.height,
                            "content_type": att.content_type,
                        }
            out.append(embed)
        return out

    def _create_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        files: Mapping[int, UploadedFile],
        *,
        ephemeral_to: User | None = None,
        interaction: Interaction | None = None,
        type: int = 0,
        check_permissions: bool = False,
        loading: bool = False,
        original_response_id: int | None = None,
    ) -> Message:
        if not loading:
            validate_message(payload, n_files=len(files), allow_ephemeral=interaction is not None)
        flags = int(payload.get("flags") or 0) & _PUBLIC_FLAGS
        if ephemeral_to is not None:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        msg = Message(
            id=self.snowflakes.next(),
            channel=channel,
            author=self.bot_user,
            content=str(payload.get("content") or ""),
            flags=flags,
            type=type,
            ephemeral_to=ephemeral_to,
            interaction=interaction,
            original_response_id=original_response_id,
        )
        msg.attachments = self._make_attachments(channel, payload.get("attachments"), files, [])
        embeds = list(payload.get("embeds") or [])
        if check_permissions and not self.bot_permissions(channel) & PERMISSIONS["embed_links"]:
            embeds = []  # Discord drops embeds silently without Embed Links
        msg.embeds = self._normalize_embeds(embeds, msg.attachments)
        msg.components = list(payload.get("components") or [])
        channel.messages[msg.id] = msg
        self._messages[msg.id] = msg
        if ephemeral_to is not None:
            self._ephemerals.setdefault(ephemeral_to.id, []).append(msg)
        if ephemeral_to is None:
            self._dispatch_message("MESSAGE_CREATE", msg)
        self._private_view_changed(msg)
        self._notify()
        return msg

    def _edit_message(
        self,
        msg: Message,
        payload: dict[str, Any],
        files: Mapping[int, UploadedFile],
        *,
        require_content: bool = False,
    ) -> Message:
        content = str(payload["content"] or "") if "content" in payload else msg.content
        embeds = list(payload["embeds"] or []) if "embeds" in payload else msg.embeds
        components = (
            list(payload["components"] or []) if "components" in payload else msg.components
        )
        kept_flags = msg.flags & FLAG_EPHEMERAL
        if "flags" in payload and payload["flags"] is not None:
            flags = kept_flags | (int(payload["flags"]) & _PUBLIC_FLAGS)
        else:
            flags = kept_flags | (msg.flags & _PUBLIC_FLAGS)
        validate_message(
            {"content": content, "embeds": embeds, "components": components, "flags": flags},
            n_files=len(files),
            existing=True,
            allow_ephemeral=True,
        )
        attachments = self._make_attachments(
            msg.channel,
            payload.get("attachments"),
            files,
            msg.attachments,
        )
        if not (content or embeds or components or attachments):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        was_loading = msg.loading
        msg.history.append(msg.snapshot())
        msg.edit_times.append(self.clock.now())
        msg.content = content
        msg.attachments = attachments
        msg.embeds = self._normalize_embeds(embeds, attachments)
        msg.components = components
        msg.flags = flags
        if not was_loading:
            msg.edited = self.clock.time()
        if not msg.ephemeral:
            self._dispatch_message("MESSAGE_UPDATE", msg)
        self._private_view_changed(msg)
        self._notify()
        return msg

    def _delete_message(self, msg: Message) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            self.gateway.dispatch("MESSAGE_DELETE", data, guild=msg.channel.guild)
        self._private_view_changed(msg)
        self._notify()

    def _dispatch_message(self, event: str, msg: Message) -> None:
        guild = msg.channel.guild
        data = msg.to_dict()
        if guild is not None:
            data["guild_id"] = str(guild.id)
            data["member"] = guild.members[self.bot_user.id].to_dict(with_user=False)
        self.gateway.dispatch(event, data, guild=guild)

    # ------------------------------------------------------------------------------------
    # reading what people see
    # ------------------------------------------------------------------------------------
    def message(self, message_id: int) -> Message:
        return self._messages[message_id]

    def can_see(self, user: User, msg: Message, *, include_deleted: bool = False) -> bool:
        """Whether ``user`` can see ``msg`` (ephemeral: only its owner; DM: only the recipient)."""
        if msg.deleted and not include_deleted:
            return False
        if msg.ephemeral_to is not None:
            return msg.ephemeral_to is user
        channel = msg.channel
        if channel.type == DM:
            return channel.recipient is user
        return channel.guild is not None and user.id in channel.guild.members

    def messages(self, channel: Channel) -> list[Message]:
        """The channel's public messages, oldest first (no ephemerals, no deleted ones)."""
        return [m for m in channel.messages.values() if not m.deleted and not m.ephemeral]

    def last_message(self, channel: Channel) -> Message | None:
        msgs = self.messages(channel)
        return msgs[-1] if msgs else None

    def dms(self, user: User) -> list[Message]:
        """The bot's DMs to ``user``, oldest first."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            return []
        return [m for m in channel.messages.values() if not m.deleted and not m.ephemeral]

    def last_dm(self, user: User) -> Message | None:
        msgs = self.dms(user)
        return msgs[-1] if msgs else None

    def ephemerals(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Ephemeral replies only ``user`` sees, oldest first (optionally in one channel)."""
        return [
            m
            for m in self._ephemerals.get(user.id, [])
            if not m.deleted and (channel is None or m.channel is channel)
        ]

    def last_ephemeral(self, user: User) -> Message | None:
        msgs = self.ephemerals(user)
        return msgs[-1] if msgs else None

    def visible_to(self, user: User) -> list[Message]:
        """Every message ``user`` can see now: public ones in their servers, DMs, ephemerals."""
        return [m for m in self._messages.values() if self.can_see(user, m)]

    def texts_seen_by(self, user: User) -> list[str]:
        """The text of every version of every message ever shown to ``user`` (privacy checks)."""
        return [
            v.text
            for m in self._messages.values()
            if self.can_see(user, m, include_deleted=True)
            for v in m.versions()
        ]

    def ack_latencies(self) -> list[float]:
        """Seconds from each interaction to its acknowledgement (acknowledged ones only)."""
        return [i.latency for i in self.interactions if i.latency is not None]

    def unacknowledged(self) -> list[Interaction]:
        """Interactions the bot never acknowledged in time."""
        now = self.clock.now()
        return [
            i
            for i in self.interactions
            if i.ack_type is None and now - i.created_at > self.ack_deadline
        ]

    def assert_no_unknown_routes(self) -> None:
        assert not self.unknown_routes, (
            f"the bot called routes the emulator does not know: {self.unknown_routes}"
        )

    # ------------------------------------------------------------------------------------
    # waiting
    # ------------------------------------------------------------------------------------
    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,  # noqa: ASYNC109
        *,
        what: str | None = None,
    ) -> T:
        """Return ``predicate()`` once it is truthy; checked after every change. ``TimeoutError`` otherwise."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"timed out after {timeout:g} s waiting for {what or getattr(predicate, '__name__', 'a condition')}"
                )
            event = self._change_event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.25))

    async def _wait_newest(
        self,
        listing: Callable[[], list[Message]],
        predicate: Callable[[Message], object] | None,
        timeout: float,  # noqa: ASYNC109
        what: str,
    ) -> Message:
        """The newest message of `listing()` matching `predicate`, waiting for one."""

        def find() -> Message | None:
            return next((m for m in reversed(listing()) if predicate is None or predicate(m)), None)

        return await self.wait_for(find, timeout, what=what)

    async def wait_for_dm(
        self,
        user: User,
        predicate: Callable[[Message], object] | None = None,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The newest DM to ``user`` matching ``predicate`` (waiting for it if needed)."""
        return await self._wait_newest(
            lambda: self.dms(user), predicate, timeout, f"a DM to {user.username}"
        )

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], object] | None = None,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The newest public message in ``channel`` matching ``predicate`` (waiting for it if needed)."""
        return await self._wait_newest(
            lambda: self.messages(channel), predicate, timeout, f"a message in {channel!r}"
        )

    async def wait_for_ephemeral(
        self,
        user: User,
        predicate: Callable[[Message], object] | None = None,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The newest ephemeral reply to ``user`` matching ``predicate``."""
        return await self._wait_newest(
            lambda: self.ephemerals(user),
            predicate,
            timeout,
            f"an ephemeral reply to {user.username}",
        )

    async def settle(
        self,
        quiet: float = 0.1,
        timeout: float = 10.0,  # noqa: ASYNC109
    ) -> None:
        """Wait until the bot has made no request for ``quiet`` seconds (a heuristic for "idle")."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            idle = time.monotonic() - self._last_activity
            if self._inflight == 0 and idle >= quiet:
                return
            if loop.time() > deadline:
                raise TimeoutError(f"the bot kept busy for {timeout:g} s")
            await asyncio.sleep(max(0.01, quiet - idle))

    async def wait_until_connected(
        self,
        timeout: float = 10.0,  # noqa: ASYNC109
    ) -> Session:
        """Wait for a bot session that has identified and is connected."""

        def connected() -> Session | None:
            return next((s for s in self.gateway.live_sessions() if s.conn is not None), None)

        return await self.wait_for(connected, timeout, what="a gateway session")

    # ------------------------------------------------------------------------------------
    # acting as people
    # ------------------------------------------------------------------------------------
    def _find_command(
        self, user: User, channel: Channel, name: str, kind: int = 1
    ) -> dict[str, Any]:
        guild = channel.guild
        scopes: list[int | None] = [guild.id, None] if guild is not None else [None]
        for scope in scopes:
            cmd = self._commands.get(scope, {}).get((kind, name))
            if cmd is None:
                continue
            contexts = cmd.get("contexts")
            if guild is None and (
                cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts)
            ):
                raise EmulatorError(f"/{name} cannot be used in DMs")
            if guild is not None and contexts is not None and 0 not in contexts:
                raise EmulatorError(f"/{name} cannot be used in servers")
            required = cmd.get("default_member_permissions")
            if guild is not None and required is not None:
                member = guild.members[user.id]
                if int(required) & member.permissions != int(required) or required == "0":
                    raise EmulatorError(f"{user.username} lacks the permissions /{name} needs")
            return cmd
        where = guild.name if guild is not None else "DMs"
        available = sorted({n for s in scopes for (k, n) in self._commands.get(s, {}) if k == kind})
        raise EmulatorError(f"no command /{name} registered for {where}; registered: {available}")

    def _resolve_command(
        self, user: User, channel: Channel, command: str
    ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        """(command, path of subcommand/group options, leaf option definitions)."""
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise EmulatorError("empty command")
        cmd = self._find_command(user, channel, parts[0])
        path: list[dict[str, Any]] = []
        options = cmd.get("options") or []
        for part in parts[1:]:
            sub = next(
                (o for o in options if o.get("name") == part and o.get("type") in (1, 2)), None
            )
            if sub is None:
                names = [o["name"] for o in options if o.get("type") in (1, 2)]
                raise EmulatorError(f"/{' '.join(parts)}: no subcommand {part!r}; choices: {names}")
            path.append(sub)
            options = sub.get("options") or []
        if any(o.get("type") in (1, 2) for o in options):
            names = [o["name"] for o in options]
            raise EmulatorError(f"/{' '.join(parts)} needs a subcommand: {names}")
        return cmd, path, options

    def _option_value(
        self,
        opt: dict[str, Any],
        value: Any,
        guild: Guild | None,
        resolved: dict[str, dict[str, Any]],
        *,
        check: bool,
    ) -> Any:
        kind = opt["type"]
        name = opt["name"]
        if kind == 3:
            if not isinstance(value, str):
                raise EmulatorError(f"option {name!r} takes a string")
            if check:
                lo, hi = opt.get("min_length", 0), opt.get("max_length", 6000)
                if not lo <= len(value) <= hi:
                    raise EmulatorError(f"option {name!r} must be {lo}-{hi} characters")
        elif kind in (4, 10):
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or (kind == 4 and not isinstance(value, int))
            ):
                raise EmulatorError(
                    f"option {name!r} takes {'an integer' if kind == 4 else 'a number'}"
                )
            if check:
                lo, hi = opt.get("min_value"), opt.get("max_value")
                if (lo is not None and value < lo) or (hi is not None and value > hi):
                    raise EmulatorError(f"option {name!r} must be between {lo} and {hi}")
        elif kind == 5:
            if not isinstance(value, bool):
                raise EmulatorError(f"option {name!r} takes a boolean")
        elif kind in (6, 9) and isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.to_dict()
            member = guild.members.get(value.id) if guild is not None else None
            if member is not None:
                resolved.setdefault("members", {})[str(value.id)] = {
                    **member.to_dict(with_user=False),
                    "permissions": str(member.permissions),
                }
            return str(value.id)
        elif kind in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_dict()
            return str(value.id)
        elif kind == 7 and isinstance(value, Channel):
            data = value.to_dict()
            data["permissions"] = str(self.bot_permissions(value))
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        elif kind == 11 and isinstance(value, UploadFile):
            aid = self.snowflakes.next()
            ctype = value.content_type or mimetypes.guess_type(value.filename)[0]
            att = Attachment(
                aid,
                value.filename,
                ctype,
                value.data,
                f"{self.api_base}/attachments/0/{aid}/{value.filename}",
            )
            self._uploads[aid] = att
            resolved.setdefault("attachments", {})[str(aid)] = att.to_dict()
            return str(aid)
        else:
            raise EmulatorError(f"option {name!r} (type {kind}) cannot take {value!r}")
        if check and opt.get("choices") and value not in [c["value"] for c in opt["choices"]]:
            raise EmulatorError(
                f"option {name!r} must be one of {[c['value'] for c in opt['choices']]}"
            )
        return value

    def _command_data(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: Mapping[str, Any],
        *,
        focused: str | None = None,
        focused_value: str = "",
    ) -> tuple[dict[str, Any], str]:
        cmd, path, defs = self._resolve_command(user, channel, command)
        by_name = {d["name"]: d for d in defs}
        given: dict[str, Any] = {}
        for key, value in options.items():
            name = key if key in by_name else key.replace("_", "-")
            if name not in by_name:
                raise EmulatorError(f"/{command} has no option {key!r}; options: {list(by_name)}")
            given[name] = value
        resolved: dict[str, dict[str, Any]] = {}
        built: list[dict[str, Any]] = []
        for d in defs:
            name = d["name"]
            if name == focused:
                built.append(
                    {"name": name, "type": d["type"], "value": focused_value, "focused": True}
                )
            elif name in given:
                value = self._option_value(
                    d, given[name], channel.guild, resolved, check=focused is None
                )
                built.append({"name": name, "type": d["type"], "value": value})
            elif d.get("required") and focused is None:
                raise EmulatorError(f"/{command} needs option {name!r}")
        if focused is not None and focused not in by_name:
            raise EmulatorError(f"/{command} has no option {focused!r}")
        for sub in reversed(path):
            built = [{"name": sub["name"], "type": sub["type"], "options": built}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": built}
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        full = " ".join([cmd["name"], *(p["name"] for p in path)])
        return data, full

    def _new_interaction(
        self,
        kind: int,
        user: User,
        channel: Channel | None,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        command_name: str | None = None,
        forged: bool = False,
    ) -> Interaction:
        channel = channel if channel is not None else self.dm_channel(user)
        guild = channel.guild
        if guild is not None and user.id not in guild.members:
            raise EmulatorError(f"{user.username} is not a member of {guild.name}")
        if channel.type == DM and channel.recipient is not user and not forged:
            raise EmulatorError(f"{user.username} cannot act in {channel!r}")
        iid = self.snowflakes.next()
        return Interaction(
            id=iid,
            token=interaction_token(iid),
            application_id=self.application_id,
            type=kind,
            user=user,
            channel=channel,
            guild=guild,
            data=data,
            created_at=0.0,
            message=message,
            command_name=command_name,
        )

    def _interaction_payload(self, inter: Interaction) -> dict[str, Any]:
        channel = inter.channel
        channel_data = channel.to_dict()
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(inter.application_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "locale": inter.user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": MAX_ATTACHMENT_BYTES,
            "app_permissions": str(self.bot_permissions(channel)),
            "channel_id": str(channel.id),
        }
        guild = inter.guild
        if guild is not None:
            member = guild.members[inter.user.id]
            channel_data["permissions"] = str(member.permissions)
            payload.update(
                guild_id=str(guild.id),
                guild=guild.to_partial(),
                guild_locale=guild.locale,
                context=0,
                authorizing_integration_owners={"0": str(guild.id)},
                member={**member.to_dict(), "permissions": str(member.permissions)},
            )
        else:
            channel_data["permissions"] = str(DM_PERMISSIONS)
            payload.update(
                user=inter.user.to_dict(), context=1, authorizing_integration_owners={"0": "0"}
            )
        payload["channel"] = channel_data
        if inter.message is not None:
            payload["message"] = inter.message.to_dict()
        return payload

    async def _send(self, inter: Interaction, *, wait: bool, raise_on_failure: bool) -> Interaction:
        payload = self._interaction_payload(inter)
        inter.created_at = self.clock.now()
        self.interactions.append(inter)
        self._interactions[inter.id] = inter
        self._interactions_by_token[inter.token] = inter
        self.gateway.dispatch("INTERACTION_CREATE", payload, guild=inter.guild)
        self._notify()
        if wait:
            await self.wait_ack(inter, raise_on_failure=raise_on_failure)
        return inter

    async def wait_ack(self, inter: Interaction, *, raise_on_failure: bool = True) -> Interaction:
        """Wait until the bot acknowledges ``inter`` or its 3 s deadline passes."""
        while not inter.acked.is_set():
            remaining = inter.created_at + self.ack_deadline - self.clock.now()
            if remaining <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(inter.acked.wait(), remaining + 0.05)
        if inter.ack_type is None and raise_on_failure:
            raise InteractionFailed(inter, self.ack_deadline)
        return inter

    async def slash(
        self,
        user: User,
        channel: Channel | None,
        command: str,
        *,
        wait: bool = True,
        raise_on_failure: bool = True,
        **options: Any,
    ) -> Interaction:
        """Run ``/command`` as ``user`` in ``channel`` (None: the user's DM with the bot).

        ``command`` is the full path, e.g. ``"gin challenge"``; options are keyword arguments
        (users as :class:`User`, channels as :class:`Channel`, files as :class:`UploadFile`).
        Waits for the acknowledgement and raises :class:`InteractionFailed` if none comes in 3 s.
        """
        target = channel if channel is not None else self.dm_channel(user)
        data, full = self._command_data(user, target, command, options)
        inter = self._new_interaction(APPLICATION_COMMAND, user, target, data, command_name=full)
        return await self._send(inter, wait=wait, raise_on_failure=raise_on_failure)

    async def user_command(
        self,
        user: User,
        channel: Channel | None,
        name: str,
        *,
        target: User,
        wait: bool = True,
        raise_on_failure: bool = True,
    ) -> Interaction:
        """Pick ``name`` from ``target``'s user context menu (Apps) as ``user`` in ``channel``.

        Sends an application command of type 2 (USER) with ``data.target_id`` and the target
        in ``resolved.users`` (and ``resolved.members`` in a server where they are a member).
        """
        where = channel if channel is not None else self.dm_channel(user)
        cmd = self._find_command(user, where, name, kind=USER_COMMAND)
        resolved: dict[str, dict[str, Any]] = {}
        self._option_value(
            {"type": 6, "name": "target"}, target, where.guild, resolved, check=False
        )
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": USER_COMMAND,
            "target_id": str(target.id),
            "resolved": resolved,
        }
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        inter = self._new_interaction(APPLICATION_COMMAND, user, where, data, command_name=name)
        return await self._send(inter, wait=wait, raise_on_failure=raise_on_failure)

    async def autocomplete(
        self,
        user: User,
        channel: Channel | None,
        command: str,
        option: str,
        value: str = "",
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type ``value`` into ``option`` of ``/command``; returns the bot's choices."""
        target = channel if channel is not None else self.dm_channel(user)
        data, full = self._command_data(
            user, target, command, options, focused=option, focused_value=value
        )
        inter = self._new_interaction(AUTOCOMPLETE, user, target, data, command_name=full)
        await self._send(inter, wait=True, raise_on_failure=True)
        return list(inter.choices or [])

    def _visible_message(self, user: User, message: Message | int) -> Message:
        msg = self._messages.get(message) if isinstance(message, int) else message
        if msg is None:
            raise EmulatorError(f"no message {message}")
        if not self.can_see(user, msg):
            raise EmulatorError(f"{user.username} cannot see {msg!r}")
        return msg

    async def click(
        self,
        user: User,
        message: Message | int,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        wait: bool = True,
        raise_on_failure: bool = True,
    ) -> Interaction:
        """Click the button labelled ``label`` (or with ``custom_id``) on a message ``user`` can see."""
        msg = self._visible_message(user, message)
        button = msg.button(label, custom_id=custom_id)
        if button.disabled:
            raise EmulatorError(f"button {label or custom_id!r} is disabled on {msg!r}")
        if button.style in (5, 6) or button.custom_id is None:
            raise EmulatorError(f"button {label or custom_id!r} is a link, not an interaction")
        data: dict[str, Any] = {"custom_id": button.custom_id, "component_type": 2}
        if "id" in button.raw:
            data["id"] = button.raw["id"]
        inter = self._new_interaction(MESSAGE_COMPONENT, user, msg.channel, data, message=msg)
        return await self._send(inter, wait=wait, raise_on_failure=raise_on_failure)

    async def select(
        self,
        user: User,
        message: Message | int,
        *labels: str,
        placeholder: str | None = None,
        custom_id: str | None = None,
        values: Iterable[Any] | None = None,
        wait: bool = True,
        raise_on_failure: bool = True,
    ) -> Interaction:
        """Choose options by label in a select menu (``values=`` for raw values or users).

        With several selects on the message, name one by ``placeholder`` or ``custom_id``.
        """
        msg = self._visible_message(user, message)
        menu = msg.select(placeholder, custom_id=custom_id)
        if menu.disabled:
            raise EmulatorError(f"select {menu.placeholder or menu.custom_id!r} is disabled")
        resolved: dict[str, dict[str, Any]] = {}
        chosen: list[str] = []
        if menu.type == 3:
            by_label = {o.label: o.value for o in menu.options}
            for label in labels:
                if label not in by_label:
                    raise EmulatorError(
                        f"no option {label!r} in select {menu.placeholder!r}; options: {list(by_label)}"
                    )
                chosen.append(by_label[label])
            for value in values or []:
                if str(value) not in by_label.values():
                    raise EmulatorError(f"no option value {value!r} in select {menu.placeholder!r}")
                chosen.append(str(value))
        else:
            fake_opt = {"type": {5: 6, 6: 8, 7: 9, 8: 7}[menu.type], "name": "values"}
            for value in values or []:
                chosen.append(
                    self._option_value(fake_opt, value, msg.channel.guild, resolved, check=False)
                )
        if not menu.min_values <= len(chosen) <= menu.max_values:
            raise EmulatorError(
                f"select {menu.placeholder!r} takes {menu.min_values}-{menu.max_values} values, got {len(chosen)}"
            )
        data: dict[str, Any] = {
            "custom_id": menu.custom_id,
            "component_type": menu.type,
            "values": chosen,
        }
        if resolved:
            data["resolved"] = resolved
        inter = self._new_interaction(MESSAGE_COMPONENT, user, msg.channel, data, message=msg)
        return await self._send(inter, wait=wait, raise_on_failure=raise_on_failure)

    async def forge_component(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        *,
        values: Iterable[str] | None = None,
        wait: bool = True,
        raise_on_failure: bool = False,
    ) -> Interaction:
        """A component interaction Discord's own client could never send, for security tests.

        ``user`` "clicks" ``custom_id`` on ``message`` whoever the message belongs to (another
        user's DM or ephemeral reply included), whether or not the component is on it or
        enabled; ``values`` makes it a string select. The channel is the message's channel.
        Callbacks are answered as for a real click (a type 6/7 answer edits ``message``), so a
        test sees exactly what the bot would do to that message.
        """
        msg = self._messages.get(message) if isinstance(message, int) else message
        if msg is None:
            raise EmulatorError(f"no message {message}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data.update(component_type=3, values=[str(v) for v in values])
        inter = self._new_interaction(
            MESSAGE_COMPONENT, user, msg.channel, data, message=msg, forged=True
        )
        return await self._send(inter, wait=wait, raise_on_failure=raise_on_failure)

    async def submit_modal(
        self,
        user: User,
        source: Interaction,
        values: Mapping[str, Any] | None = None,
        *,
        wait: bool = True,
        raise_on_failure: bool = True,
    ) -> Interaction:
        """Fill in and submit the modal the bot opened in answer to ``source``.

        ``values`` maps each field's label (or custom_id) to the text typed (selects: a list).
        """
        if source.modal is None:
            raise EmulatorError(f"{source!r} did not open a modal")
        if source.user is not user:
            raise EmulatorError(f"only {source.user.username} sees that modal")
        values = dict(values or {})
        used: set[str] = set()

        def answer(comp: dict[str, Any], label: str | None) -> dict[str, Any]:
            cid = comp.get("custom_id")
            key = next((k for k in (label, cid) if k is not None and k in values), None)
            if comp.get("type") == 4:
                if key is not None:
                    used.add(key)
                    text = str(values[key])
                else:
                    text = str(comp.get("value") or "")
                if not text and comp.get("required", True):
                    raise EmulatorError(f"modal field {label or cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": text}
            chosen = values.get(key, []) if key is not None else []
            if key is not None:
                used.add(key)
            return {"type": comp.get("type"), "custom_id": cid, "values": [str(v) for v in chosen]}

        submitted: list[dict[str, Any]] = []
        for row in source.modal.get("components") or []:
            if row.get("type") == 1:
                child = row["components"][0]
                submitted.append({"type": 1, "components": [answer(child, child.get("label"))]})
            elif row.get("type") == 18:
                submitted.append(
                    {"type": 18, "component": answer(row["component"], row.get("label"))}
                )
        unknown = set(values) - used
        if unknown:
            raise EmulatorError(f"the modal has no fields {sorted(unknown)}")
        data = {"custom_id": source.modal.get("custom_id"), "components": submitted}
        inter = self._new_interaction(
            MODAL_SUBMIT, user, source.channel, data, message=source.message
        )
        return await self._send(inter, wait=wait, raise_on_failure=raise_on_failure)

    # ------------------------------------------------------------------------------------
    # faults and gateway controls
    # ------------------------------------------------------------------------------------
    def inject_fault(
        self,
        route: str,
        *,
        status: int = 429,
        times: int = 1,
        retry_after: float = 0.1,
        global_: bool = False,
        via: bool = True,
        code: int = 0,
        message: str | None = None,
    ) -> Fault:
        """Answer the next ``times`` requests matching ``route`` with ``status``.

        ``route`` is ``"METHOD /template"`` or ``"METHOD /concrete/path"`` with ``*`` wildcards,
        e.g. ``"POST /channels/{channel_id}/messages"`` or ``"* /webhooks/*"``. 429s carry
        ``retry_after`` and a ``Via`` header (``via=False`` mimics a Cloudflare ban).
        """
        fault = Fault(route, status, times, retry_after, global_, via, code, message)
        self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        self.faults.clear()

    async def reconnect_gateway(self) -> int:
        """Send op 7 RECONNECT: the client drops the socket and RESUMEs."""
        return await self.gateway.send_op(RECONNECT, None)

    async def invalidate_session(self, *, resumable: bool = False) -> int:
        """Send op 9 INVALID_SESSION; unless ``resumable`` the client must IDENTIFY again."""
        sessions = self.gateway.live_sessions()
        sent = await self.gateway.send_op(INVALID_SESSION, resumable)
        if not resumable:
            for session in sessions:
                session.resumable = False
        return sent

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close every gateway socket with ``code`` (4000: the client resumes).

        4009 (session timed out) ends the sessions too, as Discord does: the client's RESUME
        gets INVALID_SESSION and it IDENTIFYs again; events meanwhile are lost.
        """
        if code == 4009:
            for session in self.gateway.live_sessions():
                session.resumable = False
        await self.gateway.close_all(code, "Dropped by the emulator.")

    def __repr__(self) -> str:
        return f"<Emulator {self.api_base} guilds={len(self.guilds)} users={len(self.users)}>"
