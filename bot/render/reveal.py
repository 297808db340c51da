"""The reveal picture: every hand after a knock or gin, with the result on top."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from bot.engine.cards import Card
from bot.render import theme as t
from bot.render.compose import Picture
from bot.render.fonts import drawable, fit, text_width
from bot.render.layout import MARGIN, draw_groups, needed_width, place, reveal_groups
from bot.render.models import (
    RenderOptions,
    RevealPicture,
)
from bot.text.pictures import result_headline, role_text, score_parts

REVEAL_WIDTH = 960
REVEAL_ROW = 276  # height of one hand in the reveal
REVEAL_RESULT = 64  # height of the band with the result, above the hands
_REVEAL_CARDS_Y = 60  # top of the cards within a reveal row


def _reveal_width(pic: RevealPicture) -> int:
    return max(
        [REVEAL_WIDTH] + [needed_width(reveal_groups(pic, i)) for i in range(len(pic.hands))]
    )


def reveal_png(pic: RevealPicture, options: RenderOptions) -> bytes:
    colours = t.theme(options)
    width = _reveal_width(pic)
    height = REVEAL_ROW * max(1, len(pic.hands)) + REVEAL_RESULT
    canvas = Picture((width, height), options)
    _band(canvas, 0, width, REVEAL_RESULT)
    _headline(canvas, pic, width)
    for i, hand in enumerate(pic.hands):
        top = REVEAL_RESULT + i * REVEAL_ROW
        if i:
            _rule(canvas, top, width)
        head = top + 38
        right = width - MARGIN  # the score is drawn from the right edge leftwards
        if hand.score is not None:
            points, how = score_parts(hand.score, pic.locale)
            canvas.text((right, head), how, 28, colours.muted, align="r", keep=False)
            right -= text_width(drawable(how), 28) + 10
            canvas.text((right, head), points, 32, colours.text, align="r")
            right -= text_width(points, 32) + 24
        name = fit(hand.name, 32, min(NAME_ROOM, right - MARGIN))
        canvas.text((MARGIN, head), name, 32, colours.text, keep=False)
        x = MARGIN + text_width(name, 32) + 16
        role = fit(role_text(pic, i), 28, right - x)
        if role and role != "…":
            canvas.text((x, head), role, 28, colours.muted)
        marks = dict.fromkeys(hand.laid_off, t.LAID_OFF)
        if i == pic.knocker and pic.knock_card is not None:
            marks[pic.knock_card] = t.HIGHLIGHT
        groups = reveal_groups(pic, i)
        draw_groups(canvas, groups, top + _REVEAL_CARDS_Y, options, marks, None, pic.locale)
    return canvas.png()


@dataclass(frozen=True, slots=True)
class Headed:
    """One text of the band: its left edge, its middle (`y`), its size and what it is
    ("label", drawn bold; "who"; "caption", the round and table)."""

    x: int
    y: int
    text: str
    size: int
    kind: str


#: (label, who) sizes tried in turn until the result fits on one line of the band.
_ONE_LINE = ((34, 28), (31, 26), (28, 24), (26, 22))
#: Else on two lines: the label, then who at the first of these sizes that fits.
_TWO_LINES = (24, (22, 20, 18))
_GAP = 18  # between the label and who
NAME_ROOM = 360  # a name's room, at size 28: as in its row below
_CAPTION_ROOM = 120  # the caption is left out where it would have less


def headline(pic: RevealPicture, width: int) -> list[Headed]:
    """The band's texts: the result's label and who knocked and won, whole (smaller, then on
    two lines, where a long result needs it), and the caption on the right where room is
    left. The names in it are cut as in the hands' rows (`NAME_ROOM` at size 28)."""
    mid, room, right = REVEAL_RESULT // 2, width - 2 * MARGIN, width - MARGIN
    names = [fit(h.name, 28, NAME_ROOM) for h in pic.hands]
    label, who = result_headline(pic, names)  # the names are `drawable` already (`fit`)
    if not label:
        if not pic.result:
            return []
        caption = fit(pic.result, 26, room)
        return [Headed((width - text_width(caption, 26)) // 2, mid, caption, 26, "caption")]
    for big, small in _ONE_LINE:
        after = MARGIN + text_width(label, big) + 1 + _GAP
        if after + text_width(who, small) <= right:
            out = [Headed(MARGIN, mid, label, big, "label"), Headed(after, mid, who, small, "who")]
            return out + _caption(pic, after + text_width(who, small) + 32, mid, 26, right)
    big, smaller = _TWO_LINES
    small = next((s for s in smaller if text_width(who, s) <= room), smaller[-1])
    top, bottom = REVEAL_RESULT * 9 // 32, REVEAL_RESULT * 23 // 32
    out = [
        Headed(MARGIN, top, label, big, "label"),
        Headed(MARGIN, bottom, fit(who, small, room), small, "who"),
    ]
    return out + _caption(pic, MARGIN + text_width(label, big) + 32, top, 22, right)


def _caption(pic: RevealPicture, x: int, y: int, size: int, right: int) -> list[Headed]:
    """The caption right-aligned from `x` to `right`, whole, if there is room for it (the
    message's title says it too)."""
    wide = text_width(pic.result, size) if pic.result else 0
    if not pic.result or right - x < max(_CAPTION_ROOM, wide):
        return []
    return [Headed(right - wide, y, pic.result, size, "caption")]


def _headline(canvas: Picture, pic: RevealPicture, width: int) -> None:
    """The band's text (`headline`): the result label (bold), who knocked and who won, the
    caption."""
    colours = canvas.colours
    parts = headline(pic, width)
    for part in parts:
        xy = (part.x, part.y)
        if part.kind == "label":
            # The font has no bold: the label is drawn twice, a pixel apart, to stand out.
            for dx in (0, 1):
                canvas.text((part.x + dx, part.y), part.text, part.size, colours.text, valign="m")
        elif part.kind == "who":
            canvas.text(xy, part.text, part.size, colours.text, valign="m", keep=False)
        else:
            fill = colours.muted if len(parts) > 1 else colours.text  # alone: centred
            canvas.text(xy, part.text, part.size, fill, valign="m", keep=False)


def _rule(canvas: Picture, y: int, width: int) -> None:
    """The line between two hands of the reveal."""

    def line(draw: ImageDraw.ImageDraw, dx: int, dy: int, fill: int | t.RGB) -> None:
        draw.line((MARGIN + dx, y + dy, width - MARGIN + dx, y + dy), fill=fill, width=2)

    canvas.shape((MARGIN - 2, y - 2, width - MARGIN + 3, y + 3), line, canvas.colours.slot)


def _band(canvas: Picture, y: int, width: int, bottom: int) -> None:
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
        placed, _ = place(reveal_groups(pic, i), width, y, None)
        out.append({p.card: (p.x, p.y) for p in placed})
    return out
