"""Text: DejaVu Sans, shipped with the package (`DejaVuSans.ttf`, Bitstream Vera licence with
DejaVu's changes in the public domain: `DejaVuSans-LICENSE.txt`), so nothing is downloaded or
installed at run time and accented letters draw (é ñ ç œ ¿ ¡: Spanish and French captions).
Pillow's built-in font (Aileron) is ASCII-only.

DejaVu Sans draws Latin, Greek, Cyrillic and Arabic (unshaped); Chinese, Japanese and Korean
names come from the first open CJK font installed on the machine (`FALLBACKS`: Debian's
WenQuanYi Micro Hei, which CI installs, or Noto Sans CJK, or Droid Sans Fallback), glyph by
glyph. A character no font has becomes `?` (the name is in the message text too).

`draw_text` draws ♣♦♥♠ as shapes inline (the same suit shapes as the cards) and − as the bar
of the font's own +.
"""

from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache
from importlib import resources
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.render.shapes import suit_mask

Font = ImageFont.FreeTypeFont
_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
_MINUS = "−"  # U+2212, as in "18 − 5": the font has only the hyphen, which is too short
_SPECIAL = {*_SUITS, _MINUS}


#: The font file beside this module (package data). Opened by path, FreeType reads what it
#: needs; a file object would be copied into memory once per size.
_FONT_FILE = str(resources.files("bot.render").joinpath("DejaVuSans.ttf"))


#: Open fonts with CJK glyphs, tried in order when DejaVu Sans lacks a character (Debian's
#: `fonts-wqy-microhei`, `fonts-noto-cjk`, `fonts-droid-fallback`).
FALLBACKS = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
)


#: Held by whatever draws with the fonts below from a thread (pictures, the emoji set): one
#: FreeType face must not be used by two threads at once, and Pillow calls back into Python
#: in the middle of drawing text, where the interpreter may switch threads.
DRAWING = threading.Lock()


@lru_cache(maxsize=1)
def _files() -> tuple[str, ...]:
    """The shipped font, then the first fallback installed here."""
    found = next((f for f in FALLBACKS if Path(f).is_file()), None)
    return (_FONT_FILE,) if found is None else (_FONT_FILE, found)


@lru_cache(maxsize=64)
def _face(index: int, size: int) -> Font:
    return ImageFont.truetype(_files()[index], size)


def font(size: int) -> Font:
    """DejaVu Sans at `size` pixels."""
    return _face(0, size)


@lru_cache(maxsize=4)
def _notdef(index: int) -> bytes:
    return bytes(_face(index, 20).getmask("\uffff"))


@lru_cache(maxsize=4096)
def _face_of(ch: str) -> int | None:
    """The first font of the chain that draws `ch` (0 for the shipped one), else None."""
    if ch.isspace() or ch in _SPECIAL:
        return 0
    for index in range(len(_files())):
        if bytes(_face(index, 20).getmask(ch)) != _notdef(index):
            return index
    return None


def _has_glyph(ch: str) -> bool:
    return _face_of(ch) is not None


@lru_cache(maxsize=1024)
def drawable(text: str) -> str:
    """`text` with what the font cannot draw replaced: by its compatibility form when that
    draws (⑪ -> 11), else `?`.

    Names are also in the message text, so a `?` in the picture loses nothing.
    """
    out = []
    for ch in text:
        if _has_glyph(ch):
            out.append(ch)
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base if base and all(_has_glyph(c) for c in base) else "?")
    return "".join(out)


def _runs(text: str) -> list[str]:
    """Split into plain runs of one font and single drawn symbols (suits, minus)."""
    runs: list[str] = []
    for ch in text:
        if (
            ch in _SPECIAL
            or not runs
            or runs[-1][-1] in _SPECIAL
            or (_face_of(ch) or 0) != (_face_of(runs[-1][-1]) or 0)
        ):
            runs.append(ch)
        else:
            runs[-1] += ch
    return runs


def _run_font(run: str, size: int) -> Font:
    return _face(_face_of(run[0]) or 0, size)


def _suit_size(size: int) -> int:
    return round(size * 0.66)


@lru_cache(maxsize=1024)
def text_width(text: str, size: int) -> int:
    """Width in pixels of `text` as `draw_text` draws it."""
    gap = max(1, size // 12)
    width = 0.0
    for run in _runs(text):
        if run in _SUITS:
            width += _suit_size(size) + 2 * gap
        else:
            width += _run_font(run, size).getlength("+" if run == _MINUS else run)
    return round(width)


def fit(text: str, size: int, width: int) -> str:
    """`drawable(text)`, cut with an ellipsis so it is at most `width` pixels wide."""
    text = drawable(text)
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


_PAD = 4  # room around a text mask for glyphs that overhang their advance


def text_mask(text: str, size: int) -> Image.Image:
    """`text` (already `drawable`) as an antialiased mask; its baseline is at the font's
    ascent + `_PAD`, its origin at x = `_PAD`."""
    f = font(size)
    ascent, descent = f.getmetrics()
    mask = Image.new("L", (text_width(text, size) + 2 * _PAD, ascent + descent + 2 * _PAD), 0)
    draw = ImageDraw.Draw(mask)
    baseline = ascent + _PAD
    gap = max(1, size // 12)
    s = _suit_size(size)
    x = float(_PAD)
    for run in _runs(text):
        if run in _SUITS:
            # Suit symbols sit on the baseline, about as tall as the capitals.
            mask.paste(255, (round(x) + gap, baseline - s), suit_mask(_SUITS[run], s))
            x += s + 2 * gap
        elif run == _MINUS:
            bar, top = _minus_bar(size)
            mask.paste(bar, (round(x), baseline + top))
            x += f.getlength("+")
        else:
            face = _run_font(run, size)
            draw.text((x, baseline), run, font=face, fill=255, anchor="ls")
            x += face.getlength(run)
    return mask


@lru_cache(maxsize=32)
def _minus_bar(size: int) -> tuple[Image.Image, int]:
    """A minus sign: the font's + without its upright stroke, as wide as + and at its height.
    Returns the mask and its top relative to the baseline."""
    f = font(size)
    ascent, descent = f.getmetrics()
    plus = Image.new("L", (round(f.getlength("+")) + 2, ascent + descent), 0)
    ImageDraw.Draw(plus).text((0, ascent), "+", font=f, fill=255, anchor="ls")
    data, w = plus.tobytes(), plus.width
    rows = [sum(data[y * w : (y + 1) * w]) for y in range(plus.height)]
    widest = max(rows)
    # The bar's rows are the wide ones; its antialiased edges are at least a third as wide.
    keep = [y for y, r in enumerate(rows) if r * 3 >= widest]
    bar = Image.new("L", plus.size, 0)
    for y in keep:
        bar.paste(plus.crop((0, y, plus.width, y + 1)), (0, y))
    top, bottom = keep[0], keep[-1] + 1
    return bar.crop((0, top, bar.width, bottom)), top - ascent


def draw_text(
    canvas: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    align: str = "l",
    valign: str = "s",
) -> None:
    """Draw `text` in `fill`, with suit symbols as shapes.

    `align` is l/m/r (left edge, middle, right edge at x); `valign` s/m (y is the baseline, or
    the middle of the capitals).
    """
    at, mask, _ = text_placement(xy, text, size, align, valign)
    canvas.paste(fill, at, mask)


def text_placement(
    xy: tuple[int, int],
    text: str,
    size: int,
    align: str = "l",
    valign: str = "s",
    *,
    keep: bool = True,
) -> tuple[tuple[int, int], Image.Image, tuple[str, int] | None]:
    """Where `draw_text` pastes the mask of `text` (top-left), the mask, and a key naming the
    mask when it is a kept one (None for a long one-off line, or when not `keep`)."""
    text = drawable(text)
    x = xy[0]
    if align != "l":
        w = text_width(text, size)
        x -= w if align == "r" else w // 2
    baseline = xy[1] + (cap_height(size) // 2 if valign == "m" else 0)
    ascent = font(size).getmetrics()[0]
    # Short texts (labels, counts) repeat from picture to picture, so their masks are kept;
    # long one-off lines (the result) and players' names (as many as there are players) are
    # not, to bound the memory.
    if keep and len(text) <= 24:
        mask, key = _short_text_mask(text, size), (text, size)
    else:
        mask, key = text_mask(text, size), None
    return (x - _PAD, baseline - ascent - _PAD), mask, key


@lru_cache(maxsize=512)
def _short_text_mask(text: str, size: int) -> Image.Image:
    return text_mask(text, size)


@lru_cache(maxsize=32)
def cap_height(size: int) -> int:
    """Height in pixels of a capital letter above the baseline."""
    box = font(size).getbbox("H", anchor="ls")
    return round(box[3] - box[1])
