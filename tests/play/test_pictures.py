"""Card pictures on the hand, table and reveal messages; `/gin me settings` turns them off."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.app.settings import Settings, SettingsError

from .conftest import World
from .driver import live_controls


async def test_pictures_follow_each_players_settings(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    # Hand pictures are off unless chosen (the cards are buttons): Bob never chose.
    reply = await emu.slash(b, ch, "gin me settings")
    assert reply.response is not None and "Card pictures: **off**" in reply.response.text
    reply = await emu.slash(a, ch, "gin me settings", images="on", dark=True, four_colour=True)
    assert "four-colour deck: **on**" in reply.response.text
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, emu.last_message(ch), "Accept")
    table = await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    # The board is a layout with no picture: it is not drawn again at every move.
    assert table.attachments == [] and table.flags & (1 << 15)
    hand_a = await emu.wait_for_dm(a, lambda m: "Your hand" in m.text)
    hand_b = await emu.wait_for_dm(b, lambda m: "Your hand" in m.text)
    assert [f.filename for f in hand_a.attachments] == ["hand.png"]
    assert hand_b.attachments == []  # text only: pictures are off by default
    assert "Your hand" in hand_b.text and "Deadwood" in hand_b.text
    picture = Image.open(io.BytesIO(hand_a.attachments[0].data))
    assert picture.width >= 800
    # Dark background: the corner pixel is dark.
    assert sum(picture.convert("RGB").getpixel((2, 2))) < 200
    assert live_controls(emu, a) or live_controls(emu, b)


async def test_operator_can_turn_pictures_off(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    world.bot.get_cog("Play").pictures.enabled = False  # type: ignore[union-attr]
    await emu.slash(a, ch, "gin me settings", images="on")
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, emu.last_message(ch), "Accept")
    table = await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    hand = await emu.wait_for_dm(a, lambda m: "Your hand" in m.text)
    assert table.attachments == [] and hand.attachments == []


def test_pictures_setting() -> None:
    base = {"DISCORD_TOKEN": "x"}
    assert Settings.from_env(base, env_file=None).pictures is True
    assert Settings.from_env({**base, "GIN_PICTURES": "off"}, env_file=None).pictures is False
    with pytest.raises(SettingsError, match="GIN_PICTURES must be on or off"):
        Settings.from_env({**base, "GIN_PICTURES": "maybe"}, env_file=None)
