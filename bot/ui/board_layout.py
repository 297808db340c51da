"""The public board as one Components V2 layout (issue 33): a container of text displays,
one per fact the classic embed had as a field, and the board's button.

Each fact is a text display written ``**Name**`` then its value on the next line, with the
same catalog strings as the embed's fields, so readers (the referee audit, the sandbox, a
screen reader) find the same words. The board carries no picture: drawing and uploading one
for every move cost most of the bot's CPU per interaction; the pile's top card and the stock
show as card emojis once the application has them (`bot.games.card_emojis`), as text with
suit symbols until then.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.card_emojis import CardEmojis
from bot.games.model import TableState
from bot.i18n import DEFAULT, Language, t
from bot.i18n.cards import label
from bot.text import hands as present
from bot.text.names import named
from bot.ui import written
from bot.ui.components import ShowHandButton
from bot.ui.messages import (
    GREEN,
    GREY,
    Message,
    _away,
    _deadline,
    _names,
    _out_marker,
    _public_turn,
    _resigned,
    _scores_line,
    lobby_message,
    table_title,
)
from bot.ui.written import WrittenLayout

#: Discord's limit on the characters of all a layout's text displays together.
TEXT_LIMIT = 4000
#: What one fact's value may take (the embed's field limit, kept).
VALUE_LIMIT = 1024


def fact(name: str, value: str) -> str:
    """One fact of the board: its name in bold, its value under it."""
    return f"**{name}**\n{value[:VALUE_LIMIT]}"


def board_facts(
    state: TableState,
    *,
    locale: Language = DEFAULT,
    emojis: CardEmojis | None = None,
    note: str | None = None,
) -> list[str]:
    """The board's text: the header, then the facts in the order the embed showed them.
    `note`: why the match ended, in place of whose turn it was (a match called off)."""
    return _facts(named(state, locale), locale, emojis, note)


def _facts(
    state: TableState, locale: Language, emojis: CardEmojis | None, note: str | None
) -> list[str]:
    """`board_facts` of a state whose names are said in `locale` already (`named`)."""
    pub = state.public
    assert pub is not None
    names = _names(state)
    ready = emojis is not None and emojis.ready
    pile = pub.discard_pile
    top = label(pile[-1], locale) if pile else "—"
    below = present.cards_text(pile[-5:-1][::-1], locale) if len(pile) > 1 else "—"
    pile_text = t(locale, "discard-pile-below", top=top, below=below)
    stock_text = t(locale, "cards", count=pub.stock_size)
    if ready and emojis is not None:
        face = emojis.card(pile[-1]) if pile else None
        back = emojis.back()
        pile_text = f"{face.mention} {pile_text}" if face is not None else pile_text
        stock_text = f"{back.mention} {stock_text}" if back is not None else stock_text
    counts = ", ".join(
        t(locale, "labelled", label=n, value=str(c)) + _out_marker(s, locale)
        for n, c, s in zip(names, pub.hand_sizes, state.seats, strict=False)
    )
    if note:
        turn = note
    elif pub.result is not None:
        turn = t(
            locale,
            "round-over-result",
            result=present.short_result(pub.result, names, state.rules, locale),
        )
    elif state.status != "playing" or state.match_over:
        # Ended mid-round (a resignation, a forfeit): not whose turn it was.
        turn = t(locale, "board-match-over")
    elif pub.to_move is None:
        turn = t(locale, "round-over-short")
    else:
        turn = _public_turn(pub.phase, names[pub.to_move], locale) + _deadline(state, locale)
    facts = [
        f"### {table_title(state, locale)}",
        fact(t(locale, "field-scores"), _scores_line(state, locale)),
        fact(t(locale, "field-discard-pile"), pile_text),
        fact(t(locale, "field-stock"), stock_text),
        fact(t(locale, "field-cards-in-hand"), counts),
        fact(t(locale, "field-round", round=pub.round_no), turn),
    ]
    recent = present.recent_turns(
        pub.history,
        names,
        4,
        auto=state.auto,
        away=_away(state),
        resigned=_resigned(state),
        locale=locale,
    )
    if recent:
        facts.append(fact(t(locale, "field-last-actions"), "\n".join(recent)))
    return _within(facts)


def _within(facts: list[str]) -> list[str]:
    """The facts cut to Discord's total for a layout's text, the last ones first."""
    total = sum(len(f) for f in facts)
    out = list(facts)
    while total > TEXT_LIMIT and out:
        over = total - TEXT_LIMIT
        last = out[-1]
        if len(last) > over + 1:
            out[-1] = last[: len(last) - over]
            total = TEXT_LIMIT
        else:
            total -= len(out.pop())
    return out


def table_message(
    state: TableState,
    *,
    finished: bool = False,
    locale: Language = DEFAULT,
    emojis: CardEmojis | None = None,
    note: str | None = None,
) -> Message:
    """The public table as one layout: header and scores; the pile's top card and the
    stock; the cards each player holds; whose turn and until when; the last actions; and
    the "Show my hand" button. A `finished` board (an older round's, or the match is over)
    has no button; `note` says why it ended where the turn was (a match called off). `locale`: the server's
    language (a public message). Before the first deal it is the lobby (a classic
    message)."""
    state = named(state, locale)
    if state.public is None:
        return lobby_message(state, locale=locale)
    facts = _facts(state, locale, emojis, note)
    live = not finished and state.status == "playing"
    show = t(locale, "button-show-hand") if live else None
    layout = BoardLayout(GREEN if live else GREY, facts, state.table_id, show)
    return Message(None, None, layout, payloads=True)


class BoardLayout(WrittenLayout):
    """The board as sent: a container of its header and scores, a separator, its other
    facts, and while the match is on (`show`: the button's label) the "Show my hand"
    button."""

    def __init__(
        self, accent: discord.Colour, facts: list[str], table_id: int, show: str | None
    ) -> None:
        super().__init__()
        self.accent = accent
        self.facts = facts
        self.table_id = table_id
        self.show = show

    def to_components(self) -> list[dict[str, Any]]:
        header, scores, *rest = self.facts
        inner = [
            written.text_display(header),
            written.text_display(scores),
            dict(written.SEPARATOR),
        ]
        inner.extend(written.text_display(text) for text in rest)
        if self.show is not None:
            inner.append(written.action_row([ShowHandButton.payload(self.table_id, self.show)]))
        return [written.container(self.accent.value, inner)]

    def tree(self) -> discord.ui.LayoutView:
        header, scores, *rest = self.facts
        body: list[discord.ui.Item[Any]] = [
            discord.ui.TextDisplay(header),
            discord.ui.TextDisplay(scores),
            discord.ui.Separator(),
        ]
        body.extend(discord.ui.TextDisplay(text) for text in rest)
        if self.show is not None:
            row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
            row.add_item(ShowHandButton(self.table_id, self.show))
            body.append(row)
        layout: discord.ui.LayoutView = discord.ui.LayoutView(timeout=None)
        layout.add_item(discord.ui.Container(*body, accent_colour=self.accent))
        return layout
