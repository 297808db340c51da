"""Busy channels on several processes (a shared store, PostgreSQL): one "tables in play"
message per channel, whatever the number of processes moving its tables (a server's shard
process for channel clicks, shard 0's for DM clicks; docs/deploy.md).

The store holds what they share (`TableService.busy_channel`, `store.busy`): each playing
table's line as a process last wrote it, with the table's version it shows (an older line
never replaces a newer), the channel's message id, claimed by the one process that posts
it, and a revision every line written moves on. A move only notes the table's state here
(no store read on the hot path); one task per channel then writes the lines this process
changed and reads every table's, at most once per edit of the message, which goes at the
outbox's pace (about one a second per channel). After each edit is out the task reads the
revision again: an edit queued from an older read than another process's (which may have
landed after it) is made again with the newest lines. How many tables the channel has in
play comes from the store too: read with the lines, and at a table's round start or end
(or after `REFRESH` seconds) while the channel is quiet.

One process on SQLite keeps every table in its memory and uses `busy.TablesInPlay` as
before: nothing here runs there.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable

from bot.games.model import SharedChannel, TableState
from bot.games.tables import TableService
from bot.i18n import DEFAULT, Language
from bot.outbox import Outbox, Priority
from bot.ui.busy import BUSY, WrittenWhenSent, lines_message, table_line
from bot.ui.messages import Message

log = logging.getLogger(__name__)

#: Seconds a quiet channel's count of tables in play (read from the store) is trusted
#: between its tables' round starts and ends, which read it again.
REFRESH = 30.0


class _Channel:
    """One channel as this process knows it."""

    __slots__ = ("tables", "written", "view", "read_at", "locale", "again", "shown")

    def __init__(self) -> None:
        #: table -> this process's newest state of it.
        self.tables: dict[int, TableState] = {}
        #: table -> the state whose line this process last wrote to the store.
        self.written: dict[int, TableState] = {}
        #: The store's channel as last read (`TableService.busy_channel`), None: unread.
        self.view: SharedChannel | None = None
        self.read_at: float | None = None
        self.locale: Language | None = None
        #: Another pass is wanted (a move, or an edit out whose lines may be outrun).
        self.again = False
        #: What this process last wrote the message from (`_shown`).
        self.shown: tuple[object, ...] | None = None

    def count(self) -> int:
        return -1 if self.view is None else len(self.view.tables)

    def busy(self) -> bool:
        """Shown by the channel's message: past `BUSY` tables in play, or a message there
        while it still has `BUSY` (the same edges as one process's)."""
        if self.view is None:
            return False
        if self.view.message_id is not None:
            return self.count() >= BUSY
        return self.count() > BUSY


class SharedTablesInPlay:
    """`busy.TablesInPlay` for several processes: the same calls, the lines and the
    message's id shared through the store."""

    def __init__(
        self,
        outbox: Outbox,
        language: Callable[[TableState], Language],
        tables: TableService,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.outbox = outbox
        self.language = language
        self.tables = tables
        self.clock = clock
        self._channels: dict[int, _Channel] = {}
        self._work: dict[int, asyncio.Task[None]] = {}
        #: table -> the state and language its line was last written for, and the line.
        self._lines: dict[int, tuple[TableState, str, str]] = {}

    def posting(self) -> list[asyncio.Task[None]]:
        """The channels' passes on their way (for waiting until all is shown)."""
        return list(self._work.values())

    def busy(self, channel_id: int) -> bool:
        channel = self._channels.get(channel_id)
        return channel is not None and channel.busy()

    def moved(self, state: TableState) -> bool:
        """Note a table's newest state; True when its channel's message shows it (the
        board need not be edited for a move). No store read here: a pass is started when
        the channel is busy, or its count is due to be read again."""
        channel = self._channels.setdefault(state.channel_id, _Channel())
        before = channel.tables.get(state.table_id)
        channel.tables[state.table_id] = state
        if channel.busy() or self._due(channel, before, state):
            self._wake(state.channel_id, channel)
        return channel.busy()

    def gone(self, state: TableState) -> None:
        """The table's match is over (or called off): its line goes (the store lists only
        the tables in play)."""
        channel = self._channels.get(state.channel_id)
        self._lines.pop(state.table_id, None)
        if channel is None:
            return
        channel.tables.pop(state.table_id, None)
        channel.written.pop(state.table_id, None)
        if channel.view is not None and channel.view.message_id is not None:
            self._wake(state.channel_id, channel)
        elif not channel.tables and state.channel_id not in self._work:
            del self._channels[state.channel_id]

    def message(self, channel: _Channel) -> Message:
        """The channel's tables in play, oldest first: each table's stored line, or this
        process's own when newer."""
        locale = channel.locale or DEFAULT
        lines: list[str] = []
        for stored in channel.view.tables if channel.view is not None else ():
            mine = channel.tables.get(stored.table_id)
            if mine is not None and (stored.version is None or mine.version > stored.version):
                lines.append(self._line(mine, self.language(mine)))
            elif stored.line is not None:
                lines.append(stored.line)
        return lines_message(lines, locale)

    def _shown_message(self, channel: _Channel) -> WrittenWhenSent:
        """The channel's message, written as the outbox sends it: the store's lines as last
        read, with this process's newer ones in their place."""
        return WrittenWhenSent(lambda: self.message(channel))

    # ----- the pass ----------------------------------------------------------------------

    def _due(self, channel: _Channel, before: TableState | None, state: TableState) -> bool:
        """The channel's count of tables is to be read again: never read, read more than
        `REFRESH` seconds ago, or a round starting or ending here (tables come and go then)."""
        if channel.read_at is None or self.clock() - channel.read_at > REFRESH:
            return True
        if before is None or before.public is None or state.public is None:
            return True
        return before.public.round_no != state.public.round_no or state.public.to_move is None

    def _wake(self, channel_id: int, channel: _Channel) -> None:
        channel.again = True
        if channel_id not in self._work:
            self._work[channel_id] = asyncio.create_task(self._run(channel_id, channel))

    async def _run(self, channel_id: int, channel: _Channel) -> None:
        try:
            while channel.again:
                channel.again = False
                await self._pass(channel_id, channel)
        except Exception:  # the store or Discord down: the next move tries again
            log.exception("could not show the tables in play of channel %s", channel_id)
        finally:
            del self._work[channel_id]
            if not channel.tables and not channel.busy():
                self._channels.pop(channel_id, None)

    async def _pass(self, channel_id: int, channel: _Channel) -> None:
        """Write this process's changed lines (once the channel is busy), read the channel,
        then post, edit or delete its message as the store says."""
        for state in channel.tables.values():  # the channel's language, as its tables say
            channel.locale = self.language(state)
            break
        writing = channel.busy()
        lines = self._to_write(channel) if writing else []
        view = await self.tables.busy_channel(channel_id, [line for _, line in lines])
        channel.written.update((state.table_id, state) for state, _ in lines)
        channel.view, channel.read_at = view, self.clock()
        if view.message_id is not None and len(view.tables) < BUSY:
            # Quiet again: the message goes (deleted by the one process that forgets it),
            # and the boards follow every move.
            channel.view, channel.shown = dataclasses.replace(view, message_id=None), None
            if await self.tables.drop_busy_message(channel_id, view.message_id):
                self.outbox.delete(channel_id, view.message_id, Priority.BOARD)
            return
        if not channel.busy():
            return
        if not writing:
            # Found busy: the lines this process knows go to the store first.
            channel.again = True
            return
        if view.message_id is None:
            if not view.posting:  # else another process posts it, with every stored line
                await self._post(channel_id, channel, view)
            return
        if channel.shown == _shown(view):
            return  # it shows the newest every process wrote, of the tables in play
        channel.shown = _shown(view)
        await self.outbox.edit(
            channel_id, view.message_id, self._shown_message(channel), Priority.PLAY
        )
        channel.again = True  # once out: read again, in case another's lines outran it

    async def _post(self, channel_id: int, channel: _Channel, read: SharedChannel) -> None:
        """Post the message from the channel as `read` (its view: only this pass sets it)."""
        if not await self.tables.claim_busy_message(channel_id):
            return
        sent = await self.outbox.post(channel_id, self._shown_message(channel), Priority.PLAY)
        await self.tables.busy_posted(channel_id, None if sent is None else sent.id)
        if sent is None:
            log.warning("could not post the tables in play of channel %s", channel_id)
            return
        channel.view = dataclasses.replace(read, message_id=sent.id)
        channel.shown = _shown(channel.view)
        channel.again = True  # what moved, here or elsewhere, while it was on its way

    def _to_write(self, channel: _Channel) -> list[tuple[TableState, tuple[int, int, str]]]:
        """The lines of the states this process has not written yet."""
        out = []
        for table_id, state in channel.tables.items():
            if channel.written.get(table_id) is not state:
                line = self._line(state, self.language(state))
                out.append((state, (table_id, state.version, line)))
        return out

    def _line(self, state: TableState, locale: Language) -> str:
        """The table's line, written again only when its state (a new object for every
        change) or the language is not the one it was written for."""
        kept = self._lines.get(state.table_id)
        if kept is not None and kept[0] is state and kept[1] == locale:
            return kept[2]
        line = table_line(state, locale)
        self._lines[state.table_id] = (state, locale, line)
        return line


def _shown(view: SharedChannel) -> tuple[object, ...]:
    """What a message written from `view` shows: the message, the lines' revision and the
    tables in play (a table's end writes no line)."""
    return (view.message_id, view.revision, tuple(t.table_id for t in view.tables))
