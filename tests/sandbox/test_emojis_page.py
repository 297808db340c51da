"""Application emojis on the sandbox page, in headless Chromium: ``<:name:id>`` in message
text, on a button and in a select's options are drawn as the pictures the emulator serves
(Discord: its CDN), and a pictured option still chooses."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import discord
import pytest
from PIL import Image
from playwright.async_api import Browser

from emulator import Emulator
from emulator.testing import running
from emulator.web import SandboxPage


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (128, 128), (200, 22, 44)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
async def page() -> AsyncIterator[tuple[Emulator, str, discord.Client]]:
    async with Emulator() as emu:
        guild = emu.create_guild("Club", channels=("gin",))
        members = [emu.create_user(n, guilds=[guild]) for n in ("alice", "bob")]
        sandbox = SandboxPage(emu, guild, guild.channel("gin"), members)
        url = await sandbox.start("127.0.0.1", 0)
        client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.05)
        async with running(client, emu):
            try:
                yield emu, url, client
            finally:
                await sandbox.stop()


async def test_custom_emojis_are_pictures_in_text_buttons_and_options(
    page: tuple[Emulator, str, discord.Client], browser: Browser
) -> None:
    emu, url, client = page
    emoji = await client.create_application_emoji(name="gin_as", image=png())
    partial = discord.PartialEmoji(name=emoji.name, id=emoji.id)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Ace", emoji=partial, custom_id="ace"))
    view.add_item(
        discord.ui.Select(
            custom_id="pick",
            placeholder="Discard…",
            options=[
                discord.SelectOption(label="A♠", value="S1", emoji=partial),
                discord.SelectOption(label="7♥", value="H7"),
            ],
        )
    )
    channel = client.get_partial_messageable(next(iter(emu.guilds.values())).channel("gin").id)
    sent = await channel.send(f"Your card: <:gin_as:{emoji.id}> _sure_", view=view)

    tab = await browser.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    await tab.goto(f"{url}/?as=alice")
    msg = tab.locator(f'.msg[data-id="{sent.id}"]')
    await msg.wait_for(timeout=10_000)
    pictures = msg.locator("img.emoji")
    await tab.wait_for_function(
        """(id) => { const imgs = [...document.querySelectorAll(`.msg[data-id="${id}"] img.emoji`)];
           return imgs.length >= 3 && imgs.every((i) => i.complete && i.naturalWidth === 128); }""",
        arg=str(sent.id),
        timeout=10_000,
    )
    # In the text (its :name: for readers, the emphasis after it intact), on the button, in
    # the pictured list of the select.
    assert await msg.locator(".content img.emoji").count() == 1
    assert await msg.locator("button.btn img.emoji").count() == 1
    assert await msg.locator(".menu-item img.emoji").count() == 1
    assert await pictures.first.get_attribute("alt") == ":gin_as:"
    assert await msg.locator("em", has_text="sure").count() == 1
    # The native select keeps the plain labels (what keyboards and readers get).
    assert await msg.get_by_label("Discard…").evaluate(
        "(s) => [...s.options].filter((o) => o.value).map((o) => o.textContent)"
    ) == ["A♠", "7♥"]

    # Choosing the pictured option sends the select like a person would.
    waiter = emu.wait_for(
        lambda: next((i for i in emu.interactions if i.data.get("custom_id") == "pick"), None),
        10.0,
    )
    await msg.locator(".menu-face").click()
    await msg.locator('.menu-item[data-value="S1"]').click()
    inter = await waiter
    assert inter.data.get("values") == ["S1"]
    assert errors == []
