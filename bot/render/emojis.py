"""Card emojis: the 52 faces and a back at the size Discord takes emojis (128 x 128 PNG).

Discord shows an emoji at 22 to 48 pixels, so an emoji is not a whole card shrunk: it is the
card's rank and suit, as big as the square allows, on a white tile. The corner letters are
English (A, J, Q, K) in every language: one set serves every reader, and the control beside
the emoji says the card's name in the reader's language.

Each emoji's name carries a hash of its pixels (``gin_qs_1a2b3c``), so a changed drawing gets
a new name and is uploaded again, and an unchanged one never is. The four-colour deck
(clubs green, diamonds blue) adds the 26 clubs and diamonds drawn in its colours
(``gin_qc4_...``); its hearts and spades are the same pictures as the classic deck's.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import Card, deck
from bot.render import theme as t
from bot.render.fonts import DRAWING, font
from bot.render.shapes import rounded_mask, suit_mask

EMOJI_SIZE = 128  # what Discord resizes an uploaded emoji to
PREFIX = "gin_"
#: The names this module makes; the uploader deletes only stale names of this form.
OURS = re.compile(r"gin_(?:back|(?:10|[2-9ajqk])[cdhs]4?)_[0-9a-f]{6}")

_EDGE = 3  # grey border, thick enough to survive the shrink to 22 px
_RADIUS = 18
_RANK_SIZE = 70  # the rank fills the top half
_SUIT_SIZE = 56  # the suit the bottom half
_RANKS = {1: "a", 11: "j", 12: "q", 13: "k"}


@dataclass(frozen=True, slots=True)
class EmojiArt:
    """One emoji to upload: its name (with the hash of its pixels) and its PNG file."""

    name: str
    png: bytes


def _tile() -> Image.Image:
    """The white, grey-edged rounded square every card emoji is drawn on (transparent
    outside its corners)."""
    size = EMOJI_SIZE
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    img.paste(t.FACE_EDGE, (0, 0), rounded_mask(size, size, _RADIUS))
    inner = size - 2 * _EDGE
    img.paste(t.FACE, (_EDGE, _EDGE), rounded_mask(inner, inner, _RADIUS - _EDGE))
    return img


def face_emoji(card: Card, four_colour: bool = False) -> Image.Image:
    """The card's emoji: its rank over its suit, in the suit's ink."""
    ink = t.suit_colour(card.suit, four_colour)
    img = _tile()
    suit_top = EMOJI_SIZE - _EDGE - 6 - _SUIT_SIZE
    img.paste(ink, ((EMOJI_SIZE - _SUIT_SIZE) // 2, suit_top), suit_mask(card.suit, _SUIT_SIZE))
    rank = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
    # The rank's own outline is centred in the band above the suit, shrunk if it would not
    # fit: "10" is wide, J and Q reach below the line their letters stand on.
    band_top, band_bottom, width = _EDGE + 5, suit_top - 3, EMOJI_SIZE - 2 * _EDGE - 12
    size = _RANK_SIZE
    while True:
        left, top, right, bottom = font(size).getbbox(rank, anchor="ls", stroke_width=2)
        if (bottom - top <= band_bottom - band_top and right - left <= width) or size <= 30:
            break
        size -= 2
    x = (EMOJI_SIZE - (right - left)) // 2 - left
    y = band_top + (band_bottom - band_top - (bottom - top)) // 2 - top
    ImageDraw.Draw(img).text(
        (x, y), rank, font=font(size), fill=ink, anchor="ls", stroke_width=2, stroke_fill=ink
    )
    return img


def back_emoji() -> Image.Image:
    """The back: the cards' blue lattice on the same tile."""
    img = _tile()
    inset = _EDGE + 6
    w = EMOJI_SIZE - 2 * inset
    panel = Image.new("RGB", (w, w), t.BACK)
    draw = ImageDraw.Draw(panel)
    for k in range(-w, 2 * w, 16):
        draw.line((k, 0, k + w, w), fill=t.BACK_LINES, width=3)
        draw.line((k + w, 0, k, w), fill=t.BACK_LINES, width=3)
    img.paste(panel, (inset, inset), rounded_mask(w, w, _RADIUS - inset))
    return img


def _art(stem: str, img: Image.Image) -> EmojiArt:
    # The hash is of the pixels, not of the file: a new PNG encoder is not a new drawing.
    digest = hashlib.sha256(f"{img.mode}{img.size}".encode() + img.tobytes()).hexdigest()
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return EmojiArt(f"{PREFIX}{stem}_{digest[:6]}", out.getvalue())


def card_stem(card: Card) -> str:
    """``as``, ``10h``, ``qc``: the card in an emoji's name."""
    return f"{_RANKS.get(card.rank, str(card.rank))}{card.suit.lower()}"


@dataclass(frozen=True, slots=True)
class EmojiSet:
    """Every card emoji: by card and colour scheme, and the distinct ones to upload."""

    faces: dict[tuple[Card, bool], EmojiArt]
    back: EmojiArt

    def face(self, card: Card, four_colour: bool = False) -> EmojiArt:
        return self.faces[card, four_colour]

    def distinct(self) -> list[EmojiArt]:
        """Each picture once: the back, the classic deck, the four-colour clubs and
        diamonds (79 in all)."""
        seen: dict[str, EmojiArt] = {self.back.name: self.back}
        for four_colour in (False, True):
            for card in deck():
                art = self.faces[card, four_colour]
                seen.setdefault(art.name, art)
        return list(seen.values())


@lru_cache(maxsize=1)
def emoji_set() -> EmojiSet:
    """The whole set, drawn once per process (under a second); safe from a
    thread while pictures are drawn in others (`fonts.DRAWING`)."""
    faces: dict[tuple[Card, bool], EmojiArt] = {}
    with DRAWING:
        for card in deck():
            classic = _art(card_stem(card), face_emoji(card))
            faces[card, False] = classic
            if t.suit_colour(card.suit, True) == t.suit_colour(card.suit, False):
                faces[card, True] = classic
            else:
                faces[card, True] = _art(card_stem(card) + "4", face_emoji(card, True))
        back = _art("back", back_emoji())
    return EmojiSet(faces, back)


def emoji_sheet() -> bytes:
    """A sample for docs/images: a suit of each colour and the back at 128 px, then at the
    48, 32 and 22 px Discord shows them, on its dark and its light background."""
    the_set = emoji_set()
    picks = [
        Image.open(io.BytesIO(art.png))
        for art in (
            *(the_set.face(Card("S", r)) for r in (1, 10, 12)),
            the_set.face(Card("H", 7)),
            the_set.face(Card("C", 13), True),
            the_set.face(Card("D", 11), True),
            the_set.back,
        )
    ]
    step, pad = EMOJI_SIZE + 8, 8
    sheet = Image.new("RGB", (len(picks) * step + pad, EMOJI_SIZE + pad + 2 * 60), (0, 0, 0))
    for row, colour in enumerate(((49, 51, 56), (255, 255, 255))):
        top = EMOJI_SIZE + pad + row * 60
        sheet.paste(colour, (0, top if row else 0, sheet.width, top + 60))
    for i, img in enumerate(picks):
        x = pad + i * step
        sheet.paste(img, (x, pad), img)
        for row in range(2):
            left = x
            for size in (48, 32, 22):
                small = img.resize((size, size), Image.Resampling.LANCZOS)
                sheet.paste(small, (left, EMOJI_SIZE + 2 * pad + row * 60 + (48 - size)), small)
                left += size + 6
    out = io.BytesIO()
    sheet.save(out, "PNG", optimize=True)
    return out.getvalue()
