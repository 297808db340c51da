"""PNG files of palette pictures, compressed with ISA-L when it is installed.

Pillow compresses PNG data with zlib, whose fastest levels (1-3) still took about half of a
picture's time (docs/performance.md, "Pictures under load, session 7"). ISA-L's deflate
(`isal`, a dependency) at level 1 does the same job 5-6x faster for files 3-11% larger. The
file holds the same pixels either way: the same palette and indices, only the deflate stream
differs. Without `isal` (a platform it has no wheel for) the standard zlib is used, at the
level Pillow was given before.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from types import ModuleType

from PIL import Image

isal_zlib: ModuleType | None
try:
    from isal import isal_zlib
except ImportError:  # pragma: no cover - isal has wheels for the platforms the bot runs on
    isal_zlib = None

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_LEVEL = 3  # without isal: 6 is ~20% smaller but takes 2-3x as long
_ISAL_LEVEL = 1  # isal's 2 measured the same; its 3 is as slow as zlib


def _zlib(data: bytes) -> bytes:
    return zlib.compress(data, _ZLIB_LEVEL)


def _isal(data: bytes) -> bytes:
    assert isal_zlib is not None
    compressed: bytes = isal_zlib.compress(data, _ISAL_LEVEL)
    return compressed


#: The compressor in use: a zlib stream of `data`.
compress: Callable[[bytes], bytes] = _zlib if isal_zlib is None else _isal


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack("!I", len(data)) + kind + data + struct.pack("!I", crc)


def encode(img: Image.Image, deflate: Callable[[bytes], bytes] | None = None) -> bytes:
    """`img` (mode "P", 8 bits per pixel) as a PNG file: its palette, then its rows unfiltered
    (as Pillow writes a palette image), compressed with `deflate` (default: `compress`)."""
    if img.mode != "P":
        raise ValueError(f"encode takes a palette image, not {img.mode}")
    w, h = img.size
    # Each row of a PNG starts with its filter type (0, none): the picture pasted one pixel
    # to the right of a column of zeros gives the rows with it, in two C calls.
    rows = Image.new("P", (w + 1, h), 0)
    rows.paste(img, (1, 0))
    head = struct.pack("!IIBBBBB", w, h, 8, 3, 0, 0, 0)  # 8 bits, palette, no interlace
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", head),
            _chunk(b"PLTE", bytes(img.getpalette() or (0, 0, 0))),
            _chunk(b"IDAT", (deflate or compress)(rows.tobytes())),
            _chunk(b"IEND", b""),
        )
    )
