"""Card pictures for Discord: hands, the table and the reveal, drawn with Pillow.

Everything is drawn in code with Pillow's built-in font, so nothing is downloaded at run time.
Pictures are PNG bytes, cached by what they show; use the `_async` variants from the event loop.
"""

from __future__ import annotations

import asyncio

from bot.render.models import (
    HandPicture,
    RenderOptions,
    RevealHand,
    RevealPicture,
    TablePicture,
)
from bot.render.pictures import (
    HAND_SIZE,
    REVEAL_RESULT,
    REVEAL_ROW,
    REVEAL_WIDTH,
    TABLE_SIZE,
    clear_cache,
    render_hand,
    render_reveal,
    render_table,
)
from bot.render.text import hand_text, reveal_text, table_text

__all__ = [
    "HAND_SIZE",
    "REVEAL_RESULT",
    "REVEAL_ROW",
    "REVEAL_WIDTH",
    "TABLE_SIZE",
    "HandPicture",
    "RenderOptions",
    "RevealHand",
    "RevealPicture",
    "TablePicture",
    "clear_cache",
    "hand_text",
    "render_hand",
    "render_hand_async",
    "render_reveal",
    "render_reveal_async",
    "render_table",
    "render_table_async",
    "reveal_text",
    "table_text",
]


async def render_hand_async(pic: HandPicture, options: RenderOptions | None = None) -> bytes:
    """`render_hand` in a worker thread, so a cold render never stalls the event loop."""
    return await asyncio.to_thread(render_hand, pic, options)


async def render_table_async(pic: TablePicture, options: RenderOptions | None = None) -> bytes:
    """`render_table` in a worker thread."""
    return await asyncio.to_thread(render_table, pic, options)


async def render_reveal_async(pic: RevealPicture, options: RenderOptions | None = None) -> bytes:
    """`render_reveal` in a worker thread."""
    return await asyncio.to_thread(render_reveal, pic, options)
