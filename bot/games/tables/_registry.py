"""The tables this process holds, each under its lock; on a shared store (several processes)
a cache of the store, compared by version and rebuilt when another process moved it on."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable

from bot.engine import IllegalAction, Match
from bot.engine.actions import Action
from bot.games.errors import GameError
from bot.store.models import TableInPlay

from ._live import LiveTable, auto_counts, resigned_seats
from ._setup import Setup

log = logging.getLogger(__name__)


class Held:
    """`Registry.hold`: a plain class, not a generator, as it is on every click."""

    __slots__ = ("live", "registry", "table_id", "version")

    def __init__(self, registry: Registry, table_id: int, version: int | None) -> None:
        self.registry = registry
        self.table_id = table_id
        self.version = version

    async def __aenter__(self) -> LiveTable:
        registry = self.registry
        shared = registry.setup.shared
        live = registry.live.get(self.table_id)
        if live is None:
            if not shared:
                raise GameError("table-not-found")
            live = await registry.load(self.table_id)
        await live.lock.acquire()
        try:
            # A click made on the version this process holds needs no read: were the store
            # further on, the move's versioned write would refuse it (`Moves.apply`).
            if shared and (self.version is None or self.version != live.version):
                await registry.check(live)
        except BaseException:
            live.lock.release()
            raise
        self.live = live
        return live

    async def __aexit__(self, *exc: object) -> None:
        self.live.lock.release()


class Registry:
    """Every live table by id, and how each is read back from the store."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.store = setup.store
        self.live: dict[int, LiveTable] = {}
        #: Told the id of every table rebuilt from the store (shared store; tournaments).
        self.reload_hooks: list[Callable[[int], Awaitable[None]]] = []

    def get(self, table_id: int) -> LiveTable:
        live = self.live.get(table_id)
        if live is None:
            raise GameError("table-not-found")
        return live

    def hold(self, table_id: int, version: int | None = None) -> Held:
        """The table under its lock, as the store has it now (`async with`). One process
        alone (SQLite) holds every table it serves in memory, so the cache is used as it is
        (no read); on a shared store one cheap read compares versions, and the table is
        rebuilt from the store if another process moved it on or this one never had it.
        With `version` (a click's), a table held at that very version is not read: a move
        then checks the store's version as it is written."""
        return Held(self, table_id, version)

    async def sync(self, table_id: int) -> LiveTable:
        """The table as the store has it now (one process alone: the table in memory)."""
        if not self.setup.shared:
            return self.get(table_id)
        async with self.hold(table_id) as live:
            return live

    async def load(self, table_id: int) -> LiveTable:
        """A table this process does not hold, from the store (shared store)."""
        record = await self.store.tables.get(table_id)
        if record is None or record.status not in ("lobby", "playing"):
            raise GameError("table-not-found")
        live = LiveTable(record, None, -1)  # -1: `check` rebuilds it under the lock
        return self.live.setdefault(table_id, live)

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
        if self.live.get(live.record.id) is live:
            del self.live[live.record.id]
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
