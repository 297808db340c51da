"""One queue per Discord bucket (a channel and a kind of write), with its own worker: a
slow bucket (a busy channel's edits) never holds up another (a player's DM)."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import TYPE_CHECKING, Any, cast

from bot.outbox.limits import DM_OPEN, EDIT, POST, Window
from bot.outbox.tokens import Latest
from bot.outbox.write import ControlsOff, Raw, Write

if TYPE_CHECKING:
    from bot.outbox.outbox import Outbox

#: An interaction token that reaches a write's message, and whether as ``@original``.
Route = tuple[Latest, bool]


#: Seconds a write may be passed over by more urgent ones; past it, it takes one slot of the
#: bucket in `ONE_SLOT_IN` until it is sent.
PATIENCE = 5.0
ONE_SLOT_IN = 3


class Lane:
    def __init__(self, outbox: Outbox, kind: str, channel_id: int, window: Window) -> None:
        self.outbox = outbox
        self.kind = kind
        self.channel_id = channel_id
        self.window = window
        self.items: list[Write] = []
        #: Edits not yet sent, by message, queued or waiting for the budget (`Outbox._room`):
        #: a newer edit takes the older one's place, so what goes is the newest.
        self.edits: dict[int, Write] = {}
        #: DM opens not yet picked, by user: a second open for the same player joins the
        #: first (`put`), so a challenger's channel opened ahead is not asked for twice.
        self.opens: dict[int, Write] = {}
        self.worker: asyncio.Task[None] | None = None
        #: Slots spent on more urgent writes while one was overdue (`_pick`).
        self._passed = 0

    def put(self, write: Write) -> None:
        if write.kind == EDIT and write.message_id is not None:
            queued = self.edits.get(write.message_id)
            if queued is not None:
                self._replace(queued, write)
                return
            self.edits[write.message_id] = write
        elif write.kind == DM_OPEN and write.user_id is not None:
            waiting = self.opens.get(write.user_id)
            if waiting is not None:
                # One open for both; it goes as soon as the more urgent of them would.
                waiting.priority = min(waiting.priority, write.priority)
                waiting.waiters.extend(write.waiters)
                write.waiters.clear()
                return
            self.opens[write.user_id] = write
        self.items.append(write)
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work())

    @staticmethod
    def _replace(queued: Write, newer: Write) -> None:
        """Latest state wins: the queued edit now carries the newest content; it keeps its
        place by age and takes the more urgent priority of the two."""
        old = queued.message
        if isinstance(newer.message, ControlsOff) and isinstance(old, Raw):
            # The queued content stays, without its controls (discord.py: `view=None`).
            queued.message = Raw({**old.arguments, "view": None})
        elif isinstance(newer.message, ControlsOff) and (
            _has_view(old) or hasattr(old, "without_controls")
        ):
            # The queued content stays (a `Message`), without its controls.
            assert old is not None
            strip = getattr(old, "without_controls", None)
            if strip is not None:  # a layout keeps its text: it cannot be left empty
                queued.message = strip()
            else:
                old.release()
                queued.message = dataclasses.replace(cast(Any, old), view=None)
        else:
            if queued.message is not None:
                queued.message.release()
            queued.message = newer.message
        queued.priority = min(queued.priority, newer.priority)
        queued.user_id = newer.user_id if newer.user_id is not None else queued.user_id
        queued.via = newer.via or queued.via
        queued.waiters.extend(newer.waiters)
        newer.waiters.clear()
        newer.message = None

    def drop_edits(self, message_id: int) -> None:
        """A delete supersedes the message's edits not yet sent (one waiting for the budget
        is settled here and not sent, `sending`)."""
        queued = self.edits.pop(message_id, None)
        if queued is not None:
            if queued in self.items:
                self.items.remove(queued)
            queued.settle(None)

    def _take(self, write: Write) -> None:
        """Out of the queue; an edit still takes newer content until it is sent."""
        self.items.remove(write)
        if write.kind == DM_OPEN and self.opens.get(write.user_id or 0) is write:
            del self.opens[write.user_id or 0]

    def sending(self, write: Write) -> bool:
        """The write goes on the wire now: no newer content joins it. False when it was
        dropped while it waited (a delete, or the clicker's own answer, superseded it)."""
        if write.message_id is not None and self.edits.get(write.message_id) is write:
            del self.edits[write.message_id]
        return write.message is not None or write.kind not in (EDIT, POST)

    def _pick(self) -> tuple[Write, Route | None] | None:
        """The next write and the interaction token that carries it (None: the bot's): by priority then
        age; while the bucket is spent, only a write a token can carry. Writes passed over
        for `PATIENCE` take one slot in `ONE_SLOT_IN`: a busy channel's stream of urgent edits
        (its tables in play) does not starve them, nor do they, piled up, stall it."""
        if len(self.items) == 1:
            # Most lanes (a player's DM channel) hold one write at a time: nothing to order.
            write = self.items[0]
            route = self.outbox.token_route(write)
            if route is not None:
                return write, route
            if self.window.delay() == 0:
                self._passed = 0
                return write, None
            return None
        now = self.outbox.now()
        ordered = sorted(self.items, key=lambda w: (w.priority, w.seq))
        overdue = min(
            (w for w in self.items if now - w.born >= PATIENCE), key=lambda w: w.seq, default=None
        )
        if overdue is not None and self._passed >= ONE_SLOT_IN - 1:
            ordered.remove(overdue)
            ordered.insert(0, overdue)
        free = self.window.delay() == 0
        for write in ordered:
            route = self.outbox.token_route(write)
            if route is not None:
                return write, route
            if free:
                passed = overdue is not None and write is not overdue
                self._passed = self._passed + 1 if passed else 0
                return write, None
        return None

    async def _work(self) -> None:
        while self.items:
            picked = self._pick()
            if picked is None:
                await asyncio.sleep(max(self.window.delay(), 0.01))
                continue
            write, route = picked
            self._take(write)
            await self.outbox.carry(self, write, route)

    def depth(self) -> int:
        return len(self.items)


def _has_view(payload: object) -> bool:
    """A dataclass payload with controls of its own (a `Message`), which `view=None` takes
    off while its text and pictures stay."""
    return (
        dataclasses.is_dataclass(payload)
        and not isinstance(payload, type)
        and any(f.name == "view" for f in dataclasses.fields(payload))
    )
