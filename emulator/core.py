"""The emulator: the server's lifecycle and HTTP plumbing, and the test driver's API.

Everything a test touches lives on :class:`Emulator` (see ``docs/emulator.md``); the state
it serves is in the modules it is built from (``state.py`` lists them), which the REST
routes (``rest.py``) and the gateway (``gateway.py``) use directly.
"""

from __future__ import annotations

import logging
import socket
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from .clock import Clock
from .config import Options
from .emojis import emoji_file
from .errors import EmulatorError, InteractionFailed
from .gateway import INVALID_SESSION, RECONNECT, Gateway, Session
from .http import API_PREFIX, json_response
from .ids import shard_of
from .models import Channel, Guild, Interaction, Member, Message, User
from .people import People, UploadFile
from .ratelimits import RateLimiter
from .rest import Fault, RestApi
from .state import State
from .threads import Thread
from .validate import DiscordError

__all__ = [
    "Emulator",
    "EmulatorError",
    "InteractionFailed",
    "RequestRecord",
    "UploadFile",
]

log = logging.getLogger("emulator")

T = TypeVar("T")


@dataclass
class RequestRecord:
    """One REST request the bot made."""

    method: str
    route: str  # the template, e.g. "/channels/{channel_id}/messages"
    path: str
    status: int
    code: int | None
    at: float
    #: Bytes of the request's body (JSON or multipart with its files; 0 without a body).
    size: int = 0


def _option(name: str) -> Any:
    """An attribute of the emulator that reads and sets ``emu.options.<name>``."""
    return property(
        lambda self: getattr(self.options, name),
        lambda self, value: setattr(self.options, name, value),
        doc=f"``options.{name}``",
    )


class Emulator(People):
    """A loopback Discord on 127.0.0.1: REST v10, Gateway v10, and a driver for tests.

    Use as ``async with Emulator() as emu:``; point the bot at ``emu.api_base`` and
    ``emu.gateway_url`` with ``emu.token`` (see :meth:`bot_env`). Acting as people
    (:meth:`slash`, :meth:`click`...) comes from :class:`~emulator.people.People`.
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
        shard_count: int = 1,
        rate_limits: bool = True,
    ) -> None:
        if shard_count < 1:
            raise EmulatorError(f"shard_count must be 1 or more, not {shard_count}")
        self.options = Options(
            host=host,
            compress=compress,
            heartbeat_interval_ms=int(heartbeat_interval * 1000),
            ack_deadline=ack_deadline,
            token_lifetime=token_lifetime,
            privileged_intents=set(privileged_intents),
            shard_count=shard_count,
            rate_limits=rate_limits,
        )
        self.clock = clock or Clock()
        #: Discord's REST rate limits; ``ratelimits.stats`` says what they did.
        self.ratelimits = RateLimiter(self.options, self.clock)
        super().__init__(State.new(self.options, self.clock, bot_name=bot_name))
        state = self.state
        #: The parts of the state, for tests that need more than the driver's methods.
        self.world = state.world
        self.registry = state.commands
        self.message_store = state.messages
        self.interaction_log = state.interactions
        #: The application's emojis (``/applications/{id}/emojis``).
        self.app_emojis = state.emojis

        world = self.world
        self.snowflakes = world.snowflakes
        self.bot_user = world.bot_user
        self.application_id = world.application_id
        self.owner = world.owner
        self.token = world.token
        self.users = world.users
        self.guilds = world.guilds
        self.channels = world.channels
        #: Every interaction sent to the bot, oldest first.
        self.interactions: list[Interaction] = state.interactions.all

        #: Requests to routes the emulator does not know: (method, path). Tests assert it stays empty.
        self.unknown_routes: list[tuple[str, str]] = []
        #: The last 50,000 REST requests.
        self.requests: deque[RequestRecord] = deque(maxlen=50_000)
        #: Every error response served (4xx/5xx, injected faults included).
        self.errors: list[RequestRecord] = []
        self.faults: list[Fault] = []

        self.gateway = Gateway(state)
        world.events = self.gateway
        self.rest = RestApi(state)
        self._runner: web.AppRunner | None = None

    # --- options, as attributes (``emu.ack_deadline = 1.0`` changes the option) -------------
    host = _option("host")
    port = _option("port")
    compress = _option("compress")
    heartbeat_interval_ms = _option("heartbeat_interval_ms")
    ack_deadline = _option("ack_deadline")
    token_lifetime = _option("token_lifetime")
    privileged_intents = _option("privileged_intents")
    application_flags = _option("application_flags")
    shard_count = _option("shard_count")
    rate_limits = _option("rate_limits")

    @property
    def command_syncs(self) -> int:
        """How many times the bot registered commands."""
        return self.registry.syncs

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
        # Discord's CDN serves emojis at /emojis/{id}.{png,webp,gif}; this is its stand-in.
        app.router.add_get("/emojis/{emoji_file}", self._serve_emoji)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.options.host, 0))
        sock.listen(512)
        sock.setblocking(False)
        self.options.port = sock.getsockname()[1]
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
        return self.options.api_base

    @property
    def gateway_url(self) -> str:
        """The value for ``DISCORD_GATEWAY_URL``."""
        return self.options.gateway_url

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
        self.state.changes.request_started()
        sub = path[len(API_PREFIX) :]
        resource = request.match_info.route.resource
        template = resource.canonical[len(API_PREFIX) :] if resource is not None else sub
        code: int | None = None
        try:
            fault = next((f for f in self.faults if f.matches(request.method, template, sub)), None)
            limits = self.ratelimits
            banned = limits.ban_response()
            if fault is not None:
                fault.hits += 1
                fault.served.append(f"{request.method} {sub}")
                resp: web.StreamResponse = fault.response()
            elif banned is not None:
                resp = banned
            elif (
                not sub.startswith(RestApi.NO_AUTH)
                and request.headers.get("Authorization") != f"Bot {self.token}"
            ):
                resp = json_response({"message": "401: Unauthorized", "code": 0}, 401)
                code = 0
            else:
                refusal, bucket = limits.admit(request.method, template, request.match_info)
                if refusal is not None:
                    # Refused before the handler: nothing happens in the world.
                    resp = refusal
                else:
                    try:
                        resp = await handler(request)
                    except DiscordError as exc:
                        resp = json_response(exc.body(), exc.status, exc.headers)
                        code = exc.code
                    limits.stamp(resp, bucket)
            limits.served(resp)
            record = RequestRecord(
                request.method,
                template,
                sub,
                resp.status,
                code,
                self.clock.now(),
                request.content_length or 0,
            )
            self.requests.append(record)
            if resp.status >= 400:
                self.errors.append(record)
                log.debug("%s %s -> %s %s", request.method, sub, resp.status, code)
            return resp
        finally:
            self.state.changes.request_ended()

    async def _unknown(self, request: web.Request) -> web.Response:
        self.unknown_routes.append((request.method, request.path))
        log.warning("unknown route: %s %s", request.method, request.path)
        self.state.changes.notify()
        return json_response({"message": "404: Not Found", "code": 0}, 404)

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        att = self.message_store.attachment(int(request.match_info["attachment_id"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(
            body=att.data, content_type=att.content_type or "application/octet-stream"
        )

    async def _serve_emoji(self, request: web.Request) -> web.Response:
        found = emoji_file(self.app_emojis, request.match_info["emoji_file"])
        if found is None:
            return web.Response(status=404)
        return web.Response(body=found.data, content_type=found.content_type)

    def emoji_url(self, emoji_id: int) -> str:
        """Where the emulator serves an application emoji's picture (Discord: its CDN)."""
        return f"http://{self.options.host}:{self.options.port}/emojis/{emoji_id}.png"

    def watch_changes(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` after every change (a REST request, a new interaction, world
        building), the moments :meth:`wait_for` re-checks. Returns a function that stops the
        calls. (For live views such as the sandbox page; the callback must not raise or wait.)"""
        return self.state.changes.watch(callback)

    def watch_private_views(self, callback: Callable[[User], None]) -> Callable[[], None]:
        """Call ``callback(user)`` whenever a message only ``user`` sees (a DM to them, an
        ephemeral reply to them) is created, edited or deleted, right after the change.
        Returns a function that stops the calls. (For waiting on many users at once; the
        callback must not raise or wait.)"""
        return self.state.changes.watch_private_views(callback)

    # ------------------------------------------------------------------------------------
    # world building (``World``)
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
        return self.world.create_user(
            username, global_name=global_name, dms_open=dms_open, guilds=guilds
        )

    def create_guild(
        self,
        name: str = "Test Server",
        *,
        channels: Iterable[str] = ("general",),
        members: Iterable[User] = (),
        shard: int | None = None,
    ) -> Guild:
        """A server the bot is in, with text channels named ``channels``.

        ``shard``: an id whose events go to that shard of ``shard_count`` (Discord's
        ``(guild_id >> 22) % shard_count``); None: any id.
        """
        if shard is not None and not 0 <= shard < self.options.shard_count:
            raise EmulatorError(
                f"shard {shard} is not one of the {self.options.shard_count} shards"
            )
        where = None if shard is None else (shard, self.options.shard_count)
        return self.world.create_guild(name, channels=channels, members=members, shard=where)

    def rename_guild(self, guild: Guild, name: str) -> None:
        """Rename a server (GUILD_UPDATE reaches the shard that owns it)."""
        self.world.rename_guild(guild, name)

    def shard_of(self, guild: Guild) -> int:
        """The shard of ``shard_count`` that ``guild``'s events go to."""
        return shard_of(guild.id, self.options.shard_count)

    def create_channel(self, guild: Guild, name: str) -> Channel:
        """A new text channel (CHANNEL_CREATE reaches a connected bot)."""
        return self.world.create_channel(guild, name)

    def add_member(self, guild: Guild, user: User) -> Member:
        return self.world.add_member(guild, user)

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        return self.world.dm_channel(user)

    def close_dms(self, user: User) -> None:
        """The user stops accepting DMs from the bot: sends get 403 50007."""
        user.dms_open = False

    def open_dms(self, user: User) -> None:
        user.dms_open = True

    def deny_bot(self, channel: Channel, *permissions: str) -> None:
        """Deny the bot permissions in a channel, e.g. ``deny_bot(ch, "send_messages")``."""
        self.world.deny_bot(channel, *permissions)

    def allow_bot(self, channel: Channel, *permissions: str) -> None:
        self.world.allow_bot(channel, *permissions)

    def bot_permissions(self, channel: Channel) -> int:
        """What the bot may do in ``channel`` (its roles, minus the channel's overwrite)."""
        return self.world.bot_permissions(channel)

    def shares_guild(self, user: User) -> bool:
        return self.world.shares_guild(user)

    def create_thread(self, channel: Channel, name: str, *, by: User) -> Thread:
        """A public thread a person starts in ``channel`` (without a starter message)."""
        return self.world.start_thread(channel, name, by.id)

    def threads(self, channel: Channel) -> list[Thread]:
        """The threads started in ``channel``, oldest first."""
        return self.world.threads_of(channel)

    def thread_of(self, message: Message) -> Thread | None:
        """The thread started from ``message``, if any."""
        return self.world.thread_of(message)

    # ------------------------------------------------------------------------------------
    # commands (``CommandRegistry``)
    # ------------------------------------------------------------------------------------
    def commands(self, guild: Guild | int | None = None) -> list[dict[str, Any]]:
        """Commands the bot registered globally (``guild=None``) or for one server."""
        return self.registry.listing(guild)

    def command_paths(self, guild: Guild | int | None = None) -> list[str]:
        """Every command a person can type, e.g. ``["gin about", "gin ping"]``."""
        return self.registry.paths(guild)

    def allow_command(self, guild: Guild, name: str, user: User) -> None:
        """A server admin's override (Integrations): ``user`` may use ``/name`` in ``guild``
        though they lack the permissions it asks for by default; the bot checks on its side."""
        self.registry.allow(guild, name, user)

    # ------------------------------------------------------------------------------------
    # reading what people see (``MessageStore``, ``InteractionLog``)
    # ------------------------------------------------------------------------------------
    def message(self, message_id: int) -> Message:
        return self.message_store.message(message_id)

    def can_see(self, user: User, msg: Message, *, include_deleted: bool = False) -> bool:
        """Whether ``user`` can see ``msg`` (ephemeral: only its owner; DM: only the recipient)."""
        return self.message_store.can_see(user, msg, include_deleted=include_deleted)

    def messages(self, channel: Channel) -> list[Message]:
        """The channel's public messages, oldest first (no ephemerals, no deleted ones)."""
        return self.message_store.messages(channel)

    def last_message(self, channel: Channel) -> Message | None:
        return self.message_store.last_message(channel)

    def dms(self, user: User) -> list[Message]:
        """The bot's DMs to ``user``, oldest first."""
        return self.message_store.dms(user)

    def last_dm(self, user: User) -> Message | None:
        return self.message_store.last_dm(user)

    def ephemerals(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Ephemeral replies only ``user`` sees, oldest first (optionally in one channel)."""
        return self.message_store.ephemerals(user, channel)

    def last_ephemeral(self, user: User) -> Message | None:
        return self.message_store.last_ephemeral(user)

    def visible_to(self, user: User) -> list[Message]:
        """Every message ``user`` can see now: public ones in their servers, DMs, ephemerals."""
        return self.message_store.visible_to(user)

    def texts_seen_by(self, user: User) -> list[str]:
        """The text of every version of every message ever shown to ``user`` (privacy checks)."""
        return self.message_store.texts_seen_by(user)

    def ack_latencies(self) -> list[float]:
        """Seconds from each interaction to its acknowledgement (acknowledged ones only)."""
        return self.interaction_log.ack_latencies()

    def unacknowledged(self) -> list[Interaction]:
        """Interactions the bot never acknowledged in time."""
        return self.interaction_log.unacknowledged()

    def assert_no_unknown_routes(self) -> None:
        assert not self.unknown_routes, (
            f"the bot called routes the emulator does not know: {self.unknown_routes}"
        )

    # ------------------------------------------------------------------------------------
    # waiting (``Changes``)
    # ------------------------------------------------------------------------------------
    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,  # noqa: ASYNC109
        *,
        what: str | None = None,
    ) -> T:
        """Return ``predicate()`` once it is truthy; checked after every change. ``TimeoutError`` otherwise."""
        return await self.state.changes.wait_for(predicate, timeout, what=what)

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
        await self.state.changes.settle(quiet, timeout)

    async def wait_until_connected(
        self,
        timeout: float = 10.0,  # noqa: ASYNC109
        *,
        shard: int | None = None,
    ) -> Session:
        """Wait for a bot session that has identified and is connected.

        ``shard``: one that identified as that shard (of any count); None: any session.
        """

        def connected() -> Session | None:
            return next(
                (
                    s
                    for s in self.gateway.live_sessions()
                    if s.conn is not None and (shard is None or s.shard[0] == shard)
                ),
                None,
            )

        return await self.wait_for(connected, timeout, what="a gateway session")

    async def wait_ack(self, inter: Interaction, *, raise_on_failure: bool = True) -> Interaction:
        """Wait until the bot acknowledges ``inter`` or its 3 s deadline passes."""
        return await self.interaction_log.wait_ack(inter, raise_on_failure=raise_on_failure)

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
