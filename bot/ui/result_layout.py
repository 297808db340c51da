"""A round's reveal and a match's summary as Components V2 layouts (issue 33): a heading,
the result's text, and the reveal's picture in a media gallery (its alt text the result in
words), or the summary's Rematch button. Same words as the classic embeds had."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.model import MatchSummary, TableState
from bot.i18n import DEFAULT, Language, t
from bot.text.names import named
from bot.ui.board_layout import TEXT_LIMIT, fact
from bot.ui.components import RematchButton
from bot.ui.messages import (
    GOLD,
    Message,
    _scores_line,
    plain,
    reveal_lines,
    summary_lines,
)

#: The reveal's picture, as the message attaches it and its gallery names it.
REVEAL_PNG = "reveal.png"


def _layout(texts: list[str], *extra: discord.ui.Item[Any]) -> discord.ui.LayoutView:
    """One gold container of text displays (cut to Discord's total), then `extra`."""
    out, room = [], TEXT_LIMIT
    for text in texts:
        text = text[:room]
        if not text:
            break
        out.append(text)
        room -= len(text)
    body: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(x) for x in out]
    body.extend(extra)
    layout: discord.ui.LayoutView = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.Container(*body, accent_colour=GOLD))
    return layout


def reveal_title(state: TableState, locale: Language = DEFAULT) -> str:
    pub = state.public
    assert pub is not None
    return t(locale, "reveal-title", round=pub.round_no, table=state.table_id)


def reveal_message(
    state: TableState, locale: Language = DEFAULT, picture: bytes | None = None
) -> Message:
    """The end of a round: every hand with melds, lay-offs and deadwood, the points, the
    scores; `picture` (a PNG of the reveal) under them."""
    state = named(state, locale)
    lines = reveal_lines(state, locale)
    scores = fact(t(locale, "field-scores"), _scores_line(state, locale))
    texts = [f"### {reveal_title(state, locale)}", "\n".join(lines), scores]
    if picture is None:
        return Message(None, None, _layout([x for x in texts if x]))
    alt = plain("\n".join(lines))[:1024]
    gallery: discord.ui.MediaGallery[Any] = discord.ui.MediaGallery(
        discord.MediaGalleryItem(f"attachment://{REVEAL_PNG}", description=alt or None)
    )
    layout = _layout([x for x in texts if x], gallery)
    return Message(None, None, layout, ((REVEAL_PNG, picture, alt),))


def summary_message(
    state: TableState, summary: MatchSummary, locale: Language = DEFAULT
) -> Message:
    """The end of a match: who won and how, each seat's final score; Rematch at two seats
    (a table of three or four is opened again with /gin table)."""
    state = named(state, locale)
    texts = [
        f"### {t(locale, 'match-over-title', table=state.table_id)}",
        "\n".join(summary_lines(state, summary, locale)),
    ]
    if state.seat_count != 2:
        return Message(None, None, _layout(texts))
    row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
    row.add_item(RematchButton(state.table_id, t(locale, "button-rematch")))
    return Message(None, None, _layout(texts, row))
