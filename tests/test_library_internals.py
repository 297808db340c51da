"""The library internals the bot relies on, for speed, where no public API does the same
as fast (issue #16, item 5). Each test checks the internal still exists and still does what
the code assumes, so an upgrade that changes it fails here, loudly, not in production.

- discord.py: `Interaction.response` is a cached slot property stored in `_cs_response`;
  `bot.ui.cycles.let_go` deletes that slot to break the interaction <-> response cycle.
- discord.py: a view's payload is what its `to_components` returns, and `has_components_v2`
  sets the flag (`discord.http.handle_message_parameters`, every send and edit); a layout
  with no items is not kept for dispatch. `bot/ui/written.py` writes a hand's and a board's
  payload itself there (issue #33: discord.py's items were a third of a hand's cost).
- Pillow: `Image.im` (the core image) and its `paste`, `getprojection` and `convert`, which
  `bot/render/pictures.py` calls directly because `Image.paste` spends more time checking its
  arguments than copying the many small sprites of a picture.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
from discord.utils import CachedSlotProperty
from PIL import Image

from bot.ui.cycles import let_go
from bot.ui.written import WrittenLayout, text_display


def test_discord_interaction_caches_its_response_in_cs_response() -> None:
    prop = discord.Interaction.__dict__["response"]
    assert isinstance(prop, CachedSlotProperty) and prop.name == "_cs_response"
    assert "_cs_response" in discord.Interaction.__slots__
    # Behaves as relied upon: the first access caches it, deleting the slot drops it, and the
    # next access makes a new one (so nothing breaks if something answers afterwards).
    inter: Any = object.__new__(discord.Interaction)
    first = inter.response
    assert inter.response is first and inter._cs_response is first
    let_go(inter)
    assert not hasattr(inter, "_cs_response")
    assert inter.response is not first
    let_go(SimpleNamespace())  # never answered: nothing to drop, no error


def test_discord_sends_a_written_layouts_payload() -> None:
    class Written(WrittenLayout):
        def to_components(self) -> list[dict[str, Any]]:
            return [text_display("hello")]

    layout = Written()
    params = discord.http.handle_message_parameters(view=layout)
    assert params.payload is not None
    assert params.payload["components"] == [{"type": 10, "content": "hello"}]
    assert params.payload["flags"] == discord.MessageFlags(components_v2=True).value
    # Nothing in it for discord.py to dispatch: no view kept for the message it sends.
    assert not layout.is_dispatchable()


def _sprite() -> Image.Image:
    img = Image.new("RGBA", (7, 5), (0, 0, 0, 0))
    for x in range(7):
        for y in range(5):
            img.putpixel((x, y), (30 * x, 40 * y, 200, (x * 37 + y * 11) % 256))
    return img


def test_pillow_core_paste_matches_the_public_paste() -> None:
    sprite, box = _sprite(), (3, 2, 10, 7)
    public = Image.new("RGB", (16, 12), (10, 120, 40))
    public.paste(sprite, box, sprite)
    core = Image.new("RGB", (16, 12), (10, 120, 40))
    core.im.paste(sprite.im, box, sprite.im)
    assert core.tobytes() == public.tobytes() != Image.new("RGB", (16, 12)).tobytes()
    # A colour through a mask, and a plain copy of a palette image.
    mask = sprite.getchannel("A")
    public, core = Image.new("RGB", (16, 12)), Image.new("RGB", (16, 12))
    public.paste((200, 10, 10), box, mask)
    core.im.paste((200, 10, 10), box, mask.im)
    assert core.tobytes() == public.tobytes()
    pal = sprite.convert("RGB").convert("P")
    public, core = Image.new("P", (16, 12)), Image.new("P", (16, 12))
    public.paste(pal, box)
    core.im.paste(pal.im, box)
    assert core.tobytes() == public.tobytes()
    core.im.paste(5, box, mask.im)  # a palette index through a mask
    public.paste(5, box, mask)
    assert core.tobytes() == public.tobytes()


def test_pillow_core_projection_and_palette_convert() -> None:
    flags = Image.new("L", (9, 6), 0)
    flags.putpixel((2, 1), 255)
    flags.putpixel((7, 4), 3)
    cols, rows = flags.im.getprojection()
    assert [bool(c) for c in cols] == [i in (2, 7) for i in range(9)]
    assert [bool(r) for r in rows] == [i in (1, 4) for i in range(6)]
    rgb = _sprite().convert("RGB")
    palette = rgb.quantize(16, dither=Image.Dither.NONE)
    ours = rgb.im.convert("P", Image.Dither.NONE, palette.im)
    public = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    out = Image.new("P", rgb.size)
    out.im.paste(ours, (0, 0, *rgb.size))  # (as pictures.py pastes it)
    assert out.tobytes() == public.tobytes()
