"""The reveal picture: every hand after a knock or gin, with the result on top."""

from __future__ import annotations

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
        name = fit(hand.name, 32, min(360, right - MARGIN))
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


def _headline(canvas: Picture, pic: RevealPicture, width: int) -> None:
    """The band's text: the result label, who knocked and who won; the caption on the right."""
    colours = canvas.colours
    mid = REVEAL_RESULT // 2
    room = width - 2 * MARGIN
    names = [fit(h.name, 28, 240) for h in pic.hands]
    label, who = result_headline(pic, names)
    x = MARGIN
    if label:
        # The font has no bold: the label is drawn twice, a pixel apart, to stand out.
        for dx in (0, 1):
            canvas.text((x + dx, mid), label, 34, colours.text, valign="m")
        x += text_width(label, 34) + 1 + 18
        who = fit(who, 28, MARGIN + room - x)
        canvas.text((x, mid), who, 28, colours.text, valign="m", keep=False)
        x += text_width(who, 28) + 32
    caption_room = MARGIN + room - x
    if pic.result and caption_room >= 120:
        caption = fit(pic.result, 26, caption_room)
        if label:
            canvas.text((width - MARGIN, mid), caption, 26, colours.muted, "r", "m", keep=False)
        else:
            canvas.text((width // 2, mid), caption, 26, colours.text, "m", "m", keep=False)


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
