"""Card sprites: the 52 faces (per colour scheme), dimmed faces, and the back.

Each sprite is drawn once and kept; pictures only paste them.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import Card
from bot.render import theme as t
from bot.render.fonts import cap_height, font
from bot.render.shapes import ring_mask, rounded_mask, suit_mask
from bot.text.pictures import corner_index

_RANK_SIZE = 36  # corner rank, big enough to read in an overlapped fan on a phone
_INDEX_SUIT = 26  # corner suit
_INDEX_CX = 25  # centre line of the corner index
_EDGE = 2  # grey border of the card
_COURT = (252, 241, 212)  # court-card panel


def _blank(fill: t.RGB, edge: t.RGB) -> Image.Image:
    """An opaque card-sized image: `edge` border, `fill` inside (corners handled by alpha)."""
    img = Image.new("RGB", (t.CARD_W, t.CARD_H), edge)
    inner = rounded_mask(t.CARD_W - 2 * _EDGE, t.CARD_H - 2 * _EDGE, t.CARD_R - _EDGE)
    img.paste(fill, (_EDGE, _EDGE), inner)
    return img


def _with_corners(img: Image.Image) -> Image.Image:
    out = img.convert("RGBA")
    out.putalpha(rounded_mask(t.CARD_W, t.CARD_H, t.CARD_R))
    return out


def _index(draw: ImageDraw.ImageDraw, img: Image.Image, card: Card, ink: t.RGB, rank: str) -> int:
    """Draw `rank` (the corner's letters) over suit in the top-left corner; return the
    index's bottom edge."""
    f = font(_RANK_SIZE)
    baseline = 8 + cap_height(_RANK_SIZE)
    # "10" is drawn a little narrower so it stays inside the strip an overlapped card shows.
    spacing = -2 if rank == "10" else 0
    if spacing:
        x = _INDEX_CX - (f.getlength("1") + f.getlength("0") + spacing) / 2
        draw.text(
            (x, baseline), "1", font=f, fill=ink, anchor="ls", stroke_width=1, stroke_fill=ink
        )
        x += f.getlength("1") + spacing
        draw.text(
            (x, baseline), "0", font=f, fill=ink, anchor="ls", stroke_width=1, stroke_fill=ink
        )
    else:
        draw.text(
            (_INDEX_CX, baseline),
            rank,
            font=f,
            fill=ink,
            anchor="ms",
            stroke_width=1,
            stroke_fill=ink,
        )
    top = baseline + 6
    img.paste(ink, (_INDEX_CX - _INDEX_SUIT // 2, top), suit_mask(card.suit, _INDEX_SUIT))
    return top + _INDEX_SUIT


@lru_cache(maxsize=2 * 2 * 2 * 52 + 64)
def face(
    card: Card,
    four_colour: bool = False,
    dim: bool = False,
    lower_index: bool = True,
    index: str | None = None,
) -> Image.Image:
    """The RGBA face of `card`; `dim` gives the paler version used for deadwood. `index` is
    the rank in its corners as the reader's deck prints it (`bot.text.pictures.corner_index`: R
    for a French king), the name the text, menus and buttons give it; English by default.

    `lower_index=False` leaves out the turned-round index in the bottom-right corner: that is
    the face for a card whose right neighbour is raised, where only a sliver of that index
    would peek out under the raised card.
    """
    if dim:
        base = face(card, four_colour, False, lower_index, index)
        veil = Image.new("RGBA", base.size, (120, 126, 136, 255))
        out = Image.blend(base, veil, 0.28)
        out.putalpha(base.getchannel("A"))
        return out
    ink = t.suit_colour(card.suit, four_colour)
    img = _blank(t.FACE, t.FACE_EDGE)
    draw = ImageDraw.Draw(img)
    bottom = _index(draw, img, card, ink, index or corner_index(card.rank))
    if lower_index:
        # The same index, turned round, in the bottom-right corner, as on a real card.
        box = (5, 5, 5 + 2 * (_INDEX_CX - 5), bottom + 2)
        corner = img.crop(box).rotate(180)
        img.paste(corner, (t.CARD_W - box[2], t.CARD_H - box[3]))
    cx, cy = t.CARD_W // 2, t.CARD_H // 2
    if card.rank >= 11:
        # Court cards: a cream panel behind the suit tells them from the pip cards at a glance;
        # it is narrow enough to leave both corner indexes clear.
        pw, ph = 48, 74
        img.paste(_COURT, (cx - pw // 2, cy - ph // 2), rounded_mask(pw, ph, 7))
        img.paste(ink, (cx - pw // 2, cy - ph // 2), ring_mask(pw, ph, 7, 2))
        size = 32
    else:
        size = 58 if card.rank == 1 else 44
    img.paste(ink, (cx - size // 2, cy - size // 2), suit_mask(card.suit, size))
    return _with_corners(img)


@lru_cache(maxsize=1)
def blank() -> Image.Image:
    """A face with nothing printed on it: the edges of cards under the discard pile."""
    return _with_corners(_blank(t.FACE, t.FACE_EDGE))


@lru_cache(maxsize=1)
def back() -> Image.Image:
    """The RGBA card back: a blue lattice inside a white margin."""
    img = _blank(t.FACE, t.FACE_EDGE)
    inset = 7
    w, h = t.CARD_W - 2 * inset, t.CARD_H - 2 * inset
    panel = Image.new("RGB", (w, h), t.BACK)
    draw = ImageDraw.Draw(panel)
    for k in range(-h, w + h, 14):
        draw.line((k, 0, k + h, h), fill=t.BACK_LINES, width=2)
        draw.line((k + h, 0, k, h), fill=t.BACK_LINES, width=2)
    img.paste(panel, (inset, inset), rounded_mask(w, h, 6))
    return _with_corners(img)


@lru_cache(maxsize=8)
def small_back(width: int) -> Image.Image:
    """The back scaled to `width` pixels wide, for card counts on the table."""
    height = round(width * t.CARD_H / t.CARD_W)
    return back().resize((width, height), Image.Resampling.LANCZOS)
