"""A table in memory: the store's record, the engine's match and the bookkeeping around it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from dataclasses import dataclass, field

from bot.engine import Match, RuleSet
from bot.engine.players import Player
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.store.models import Table

MAX_TABLES_PER_PLAYER = 3


class StaleButton(GameError):
    """A click on controls older than the table's state."""


@dataclass(eq=False)
class LiveTable:
    """A table in memory: the store's record, the engine's match and bookkeeping."""

    record: Table
    match: Match | None
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: The match seed to deal from (a duplicate tournament's); random when None.
    seed: int | None = None
    auto_moves: dict[int, int] = field(default_factory=dict)
    #: `auto_moves` as last written to the store (it is written only when it changes).
    auto_saved: dict[int, int] = field(default_factory=dict)
    acted: set[int] = field(default_factory=set)  # users who clicked a move or resigned
    #: Seats that resigned at three or four seats and play on automatically (the store's
    #: `seats.resigned`, so a restart still tells them from seats removed for being away).
    resigned: set[int] = field(default_factory=set)
    players: dict[int, Player] = field(default_factory=dict)  # computer (or removed) seats
    deadline: float | None = None  # wall-clock seconds
    timer: asyncio.Task[None] | None = None
    queue: asyncio.Queue[TableUpdate] = field(default_factory=asyncio.Queue)
    worker: asyncio.Task[None] | None = None
    #: Rebuilt from the store (another process changed it): the next update says so, so
    #: the Discord side reads the table's message ids afresh.
    reloaded: bool = False
    #: Rebuilt at a restart: its next update says so (`TableUpdate.restored`).
    restored: bool = False

    @functools.cached_property
    def rules(self) -> RuleSet:
        # A table's rules never change, so they are parsed once.
        return RuleSet.from_dict(json.loads(self.record.rules_json))

    def seat_no(self, user_id: int) -> int:
        seat = self.record.seat_of(user_id)
        if seat is None:
            raise GameError("table-not-seated")
        return seat.seat_no

    def is_auto(self, seat: int) -> bool:
        """The seat is played by the bot: a computer's, or removed (withdrawn) for absence."""
        if self.match is not None and seat in self.match.withdrawn:
            return True  # removed, though the record may not say so yet (`remove_seat`)
        record = next((s for s in self.record.seats if s.seat_no == seat), None)
        return record is None or record.computer_level is not None or record.removed

    def cancel_timer(self) -> None:
        if self.timer is not None and self.timer is not asyncio.current_task():
            self.timer.cancel()
        self.timer = None

    async def stop_tasks(self) -> None:
        for task in (self.timer, self.worker):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self.timer = self.worker = None


def auto_counts(record: Table) -> dict[int, int]:
    """The seats' automatic turns in a row as the store has them."""
    if not record.auto_json:
        return {}
    return {int(seat): int(n) for seat, n in json.loads(record.auto_json).items()}


def resigned_seats(record: Table) -> set[int]:
    return {s.seat_no for s in record.seats if s.removed and s.resigned}
