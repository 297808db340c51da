"""Card pictures for Discord: hands, the table and the reveal, drawn with Pillow.

Everything is drawn in code with the shipped DejaVu Sans, so nothing is downloaded at run time.
Pictures are PNG bytes, cached by what they show; use the `_async` variants from the event loop.
"""

from __future__ import annotations

from bot.render import workers
from bot.render.models import (
    HandPicture,
    RenderOptions,
    RevealHand,
    RevealPicture,
    RevealScore,
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
    render_hand_async,
    render_reveal,
    render_reveal_async,
    render_table,
    render_table_async,
    warm_up,
)
from bot.text.pictures import hand_text, reveal_text, table_text

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
    "RevealScore",
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
    "warm_up",
    "workers",
]
