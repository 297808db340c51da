"""The tables this process holds (the kernel's `Registry`): how a table is read back from
the store, compared by version and rebuilt when another process moved it on."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable

from bot import kernel
from bot.engine import IllegalAction, Match
from bot.engine.actions import Action
from bot.games.errors import GameError
from bot.store.models import TableInPlay

from ._live import LiveTable, auto_counts, resigned_seats
from ._setup import Setup

log = logging.getLogger(__name__)


class Registry(kernel.Registry[int, LiveTable]):
    """Every live table by id, and how each is read back from the store."""

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup.shared)
        self.setup = setup
        self.store = setup.store
        #: Told the id of every table rebuilt from the store (shared store; tournaments).
        self.reload_hooks: list[Callable[[int], Awaitable[None]]] = []

    def not_found(self, key: int) -> GameError:
        return GameError("table-not-found")

    async def fetch(self, key: int) -> LiveTable:
        """A table this process does not hold, from the store (shared store)."""
        record = await self.store.tables.get(key)
        if record is None or record.status not in ("lobby", "playing"):
            raise GameError("table-not-found")
        return LiveTable(record, None, -1)  # -1: `check` rebuilds it under the lock

    async def check(self, live: LiveTable) -> None:
        """Under the table's lock: rebuild it unless the store is at the cached version."""
        table_id = live.record.id
        found = await self.store.tables.version_of(table_id)
        if found is None or found[1] not in ("lobby", "playing"):
            self.drop(live)
            raise GameError("table-not-found")
        if found[0] != live.version:
            await self.reload(live)

    def drop(self, live: LiveTable) -> None:
        self.discard(live.record.id, live)
        live.cancel_timer()

    async def reload(self, live: LiveTable) -> None:
        """Rebuild `live` in place from the store: its record, the match (the snapshot and
        the moves after it, as at a restart) and the turn's deadline."""
        table_id = live.record.id
        record = await self.store.tables.get(table_id)
        if record is not None and record.status == "lobby":
            live.record, live.match, live.version = record, None, record.version
            live.reloaded = True
            return
        item = await self.store.tables.in_play_one(table_id)
        if item is None:
            self.drop(live)
            raise GameError("table-not-found")
        try:
            match = replay(item)
        except (ValueError, IllegalAction, KeyError) as exc:
            log.exception("table %s could not be rebuilt from the store", table_id)
            self.drop(live)
            raise GameError("table-not-found") from exc
        live.cancel_timer()
        live.record, live.match, live.version = item.table, match, item.table.version
        deadline = item.table.turn_deadline
        live.deadline = None if deadline is None else deadline.timestamp()
        live.players.clear()  # computer players start afresh from the rebuilt state
        live.auto_moves = auto_counts(item.table)
        live.auto_saved = dict(live.auto_moves)
        live.resigned = resigned_seats(item.table)
        live.reloaded = True
        for hook in self.reload_hooks:
            await hook(table_id)

    async def refresh(self, live: LiveTable) -> None:
        """The table's record and version as just written."""
        record = await self.store.tables.get(live.record.id)
        if record is not None:
            live.record = record
            live.version = record.version


def replay(item: TableInPlay) -> Match:
    """The match of a playing table: its snapshot and the moves logged after it."""
    record = item.table
    if record.state_json is None:
        raise ValueError(f"table {record.id} has no snapshot")
    match = Match.from_dict(json.loads(record.state_json))
    for move in item.moves:
        if match.round_over and move.round_no > len(match.rounds):
            match.next_round()
        match.apply(Action.from_dict(json.loads(move.action_json)), move.seat)
    for seat_record in record.seats:
        if seat_record.removed and seat_record.seat_no not in match.withdrawn:
            match.withdraw(seat_record.seat_no)
    return match
