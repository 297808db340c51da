"""Card pictures as PNG bytes: the cache, warm-up, and drawing off the event loop.

The pictures themselves are drawn in `layout` (the hand), `table` and `reveal`, on the
compositor in `compose`."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from bot.engine.cards import Card
from bot.render import workers
from bot.render.cache import PictureCache
from bot.render.compose import MINI_W, palette, sprite
from bot.render.fonts import DRAWING
from bot.render.layout import HAND_SIZE, hand_png, hand_positions
from bot.render.models import (
    HandPicture,
    RenderOptions,
    RevealPicture,
    TablePicture,
)
from bot.render.reveal import REVEAL_RESULT, REVEAL_ROW, REVEAL_WIDTH, reveal_png, reveal_positions
from bot.render.table import (
    TABLE_DISCARD_XY,
    TABLE_SIZE,
    TABLE_STOCK_XY,
    table_png,
    table_rows,
    table_view,
)
from bot.text.pictures import corner_index

_CACHE = 2048  # pictures kept (a hand PNG is ~14 KB, a two-player reveal ~40 KB)
# A few MiB keep what repeats without growing with the number of tables. For the bot (the
# async functions below) that is a player's hand between turns: drawn after their discard, it
# is shown again in the new message that starts their next turn (and by Show my hand). At 500
# busy tables ~350 such hands are drawn in the time one waits for its next turn: 4 MiB held
# ~290 and most were drawn twice; 8 MiB cut the picture worker's CPU per interaction by a
# quarter (docs/performance.md, session 6).
_CACHE_BYTES = 8 << 20


CACHE = PictureCache(_CACHE, _CACHE_BYTES)
# The table at a round's start is shown again when both players pass on the upcard: the first
# player then draws from the stock, and nothing else on the table has changed. Those tables
# (the pile holds the upcard alone) are kept, in a small cache of their own so they never
# push out the hands: in the load bench they were 18% of the table pictures drawn.
OPENINGS = PictureCache(128, 1 << 20)

__all__ = [  # the sizes and positions of what is drawn, for callers and tests
    "CACHE",
    "HAND_SIZE",
    "REVEAL_RESULT",
    "REVEAL_ROW",
    "REVEAL_WIDTH",
    "TABLE_DISCARD_XY",
    "TABLE_SIZE",
    "TABLE_STOCK_XY",
    "clear_cache",
    "hand_positions",
    "render_hand",
    "render_hand_async",
    "render_reveal",
    "render_reveal_async",
    "render_table",
    "render_table_async",
    "reveal_positions",
    "table_rows",
    "warm_up",
]


def _cached(
    draw: Callable[[Any, RenderOptions], bytes], shown: Hashable, options: RenderOptions
) -> bytes:
    """The cached PNG of `shown` (a picture dataclass), drawing it on a miss."""
    key = (shown, options)
    png = CACHE.get(key)
    if png is None:
        # One render at a time: the shared FreeType font objects are not safe to use from two
        # threads at once, and rendering is CPU-bound, so on CPython nothing is lost.
        with DRAWING:
            png = CACHE.get(key)  # another thread may have drawn it meanwhile
            if png is None:
                png = draw(shown, options)
                CACHE.put(key, png)
    return png


def render_hand(pic: HandPicture, options: RenderOptions | None = None) -> bytes:
    """A player's hand as PNG bytes: melds, dimmed deadwood, the new card raised.

    960 x 248; wider only for more cards than a Gin hand holds (about 14 and up).
    """
    return _cached(hand_png, pic, options or RenderOptions())


def render_table(pic: TablePicture, options: RenderOptions | None = None) -> bytes:
    """The public table as PNG bytes (960 x 280): stock, discard pile, card counts."""
    return _cached(table_png, table_view(pic), options or RenderOptions())


def render_reveal(pic: RevealPicture, options: RenderOptions | None = None) -> bytes:
    """All hands after a knock as PNG bytes: a 64 px band with the result on top, then 276 px
    per hand; 960 wide (wider only if a row of cards needs it)."""
    return _cached(reveal_png, pic, options or RenderOptions())


def clear_cache() -> None:
    """Forget every cached picture (the card sprites stay); for benchmarks and tests."""
    CACHE.clear()
    OPENINGS.clear()


def warm_up(options: RenderOptions | None = None) -> None:
    """Draw the 52 faces (plain and dimmed, with and without the lower index), the backs and
    the palette for `options` ahead of time, each sprite also mapped onto the palette: a
    fixed ~6 MiB a running bot fills anyway, taken at start rather than during the first
    games.

    Optional: without it the first picture of a colour scheme takes ~60-90 ms instead of a few.
    """
    options = options or RenderOptions()
    with DRAWING:
        _warm(options)


def _warm(options: RenderOptions) -> None:
    palette(options)
    for index in range(52):
        for dim in (False, True):
            for lower_index in (True, False):
                card = Card.from_index(index)
                sprite(("face", card, dim, lower_index, corner_index(card.rank)), options)
    for kind in (("back",), ("blank",), ("mini", MINI_W)):
        sprite(kind, options)


# --- off the event loop ----------------------------------------------------------------------


def _draw(draw: Callable[[Any, RenderOptions], bytes], shown: Any, options: RenderOptions) -> bytes:
    """Draw one picture, uncached: what a worker process (or thread) runs."""
    with DRAWING:
        return draw(shown, options)


async def _drawn(
    draw: Callable[[Any, RenderOptions], bytes],
    shown: Hashable,
    options: RenderOptions,
    *,
    keep: bool,
    cache: PictureCache = CACHE,
) -> bytes:
    key = (shown, options)
    png = cache.get(key)
    if png is None:
        png = await workers.run(_draw, draw, shown, options)
        if keep:
            cache.put(key, png)
    return png


async def render_hand_async(pic: HandPicture, options: RenderOptions | None = None) -> bytes:
    """`render_hand` for the event loop: a cached picture at once, a new one drawn by a worker
    process (`bot.render.workers`) or a thread.

    Only hands without a highlighted card are kept: the hand a player is left with after
    discarding is shown again when their next turn starts. The others (a card just drawn,
    the table, the reveal) are shown once, and keeping them would push those out.
    """
    return await _drawn(hand_png, pic, options or RenderOptions(), keep=pic.highlight is None)


async def render_table_async(pic: TablePicture, options: RenderOptions | None = None) -> bytes:
    """`render_table` for the event loop (see `render_hand_async`). Kept only while the pile
    holds the upcard alone (in `OPENINGS`): when both players pass on it, the table shows
    the same again."""
    view = table_view(pic)
    opening = view.pile_size <= 1
    return await _drawn(table_png, view, options or RenderOptions(), keep=opening, cache=OPENINGS)


async def render_reveal_async(pic: RevealPicture, options: RenderOptions | None = None) -> bytes:
    """`render_reveal` for the event loop (see `render_hand_async`; not kept)."""
    return await _drawn(reveal_png, pic, options or RenderOptions(), keep=False)
