"""Gateway v10 over a websocket: HELLO, heartbeats, IDENTIFY, READY, RESUME, dispatches.

One :class:`Session` per IDENTIFY (it keeps its sequence and a replay buffer for RESUME);
one :class:`Connection` per websocket (it writes each frame as it is sent, in order).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import secrets
import struct
import zlib
from typing import Any, cast

from aiohttp import WSMsgType, web

from .clock import Clock
from .http import dumps, loads
from .models import (
    ALL_INTENTS,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    PRIVILEGED_INTENTS,
    Guild,
)
from .state import State

log = logging.getLogger("emulator.gateway")

#: Seconds before a heartbeat is acknowledged (a short network round trip).
ACK_ROUND_TRIP = 0.05
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

#: Which intent an event needs (events not listed need none).
EVENT_INTENTS = {
    "GUILD_CREATE": INTENT_GUILDS,
    "GUILD_UPDATE": INTENT_GUILDS,
    "GUILD_DELETE": INTENT_GUILDS,
    "CHANNEL_CREATE": INTENT_GUILDS,
    "CHANNEL_UPDATE": INTENT_GUILDS,
    "CHANNEL_DELETE": INTENT_GUILDS,
    "GUILD_MEMBER_ADD": INTENT_GUILD_MEMBERS,
    "GUILD_MEMBER_REMOVE": INTENT_GUILD_MEMBERS,
}
MESSAGE_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"}
REPLAY_BUFFER = 10_000

_TEXT, _BINARY = 0x1, 0x2


def ws_frame(payload: bytes, opcode: int) -> bytes:
    """One unmasked, final websocket frame (RFC 6455 section 5.2) as a server sends it."""
    n = len(payload)
    if n < 126:
        header = bytes((0x80 | opcode, n))
    elif n < 1 << 16:
        header = struct.pack("!BBH", 0x80 | opcode, 126, n)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 127, n)
    return header + payload


class Connection:
    """One websocket; frames go out in the order they were produced.

    Each frame is encoded (and zlib-compressed, at level 1: the bot reads any level) and
    written to the socket as it is sent, as Discord does: holding frames until the end of
    the event loop's turn made every interaction wait for the rest of a busy turn of this
    process, which the load benchmark then counted as the bot's latency. The bytes are the
    ones aiohttp's writer would produce, frame by frame.
    """

    def __init__(
        self,
        ws: web.WebSocketResponse,
        transport: asyncio.BaseTransport | None,
        *,
        compress: bool,
    ) -> None:
        self.ws = ws
        self._transport = transport
        self._compressor = zlib.compressobj(1) if compress else None
        self.session: Session | None = None
        self.closed = False
        #: The close code the emulator sent (None if the client closed first).
        self.close_code: int | None = None

    def send(self, frame: str) -> None:
        if self.closed:
            return
        data = frame.encode()
        if self._compressor is not None:
            data = self._compressor.compress(data) + self._compressor.flush(zlib.Z_SYNC_FLUSH)
            data = ws_frame(data, _BINARY)
        else:
            data = ws_frame(data, _TEXT)
        # Not isinstance(asyncio.WriteTransport): uvloop's transports write but do not subclass it.
        transport = cast("asyncio.WriteTransport | None", self._transport)
        if transport is None or transport.is_closing():
            self.closed = True
            return
        transport.write(data)

    async def close(self, code: int, reason: str = "") -> None:
        """Close with a gateway close code (after the frames already sent)."""
        self.closed = True
        if self.close_code is None:
            self.close_code = code
        if not self.ws.closed:
            await self.ws.close(code=code, message=reason.encode())

    def stop(self) -> None:
        self.closed = True


class Session:
    """A gateway session: survives its connection so the client can RESUME."""

    def __init__(self, clock: Clock, *, intents: int, shard: tuple[int, int]) -> None:
        self.id = secrets.token_hex(16)
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: collections.deque[tuple[int, str]] = collections.deque(maxlen=REPLAY_BUFFER)
        self.conn: Connection | None = None
        self.resumable = True
        self.identified_at = clock.now()

    def wants(self, event: str, guild: Guild | None) -> bool:
        if event in MESSAGE_EVENTS:
            need = INTENT_GUILD_MESSAGES if guild is not None else INTENT_DIRECT_MESSAGES
            return bool(self.intents & need)
        need = EVENT_INTENTS.get(event, 0)
        return not need or bool(self.intents & need)

    def owns(self, guild: Guild | None) -> bool:
        shard_id, count = self.shard
        if guild is None:
            return shard_id == 0  # DMs and other guild-less events arrive on shard 0 only
        return (guild.id >> 22) % count == shard_id

    def dispatch(self, event: str, data: Any) -> None:
        self.seq += 1
        frame = dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        self.buffer.append((self.seq, frame))
        if self.conn is not None:
            self.conn.send(frame)

    def sent(self) -> list[tuple[str, Any]]:
        """The events sent to this session (the newest ``REPLAY_BUFFER``) as ``(name, data)``."""
        return [(m["t"], m["d"]) for m in (loads(frame) for _, frame in self.buffer)]

    def __repr__(self) -> str:
        return f"<Session {self.id[:8]} shard={self.shard} seq={self.seq} connected={self.conn is not None}>"


class Gateway:
    """The websocket endpoint and every session it has created."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.world = state.world
        self.changes = state.changes
        self.options = state.options
        self.sessions: dict[str, Session] = {}
        #: The newest session per (shard_id, shard_count): events go there.
        self.latest: dict[tuple[int, int], Session] = {}
        self.connections: set[Connection] = set()
        #: How each socket ended: the emulator's close code, else the client's.
        self.close_codes: list[int] = []
        self.identifies = 0
        self.resumes = 0

    # --- routing -------------------------------------------------------------------------
    def live_sessions(self) -> list[Session]:
        return [s for s in self.latest.values() if s.resumable]

    def dispatch(self, event: str, data: Any, *, guild: Guild | None) -> bool:
        """Send an event to the session that owns ``guild``; False if there is none."""
        sent = False
        for session in self.live_sessions():
            if session.owns(guild) and session.wants(event, guild):
                session.dispatch(event, data)
                sent = True
        return sent

    def session(self, shard_id: int, shard_count: int) -> Session | None:
        """The newest live session that identified as this shard."""
        session = self.latest.get((shard_id, shard_count))
        return session if session is not None and session.resumable else None

    def guild_created(self, guild: Guild) -> None:
        """The bot was added to ``guild``: GUILD_CREATE to the sessions that own it."""
        for session in self.live_sessions():
            if session.owns(guild) and session.wants("GUILD_CREATE", guild):
                session.dispatch("GUILD_CREATE", self.guild_payload(guild, session))

    def guild_payload(self, guild: Guild, session: Session) -> dict[str, Any]:
        """A GUILD_CREATE payload as ``session``'s intents allow."""
        if session.intents & INTENT_GUILD_MEMBERS:
            payload = guild.to_dict()
        else:
            # Without the members intent Discord lists only the bot itself.
            payload = guild.to_dict(members=[guild.members[self.world.bot_user.id]])
        payload["threads"] = [t.to_dict() for t in self.world.threads_of(guild)]
        return payload

    # --- websocket -----------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        wants_zlib = request.query.get("compress") == "zlib-stream"
        compress = (
            wants_zlib if self.options.compress is None else (self.options.compress and wants_zlib)
        )
        conn = Connection(ws, request.transport, compress=compress)
        self.connections.add(conn)
        self.changes.touch()
        conn.send(
            dumps(
                {
                    "op": HELLO,
                    "d": {
                        "heartbeat_interval": self.options.heartbeat_interval_ms,
                        "_trace": ["emulator"],
                    },
                    "s": None,
                    "t": None,
                }
            )
        )
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_frame(conn, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    await conn.close(4002, "Error while decoding payload.")
                else:
                    break
        finally:
            code = conn.close_code if conn.close_code is not None else ws.close_code
            if code is not None:
                self.close_codes.append(code)
            conn.stop()
            self.connections.discard(conn)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            self.changes.notify()
        return ws

    async def _on_frame(self, conn: Connection, raw: str) -> None:
        self.changes.touch()
        try:
            msg = loads(raw)
            op = msg["op"]
            data = msg.get("d")
        except (ValueError, KeyError, TypeError):
            await conn.close(4002, "Error while decoding payload.")
            return
        if op == HEARTBEAT:
            # After a round trip's time, as from Discord: discord.py notes a heartbeat's send
            # time on its keep-alive thread once the send is done, so an ack at once was
            # timed from the heartbeat before (latency: one interval, "41.3s behind").
            asyncio.get_running_loop().call_later(
                ACK_ROUND_TRIP,
                conn.send,
                dumps({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None}),
            )
        elif op == IDENTIFY:
            await self._identify(conn, data or {})
        elif op == RESUME:
            await self._resume(conn, data or {})
        elif conn.session is None:
            await conn.close(4003, "Not authenticated.")
        elif op == REQUEST_MEMBERS:
            self._request_members(conn.session, data or {})
        elif op in (PRESENCE, VOICE_STATE):
            pass
        else:
            await conn.close(4001, "Unknown opcode.")

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        world = self.world
        if conn.session is not None:
            await conn.close(4005, "Already authenticated.")
            return
        if data.get("token") != world.token:
            await conn.close(4004, "Authentication failed.")
            return
        intents = data.get("intents")
        if not isinstance(intents, int) or intents < 0 or intents & ~ALL_INTENTS:
            await conn.close(4013, "Invalid intent(s).")
            return
        privileged = sum(PRIVILEGED_INTENTS.values())
        allowed = sum(PRIVILEGED_INTENTS[name] for name in self.options.privileged_intents)
        if intents & privileged & ~allowed:
            await conn.close(4014, "Disallowed intent(s).")
            return
        shard_raw = data.get("shard") or [0, 1]
        try:
            shard = (int(shard_raw[0]), int(shard_raw[1]))
        except (TypeError, ValueError, IndexError):
            shard = (-1, 0)
        if not (shard[1] >= 1 and 0 <= shard[0] < shard[1]):
            await conn.close(4010, "Invalid shard.")
            return
        self.identifies += 1
        session = Session(world.clock, intents=intents, shard=shard)
        self.sessions[session.id] = session
        self.latest[shard] = session
        session.conn = conn
        conn.session = session
        guilds = [g for g in world.guilds.values() if session.owns(g)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": {
                **world.bot_user.to_dict(),
                "verified": True,
                "mfa_enabled": False,
                "email": None,
            },
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.options.gateway_url,
            "application": {
                "id": str(world.application_id),
                "flags": self.options.application_flags,
            },
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
            "_trace": ["emulator"],
        }
        if data.get("shard") is not None:
            ready["shard"] = list(shard)
        session.dispatch("READY", ready)
        for guild in guilds:
            if session.wants("GUILD_CREATE", guild):
                session.dispatch("GUILD_CREATE", self.guild_payload(guild, session))
        self.changes.notify()

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        world = self.world
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != world.token:
            await conn.close(4004, "Authentication failed.")
            return
        seq = data.get("seq") or 0
        oldest = session.buffer[0][0] if session is not None and session.buffer else 1
        if session is None or not session.resumable or seq < oldest - 1:
            conn.send(dumps({"op": INVALID_SESSION, "d": False, "s": None, "t": None}))
            return
        self.resumes += 1
        old = session.conn
        session.conn = conn
        conn.session = session
        if old is not None and old is not conn:
            old.session = None
            await old.close(4000, "Session resumed elsewhere.")
        for frame_seq, frame in list(session.buffer):
            if frame_seq > seq:
                conn.send(frame)
        session.dispatch("RESUMED", {"_trace": ["emulator"]})
        self.changes.notify()

    def _request_members(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.username.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        payload: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.to_dict() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {m.user.id for m in members}],
        }
        if data.get("nonce"):
            payload["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", payload)

    # --- test controls -------------------------------------------------------------------
    async def send_op(self, op: int, data: Any) -> int:
        """Send a raw opcode on every live connection; returns how many got it."""
        frame = dumps({"op": op, "d": data, "s": None, "t": None})
        n = 0
        for session in self.live_sessions():
            if session.conn is not None:
                session.conn.send(frame)
                n += 1
        return n

    async def close_all(self, code: int, reason: str = "") -> None:
        for conn in list(self.connections):
            await conn.close(code, reason)
