"""The emulator: the server's lifecycle and HTTP plumbing; the test driver's API is built in.

Everything a test touches lives on :class:`Emulator` (see ``docs/emulator.md``): acting as
people comes from ``people.py``, the rest of the driver (the world, reading, waiting,
faults) from ``driver.py``; the state it serves is in the modules it is built from
(``state.py`` lists them), which the REST routes (``rest.py``) and the gateway
(``gateway.py``) use directly.
"""

from __future__ import annotations

import logging
import socket
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .clock import Clock
from .config import Options
from .driver import Driver
from .emojis import emoji_file
from .errors import AnswerNotFilled, EmulatorError, InteractionFailed
from .faults import Fault
from .gateway import Gateway
from .http import API_PREFIX, json_response
from .models import Guild, Interaction, User
from .people import UploadFile
from .ratelimits import RateLimiter
from .rest import RestApi
from .state import State
from .validate import DiscordError

__all__ = [
    "AnswerNotFilled",
    "Emulator",
    "EmulatorError",
    "InteractionFailed",
    "RequestRecord",
    "UploadFile",
]

log = logging.getLogger("emulator")


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


class Emulator(Driver):
    """A loopback Discord on 127.0.0.1: REST v10, Gateway v10, and a driver for tests.

    Use as ``async with Emulator() as emu:``; point the bot at ``emu.api_base`` and
    ``emu.gateway_url`` with ``emu.token`` (see :meth:`bot_env`). Acting as people
    (:meth:`slash`, :meth:`click`...) comes from :class:`~emulator.people.People`, the rest of
    the driver (building the world, reading, waiting, faults) from
    :class:`~emulator.driver.Driver`.
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

    def __repr__(self) -> str:
        return f"<Emulator {self.api_base} guilds={len(self.guilds)} users={len(self.users)}>"
