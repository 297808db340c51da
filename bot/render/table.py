"""The table picture: stock, discard pile, and each player's card count."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from bot.engine.cards import Card
from bot.i18n import DEFAULT, Language
from bot.render import theme as t
from bot.render.compose import MINI_W, Picture
from bot.render.fonts import fit
from bot.render.models import (
    RenderOptions,
    TablePicture,
)
from bot.text.pictures import corner_index, discard_label, stock_label

TABLE_SIZE = (960, 280)

_PILE_EDGES = 4  # cards shown under the top of the discard pile
_EDGE_STEP = 9
_STOCK_X, _DISCARD_X, _PILES_Y = 56, 262 + _PILE_EDGES * _EDGE_STEP, 40
TABLE_STOCK_XY = (_STOCK_X, _PILES_Y)  # top-left of the stock's top card
TABLE_DISCARD_XY = (_DISCARD_X, _PILES_Y)  # top-left of the discard pile's top card
_ROW = 60  # one player's line
_PLAYERS_X = 512


@dataclass(frozen=True, slots=True)
class TableView:
    """What the table picture actually shows (the key of its cache)."""

    top: Card | None
    below: int
    pile_size: int
    stock_count: int
    players: tuple[tuple[str, int], ...]
    to_play: int | None
    locale: Language = DEFAULT


def _slot(canvas: Picture, x: int, y: int, colour: t.RGB) -> None:
    """The outline of an empty pile."""

    def outline(draw: ImageDraw.ImageDraw, dx: int, dy: int, fill: int | t.RGB) -> None:
        box = (x + dx, y + dy, x + dx + t.CARD_W - 1, y + dy + t.CARD_H - 1)
        draw.rounded_rectangle(box, radius=t.CARD_R, outline=fill, width=3)

    canvas.shape((x, y, x + t.CARD_W, y + t.CARD_H), outline, colour)


def _centred_label(canvas: Picture, x: int, y: int, text: str, fill: t.RGB) -> None:
    canvas.text((x + t.CARD_W // 2, y), text, 26, fill, align="m")


def table_png(view: TableView, options: RenderOptions) -> bytes:
    colours = t.theme(options)
    canvas = Picture(TABLE_SIZE, options)
    label_y = _PILES_Y + t.CARD_H + 34

    # Stock: a small stack of backs, thicker when there are more cards, and the count.
    if view.stock_count > 0:
        layers = 1 + min(3, (view.stock_count - 1) // 8)
        for i in range(layers - 1, -1, -1):
            canvas.sprite(("back",), _STOCK_X + 3 * i, _PILES_Y - 3 * i)
    else:
        _slot(canvas, _STOCK_X, _PILES_Y, colours.slot)
    _centred_label(
        canvas, _STOCK_X, label_y, stock_label(view.stock_count, view.locale), colours.text
    )

    # Discard pile: the top card, with the plain edges of the cards under it to its left.
    for i in range(view.below, 0, -1):
        canvas.sprite(("blank",), _DISCARD_X - i * _EDGE_STEP, _PILES_Y)
    if view.top is not None:
        index = corner_index(view.top.rank, view.locale)
        canvas.sprite(("face", view.top, False, True, index), _DISCARD_X, _PILES_Y)
    else:
        _slot(canvas, _DISCARD_X, _PILES_Y, colours.slot)
    _centred_label(
        canvas, _DISCARD_X, label_y, discard_label(view.pile_size, view.locale), colours.text
    )

    # Players: one line each, name, a fan of backs and the count; the one to play is marked.
    mini_h = round(MINI_W * t.CARD_H / t.CARD_W)  # as `small_back` makes it
    for i, ((name, count), mid) in enumerate(
        zip(view.players, table_rows(len(view.players)), strict=True)
    ):
        if i == view.to_play:
            _marker(canvas, mid)
        name = fit(name, 30, 210)
        canvas.text((_PLAYERS_X + 28, mid), name, 30, colours.text, valign="m", keep=False)
        fan_x = _PLAYERS_X + 250
        shown = min(count, 11)
        for k in range(shown):
            canvas.sprite(("mini", MINI_W), fan_x + 8 * k, mid - mini_h // 2)
        canvas.text((fan_x + MINI_W + 8 * 10 + 18, mid), str(count), 30, colours.text, valign="m")
    return canvas.png()


def _marker(canvas: Picture, mid: int) -> None:
    """The triangle before the name of the player to play."""

    def triangle(draw: ImageDraw.ImageDraw, dx: int, dy: int, fill: int | t.RGB) -> None:
        x, y = _PLAYERS_X + dx, mid + dy
        draw.polygon([(x, y - 11), (x + 16, y), (x, y + 11)], fill=fill)

    canvas.shape((_PLAYERS_X, mid - 11, _PLAYERS_X + 17, mid + 12), triangle, t.HIGHLIGHT)


def table_rows(players: int) -> list[int]:
    """The middle line (y) of each player's row in the table picture."""
    # Rows tighten if a table ever seats more than the four players `classic` allows.
    row = min(_ROW, (TABLE_SIZE[1] - 16) // max(1, players))
    y0 = (TABLE_SIZE[1] - row * players) // 2
    return [y0 + i * row + row // 2 for i in range(players)]


def table_view(pic: TablePicture) -> TableView:
    # Only the top of the pile and how many cards are under it show, so only they key the cache.
    pile = pic.discard_pile
    return TableView(
        top=pile[-1] if pile else None,
        below=min(len(pile) - 1, _PILE_EDGES) if pile else 0,
        pile_size=len(pile),
        stock_count=pic.stock_count,
        players=pic.players,
        to_play=pic.to_play,
        locale=pic.locale,
    )
