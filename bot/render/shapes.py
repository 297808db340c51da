"""Antialiased masks: suit symbols and rounded rectangles, drawn in code.

Pillow draws polygons without antialiasing, so every shape is drawn at `_SS` times the size
it is needed at and box-averaged down (`Image.reduce`); the results are cached per size.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

_SS = 4  # supersampling factor: 16 samples per pixel


def _heart_points(cx: float, top: float, width: float, flip: bool) -> list[tuple[float, float]]:
    """The classic parametric heart, `width` wide, its top edge at `top` (flipped: a spade)."""
    pts: list[tuple[float, float]] = []
    # x = 16 sin^3 t, y = 13 cos t - 5 cos 2t - 2 cos 3t - cos 4t spans x in [-16, 16] and
    # y in [-17, ~12]; scale it so the width comes out right.
    scale = width / 32.0
    for i in range(360):
        t = 2 * math.pi * i / 360
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        y = y if flip else -y  # screen y grows downwards
        pts.append((cx + x * scale, top + (y + (17 if flip else 12)) * scale))
    return pts


def _draw_suit(draw: ImageDraw.ImageDraw, suit: str, size: int) -> None:
    s = float(size)
    c = s / 2
    if suit == "H":
        # Heart: 32 x 29 units, centred in the square.
        w = s * 0.98
        draw.polygon(_heart_points(c, (s - w * 29 / 32) / 2, w, flip=False), fill=255)
    elif suit == "D":
        # Diamond with slightly concave sides, narrower than tall like on real cards.
        top, bottom, left, right = (c, s * 0.01), (c, s * 0.99), (s * 0.14, c), (s * 0.86, c)
        pts: list[tuple[float, float]] = []
        for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
            ctrl = ((a[0] + b[0]) / 2 * 0.93 + c * 0.07, (a[1] + b[1]) / 2 * 0.93 + c * 0.07)
            for i in range(24):
                t = i / 24
                pts.append(
                    (
                        (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t**2 * b[0],
                        (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t**2 * b[1],
                    )
                )
        draw.polygon(pts, fill=255)
    elif suit == "S":
        # Spade: an upside-down heart over a flared stem.
        w = s * 0.86
        draw.polygon(_heart_points(c, s * 0.01, w, flip=True), fill=255)
        draw.polygon(
            [
                (c - s * 0.05, s * 0.62),
                (c + s * 0.05, s * 0.62),
                (c + s * 0.2, s * 0.99),
                (c - s * 0.2, s * 0.99),
            ],
            fill=255,
        )
    elif suit == "C":
        # Club: three balls over a flared stem.
        # The balls overlap so no notch opens where they meet.
        r = s * 0.215
        for bx, by in ((c, s * 0.23), (c - s * 0.235, s * 0.54), (c + s * 0.235, s * 0.54)):
            draw.ellipse((bx - r, by - r, bx + r, by + r), fill=255)
        draw.polygon(
            [(c, s * 0.3), (c + s * 0.12, s * 0.55), (c, s * 0.7), (c - s * 0.12, s * 0.55)],
            fill=255,
        )
        draw.polygon(
            [
                (c - s * 0.05, s * 0.5),
                (c + s * 0.05, s * 0.5),
                (c + s * 0.2, s * 0.99),
                (c - s * 0.2, s * 0.99),
            ],
            fill=255,
        )
    else:
        raise ValueError(f"not a suit: {suit!r}")


@lru_cache(maxsize=256)
def suit_mask(suit: str, size: int) -> Image.Image:
    """An antialiased `size` x `size` mask of the suit symbol (255 inside)."""
    big = Image.new("L", (size * _SS, size * _SS), 0)
    _draw_suit(ImageDraw.Draw(big), suit, size * _SS)
    return big.reduce(_SS)


@lru_cache(maxsize=64)
def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """An antialiased mask of a `width` x `height` rectangle with rounded corners."""
    big = Image.new("L", (width * _SS, height * _SS), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * _SS - 1, height * _SS - 1), radius=radius * _SS, fill=255
    )
    return big.reduce(_SS)


@lru_cache(maxsize=64)
def ring_mask(width: int, height: int, radius: int, thickness: int) -> Image.Image:
    """An antialiased rounded outline `thickness` wide, inside a `width` x `height` box."""
    big = Image.new("L", (width * _SS, height * _SS), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * _SS - 1, height * _SS - 1),
        radius=radius * _SS,
        outline=255,
        width=thickness * _SS,
    )
    return big.reduce(_SS)
