"""The PNG writer: the file holds exactly the picture drawn on the palette, with either
compressor, and the same pixels as Pillow's own PNG of it."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from bot.engine.cards import Card, deck
from bot.render import (
    HandPicture,
    RenderOptions,
    RevealHand,
    RevealPicture,
    TablePicture,
    compose,
    render_hand,
    render_reveal,
    render_table,
)
from bot.render import png as png_writer


def _palette_images(monkeypatch, options: RenderOptions) -> list[Image.Image]:
    """The palette images a hand, two tables and a reveal are encoded from."""
    seen: list[Image.Image] = []
    drawn = compose.Picture.palette_image

    def spy(self: compose.Picture) -> Image.Image:
        img = drawn(self)
        seen.append(img)
        return img

    monkeypatch.setattr(compose.Picture, "palette_image", spy)
    cards = deck()
    render_hand(HandPicture((tuple(cards[:3]),), tuple(cards[3:11]), 40, cards[5]), options)
    render_table(TablePicture(tuple(cards[:7]), 25, (("Ann", 10), ("Zoë", 11)), 1), options)
    render_table(TablePicture((), 0, (("Bartholomew the Magnificent", 11),), None), options)
    hands = (
        RevealHand("Ann", (tuple(cards[:4]),), tuple(cards[4:10]), 30, (cards[20],), "knocked"),
        RevealHand("Bob", (), tuple(cards[10:20]), 55, (), "defender"),
    )
    render_reveal(RevealPicture(hands, "Ann knocks", knock_card=Card("S", 3)), options)
    assert len(seen) == 4
    return seen


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, at = [], 8
    while at < len(data):
        (size,) = struct.unpack_from("!I", data, at)
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + size]
        (crc,) = struct.unpack_from("!I", data, at + 8 + size)
        assert crc == zlib.crc32(kind + body)
        out.append((kind, body))
        at += 12 + size
    return out


@pytest.mark.parametrize("deflate", [png_writer._isal, png_writer._zlib], ids=["isal", "zlib"])
@pytest.mark.parametrize(
    "options", [RenderOptions(), RenderOptions(four_colour=True, dark=True)], ids=["light", "dark"]
)
def test_png_holds_the_palette_picture_exactly(monkeypatch, deflate, options):
    for img in _palette_images(monkeypatch, options):
        data = png_writer.encode(img, deflate)
        back = Image.open(io.BytesIO(data))
        back.load()
        assert back.mode == "P" and back.size == img.size
        assert back.tobytes() == img.tobytes()  # the same palette index at every pixel
        assert back.getpalette() == img.getpalette()
        # ... so the same colours as Pillow's own PNG of it (what the bot sent before).
        theirs = io.BytesIO()
        img.save(theirs, format="PNG", compress_level=3)
        theirs.seek(0)
        assert back.convert("RGB").tobytes() == Image.open(theirs).convert("RGB").tobytes()


def test_png_rows_are_unfiltered_in_one_idat_between_header_and_end():
    img = Image.new("P", (5, 3), 0)
    img.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0])
    img.putpixel((4, 2), 2)
    img.putpixel((0, 1), 1)
    chunks = _chunks(png_writer.encode(img))
    assert [kind for kind, _ in chunks] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    assert struct.unpack("!IIBBBBB", chunks[0][1]) == (5, 3, 8, 3, 0, 0, 0)
    assert chunks[1][1][:9] == bytes([0, 0, 0, 255, 0, 0, 0, 255, 0])
    rows = zlib.decompress(chunks[2][1])
    assert rows == b"\0\0\0\0\0\0" + b"\0\1\0\0\0\0" + b"\0\0\0\0\0\2"


def test_png_takes_only_palette_images():
    with pytest.raises(ValueError, match="palette"):
        png_writer.encode(Image.new("RGB", (4, 4)))


def test_pictures_are_encoded_with_isal_when_installed():
    # isal is a dependency: the faster compressor is the one in use.
    assert png_writer.compress is png_writer._isal
