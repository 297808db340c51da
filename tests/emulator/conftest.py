"""Fixtures for the emulator's own tests: an emulator, a small world, raw REST, a client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest

from emulator import Channel, Emulator, Guild, User


@dataclass
class World:
    guild: Guild
    channel: Channel
    alice: User
    bob: User


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with Emulator() as emulator:
        yield emulator


@pytest.fixture
def world(emu: Emulator) -> World:
    guild = emu.create_guild("Club", channels=("gin", "other"))
    return World(
        guild,
        guild.channel("gin"),
        emu.create_user("alice", guilds=[guild]),
        emu.create_user("bob", guilds=[guild]),
    )


@dataclass
class Reply:
    status: int
    headers: Any
    body: Any


RawApi = Callable[..., Awaitable[Reply]]


@pytest.fixture
async def api(emu: Emulator) -> AsyncIterator[RawApi]:
    """``await api("GET", "/users/@me", json=..., token=...)``: raw REST without discord.py."""
    async with aiohttp.ClientSession() as session:

        async def call(
            method: str, path: str, *, token: str | None = None, auth: bool = True, **kw: Any
        ) -> Reply:
            headers = {"Authorization": f"Bot {token or emu.token}"} if auth else {}
            headers.update(kw.pop("headers", None) or {})
            async with session.request(
                method, f"{emu.api_base}/api/v10{path}", headers=headers, **kw
            ) as resp:
                raw = await resp.read()
                if resp.headers.get("Content-Type") == "application/json":
                    import json

                    body: Any = json.loads(raw)
                else:
                    body = raw
                return Reply(resp.status, resp.headers, body)

        yield call


def make_client(**intents: bool) -> discord.Client:
    """A discord.py client that does not wait 2 s for guilds before it is ready."""
    flags = discord.Intents(guilds=True, **intents)
    return discord.Client(intents=flags, guild_ready_timeout=0.05)
