"""The compositor: pictures drawn straight onto a palette image, sprites pasted as bytes.

See the comment above `Picture` for how, and docs/render.md for why."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine.cards import Card
from bot.render import theme as t
from bot.render.faces import back, blank, face, small_back
from bot.render.fonts import draw_text, text_placement
from bot.render.models import (
    RenderOptions,
)
from bot.render.png import encode as encode_png
from bot.render.shapes import ring_mask

RING = 4  # highlight outline thickness, drawn just outside the card
MINI_W = 30  # a player's card backs (on the table)


@lru_cache(maxsize=4)
def palette(options: RenderOptions) -> Image.Image:
    """A 256-colour palette for one colour scheme, taken from a sheet of everything we draw.

    The sheet holds an ace, a ten and a queen of every suit (between them every ink, edge and
    panel a face has), plain and dimmed, overlapping so card edges meet card faces; the backs;
    both outline colours; and text in every text colour on both backgrounds.
    """
    colours = t.theme(options)
    sheet = Image.new("RGB", (3 * 64 + t.CARD_W + 20, 8 * t.CARD_H + 200), colours.background)
    for row, (suit, dim) in enumerate((s, d) for s in "CDHS" for d in (False, True)):
        for col, rank in enumerate((1, 10, 12)):
            card = Card(suit, rank)
            paste(sheet, face(card, options.four_colour, dim), 10 + col * 64, 10 + row * t.CARD_H)
    y = 8 * t.CARD_H + 20
    paste(sheet, back(), 10, y)
    paste(sheet, small_back(MINI_W), 150, y)
    ring(sheet, t.HIGHLIGHT, 10, y + 10)
    ring(sheet, t.LAID_OFF, 180, y + 10)
    sheet.paste(colours.band, (0, y + 100, sheet.width, sheet.height))
    for i, fill in enumerate((colours.text, colours.muted, t.HIGHLIGHT)):
        for x in (0, 100):
            draw_text(sheet, (0, y + 40 + x + 30 * i), "Deadwood 26 · +15 ♠♥", 28, fill)
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def paste(canvas: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    canvas.paste(sprite, (x, y), sprite)


def ring(canvas: Image.Image, colour: t.RGB, x: int, y: int, shown: int = t.CARD_W) -> None:
    """Outline a card at (x, y) with `colour`, just outside its edge, `shown` pixels wide."""
    canvas.paste(colour, (x - RING, y - RING), ring_mask_of(shown))


@lru_cache(maxsize=64)
def ring_mask_of(shown: int) -> Image.Image:
    mask = ring_mask(t.CARD_W + 2 * RING, t.CARD_H + 2 * RING, t.CARD_R + RING, RING)
    return mask.crop((0, 0, RING + shown, mask.height)) if shown < t.CARD_W else mask


# --- drawing on the palette image ---------------------------------------------------------
#
# A picture is a list of operations (paste a sprite, paint a colour through a mask, draw a
# shape), drawn straight onto a palette ("P") image: every sprite is mapped onto the palette
# once and pasted as bytes, a third of the RGB bytes and without blending. That is exact
# wherever a pixel is fully covered or fully left alone, since mapping onto the palette is
# done pixel by pixel. Where a sprite or a mask is partly transparent (antialiased corners
# and text edges over something other than the background), the few rectangles concerned
# are composed in RGB from every operation that touches them, in order, and mapped onto the
# palette like a whole RGB picture would be. The PNG comes out byte for byte the same as
# composing the whole picture in RGB and mapping it onto the palette, for about half the CPU.

_Rect = tuple[int, int, int, int]
_NOT_OPAQUE = [255] * 255 + [0]  # a sprite's pixels that let something through
_PARTIAL = [0] + [255] * 254 + [0]  # a mask's pixels that blend
_FULL = [0] * 255 + [255]


def _rects(flags: Image.Image) -> tuple[_Rect, ...]:
    """Bounding boxes of the nonzero pixels of `flags`, one per run of rows that have any."""
    rows = flags.im.getprojection()[1]
    out: list[_Rect] = []
    y = 0
    while y < len(rows):
        if not rows[y]:
            y += 1
            continue
        end = y
        while end < len(rows) and rows[end]:
            end += 1
        box = flags.crop((0, y, flags.width, end)).getbbox()
        if box:
            out.append((box[0], y, box[2], end))
        y = end
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Sprite:
    rgba: Image.Image
    pal: Image.Image  # the same on the palette, pasted whole (see `special`)
    special: tuple[_Rect, ...]  # where it is not opaque: composed in RGB


class Ink:
    """`colour` through an antialiased `mask`, made ready for the palette.

    `over_bg` is the colour blended over the plain background within `bbox` (the mask's
    nonzero pixels), on the palette: pasted as it is where nothing was drawn before. `full`
    (the mask's 255 pixels, painted with the colour's palette entry) and `special` (where
    the mask blends, composed in RGB) are only needed over something else, so they are made
    on first use: a player's name, drawn once over the background, never needs them."""

    __slots__ = ("_full", "_special", "bbox", "mask", "over_bg")

    def __init__(self, colour: t.RGB, mask: Image.Image, options: RenderOptions) -> None:
        self.mask = mask
        self.bbox: _Rect = mask.getbbox() or (0, 0, 0, 0)
        # Blending and mapping onto the palette go pixel by pixel, so each mask value always
        # gives the same palette entry: one lookup table per colour does both at once.
        self.over_bg = mask.crop(self.bbox).point(_blend_lut(colour, options), "P")
        self._full: Image.Image | None = None
        self._special: tuple[_Rect, ...] | None = None

    @property
    def full(self) -> Image.Image:
        """255 where the mask is 255."""
        if self._full is None:
            self._full = self.mask.point(_FULL)
        return self._full

    @property
    def special(self) -> tuple[_Rect, ...]:
        """Where the mask blends."""
        if self._special is None:
            self._special = _rects(self.mask.point(_PARTIAL))
        return self._special


@lru_cache(maxsize=64)
def _blend_lut(colour: t.RGB, options: RenderOptions) -> tuple[int, ...]:
    """The palette entry of `colour` blended over the background through each mask value."""
    mask = Image.new("L", (256, 1))
    mask.putdata(range(256))
    bg = Image.new("RGB", (256, 1), t.theme(options).background)
    bg.paste(colour, (0, 0), mask)
    return tuple(to_palette(bg, options).tobytes())


def to_palette(img: Image.Image, options: RenderOptions) -> Image.Image:
    return img.quantize(palette=palette(options), dither=Image.Dither.NONE)


@lru_cache(maxsize=1024)
def sprite(kind: tuple[Any, ...], options: RenderOptions) -> Sprite:
    """A card sprite on the palette of `options`: ("face", card, dim, lower_index, index)
    (`index`: the rank's letters in the reader's language), ("back",), ("blank",) or
    ("mini", width)."""
    if kind[0] == "face":
        rgba = face(kind[1], options.four_colour, kind[2], kind[3], kind[4])
    elif kind[0] == "back":
        rgba = back()
    elif kind[0] == "blank":
        rgba = blank()
    else:
        rgba = small_back(kind[1])
    pal = to_palette(rgba.convert("RGB"), options)
    return Sprite(rgba, pal, _rects(rgba.getchannel("A").point(_NOT_OPAQUE)))


INKS: dict[tuple[t.RGB, Hashable, RenderOptions], Ink] = {}
_MAX_INKS = 512  # labels and counts: a few hundred at most


def ink(colour: t.RGB, key: Hashable, mask: Image.Image, options: RenderOptions) -> Ink:
    """`mask` in `colour` made ready for the palette; kept when `key` names the mask."""
    cache_key = (colour, key, options)
    found = INKS.get(cache_key) if key is not None else None
    if found is not None:
        return found
    made = Ink(colour, mask, options)
    if key is not None:
        if len(INKS) >= _MAX_INKS:
            INKS.clear()
        INKS[cache_key] = made
    return made


@lru_cache(maxsize=16)
def blank_canvas(size: tuple[int, int], options: RenderOptions) -> Image.Image:
    return to_palette(Image.new("RGB", size, t.theme(options).background), options)


@lru_cache(maxsize=64)
def palette_index(colour: t.RGB, options: RenderOptions) -> int:
    """The palette entry `colour` maps to."""
    pixel = to_palette(Image.new("RGB", (1, 1), colour), options).getpixel((0, 0))
    assert isinstance(pixel, int)
    return pixel


def _overlap(a: _Rect, b: _Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


_Shape = Callable[[ImageDraw.ImageDraw, int, int, "int | t.RGB"], None]


class Picture:
    """The operations of one picture, drawn with `png()` (see above).

    Pasting goes through Pillow's `Image.im` (the core image) where the picture pastes many
    small things: `Image.paste` spends more time checking its arguments than copying. It is
    internal to Pillow: tests/test_library_internals.py fails loudly if an upgrade changes
    the calls used here (`paste`, `getprojection`, `convert`).
    """

    def __init__(self, size: tuple[int, int], options: RenderOptions) -> None:
        self.size = size
        self.options = options
        self.colours = t.theme(options)
        # (box, kind, args): "s" sprite (x, y, Sprite), "i" ink (x, y, colour, Ink, over_bg),
        # "d" shape (draw function, colour). `box` bounds what the operation changes.
        self.ops: list[tuple[_Rect, str, tuple[Any, ...]]] = []

    def sprite(self, kind: tuple[Any, ...], x: int, y: int) -> None:
        spr = sprite(kind, self.options)
        w, h = spr.rgba.size
        self.ops.append(((x, y, x + w, y + h), "s", (x, y, spr)))

    def ink(self, colour: t.RGB, x: int, y: int, mask: Image.Image, key: Hashable) -> None:
        """Paint `colour` through `mask` at (x, y); `key` names the mask (for the cache)."""
        painted = ink(colour, key, mask, self.options)
        a, b, c, d = painted.bbox
        box = (x + a, y + b, x + c, y + d)
        over_bg = not any(_overlap(box, op[0]) for op in self.ops)
        self.ops.append((box, "i", (x, y, colour, painted, over_bg)))

    def ring(self, colour: t.RGB, x: int, y: int, shown: int = t.CARD_W) -> None:
        """`ring` as an operation."""
        self.ink(colour, x - RING, y - RING, ring_mask_of(shown), ("ring", shown))

    def shape(self, box: _Rect, draw: _Shape, colour: t.RGB) -> None:
        """An unantialiased shape: `draw(draw, dx, dy, fill)` draws it shifted by (dx, dy);
        `box` must hold every pixel it draws."""
        self.ops.append((box, "d", (draw, colour)))

    def text(
        self,
        xy: tuple[int, int],
        text: str,
        size: int,
        fill: t.RGB,
        align: str = "l",
        valign: str = "s",
        *,
        keep: bool = True,
    ) -> None:
        """`fonts.draw_text` as an operation; `keep=False` for text that seldom repeats (a
        player's name), whose mask and ink are not cached."""
        (x, y), mask, key = text_placement(xy, text, size, align, valign, keep=keep)
        self.ink(fill, x, y, mask, key)

    def _compose(self, box: _Rect) -> Image.Image:
        """The RGB pixels of `box`, every operation that touches it drawn in order."""
        x0, y0, x1, y1 = box
        img = Image.new("RGB", (x1 - x0, y1 - y0), self.colours.background)
        core = img.im
        draw: ImageDraw.ImageDraw | None = None
        for (a, b, c, d), kind, args in self.ops:
            if a >= x1 or x0 >= c or b >= y1 or y0 >= d:
                continue
            if kind == "s":
                x, y, spr = args
                w, h = spr.rgba.size
                rgba = spr.rgba.im
                core.paste(rgba, (x - x0, y - y0, x - x0 + w, y - y0 + h), rgba)
            elif kind == "i":
                x, y, colour, ink, _ = args
                w, h = ink.mask.size
                core.paste(colour, (x - x0, y - y0, x - x0 + w, y - y0 + h), ink.mask.im)
            else:
                draw = draw or ImageDraw.Draw(img)
                args[0](draw, -x0, -y0, args[1])
        return img

    def reference(self) -> Image.Image:
        """The whole picture composed in RGB (what `png` must match once on the palette)."""
        return self._compose((0, 0, *self.size))

    def palette_image(self) -> Image.Image:
        """The picture on the palette, pixel for pixel `reference()` mapped onto it."""
        canvas = blank_canvas(self.size, self.options).copy()
        core = canvas.im
        draw: ImageDraw.ImageDraw | None = None
        spans: dict[tuple[int, int], list[int]] = {}  # rows -> columns composed in RGB

        def special(x: int, y: int, rects: tuple[_Rect, ...]) -> None:
            for a, b, c, d in rects:
                span = spans.get((y + b, y + d))
                if span is None:
                    spans[y + b, y + d] = [x + a, x + c]
                else:
                    span[0], span[1] = min(span[0], x + a), max(span[1], x + c)

        for _, kind, args in self.ops:
            if kind == "s":
                x, y, spr = args
                w, h = spr.pal.size
                core.paste(spr.pal.im, (x, y, x + w, y + h))
                special(x, y, spr.special)
            elif kind == "i":
                x, y, colour, ink, over_bg = args
                w, h = ink.mask.size
                if over_bg:  # nothing under its nonzero pixels but the background
                    a, b, c, d = ink.bbox
                    if c > a:
                        core.paste(ink.over_bg.im, (x + a, y + b, x + c, y + d))
                else:
                    index = palette_index(colour, self.options)
                    core.paste(index, (x, y, x + w, y + h), ink.full.im)
                    special(x, y, ink.special)
            else:
                draw = draw or ImageDraw.Draw(canvas)
                args[0](draw, 0, 0, palette_index(args[1], self.options))
        mapped = palette(self.options).im
        for box in _merge(spans, self.size):
            part = self._compose(box).im.convert("P", Image.Dither.NONE, mapped)
            core.paste(part, box)
        return canvas

    def png(self) -> bytes:
        return encode_png(self.palette_image())


def _merge(spans: dict[tuple[int, int], list[int]], size: tuple[int, int]) -> list[_Rect]:
    """Rectangles (within the canvas) covering the column spans of the row ranges in `spans`,
    ranges that overlap or nearly touch joined into one, since composing a rectangle costs
    more in overhead than in pixels."""
    merged: list[list[int]] = []
    for (b, d), (a, c) in sorted(spans.items()):
        a, b, c, d = max(a, 0), max(b, 0), min(c, size[0]), min(d, size[1])
        if a >= c or b >= d:
            continue
        last = merged[-1] if merged else None
        if last is not None and b <= last[3] + 2:
            last[0], last[2], last[3] = min(a, last[0]), max(c, last[2]), max(d, last[3])
        else:
            merged.append([a, b, c, d])
    return [(m[0], m[1], m[2], m[3]) for m in merged]
