"""One queue per Discord bucket (a channel and a kind of write), with its own worker: a
slow bucket (a busy channel's edits) never holds up another (a player's DM)."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import TYPE_CHECKING

from bot.outbox.limits import EDIT, Window
from bot.outbox.write import ControlsOff, Write

if TYPE_CHECKING:
    from bot.outbox.outbox import Outbox


#: Seconds a write may be passed over by more urgent ones.
PATIENCE = 5.0


class Lane:
    def __init__(self, outbox: Outbox, kind: str, channel_id: int, window: Window) -> None:
        self.outbox = outbox
        self.kind = kind
        self.channel_id = channel_id
        self.window = window
        self.items: list[Write] = []
        #: Queued (not yet sent) edits by message: a newer edit takes the older one's place.
        self.edits: dict[int, Write] = {}
        self.worker: asyncio.Task[None] | None = None

    def put(self, write: Write) -> None:
        if write.kind == EDIT and write.message_id is not None:
            queued = self.edits.get(write.message_id)
            if queued is not None:
                self._replace(queued, write)
                return
            self.edits[write.message_id] = write
        self.items.append(write)
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work())

    @staticmethod
    def _replace(queued: Write, newer: Write) -> None:
        """Latest state wins: the queued edit now carries the newest content; it keeps its
        place by age and takes the more urgent priority of the two."""
        old = queued.message
        if isinstance(newer.message, ControlsOff) and dataclasses.is_dataclass(old):
            # The queued content stays (a `Message`), without its controls.
            assert old is not None
            old.release()
            queued.message = dataclasses.replace(old, view=None)
        else:
            if queued.message is not None:
                queued.message.release()
            queued.message = newer.message
        queued.priority = min(queued.priority, newer.priority)
        queued.user_id = newer.user_id if newer.user_id is not None else queued.user_id
        queued.waiters.extend(newer.waiters)
        newer.waiters.clear()
        newer.message = None

    def drop_edits(self, message_id: int) -> None:
        """A delete supersedes the message's queued edits."""
        queued = self.edits.pop(message_id, None)
        if queued is not None:
            self.items.remove(queued)
            queued.settle(None)

    def _take(self, write: Write) -> None:
        self.items.remove(write)
        if write.kind == EDIT and write.message_id is not None:
            self.edits.pop(write.message_id, None)

    def _pick(self) -> tuple[Write, bool] | None:
        """The next write and whether it goes by an interaction token: by priority then
        age; while the bucket is spent, only a write a token can carry."""
        now = self.outbox.now()
        ordered = sorted(
            self.items,
            # A write kept waiting past `PATIENCE` goes first whatever its priority: a busy
            # channel's stream of board edits must not starve its other writes.
            key=lambda w: (w.priority if now - w.born < PATIENCE else -1, w.seq),
        )
        free = self.window.delay() == 0
        for write in ordered:
            if self.outbox.token_route(write) is not None:
                return write, True
            if free:
                return write, False
        return None

    async def _work(self) -> None:
        while self.items:
            picked = self._pick()
            if picked is None:
                await asyncio.sleep(max(self.window.delay(), 0.01))
                continue
            write, by_token = picked
            self._take(write)
            await self.outbox.carry(self, write, by_token)

    def depth(self) -> int:
        return len(self.items)
