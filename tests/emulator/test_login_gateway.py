"""Login and the gateway: what an unmodified discord.py client sees."""

from __future__ import annotations

import asyncio
import json
import zlib

import aiohttp
import discord
import pytest

from emulator import Emulator
from emulator.testing import discord_pointed_at, running

from .conftest import RawApi, World, make_client


async def test_login_routes_answer_json_with_the_exact_content_type(
    emu: Emulator, api: RawApi
) -> None:
    me = await api("GET", "/users/@me")
    assert me.status == 200
    assert me.headers["Content-Type"] == "application/json"  # no "; charset=utf-8"
    assert me.body["id"] == str(emu.bot_user.id) and me.body["bot"] is True
    app = await api("GET", "/oauth2/applications/@me")
    assert app.body["id"] == str(emu.application_id)
    for key in (
        "name",
        "description",
        "icon",
        "bot_public",
        "bot_require_code_grant",
        "owner",
        "verify_key",
    ):
        assert key in app.body


async def test_a_wrong_token_gets_401_and_discord_py_a_login_failure(
    emu: Emulator, api: RawApi
) -> None:
    reply = await api("GET", "/users/@me", token="not-it")
    assert reply.status == 401
    client = make_client()
    with discord_pointed_at(emu), pytest.raises(discord.LoginFailure):
        await client.login("not-it")
    await client.close()


async def test_client_connects_and_caches_the_guild(emu: Emulator, world: World) -> None:
    client = make_client()
    async with running(client, emu):
        guild = client.get_guild(world.guild.id)
        assert guild is not None and guild.name == "Club"
        assert {c.name for c in guild.text_channels} == {"gin", "other"}
        assert guild.default_role.id == guild.id
        # No members intent: Discord lists only the bot itself, but counts everyone.
        assert [m.id for m in guild.members] == [emu.bot_user.id]
        assert guild.member_count == 3
        me = guild.me
        assert (
            me is not None and guild.get_channel(world.channel.id).permissions_for(me).send_messages
        )  # type: ignore[union-attr]
    assert emu.gateway.identifies == 1


async def test_members_intent_needs_to_be_granted(emu: Emulator, world: World) -> None:
    client = make_client(members=True)
    with pytest.raises(discord.PrivilegedIntentsRequired):
        async with running(client, emu):
            pass
    assert 4014 in emu.gateway.close_codes


async def test_granted_members_intent_lists_members_and_answers_chunks(world: World) -> None:
    async with Emulator(privileged_intents={"members"}) as emu:
        guild_model = emu.create_guild("Big", channels=("a",))
        for name in ("ann", "ben", "cat"):
            emu.create_user(name, guilds=[guild_model])
        client = make_client(members=True)
        async with running(client, emu):
            guild = client.get_guild(guild_model.id)
            assert guild is not None
            assert {m.name for m in guild.members} == {"ginbot", "ann", "ben", "cat"}
            members = await guild.query_members("be")
            assert [m.name for m in members] == ["ben"]


async def _raw_gateway(
    emu: Emulator, query: str = "?v=10&encoding=json"
) -> tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse]:
    session = aiohttp.ClientSession()
    ws = await session.ws_connect(emu.gateway_url + query)
    return session, ws


async def test_hello_heartbeat_ack_and_bad_token_close_4004(emu: Emulator) -> None:
    session, ws = await _raw_gateway(emu)
    try:
        hello = await ws.receive_json()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_json({"op": 1, "d": None})
        assert (await ws.receive_json())["op"] == 11
        await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 1, "properties": {}}})
        msg = await ws.receive()
        assert msg.type == aiohttp.WSMsgType.CLOSE
        assert ws.close_code == 4004
    finally:
        await ws.close()
        await session.close()


async def test_zlib_stream_frames_are_binary_and_decompress(emu: Emulator, world: World) -> None:
    session, ws = await _raw_gateway(emu, "?v=10&encoding=json&compress=zlib-stream")
    inflater = zlib.decompressobj()
    try:
        first = await ws.receive()
        assert first.type == aiohttp.WSMsgType.BINARY
        assert json.loads(inflater.decompress(first.data))["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": emu.token, "intents": 1, "properties": {}}})
        ready = json.loads(inflater.decompress((await ws.receive()).data))
        guild_create = json.loads(inflater.decompress((await ws.receive()).data))
        assert ready["t"] == "READY" and ready["s"] == 1
        assert guild_create["t"] == "GUILD_CREATE" and guild_create["d"]["id"] == str(
            world.guild.id
        )
    finally:
        await ws.close()
        await session.close()


async def test_discord_py_works_with_compression_off(world: World) -> None:
    async with Emulator(compress=False) as emu:
        emu.create_guild("Plain")
        async with running(make_client(), emu) as client:
            assert len(client.guilds) == 1


async def test_reconnect_resumes_and_replays_missed_events(emu: Emulator, world: World) -> None:
    client = make_client()
    async with running(client, emu):
        session = await emu.wait_until_connected()
        await emu.drop_gateway(4000)
        # While the client is away: a new channel (CHANNEL_CREATE waits in the session buffer).
        new = emu.create_channel(world.guild, "late")
        await emu.wait_for(
            lambda: emu.gateway.resumes == 1 and session.conn is not None, timeout=10
        )
        await emu.wait_for(lambda: client.get_channel(new.id) is not None, timeout=5)
        assert emu.gateway.identifies == 1
        # Op 7 RECONNECT: the client resumes again.
        assert await emu.reconnect_gateway() == 1
        await emu.wait_for(lambda: emu.gateway.resumes == 2, timeout=10)
        assert client.get_guild(world.guild.id) is not None


async def test_invalid_session_makes_the_client_identify_again(emu: Emulator, world: World) -> None:
    client = make_client()

    async def no_identify_pause(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before a non-initial IDENTIFY (Discord's rate limit)."""

    client.before_identify_hook = no_identify_pause  # type: ignore[method-assign]
    ready_again = asyncio.Event()
    async with running(client, emu):
        client.event(_on_ready_setter(ready_again))
        await emu.invalidate_session(resumable=False)
        await emu.wait_for(lambda: emu.gateway.identifies == 2, timeout=10)
        await asyncio.wait_for(ready_again.wait(), 10)
        assert client.get_guild(world.guild.id) is not None
        await emu.wait_until_connected()


def _on_ready_setter(event: asyncio.Event):  # type: ignore[no-untyped-def]
    async def on_ready() -> None:
        event.set()

    return on_ready


async def test_unknown_routes_are_recorded(emu: Emulator, api: RawApi) -> None:
    emu.assert_no_unknown_routes()
    reply = await api("POST", "/channels/1/invites", json={})
    assert reply.status == 404
    assert emu.unknown_routes == [("POST", "/api/v10/channels/1/invites")]
    with pytest.raises(AssertionError, match="invites"):
        emu.assert_no_unknown_routes()


async def test_own_messages_are_echoed_only_with_the_message_intents(
    emu: Emulator, world: World
) -> None:
    client = make_client(dm_messages=True)
    seen: list[tuple[str, str, bool]] = []

    @client.event
    async def on_message(message: discord.Message) -> None:
        seen.append(
            (type(message.channel).__name__, message.content, message.author == client.user)
        )

    async with running(client, emu):
        user = await client.fetch_user(world.alice.id)
        await user.send("dm echo")
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("guild: no GUILD_MESSAGES intent, no echo")
        await emu.wait_for(lambda: seen)
        await emu.settle(quiet=0.05)
    assert seen == [("DMChannel", "dm echo", True)]


class _Capture:
    """A transport that keeps what is written (for aiohttp's own websocket writer)."""

    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> None:
        self.data.extend(data)

    def is_closing(self) -> bool:
        return False


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 200_000])
async def test_websocket_frames_are_the_bytes_aiohttp_writes(size: int) -> None:
    from aiohttp._websocket.writer import WebSocketWriter

    from emulator.gateway import ws_frame

    payload = bytes(i % 251 for i in range(size))
    for opcode in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
        transport = _Capture()
        writer = WebSocketWriter(None, transport, use_mask=False)  # type: ignore[arg-type]
        await writer.send_frame(payload, opcode)
        assert ws_frame(payload, int(opcode)) == bytes(transport.data)


@pytest.mark.parametrize(
    "query", ["?v=10&encoding=json", "?v=10&encoding=json&compress=zlib-stream"]
)
async def test_events_of_one_moment_arrive_as_separate_frames_in_order(
    emu: Emulator, world: World, query: str
) -> None:
    session, ws = await _raw_gateway(emu, query)
    inflater = zlib.decompressobj()

    async def receive() -> dict[str, object]:
        msg = await ws.receive()
        text = inflater.decompress(msg.data) if msg.type == aiohttp.WSMsgType.BINARY else msg.data
        return json.loads(text)  # type: ignore[no-any-return]

    try:
        assert (await receive())["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": emu.token, "intents": 1, "properties": {}}})
        assert [(await receive())["t"] for _ in range(2)] == ["READY", "GUILD_CREATE"]
        names = [f"burst-{i}" for i in range(5)]
        for name in names:  # one turn of the event loop: the frames leave in one write
            emu.create_channel(world.guild, name)
        frames = [await receive() for _ in names]
        assert [f["t"] for f in frames] == ["CHANNEL_CREATE"] * 5
        assert [f["d"]["name"] for f in frames] == names  # type: ignore[index]
        assert [f["s"] for f in frames] == [3, 4, 5, 6, 7]
    finally:
        await ws.close()
        await session.close()


async def test_a_heartbeat_is_acknowledged_after_a_round_trip_not_at_once(emu: Emulator) -> None:
    """Issue 31, item 10: `/gin about` showed "Gateway latency 41251 ms" against the emulator.
    discord.py notes a heartbeat's send time on its keep-alive thread after the send; an ack
    that comes back before that (at once, on loopback) is timed from the heartbeat before."""
    session, ws = await _raw_gateway(emu)
    try:
        await ws.receive_json()  # HELLO
        loop = asyncio.get_running_loop()
        for _ in range(3):
            sent = loop.time()
            await ws.send_json({"op": 1, "d": None})
            assert (await ws.receive_json())["op"] == 11
            assert 0.04 <= loop.time() - sent < 1.0
    finally:
        await ws.close()
        await session.close()


async def test_the_client_measures_a_heartbeat_round_trip_not_an_interval() -> None:
    async with Emulator(heartbeat_interval=0.3) as emu:
        client = make_client()
        async with running(client, emu):
            await asyncio.sleep(1.5)  # a few heartbeats and their acks
            assert client.latency < 0.2, client.latency
