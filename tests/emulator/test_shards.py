"""Shards as Discord does them: IDENTIFY with ``[shard_id, shard_count]``, READY and
GUILD_CREATE per shard, a server's events to ``(guild_id >> 22) % shard_count``, DMs to 0."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest

from emulator import Channel, Emulator, EmulatorError, Guild, User
from emulator.ids import Snowflakes, shard_of
from emulator.testing import running

from .conftest import RawApi

SHARDS = 2


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with Emulator(shard_count=SHARDS) as emulator:
        yield emulator


@dataclass
class Servers:
    """Two servers, one per shard, and a person in both."""

    zero: Guild
    one: Guild
    alice: User

    def channel(self, shard: int) -> Channel:
        return (self.zero if shard == 0 else self.one).channel("gin")


@pytest.fixture
def servers(emu: Emulator) -> Servers:
    zero = emu.create_guild("Zero", channels=("gin",), shard=0)
    one = emu.create_guild("One", channels=("gin",), shard=1)
    alice = emu.create_user("alice", guilds=[zero, one])
    emu.registry.store(None, [{"name": "go", "description": "Go", "type": 1}], replace=True)
    return Servers(zero, one, alice)


async def _no_identify_pause(shard_id: int | None, *, initial: bool = False) -> None:
    """discord.py waits 5 s before each IDENTIFY after the first (Discord's rate limit)."""


class Recorder:
    """A discord.py client on some shards that answers every interaction and records it."""

    def __init__(self, client: discord.Client, name: str) -> None:
        self.client = client
        self.name = name
        self.interactions: list[discord.Interaction[Any]] = []
        self.updates: list[str] = []
        client.before_identify_hook = _no_identify_pause  # type: ignore[method-assign]
        client.event(self.on_interaction)
        client.event(self.on_guild_update)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.interactions.append(interaction)
        await interaction.response.send_message(f"from {self.name}", ephemeral=True)

    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        self.updates.append(after.name)


def _shard_client(shard_id: int) -> Recorder:
    intents = discord.Intents(guilds=True)
    client = discord.Client(
        intents=intents, shard_id=shard_id, shard_count=SHARDS, guild_ready_timeout=0.05
    )
    return Recorder(client, f"shard {shard_id}")


def test_create_guild_on_a_shard_picks_an_id_with_that_shard() -> None:
    now = [1_700_000_000.0]
    flakes = Snowflakes(lambda: now[0])
    made = [flakes.next_on_shard(i % 3, 3) for i in range(30)] + [flakes.next()]
    assert [shard_of(g, 3) for g in made[:30]] == [i % 3 for i in range(30)]
    assert made == sorted(set(made))  # still strictly increasing, ordinary ones after them


async def test_a_shard_outside_the_count_is_refused(emu: Emulator) -> None:
    with pytest.raises(EmulatorError, match="shard 2"):
        emu.create_guild("Nowhere", shard=2)
    with pytest.raises(EmulatorError, match="shard_count"):
        Emulator(shard_count=0)


async def test_gateway_bot_recommends_the_configured_shard_count(
    emu: Emulator, api: RawApi
) -> None:
    reply = await api("GET", "/gateway/bot")
    assert reply.status == 200
    assert reply.body["shards"] == SHARDS
    assert reply.body["url"] == emu.gateway_url
    assert reply.body["session_start_limit"]["max_concurrency"] >= 1


async def test_raw_identify_gets_only_its_shards_servers(emu: Emulator, servers: Servers) -> None:
    url = emu.gateway_url + "?v=10&encoding=json"
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        hello = await ws.receive_json(timeout=5)
        assert hello["op"] == 10
        await ws.send_json(
            {"op": 2, "d": {"token": emu.token, "intents": 1, "properties": {}, "shard": [1, 2]}}
        )
        ready = await ws.receive_json(timeout=5)
        assert ready["t"] == "READY"
        assert ready["d"]["shard"] == [1, 2]
        assert [g["id"] for g in ready["d"]["guilds"]] == [str(servers.one.id)]
        created = await ws.receive_json(timeout=5)
        assert (created["t"], created["d"]["id"]) == ("GUILD_CREATE", str(servers.one.id))
        # A server on shard 0 renamed: nothing on this socket; one on shard 1: GUILD_UPDATE.
        emu.rename_guild(servers.zero, "Zero renamed")
        emu.rename_guild(servers.one, "One renamed")
        update = await ws.receive_json(timeout=5)
        assert (update["t"], update["d"]["name"]) == ("GUILD_UPDATE", "One renamed")
    session = emu.gateway.session(1, 2)
    assert session is not None
    assert [name for name, _ in session.sent()] == ["READY", "GUILD_CREATE", "GUILD_UPDATE"]


async def test_an_invalid_shard_closes_with_4010(emu: Emulator) -> None:
    url = emu.gateway_url + "?v=10&encoding=json"
    for shard in ([2, 2], [0, 0], [-1, 2], ["x", 2]):
        async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
            await ws.receive_json(timeout=5)
            await ws.send_json(
                {"op": 2, "d": {"token": emu.token, "intents": 1, "properties": {}, "shard": shard}}
            )
            closed = await ws.receive(timeout=5)
            assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4010, shard


async def test_two_clients_on_two_shards_each_get_only_their_events(
    emu: Emulator, servers: Servers
) -> None:
    zero, one = _shard_client(0), _shard_client(1)
    async with running(zero.client, emu), running(one.client, emu):
        assert [g.id for g in zero.client.guilds] == [servers.zero.id]
        assert [g.id for g in one.client.guilds] == [servers.one.id]
        assert emu.gateway.identifies == 2

        # A slash command in each server reaches the shard of that server only.
        in_one = await emu.slash(servers.alice, servers.channel(1), "go")
        in_zero = await emu.slash(servers.alice, servers.channel(0), "go")
        assert in_one.response is not None and in_one.response.content == "from shard 1"
        assert in_zero.response is not None and in_zero.response.content == "from shard 0"

        # DMs, and the DM interactions, go to shard 0 only.
        in_dm = await emu.slash(servers.alice, None, "go")
        assert in_dm.response is not None and in_dm.response.content == "from shard 0"
        assert [i.id for i in zero.interactions] == [in_zero.id, in_dm.id]
        assert [i.id for i in one.interactions] == [in_one.id]

        # Server updates follow the formula too.
        emu.rename_guild(servers.one, "One renamed")
        emu.rename_guild(servers.zero, "Zero renamed")
        await emu.wait_for(lambda: zero.updates and one.updates)
        assert (zero.updates, one.updates) == (["Zero renamed"], ["One renamed"])

        # A server created while both are connected: GUILD_CREATE to its own shard.
        late = emu.create_guild("Late", shard=1)
        await emu.wait_for(lambda: one.client.get_guild(late.id))
        assert zero.client.get_guild(late.id) is None


async def test_a_server_whose_shard_is_not_connected_gets_no_answer(
    emu: Emulator, servers: Servers
) -> None:
    zero = _shard_client(0)
    async with running(zero.client, emu):
        inter = await emu.slash(servers.alice, servers.channel(1), "go", raise_on_failure=False)
        assert inter.ack_type is None and zero.interactions == []
        assert (await emu.slash(servers.alice, None, "go")).ack_type == 4


async def test_auto_sharded_client_learns_the_count_from_gateway_bot(
    emu: Emulator, servers: Servers
) -> None:
    client = discord.AutoShardedClient(
        intents=discord.Intents(guilds=True), guild_ready_timeout=0.05
    )
    auto = Recorder(client, "auto")
    async with running(client, emu):
        assert client.shard_count == SHARDS
        assert sorted(client.shards) == [0, 1]
        assert {(s.shard, s.resumable) for s in emu.gateway.live_sessions()} == {
            ((0, 2), True),
            ((1, 2), True),
        }
        assert {g.id: g.shard_id for g in client.guilds} == {
            servers.zero.id: 0,
            servers.one.id: 1,
        }
        await emu.slash(servers.alice, servers.channel(1), "go")
        await emu.slash(servers.alice, None, "go")
        assert [i.guild_id for i in auto.interactions] == [servers.one.id, None]
    assert [r.route for r in emu.requests if "gateway" in r.route] == ["/gateway/bot"]


async def test_a_session_without_shard_gets_everything(emu: Emulator, servers: Servers) -> None:
    client = discord.Client(intents=discord.Intents(guilds=True), guild_ready_timeout=0.05)
    everything = Recorder(client, "all")
    async with running(client, emu):
        assert {g.id for g in client.guilds} == {servers.zero.id, servers.one.id}
        for channel in (servers.channel(0), servers.channel(1), None):
            await emu.slash(servers.alice, channel, "go")
        assert len(everything.interactions) == 3
        session = await emu.wait_until_connected()
        ready = next(data for name, data in session.sent() if name == "READY")
        assert "shard" not in ready
