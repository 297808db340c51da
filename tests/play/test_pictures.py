"""Card pictures on the hand, table and reveal messages; `/gin settings` turns them off."""

from __future__ import annotations

import io

from PIL import Image

from .conftest import World
from .driver import live_controls


async def test_pictures_follow_each_players_settings(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    reply = await emu.slash(b, ch, "gin settings", images="off")
    assert reply.response is not None and "Card pictures: **off**" in reply.response.text
    reply = await emu.slash(a, ch, "gin settings", dark=True, four_colour=True)
    assert "four-colour deck: **on**" in reply.response.text
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, emu.last_message(ch), "Accept")
    table = await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    assert [f.filename for f in table.attachments] == ["table.png"]
    hand_a = await emu.wait_for_dm(a, lambda m: "Your hand" in m.text)
    hand_b = await emu.wait_for_dm(b, lambda m: "Your hand" in m.text)
    assert [f.filename for f in hand_a.attachments] == ["hand.png"]
    assert hand_b.attachments == []  # text only, as bob asked
    assert "Your hand" in hand_b.text and "Deadwood" in hand_b.text
    picture = Image.open(io.BytesIO(hand_a.attachments[0].data))
    assert picture.width >= 800
    # Dark background: the corner pixel is dark.
    assert sum(picture.convert("RGB").getpixel((2, 2))) < 200
    assert live_controls(emu, a) or live_controls(emu, b)
