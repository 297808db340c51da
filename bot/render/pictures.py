"""The three pictures (hand, table, reveal) as PNG bytes, cached by what they show."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine.cards import Card
from bot.render import theme as t
from bot.render import workers
from bot.render.cache import PictureCache
from bot.render.faces import back, blank, face, small_back
from bot.render.fonts import draw_text, drawable, fit, text_placement, text_width
from bot.render.models import (
    HandPicture,
    RenderOptions,
    RevealPicture,
    TablePicture,
)
from bot.render.shapes import ring_mask
from bot.render.text import (
    deadwood_label,
    discard_label,
    knock_card_label,
    laid_off_label,
    meld_label,
    result_headline,
    role_text,
    score_parts,
    stock_label,
)

HAND_SIZE = (960, 248)
TABLE_SIZE = (960, 280)
REVEAL_WIDTH = 960
REVEAL_ROW = 276  # height of one hand in the reveal
REVEAL_RESULT = 64  # height of the band with the result, above the hands
_REVEAL_CARDS_Y = 60  # top of the cards within a reveal row

_MARGIN = 24
_GAPS = (28, 14)  # between groups: roomy, then tight
_MAX_STEP = 66  # overlap step inside a group when there is room
_MIN_STEP = 46  # the corner index ("10") ends at x = 43; any less and the next card cuts it
_RAISE = 14  # how far the highlighted card sits above the others
_RING = 4  # highlight outline thickness, drawn just outside the card
_LABEL = 28  # group label font size
_HAND_Y = _RAISE + _RING + 8  # top of the cards in the hand picture
_CACHE = 1024  # pictures kept (a hand PNG is ~14 KB, a two-player reveal ~40 KB)
# A few MiB keep what repeats without growing with the number of tables. For the bot (the
# async functions below) that is a player's hand between turns: drawn after their discard, it
# is shown again in the new message that starts their next turn (and by Show my hand).
_CACHE_BYTES = 4 << 20
_PNG_LEVEL = 3  # zlib level: 6 is ~20% smaller but takes 2-3x as long to encode


CACHE = PictureCache(_CACHE, _CACHE_BYTES)
_RENDER_LOCK = threading.Lock()


def _cached(
    draw: Callable[[Any, RenderOptions], bytes], shown: Hashable, options: RenderOptions
) -> bytes:
    """The cached PNG of `shown` (a picture dataclass), drawing it on a miss."""
    key = (shown, options)
    png = CACHE.get(key)
    if png is None:
        # One render at a time: the shared FreeType font objects are not safe to use from two
        # threads at once, and rendering is CPU-bound, so on CPython nothing is lost.
        with _RENDER_LOCK:
            png = CACHE.get(key)  # another thread may have drawn it meanwhile
            if png is None:
                png = draw(shown, options)
                CACHE.put(key, png)
    return png


@lru_cache(maxsize=4)
def _palette(options: RenderOptions) -> Image.Image:
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
            _paste(sheet, face(card, options.four_colour, dim), 10 + col * 64, 10 + row * t.CARD_H)
    y = 8 * t.CARD_H + 20
    _paste(sheet, back(), 10, y)
    _paste(sheet, small_back(_MINI_W), 150, y)
    _ring(sheet, t.HIGHLIGHT, 10, y + 10)
    _ring(sheet, t.LAID_OFF, 180, y + 10)
    sheet.paste(colours.band, (0, y + 100, sheet.width, sheet.height))
    for i, fill in enumerate((colours.text, colours.muted, t.HIGHLIGHT)):
        for x in (0, 100):
            draw_text(sheet, (0, y + 40 + x + 30 * i), "Deadwood 26 · +15 ♠♥", 28, fill)
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _paste(canvas: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    canvas.paste(sprite, (x, y), sprite)


def _ring(canvas: Image.Image, colour: t.RGB, x: int, y: int, shown: int = t.CARD_W) -> None:
    """Outline a card at (x, y) with `colour`, just outside its edge, `shown` pixels wide."""
    canvas.paste(colour, (x - _RING, y - _RING), _ring_mask(shown))


@lru_cache(maxsize=64)
def _ring_mask(shown: int) -> Image.Image:
    mask = ring_mask(t.CARD_W + 2 * _RING, t.CARD_H + 2 * _RING, t.CARD_R + _RING, _RING)
    return mask.crop((0, 0, _RING + shown, mask.height)) if shown < t.CARD_W else mask


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
_COVERED = [0] + [255] * 255  # a mask's pixels that change anything
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
class _Sprite:
    rgba: Image.Image
    pal: Image.Image  # the same on the palette, pasted whole (see `special`)
    special: tuple[_Rect, ...]  # where it is not opaque: composed in RGB


@dataclass(frozen=True, slots=True)
class _Ink:
    """`colour` through an antialiased `mask`, made ready for the palette: `full` is where
    the mask is 255 (painted with the colour's palette entry); `over_bg`, pasted through
    `covered`, is the whole of it over the plain background, so nothing needs composing."""

    mask: Image.Image
    full: Image.Image  # 255 where the mask is 255
    covered: Image.Image  # 255 where the mask is not 0
    over_bg: Image.Image  # the colour blended over the background, on the palette
    special: tuple[_Rect, ...]  # where the mask blends
    bbox: _Rect  # of the mask's nonzero pixels


def _to_palette(img: Image.Image, options: RenderOptions) -> Image.Image:
    return img.quantize(palette=_palette(options), dither=Image.Dither.NONE)


@lru_cache(maxsize=1024)
def _sprite(kind: tuple[Any, ...], options: RenderOptions) -> _Sprite:
    """A card sprite on the palette of `options`: ("face", card, dim, lower_index), ("back",),
    ("blank",) or ("mini", width)."""
    if kind[0] == "face":
        rgba = face(kind[1], options.four_colour, kind[2], kind[3])
    elif kind[0] == "back":
        rgba = back()
    elif kind[0] == "blank":
        rgba = blank()
    else:
        rgba = small_back(kind[1])
    pal = _to_palette(rgba.convert("RGB"), options)
    return _Sprite(rgba, pal, _rects(rgba.getchannel("A").point(_NOT_OPAQUE)))


_INKS: dict[tuple[t.RGB, Hashable, RenderOptions], _Ink] = {}
_MAX_INKS = 512  # labels and counts: a few hundred at most


def _ink(colour: t.RGB, key: Hashable, mask: Image.Image, options: RenderOptions) -> _Ink:
    """`mask` in `colour` made ready for the palette; kept when `key` names the mask."""
    cache_key = (colour, key, options)
    found = _INKS.get(cache_key) if key is not None else None
    if found is not None:
        return found
    bg = Image.new("RGB", mask.size, t.theme(options).background)
    bg.paste(colour, (0, 0), mask)
    made = _Ink(
        mask,
        mask.point(_FULL),
        mask.point(_COVERED),
        _to_palette(bg, options),
        _rects(mask.point(_PARTIAL)),
        mask.getbbox() or (0, 0, 0, 0),
    )
    if key is not None:
        if len(_INKS) >= _MAX_INKS:
            _INKS.clear()
        _INKS[cache_key] = made
    return made


@lru_cache(maxsize=16)
def _blank_canvas(size: tuple[int, int], options: RenderOptions) -> Image.Image:
    return _to_palette(Image.new("RGB", size, t.theme(options).background), options)


@lru_cache(maxsize=64)
def _index(colour: t.RGB, options: RenderOptions) -> int:
    """The palette entry `colour` maps to."""
    pixel = _to_palette(Image.new("RGB", (1, 1), colour), options).getpixel((0, 0))
    assert isinstance(pixel, int)
    return pixel


def _overlap(a: _Rect, b: _Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


_Shape = Callable[[ImageDraw.ImageDraw, int, int, "int | t.RGB"], None]


class _Picture:
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
        # (box, kind, args): "s" sprite (x, y, _Sprite), "i" ink (x, y, colour, _Ink, over_bg),
        # "d" shape (draw function, colour). `box` bounds what the operation changes.
        self.ops: list[tuple[_Rect, str, tuple[Any, ...]]] = []

    def sprite(self, kind: tuple[Any, ...], x: int, y: int) -> None:
        spr = _sprite(kind, self.options)
        w, h = spr.rgba.size
        self.ops.append(((x, y, x + w, y + h), "s", (x, y, spr)))

    def ink(self, colour: t.RGB, x: int, y: int, mask: Image.Image, key: Hashable) -> None:
        """Paint `colour` through `mask` at (x, y); `key` names the mask (for the cache)."""
        ink = _ink(colour, key, mask, self.options)
        a, b, c, d = ink.bbox
        box = (x + a, y + b, x + c, y + d)
        over_bg = not any(_overlap(box, op[0]) for op in self.ops)
        self.ops.append((box, "i", (x, y, colour, ink, over_bg)))

    def ring(self, colour: t.RGB, x: int, y: int, shown: int = t.CARD_W) -> None:
        """`_ring` as an operation."""
        self.ink(colour, x - _RING, y - _RING, _ring_mask(shown), ("ring", shown))

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
        canvas = _blank_canvas(self.size, self.options).copy()
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
                if over_bg:
                    core.paste(ink.over_bg.im, (x, y, x + w, y + h), ink.covered.im)
                else:
                    index = _index(colour, self.options)
                    core.paste(index, (x, y, x + w, y + h), ink.full.im)
                    special(x, y, ink.special)
            else:
                draw = draw or ImageDraw.Draw(canvas)
                args[0](draw, 0, 0, _index(args[1], self.options))
        palette = _palette(self.options).im
        for box in _merge(spans, self.size):
            part = self._compose(box).im.convert("P", Image.Dither.NONE, palette)
            core.paste(part, box)
        return canvas

    def png(self) -> bytes:
        buf = io.BytesIO()
        self.palette_image().save(buf, format="PNG", compress_level=_PNG_LEVEL)
        return buf.getvalue()


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


@dataclass(frozen=True, slots=True)
class _Group:
    cards: tuple[Card, ...]
    label: str
    dim: bool = False


@dataclass(frozen=True, slots=True)
class _Placed:
    card: Card
    x: int
    y: int
    dim: bool
    shown: int  # how much of the card's width the next card leaves visible
    before_raised: bool = False  # the next card in its group is raised


def _arrange(
    groups: Sequence[_Group], step: int, gap: int, x: int, y: int, raised: Card | None
) -> tuple[list[_Placed], list[tuple[int, _Group]], int]:
    """Lay the groups out from `x`: cards, label positions, and the right edge of it all.

    A label sits left-aligned under its cards. One wider than its cards (`Deadwood 26` under a
    single card) is right-aligned to them instead and hangs left under the previous group,
    whose own label (Run, Set) is short, never closer than 12 px to it. A group without cards
    (the `Deadwood 0` of a hand with none) is just its label, hung the same way.
    """
    placed: list[_Placed] = []
    labels: list[tuple[int, _Group]] = []
    label_end = cards_end = right = x - gap
    for n, group in enumerate(groups):
        label_w = text_width(group.label, _LABEL)
        if not group.cards:
            label_x = max(cards_end - label_w, label_end + 12, x if n == 0 else 0)
        else:
            left = right + gap if n else x
            for i, card in enumerate(group.cards):
                last = i == len(group.cards) - 1
                placed.append(
                    _Placed(
                        card,
                        left + i * step,
                        y - _RAISE if card == raised else y,
                        group.dim,
                        t.CARD_W if last else step,
                        not last and group.cards[i + 1] == raised,
                    )
                )
            cards_end = left + t.CARD_W + step * (len(group.cards) - 1)
            want = left if label_w <= cards_end - left or n == 0 else cards_end - label_w
            label_x = max(want, label_end + 12) if n else want
        labels.append((label_x, group))
        label_end = label_x + label_w
        right = max(cards_end, label_end)
    return placed, labels, right


def _spacing(groups: Sequence[_Group], width: int) -> tuple[int, int]:
    """The roomiest (step, gap) that fits the groups in `width`: the overlap tightens first,
    then the gaps between groups; never below `_MIN_STEP` (a wider canvas takes the rest)."""
    for gap in _GAPS:
        if _arrange(groups, _MIN_STEP, gap, 0, 0, None)[2] > width:
            continue
        # The row only widens as the step grows: find the largest step that fits by halving.
        lo, hi = _MIN_STEP, _MAX_STEP
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if _arrange(groups, mid, gap, 0, 0, None)[2] <= width:
                lo = mid
            else:
                hi = mid - 1
        return lo, gap
    return _MIN_STEP, _GAPS[-1]


def _needed_width(groups: Sequence[_Group]) -> int:
    """The canvas width a row of `groups` needs at its tightest."""
    return _arrange(groups, _MIN_STEP, _GAPS[-1], 0, 0, None)[2] + 2 * _MARGIN


def _place(
    groups: Sequence[_Group], width: int, y: int, raised: Card | None
) -> tuple[list[_Placed], list[tuple[int, _Group]]]:
    """Lay the groups out centred in `width`, cards' tops at `y` (`raised` a little higher)."""
    inner = width - 2 * _MARGIN
    step, gap = _spacing(groups, inner)
    used = _arrange(groups, step, gap, 0, 0, None)[2]
    placed, labels, _ = _arrange(
        groups, step, gap, _MARGIN + max(0, (inner - used) // 2), y, raised
    )
    return placed, labels


def _draw_groups(
    canvas: _Picture,
    groups: Sequence[_Group],
    y: int,
    options: RenderOptions,
    marks: dict[Card, t.RGB],
    raised: Card | None,
) -> None:
    """Draw the groups in a centred row with cards at `y`, labels underneath.

    `marks` outlines cards in a colour; `raised` lifts one card so it stands out of its group.
    """
    colours = t.theme(options)
    placed, labels = _place(groups, canvas.size[0], y, raised)
    for p in placed:
        if p.card in marks:
            # Cut the outline where the next card starts, so it cannot seem to enclose that one
            # too; a raised card shows its whole top edge, so it keeps the whole outline.
            width = t.CARD_W if p.card == raised else p.shown
            canvas.ring(marks[p.card], p.x, p.y, width)
        # A marked card keeps full colour even among deadwood, so it stays easy to spot.
        dim = p.dim and p.card not in marks
        canvas.sprite(("face", p.card, dim, not p.before_raised), p.x, p.y)
    for x, group in labels:
        canvas.text(
            (x, y + t.CARD_H + 10 + _LABEL * 3 // 4),
            group.label,
            _LABEL,
            colours.muted if group.dim else colours.text,
        )


def _hand_groups(
    melds: Sequence[Sequence[Card]],
    deadwood: Sequence[Card],
    deadwood_points: int,
    count_if_none: bool = True,
    locale: str = "en",
) -> list[_Group]:
    groups = [_Group(tuple(meld), meld_label(meld, locale)) for meld in melds]
    if deadwood:
        groups.append(_Group(tuple(deadwood), deadwood_label(deadwood_points, locale), dim=True))
    elif count_if_none:
        # No deadwood cards: the count still shows, as its own label after the melds.
        groups.append(_Group((), deadwood_label(deadwood_points, locale)))
    return groups


def _reveal_groups(pic: RevealPicture, seat: int) -> list[_Group]:
    """A reveal row: melds, the cards this player laid off (labelled with whose melds they
    went on), deadwood and, in the knocker's row, the knock card."""
    hand = pic.hands[seat]
    groups = [_Group(tuple(meld), meld_label(meld, pic.locale)) for meld in hand.melds]
    if hand.laid_off:
        knocker = None
        if pic.knocker is not None and 0 <= pic.knocker < len(pic.hands):
            knocker = fit(pic.hands[pic.knocker].name, _LABEL, 220)
        groups.append(_Group(hand.laid_off, laid_off_label(pic, knocker)))
    # A hand without deadwood shows no `Deadwood 0`: its role (gin) or its melds say so.
    groups += _hand_groups(
        (), hand.deadwood, hand.deadwood_points, count_if_none=False, locale=pic.locale
    )
    if seat == pic.knocker and pic.knock_card is not None:
        groups.append(_Group((pic.knock_card,), knock_card_label(pic.locale)))
    return groups


def _hand_png(pic: HandPicture, options: RenderOptions) -> bytes:
    groups = _hand_groups(pic.melds, pic.deadwood, pic.deadwood_points, locale=pic.locale)
    size = (max(HAND_SIZE[0], _needed_width(groups)), HAND_SIZE[1])
    canvas = _Picture(size, options)
    marks = {pic.highlight: t.HIGHLIGHT} if pic.highlight is not None else {}
    _draw_groups(canvas, groups, _HAND_Y, options, marks, pic.highlight)
    return canvas.png()


def hand_positions(pic: HandPicture) -> dict[Card, tuple[int, int]]:
    """Where `render_hand` puts each card: the top-left corner of its face, in pixels."""
    groups = _hand_groups(pic.melds, pic.deadwood, pic.deadwood_points, locale=pic.locale)
    width = max(HAND_SIZE[0], _needed_width(groups))
    placed, _ = _place(groups, width, _HAND_Y, pic.highlight)
    return {p.card: (p.x, p.y) for p in placed}


def render_hand(pic: HandPicture, options: RenderOptions | None = None) -> bytes:
    """A player's hand as PNG bytes: melds, dimmed deadwood, the new card raised.

    960 x 248; wider only for more cards than a Gin hand holds (about 14 and up).
    """
    return _cached(_hand_png, pic, options or RenderOptions())


# --- table -------------------------------------------------------------------------------

_PILE_EDGES = 4  # cards shown under the top of the discard pile
_EDGE_STEP = 9
_STOCK_X, _DISCARD_X, _PILES_Y = 56, 262 + _PILE_EDGES * _EDGE_STEP, 40
TABLE_STOCK_XY = (_STOCK_X, _PILES_Y)  # top-left of the stock's top card
TABLE_DISCARD_XY = (_DISCARD_X, _PILES_Y)  # top-left of the discard pile's top card
_ROW = 60  # one player's line
_PLAYERS_X = 512
_MINI_W = 30  # a player's card backs


@dataclass(frozen=True, slots=True)
class _TableView:
    """What the table picture actually shows (the key of its cache)."""

    top: Card | None
    below: int
    pile_size: int
    stock_count: int
    players: tuple[tuple[str, int], ...]
    to_play: int | None
    locale: str = "en"


def _slot(canvas: _Picture, x: int, y: int, colour: t.RGB) -> None:
    """The outline of an empty pile."""

    def outline(draw: ImageDraw.ImageDraw, dx: int, dy: int, fill: int | t.RGB) -> None:
        box = (x + dx, y + dy, x + dx + t.CARD_W - 1, y + dy + t.CARD_H - 1)
        draw.rounded_rectangle(box, radius=t.CARD_R, outline=fill, width=3)

    canvas.shape((x, y, x + t.CARD_W, y + t.CARD_H), outline, colour)


def _centred_label(canvas: _Picture, x: int, y: int, text: str, fill: t.RGB) -> None:
    canvas.text((x + t.CARD_W // 2, y), text, 26, fill, align="m")


def _table_png(view: _TableView, options: RenderOptions) -> bytes:
    colours = t.theme(options)
    canvas = _Picture(TABLE_SIZE, options)
    label_y = _PILES_Y + t.CARD_H + 34

    # Stock: a small stack of backs, thicker when there are more cards, and the count.
    if view.stock_count > 0:
        layers = 1 + min(3, (view.stock_count - 1) // 8)
        for i in range(layers - 1, -1, -1):
            canvas.sprite(("back",), _STOCK_X + 3 * i, _PILES_Y - 3 * i)
    else:
        _slot(canvas, _STOCK_X, _PILES_Y, colours.slot)
    _centred_label(
        canvas, _STOCK_X, label_y, stock_label(view.stock_count, view.locale), colours.text
    )

    # Discard pile: the top card, with the plain edges of the cards under it to its left.
    for i in range(view.below, 0, -1):
        canvas.sprite(("blank",), _DISCARD_X - i * _EDGE_STEP, _PILES_Y)
    if view.top is not None:
        canvas.sprite(("face", view.top, False, True), _DISCARD_X, _PILES_Y)
    else:
        _slot(canvas, _DISCARD_X, _PILES_Y, colours.slot)
    _centred_label(
        canvas, _DISCARD_X, label_y, discard_label(view.pile_size, view.locale), colours.text
    )

    # Players: one line each, name, a fan of backs and the count; the one to play is marked.
    mini_h = round(_MINI_W * t.CARD_H / t.CARD_W)  # as `small_back` makes it
    for i, ((name, count), mid) in enumerate(
        zip(view.players, table_rows(len(view.players)), strict=True)
    ):
        if i == view.to_play:
            _marker(canvas, mid)
        name = fit(name, 30, 210)
        canvas.text((_PLAYERS_X + 28, mid), name, 30, colours.text, valign="m", keep=False)
        fan_x = _PLAYERS_X + 250
        shown = min(count, 11)
        for k in range(shown):
            canvas.sprite(("mini", _MINI_W), fan_x + 8 * k, mid - mini_h // 2)
        canvas.text((fan_x + _MINI_W + 8 * 10 + 18, mid), str(count), 30, colours.text, valign="m")
    return canvas.png()


def _marker(canvas: _Picture, mid: int) -> None:
    """The triangle before the name of the player to play."""

    def triangle(draw: ImageDraw.ImageDraw, dx: int, dy: int, fill: int | t.RGB) -> None:
        x, y = _PLAYERS_X + dx, mid + dy
        draw.polygon([(x, y - 11), (x + 16, y), (x, y + 11)], fill=fill)

    canvas.shape((_PLAYERS_X, mid - 11, _PLAYERS_X + 17, mid + 12), triangle, t.HIGHLIGHT)


def table_rows(players: int) -> list[int]:
    """The middle line (y) of each player's row in the table picture."""
    # Rows tighten if a table ever seats more than the four players `classic` allows.
    row = min(_ROW, (TABLE_SIZE[1] - 16) // max(1, players))
    y0 = (TABLE_SIZE[1] - row * players) // 2
    return [y0 + i * row + row // 2 for i in range(players)]


def render_table(pic: TablePicture, options: RenderOptions | None = None) -> bytes:
    """The public table as PNG bytes (960 x 280): stock, discard pile, card counts."""
    return _cached(_table_png, _table_view(pic), options or RenderOptions())


def _table_view(pic: TablePicture) -> _TableView:
    # Only the top of the pile and how many cards are under it show, so only they key the cache.
    pile = pic.discard_pile
    return _TableView(
        top=pile[-1] if pile else None,
        below=min(len(pile) - 1, _PILE_EDGES) if pile else 0,
        pile_size=len(pile),
        stock_count=pic.stock_count,
        players=pic.players,
        to_play=pic.to_play,
        locale=pic.locale,
    )


# --- reveal ------------------------------------------------------------------------------


def _reveal_width(pic: RevealPicture) -> int:
    return max(
        [REVEAL_WIDTH] + [_needed_width(_reveal_groups(pic, i)) for i in range(len(pic.hands))]
    )


def _reveal_png(pic: RevealPicture, options: RenderOptions) -> bytes:
    colours = t.theme(options)
    width = _reveal_width(pic)
    height = REVEAL_ROW * max(1, len(pic.hands)) + REVEAL_RESULT
    canvas = _Picture((width, height), options)
    _band(canvas, 0, width, REVEAL_RESULT)
    _headline(canvas, pic, width)
    for i, hand in enumerate(pic.hands):
        top = REVEAL_RESULT + i * REVEAL_ROW
        if i:
            _rule(canvas, top, width)
        head = top + 38
        right = width - _MARGIN  # the score is drawn from the right edge leftwards
        if hand.score is not None:
            points, how = score_parts(hand.score, pic.locale)
            canvas.text((right, head), how, 28, colours.muted, align="r", keep=False)
            right -= text_width(drawable(how), 28) + 10
            canvas.text((right, head), points, 32, colours.text, align="r")
            right -= text_width(points, 32) + 24
        name = fit(hand.name, 32, min(360, right - _MARGIN))
        canvas.text((_MARGIN, head), name, 32, colours.text, keep=False)
        x = _MARGIN + text_width(name, 32) + 16
        role = fit(role_text(pic, i), 28, right - x)
        if role and role != "…":
            canvas.text((x, head), role, 28, colours.muted)
        marks = dict.fromkeys(hand.laid_off, t.LAID_OFF)
        if i == pic.knocker and pic.knock_card is not None:
            marks[pic.knock_card] = t.HIGHLIGHT
        groups = _reveal_groups(pic, i)
        _draw_groups(canvas, groups, top + _REVEAL_CARDS_Y, options, marks, None)
    return canvas.png()


def _headline(canvas: _Picture, pic: RevealPicture, width: int) -> None:
    """The band's text: the result label, who knocked and who won; the caption on the right."""
    colours = canvas.colours
    mid = REVEAL_RESULT // 2
    room = width - 2 * _MARGIN
    names = [fit(h.name, 28, 240) for h in pic.hands]
    label, who = result_headline(pic, names)
    x = _MARGIN
    if label:
        # The font has no bold: the label is drawn twice, a pixel apart, to stand out.
        for dx in (0, 1):
            canvas.text((x + dx, mid), label, 34, colours.text, valign="m")
        x += text_width(label, 34) + 1 + 18
        who = fit(who, 28, _MARGIN + room - x)
        canvas.text((x, mid), who, 28, colours.text, valign="m", keep=False)
        x += text_width(who, 28) + 32
    caption_room = _MARGIN + room - x
    if pic.result and caption_room >= 120:
        caption = fit(pic.result, 26, caption_room)
        if label:
            canvas.text((width - _MARGIN, mid), caption, 26, colours.muted, "r", "m", keep=False)
        else:
            canvas.text((width // 2, mid), caption, 26, colours.text, "m", "m", keep=False)


def _rule(canvas: _Picture, y: int, width: int) -> None:
    """The line between two hands of the reveal."""

    def line(draw: ImageDraw.ImageDraw, dx: int, dy: int, fill: int | t.RGB) -> None:
        draw.line((_MARGIN + dx, y + dy, width - _MARGIN + dx, y + dy), fill=fill, width=2)

    canvas.shape((_MARGIN - 2, y - 2, width - _MARGIN + 3, y + 3), line, canvas.colours.slot)


def _band(canvas: _Picture, y: int, width: int, bottom: int) -> None:
    """The band behind the result of the reveal, from row `y` to `bottom` (excluded)."""

    def rect(draw: ImageDraw.ImageDraw, dx: int, dy: int, fill: int | t.RGB) -> None:
        draw.rectangle((dx, y + dy, width - 1 + dx, bottom - 1 + dy), fill=fill)

    canvas.shape((0, y, width, bottom), rect, canvas.colours.band)


def reveal_positions(pic: RevealPicture) -> list[dict[Card, tuple[int, int]]]:
    """Where `render_reveal` puts each card, one dict per hand (top-left corners, in pixels)."""
    width = _reveal_width(pic)
    out = []
    for i in range(len(pic.hands)):
        y = REVEAL_RESULT + i * REVEAL_ROW + _REVEAL_CARDS_Y
        placed, _ = _place(_reveal_groups(pic, i), width, y, None)
        out.append({p.card: (p.x, p.y) for p in placed})
    return out


def render_reveal(pic: RevealPicture, options: RenderOptions | None = None) -> bytes:
    """All hands after a knock as PNG bytes: a 64 px band with the result on top, then 276 px
    per hand; 960 wide (wider only if a row of cards needs it)."""
    return _cached(_reveal_png, pic, options or RenderOptions())


def clear_cache() -> None:
    """Forget every cached picture (the card sprites stay); for benchmarks and tests."""
    CACHE.clear()


def warm_up(options: RenderOptions | None = None) -> None:
    """Draw the 52 faces (plain and dimmed), the backs and the palette for `options` ahead of
    time, each sprite also mapped onto the palette.

    Optional: without it the first picture of a colour scheme takes ~60-90 ms instead of a few.
    """
    options = options or RenderOptions()
    with _RENDER_LOCK:
        _warm(options)


def _warm(options: RenderOptions) -> None:
    _palette(options)
    for index in range(52):
        for dim in (False, True):
            _sprite(("face", Card.from_index(index), dim, True), options)
    for kind in (("back",), ("blank",), ("mini", _MINI_W)):
        _sprite(kind, options)


# --- off the event loop ----------------------------------------------------------------------


def _draw(draw: Callable[[Any, RenderOptions], bytes], shown: Any, options: RenderOptions) -> bytes:
    """Draw one picture, uncached: what a worker process (or thread) runs."""
    with _RENDER_LOCK:
        return draw(shown, options)


async def _drawn(
    draw: Callable[[Any, RenderOptions], bytes],
    shown: Hashable,
    options: RenderOptions,
    *,
    keep: bool,
) -> bytes:
    key = (shown, options)
    png = CACHE.get(key)
    if png is None:
        png = await workers.run(_draw, draw, shown, options)
        if keep:
            CACHE.put(key, png)
    return png


async def render_hand_async(pic: HandPicture, options: RenderOptions | None = None) -> bytes:
    """`render_hand` for the event loop: a cached picture at once, a new one drawn by a worker
    process (`bot.render.workers`) or a thread.

    Only hands without a highlighted card are kept: the hand a player is left with after
    discarding is shown again when their next turn starts. The others (a card just drawn,
    the table, the reveal) are shown once, and keeping them would push those out.
    """
    return await _drawn(_hand_png, pic, options or RenderOptions(), keep=pic.highlight is None)


async def render_table_async(pic: TablePicture, options: RenderOptions | None = None) -> bytes:
    """`render_table` for the event loop (see `render_hand_async`; not kept)."""
    return await _drawn(_table_png, _table_view(pic), options or RenderOptions(), keep=False)


async def render_reveal_async(pic: RevealPicture, options: RenderOptions | None = None) -> bytes:
    """`render_reveal` for the event loop (see `render_hand_async`; not kept)."""
    return await _drawn(_reveal_png, pic, options or RenderOptions(), keep=False)
