"""Helpers for looking at rendered pictures: decode PNGs and classify ink colours."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.render import clear_cache


@pytest.fixture(autouse=True)
def _fresh_pictures():
    # Each test sees a cold picture cache, so one test's pictures cannot satisfy another's.
    clear_cache()
    yield
    clear_cache()


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def difference(a: bytes, b: bytes) -> str:
    """'' when two PNGs are the same bytes, else where their pixels differ (for the message:
    a rare mismatch should say which part of the picture moved, not print two PNGs)."""
    if a == b:
        return ""
    one, two = decode(a), decode(b)
    if one.size != two.size:
        return f"sizes {one.size} and {two.size}"
    box = ImageChops.difference(one, two).getbbox()
    return f"pixels differ within {box}" if box else "same pixels, other bytes"


def ink(rgb: tuple[int, int, int]) -> str:
    """Name the ink of a pixel: red, green, blue, black, or '' for paper/background."""
    r, g, b = rgb
    if max(r, g, b) < 90:
        return "black"
    if r > g + 60 and r > b + 60:
        return "red"
    if b > r + 60 and b > g + 30:
        return "blue"
    if g > r + 40 and g > b + 20:
        return "green"
    return ""


def pixels(img: Image.Image) -> list[tuple[int, int, int]]:
    # Pillow 12.1 renamed getdata (deprecated, gone in 14); support both.
    data = img.get_flattened_data() if hasattr(img, "get_flattened_data") else img.getdata()
    return list(data)


def inks(img: Image.Image, box: tuple[int, int, int, int]) -> dict[str, int]:
    """How many pixels of each ink are in `box` (left, top, right, bottom)."""
    counts: dict[str, int] = {}
    for rgb in pixels(img.crop(box)):
        name = ink(rgb)
        if name:
            counts[name] = counts.get(name, 0) + 1
    return counts


def corner_ink(img: Image.Image, x: int, y: int) -> str:
    """The main ink of the corner index (rank and suit) of the card whose top-left is (x, y)."""
    counts = inks(img, (x + 4, y + 4, x + 46, y + 70))
    assert counts, f"no ink in the corner of the card at {(x, y)}"
    return max(counts, key=lambda k: counts[k])


def close(a: tuple[int, int, int], b: tuple[int, int, int], tol: int = 24) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))
