"""The sandbox page's server without a browser: its socket, autocomplete, privacy, loopback."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from emulator import Emulator
from emulator.testing import running
from emulator.web import SandboxPage, is_loopback


class Sock:
    """The page's WebSocket as a member, with the updates it received."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.messages: dict[str, dict[str, Any]] = {}
        self.commands: list[dict[str, Any]] = []
        self.replies: dict[int, dict[str, Any]] = {}
        self.changed = asyncio.Event()

    async def read(self) -> None:
        async for raw in self.ws:
            data = raw.json()
            if data["op"] == "update":
                self.commands = data.get("commands", self.commands)
                for view in data.get("messages", []):
                    self.messages[view["id"]] = view
            elif data["op"] == "done":
                self.replies[data["req"]] = data
            self.changed.set()

    async def until(self, check: Any, timeout: float = 5.0) -> Any:  # noqa: ASYNC109
        async def loop() -> Any:
            while not (result := check()):
                self.changed.clear()
                await self.changed.wait()
            return result

        return await asyncio.wait_for(loop(), timeout)

    async def ask(self, req: int, **body: Any) -> dict[str, Any]:
        await self.ws.send_json({"req": req, **body})
        return await self.until(lambda: self.replies.get(req))


def pick_bot() -> discord.Client:
    """A discord.py client with one command that autocompletes and answers privately."""
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)

    async def fruits(interaction: discord.Interaction, current: str) -> list[Any]:
        names = ["apple", "apricot", "banana"]
        return [
            app_commands.Choice(name=n.title(), value=n) for n in names if n.startswith(current)
        ]

    @tree.command(name="pick", description="Pick a fruit")
    @app_commands.autocomplete(fruit=fruits)
    async def pick(interaction: discord.Interaction, fruit: str, count: int = 1) -> None:
        await interaction.response.send_message(f"**{count}** × {fruit}", ephemeral=True)

    class Note(discord.ui.Modal, title="A note"):
        text: discord.ui.TextInput[Note] = discord.ui.TextInput(label="Text")

        async def on_submit(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"noted: {self.text.value}", ephemeral=True)

    @tree.command(name="note", description="Write a note")
    async def note(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Note())

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook
    return client


@pytest.fixture
async def page() -> AsyncIterator[tuple[Emulator, str, SandboxPage]]:
    async with Emulator() as emu:
        guild = emu.create_guild("Club", channels=("gin",))
        members = [emu.create_user(n, guilds=[guild]) for n in ("alice", "bob")]
        sandbox = SandboxPage(emu, guild, guild.channel("gin"), members)
        url = await sandbox.start("127.0.0.1", 0)
        async with running(pick_bot(), emu):
            try:
                yield emu, url, sandbox
            finally:
                await sandbox.stop()


async def test_commands_autocomplete_and_private_replies(
    page: tuple[Emulator, str, SandboxPage],
) -> None:
    emu, url, sandbox = page
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(f"{url}/ws?as=alice") as ws_a,
        http.ws_connect(f"{url}/ws?as=bob") as ws_b,
    ):
        hello = await ws_a.receive_json()
        assert hello["op"] == "hello" and hello["me"]["username"] == "alice"
        await ws_b.receive_json()
        alice, bob = Sock(ws_a), Sock(ws_b)
        readers = [asyncio.create_task(s.read()) for s in (alice, bob)]
        try:
            commands = await alice.until(lambda: alice.commands)
            (pick,) = [c for c in commands if c["path"] == "pick"]
            assert pick["dm"] and pick["guild"]
            assert [o["name"] for o in pick["options"]] == ["fruit", "count"]
            assert pick["options"][0]["autocomplete"] is True

            done = await alice.ask(
                1, op="autocomplete", pane="channel", command="pick", option="fruit", value="ap"
            )
            assert [c["value"] for c in done["choices"]] == ["apple", "apricot"]

            done = await alice.ask(
                2,
                op="slash",
                pane="channel",
                command="pick",
                options={"fruit": "apple", "count": "3"},
            )
            assert done["error"] is None
            reply = await alice.until(
                lambda: next((m for m in alice.messages.values() if "apple" in m["content"]), None)
            )
            assert reply["ephemeral"] and reply["content"] == "**3** × apple"
            assert reply["command"] == {"user": "Alice", "name": "pick"}

            # Bob's page never gets Alice's private reply.
            await bob.ask(3, op="autocomplete", pane="dm", command="pick", option="fruit", value="")
            assert not [m for m in bob.messages.values() if "apple" in m["content"]]

            # Bad input gets an answer, not a dead socket.
            done = await alice.ask(4, op="slash", pane="channel", command="nope", options={})
            assert "no command /nope" in done["error"]
            done = await alice.ask(
                5, op="slash", pane="channel", command="pick", options={"count": "2"}
            )
            assert "fruit" in done["error"]

            # A modal: the page gets its fields, then submits them.
            done = await alice.ask(6, op="slash", pane="dm", command="note", options={})
            modal = done["modal"]
            assert modal["title"] == "A note"
            field = modal["components"][0]["components"][0]
            done = await alice.ask(
                7, op="modal", interaction=modal["interaction"], values={field["custom_id"]: "hi"}
            )
            assert done["error"] is None
            await alice.until(
                lambda: any(m["content"] == "noted: hi" for m in alice.messages.values())
            )

            # Stopping closes open pages at once (aiohttp would wait for their handlers).
            await asyncio.wait_for(sandbox.stop(), 5)
            await asyncio.wait_for(asyncio.gather(*readers), 5)
            assert ws_a.closed and ws_b.closed
        finally:
            for task in readers:
                task.cancel()
    assert emu.unknown_routes == []


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("127.0.0.2", True),
        ("0.0.0.0", False),
        ("192.168.1.5", False),
        ("::", False),
        ("example.org", False),
    ],
)
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_refuses_a_public_address_unless_told() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "--local", "--host", "0.0.0.0", "--no-browser"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "refusing to listen on 0.0.0.0" in proc.stderr
    assert "--allow-remote" in proc.stderr


async def test_only_its_own_page_on_loopback_may_drive_it(
    page: tuple[Emulator, str, SandboxPage],
) -> None:
    _, url, _ = page
    async with aiohttp.ClientSession() as http:
        async with http.get(url + "/") as ok:
            assert ok.status == 200 and "Gin Rummy sandbox" in await ok.text()
        # Another site open in the browser (WebSockets ignore the same-origin policy).
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{url}/ws?as=alice", headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError):  # a sandboxed frame on any site
            await http.ws_connect(f"{url}/ws?as=alice", headers={"Origin": "null"})
        async with http.ws_connect(f"{url}/ws", headers={"Origin": url}) as ws:
            assert (await ws.receive_json())["op"] == "hello"
        # DNS rebinding: a public name resolving to 127.0.0.1.
        port = url.rsplit(":", 1)[1]
        async with http.get(url + "/", headers={"Host": f"evil.example:{port}"}) as bad:
            assert bad.status == 403
