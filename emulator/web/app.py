"""The sandbox page's server: static files, the page's WebSocket, and attachments.

It reads the emulator's records (what the bot sent) and acts as people through the
emulator's driver API (``slash``, ``click``, ``select``, ``autocomplete``,
``submit_modal``): the page holds no game logic and the bot cannot tell it from Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import socket
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from ..core import Emulator, EmulatorError, InteractionFailed
from ..emojis import emoji_file
from ..models import Channel, Guild, Interaction, User
from .view import Files, command_list, message_view, version_key, visible_messages

log = logging.getLogger("emulator.web")

STATIC = Path(__file__).with_name("static")
#: Changes closer together than this reach the page as one update.
COALESCE_SECONDS = 0.03
USER_OPTION, CHANNEL_OPTION = 6, 7
STALE = "This interaction failed: the message changed before your click arrived. Try again."


class SandboxPage:
    """The page for one server channel and a few members who may use it."""

    def __init__(
        self, emu: Emulator, guild: Guild, channel: Channel, members: Sequence[User]
    ) -> None:
        self.emu = emu
        self.guild = guild
        self.channel = channel
        self.members = list(members)
        self.files = Files()
        #: Refuse requests whose Host is not a loopback name (set by start() from its host).
        self.loopback_only = True
        self._modals: dict[int, Interaction] = {}
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self.port = 0

    # --- lifecycle ---------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/", self._index)
        app.router.add_get("/ws", self._ws)
        app.router.add_get("/files/{attachment_id}/{filename}", self._file)
        app.router.add_get("/emojis/{emoji_file}", self._emoji)
        app.router.add_static("/static/", STATIC)
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Serve the page on ``host:port`` (0: a free port); returns its URL."""
        self.loopback_only = is_loopback(host)
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            sock.close()
            raise
        sock.listen(64)
        sock.setblocking(False)
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        shown = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(host, host)
        if ":" in shown and not shown.startswith("["):
            shown = f"[{shown}]"
        return f"http://{shown}:{self.port}"

    async def stop(self) -> None:
        # Open pages first: aiohttp's cleanup would otherwise wait for their handlers.
        for ws in list(self._sockets):
            await ws.close(code=1001, message=b"The sandbox is stopping.")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- HTTP --------------------------------------------------------------------------
    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Only this page may drive the sandbox. WebSockets ignore the same-origin policy, so
        another site open in the browser could otherwise play as any member; and on a loopback
        address, a Host that is not loopback is a DNS-rebinding attempt."""
        if self.loopback_only and not is_loopback(_hostname(request.host)):
            raise web.HTTPForbidden(text="The sandbox answers only on a loopback address.")
        origin = request.headers.get("Origin")
        # "null" too: a sandboxed frame on any site sends that.
        if origin is not None and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text="The sandbox answers only its own page.")
        return await handler(request)

    async def _index(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html")

    async def _file(self, request: web.Request) -> web.Response:
        try:
            att = self.files.get(int(request.match_info["attachment_id"]))
        except ValueError:
            att = None
        if att is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=att.data,
            content_type=att.content_type or "application/octet-stream",
            headers={"Cache-Control": "max-age=3600"},
        )

    async def _emoji(self, request: web.Request) -> web.Response:
        """An application emoji's picture, as Discord's CDN serves it."""
        found = emoji_file(self.emu.app_emojis, request.match_info["emoji_file"])
        if found is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=found.data,
            content_type=found.content_type,
            headers={"Cache-Control": "max-age=3600"},
        )

    def member(self, name: str | None) -> User:
        """The seeded member called ``name`` (username or id); the first one by default."""
        for user in self.members:
            if name in (user.username, str(user.id)):
                return user
        return self.members[0]

    # --- the page's socket -------------------------------------------------------------
    async def _ws(self, request: web.Request) -> web.WebSocketResponse:
        user = self.member(request.query.get("as"))
        ws = web.WebSocketResponse(heartbeat=30)
        await ws.prepare(request)
        self._sockets.add(ws)
        changed = asyncio.Event()
        changed.set()
        stop_watching = self.emu.watch_changes(changed.set)
        tasks: set[asyncio.Task[None]] = set()
        pusher = asyncio.create_task(self._push(ws, user, changed))
        try:
            await ws.send_json(self._hello(user))
            async for raw in ws:
                if raw.type != WSMsgType.TEXT:
                    continue
                try:
                    req = json.loads(raw.data)
                except ValueError:
                    continue
                task = asyncio.create_task(self._act(ws, user, req))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        finally:
            self._sockets.discard(ws)
            stop_watching()
            pusher.cancel()
            for task in tasks:
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pusher
        return ws

    def _hello(self, user: User) -> dict[str, Any]:
        dm = self.emu.dm_channel(user)
        return {
            "op": "hello",
            "me": _person(user),
            "members": [_person(u) for u in self.members],
            "bot": _person(self.emu.bot_user),
            "guild": {"id": str(self.guild.id), "name": self.guild.name},
            "channel": {"id": str(self.channel.id), "name": self.channel.name},
            "dm": {"id": str(dm.id)},
            "names": {
                "users": {str(u.id): u.display_name for u in self.emu.users.values()},
                "channels": {str(c.id): c.name for c in self.guild.channels.values()},
            },
        }

    async def _push(self, ws: web.WebSocketResponse, user: User, changed: asyncio.Event) -> None:
        """Send the page every message it sees that is new or changed since the last push."""
        sent: dict[int, tuple[int, bool, int]] = {}
        syncs = -1
        online: bool | None = None
        shown_paths: dict[str, str] = {}  # "gin records history" → as this member reads it
        while not ws.closed:
            await changed.wait()
            await asyncio.sleep(COALESCE_SECONDS)
            changed.clear()
            update: dict[str, Any] = {"op": "update"}
            if self.emu.command_syncs != syncs:
                syncs = self.emu.command_syncs
                update["commands"] = command_list(self.emu, self.channel, user)
                shown_paths = {c["path"]: c["shown"] for c in update["commands"]}
            now_online = any(s.conn is not None for s in self.emu.gateway.live_sessions())
            if now_online != online:
                online = update["online"] = now_online
            shown = visible_messages(self.emu, user, self.channel)
            upserts = []
            for msg in shown:
                key = version_key(msg)
                if sent.get(msg.id) != key:
                    sent[msg.id] = key
                    upserts.append(message_view(msg, self.files, shown_paths))
            gone = set(sent) - {m.id for m in shown}
            for mid in gone:
                del sent[mid]
            if upserts:
                update["messages"] = upserts
            if gone:
                update["removed"] = [str(mid) for mid in gone]
            if len(update) > 1:
                try:
                    await ws.send_json(update)
                except (ConnectionError, RuntimeError):  # the page went away meanwhile
                    return

    async def _act(self, ws: web.WebSocketResponse, user: User, req: dict[str, Any]) -> None:
        """Do what the page asked as ``user``; answer ``{"op": "done", "req", "error"}``."""
        reply: dict[str, Any] = {"op": "done", "req": req.get("req"), "error": None}
        try:
            inter = await self._interaction(user, req)
            if isinstance(inter, list):
                reply["choices"] = inter
            elif inter is not None and inter.modal is not None:
                self._modals[inter.id] = inter
                reply["modal"] = {"interaction": str(inter.id), **inter.modal}
        except InteractionFailed:
            reply["error"] = "This interaction failed (the bot did not answer in time)."
        except LookupError as exc:  # the bot edited the message before the click arrived
            log.debug("stale control: %s", exc)
            reply["error"] = STALE
        except (EmulatorError, ValueError, TypeError) as exc:
            reply["error"] = str(exc) or type(exc).__name__
        except Exception as exc:  # the page shows it; the sandbox keeps running
            log.exception("sandbox action %r failed", req.get("op"))
            reply["error"] = f"The sandbox could not do that: {exc}"
        with contextlib.suppress(ConnectionError, RuntimeError):  # the page went away
            await ws.send_json(reply)

    def _where(self, user: User, req: dict[str, Any]) -> Channel | None:
        return None if req.get("pane") == "dm" else self.channel

    async def _interaction(
        self, user: User, req: dict[str, Any]
    ) -> Interaction | list[dict[str, Any]] | None:
        emu = self.emu
        op = req.get("op")
        # As Discord's client, the page waits for the acknowledgement only: it shows a
        # deferred reply's "thinking..." and then its filling as they come.
        if op == "slash":
            options = self._options(user, str(req["command"]), req.get("options") or {})
            return await emu.slash(
                user, self._where(user, req), str(req["command"]), wait="ack", **options
            )
        if op == "autocomplete":
            options = self._options(user, str(req["command"]), req.get("options") or {})
            options.pop(str(req["option"]), None)
            return await emu.autocomplete(
                user,
                self._where(user, req),
                str(req["command"]),
                str(req["option"]),
                str(req.get("value") or ""),
                **options,
            )
        if op == "click":
            return await emu.click(
                user, int(req["message"]), custom_id=str(req["custom_id"]), wait="ack"
            )
        if op == "select":
            msg = emu.message(int(req["message"]))
            menu = msg.select(custom_id=str(req["custom_id"]))
            values: list[Any] = [str(v) for v in req.get("values") or []]
            if menu.type == 5:  # a user select: the emulator resolves users
                values = [emu.users[int(v)] for v in values]
            return await emu.select(user, msg, custom_id=menu.custom_id, values=values, wait="ack")
        if op == "modal":
            source = self._modals.pop(int(req["interaction"]))
            return await emu.submit_modal(user, source, dict(req.get("values") or {}), wait="ack")
        raise ValueError(f"unknown request {op!r}")

    def _options(self, user: User, command: str, raw: dict[str, Any]) -> dict[str, Any]:
        """The page's option values (strings) as the emulator's driver takes them."""
        definition = next(
            (c for c in command_list(self.emu, self.channel, user) if c["path"] == command),
            None,
        )
        if definition is None:
            raise EmulatorError(f"no command /{command}")
        types = {o["name"]: o["type"] for o in definition["options"]}
        out: dict[str, Any] = {}
        for name, value in raw.items():
            if value in (None, ""):
                continue
            kind = types.get(name)
            if kind is None:
                raise EmulatorError(f"/{command} has no option {name!r}")
            out[name] = _typed(self.emu, kind, value)
        return out


def _typed(emu: Emulator, kind: int, value: Any) -> Any:
    if kind == 4:
        return int(value)
    if kind == 10:
        return float(value)
    if kind == 5:
        return value in (True, "true", "True", "yes", "1")
    if kind in (USER_OPTION, 9):
        return emu.users[int(value)]
    if kind == CHANNEL_OPTION:
        return emu.channels[int(value)]
    return str(value)


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback IP address (IPv4 127/8, IPv6 ::1), brackets allowed."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _hostname(host: str) -> str:
    """The name in a Host header, without its port."""
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _person(user: User) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.username,
        "name": user.display_name,
        "locale": user.locale,  # the page writes times as that member's Discord would
    }
