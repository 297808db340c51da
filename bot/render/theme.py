"""Colours and sizes shared by every picture."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.models import RenderOptions

RGB = tuple[int, int, int]

CARD_W, CARD_H, CARD_R = 120, 168, 10  # a face, in pixels (poker-card proportions)

RED: RGB = (200, 22, 44)
BLACK: RGB = (24, 24, 28)
GREEN: RGB = (17, 122, 58)  # four-colour clubs
BLUE: RGB = (22, 88, 196)  # four-colour diamonds

FACE: RGB = (255, 255, 255)
FACE_EDGE: RGB = (150, 155, 163)
BACK: RGB = (36, 74, 160)
BACK_LINES: RGB = (80, 120, 210)

HIGHLIGHT: RGB = (245, 176, 0)  # the card just drawn
LAID_OFF: RGB = (0, 150, 255)  # lay-offs in the reveal


def suit_colour(suit: str, four_colour: bool) -> RGB:
    """Ink for a suit: red/black, or with `four_colour` clubs green and diamonds blue."""
    if four_colour:
        return {"C": GREEN, "D": BLUE, "H": RED, "S": BLACK}[suit]
    return RED if suit in "DH" else BLACK


@dataclass(frozen=True, slots=True)
class Theme:
    """Background and text colours for a light or a dark picture."""

    background: RGB
    text: RGB
    muted: RGB
    slot: RGB  # outline of an empty pile, rules between rows
    band: RGB  # behind the result line of the reveal


LIGHT = Theme(
    background=(236, 239, 243),
    text=(30, 33, 40),
    muted=(92, 99, 112),
    slot=(170, 176, 186),
    band=(222, 226, 232),
)
DARK = Theme(
    background=(32, 35, 41),
    text=(236, 238, 242),
    muted=(168, 175, 187),
    slot=(88, 94, 106),
    band=(44, 48, 56),
)


def theme(options: RenderOptions) -> Theme:
    return DARK if options.dark else LIGHT
