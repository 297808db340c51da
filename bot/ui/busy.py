"""Busy channels: past `BUSY` tables in play in one channel (a tournament round in its
thread), their moves are shown in one "tables in play" message, a line per table, instead
of one board edit per move per table.

Discord allows a channel about one message edit a second. One board edit per move at 16
tables would leave each board ~16 s behind; one message for all of them, edited at most
once per slot with the newest lines (the outbox's latest state wins), is at most a slot or
two behind. It goes before the tables' own boards in the channel's buckets
(`Priority.PLAY`): one edit of it shows every table's newest move. Each table's own board
is then edited at its round's start and end and at the match's end only (docs/playing.md,
"Busy channels").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.games.model import TableState
from bot.i18n import Language, t
from bot.i18n.cards import label
from bot.outbox import Outbox, Priority
from bot.text.names import named
from bot.ui.messages import GREEN, Message, _deadline, _public_turn, _scores_line

log = logging.getLogger(__name__)

#: More tables in play than this in one channel make it busy; fewer than this, quiet again
#: (between the two it stays as it is, so a channel does not flap at the edge).
BUSY = 3
#: Discord's limit on an embed's description.
DESCRIPTION = 4096


def table_line(state: TableState, locale: Language) -> str:
    """One table in a line: scores, the pile's top card, the stock, whose turn and until
    when (a Discord timestamp, which each reader sees in their own time)."""
    state = named(state, locale)
    pub = state.public
    if pub is None:
        return f"**#{state.table_id}** {_scores_line(state, locale)}"
    pile = pub.discard_pile
    if pub.to_move is None:
        turn = t(locale, "round-over-short")
    else:
        turn = _public_turn(pub.phase, state.seats[pub.to_move].name, locale) + _deadline(
            state, locale
        )
    return t(
        locale,
        "tables-in-play-line",
        table=state.table_id,
        scores=_scores_line(state, locale),
        pile=t(locale, "field-discard-pile"),
        top=label(pile[-1], locale) if pile else "—",
        stock=t(locale, "field-stock"),
        count=pub.stock_size,
        turn=turn,
    )


def tables_in_play_message(
    states: list[TableState],
    locale: Language,
    write_line: Callable[[TableState, Language], str] = table_line,
) -> Message:
    """The channel's tables in play, oldest table first, within one embed (`write_line`
    writes each table's line)."""
    lines = [write_line(state, locale) for state in sorted(states, key=lambda s: s.table_id)]
    return lines_message(lines, locale)


def lines_message(lines: list[str], locale: Language) -> Message:
    """The tables in play as their `lines`, in order, within one embed."""
    footer = t(locale, "tables-in-play-boards")
    text = ""
    for line in lines:
        if len(text) + len(line) + 1 > DESCRIPTION:
            break
        text += line + "\n"
    embed = discord.Embed(title=t(locale, "tables-in-play"), description=text, colour=GREEN)
    embed.set_footer(text=footer)
    return Message(None, embed, None)


class WrittenWhenSent:
    """A message written by `build` each time the outbox reads it, not when it is queued:
    a busy channel's queued edits coalesce (the newest wins, about one goes a second), so
    the messages replaced meanwhile are never written at all. Nothing is kept: a write
    retried after a 429 is written again, with what `build` reads then."""

    __slots__ = ("_build",)

    def __init__(self, build: Callable[[], Message]) -> None:
        self._build = build

    def kwargs(self) -> dict[str, Any]:
        return self._build().kwargs()

    def send_kwargs(self) -> dict[str, Any]:
        return self._build().send_kwargs()

    def release(self) -> None:
        """Nothing held (an embed, no controls)."""


class TablesInPlay:
    """Per channel, the tables in play and the one message that shows them when busy."""

    def __init__(self, outbox: Outbox, language: Callable[[TableState], Language]) -> None:
        self.outbox = outbox
        self.language = language
        self._tables: dict[int, dict[int, TableState]] = {}
        self._message: dict[int, int] = {}
        self._posting: dict[int, asyncio.Task[None]] = {}
        #: table -> the state and language its line was last written for, and the line
        #: (a move changes one table's line; the channel's others are kept).
        self._lines: dict[int, tuple[TableState, str, str]] = {}

    def posting(self) -> list[asyncio.Task[None]]:
        """The messages on their way (for waiting until all is shown)."""
        return list(self._posting.values())

    def busy(self, channel_id: int) -> bool:
        return len(self._tables.get(channel_id, {})) > BUSY

    def moved(self, state: TableState) -> bool:
        """Note a table's newest state; True when its channel's message shows it (the
        board need not be edited for a move)."""
        self._tables.setdefault(state.channel_id, {})[state.table_id] = state
        return self._show(state.channel_id)

    def gone(self, state: TableState) -> None:
        """The table's match is over (or called off): its line goes."""
        tables = self._tables.get(state.channel_id, {})
        self._lines.pop(state.table_id, None)
        if tables.pop(state.table_id, None) is not None:
            self._show(state.channel_id)

    def _show(self, channel_id: int) -> bool:
        tables = self._tables.get(channel_id, {})
        message_id = self._message.get(channel_id)
        if not tables:
            self._tables.pop(channel_id, None)
        if len(tables) < BUSY and channel_id not in self._posting:
            if message_id is not None:  # quiet again: the message goes, the boards follow
                del self._message[channel_id]
                self.outbox.delete(channel_id, message_id, Priority.BOARD)
            return False
        if message_id is None and not self.busy(channel_id):
            return False
        if channel_id in self._posting:
            return True  # posted with the newest lines, or edited right after
        states = list(tables.values())
        locale = self.language(states[0])
        shown = WrittenWhenSent(lambda: tables_in_play_message(states, locale, self._line))
        if message_id is not None:
            self.outbox.edit(channel_id, message_id, shown, Priority.PLAY)
        else:
            self._posting[channel_id] = asyncio.create_task(self._post(channel_id, shown))
        return True

    def _line(self, state: TableState, locale: Language) -> str:
        """The table's line, written again only when its state (immutable: a new object
        for every change) or the language is not the one it was written for."""
        kept = self._lines.get(state.table_id)
        if kept is not None and kept[0] is state and kept[1] == locale:
            return kept[2]
        line = table_line(state, locale)
        self._lines[state.table_id] = (state, locale, line)
        return line

    async def _post(self, channel_id: int, shown: WrittenWhenSent) -> None:
        try:
            sent = await self.outbox.post(channel_id, shown, Priority.PLAY)
        finally:
            del self._posting[channel_id]
        if sent is None:
            log.warning("could not post the tables in play of channel %s", channel_id)
            return
        self._message[channel_id] = sent.id
        self._show(channel_id)  # what moved while it was on its way
