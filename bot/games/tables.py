"""The table service: live matches, moves committed before anyone hears of them, timers,
computer seats, rounds and match ends. No Discord types: it returns `TableUpdate`s and
hands them, in order per table, to an observer (the Discord side).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot.engine import IllegalAction, Match, RuleSet
from bot.engine.actions import DRAW_STOCK, Action
from bot.engine.players import BaselinePlayer, Player, auto_move
from bot.engine.players.seeds import player_seed
from bot.engine.round import Round
from bot.games.errors import GameError, MoveRefused
from bot.games.model import MatchSummary, PublicRound, SeatInfo, TableState, TableUpdate
from bot.games.presets import check_seats, make_rules
from bot.i18n import said
from bot.store.errors import NotFound, StaleVersion, WrongStatus
from bot.store.models import (
    Deal,
    EndedBy,
    MatchLine,
    NewSeat,
    NextTimer,
    RatingUpdate,
    Table,
    TableInPlay,
    TableSpec,
    Timer,
)
from bot.store.repositories import Storage

if TYPE_CHECKING:
    from bot.rating_service import RatingService

log = logging.getLogger(__name__)

Observer = Callable[[TableUpdate], Awaitable[None]]
PlayerFactory = Callable[[str, int], Player]
#: ``check(table_id, acted)`` is True when a match ended early was never really played
#: (e.g. a tournament no-show); ``acted`` holds who clicked a move or resigned there.
UnplayedCheck = Callable[[int, frozenset[int]], bool]

MAX_TABLES_PER_PLAYER = 3


class StaleButton(GameError):
    """A click on controls older than the table's state."""


@dataclass(frozen=True, slots=True)
class Timing:
    """Pauses and timers (seconds). Tests set them short or to zero."""

    turn: float = 180.0
    reminder: float = 60.0  # remind this long before the turn runs out
    round_pause: float = 5.0
    computer_delay: float = 1.5
    #: Automatic moves in a row after which a player is removed for being away.
    max_auto_moves: int = 2
    #: Shared store only (several processes, docs/deploy.md "Timers"): how often a process
    #: looks for due timers, how long a claimed timer is its own (a dead process's timers
    #: are taken over after this), and how often tables left without a timer are looked for.
    poll: float = 0.25
    lease: float = 30.0
    sweep: float = 15.0


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


class _Held:
    """`TableService._hold`: a plain class, not a generator, as it is on every click."""

    __slots__ = ("live", "service", "table_id", "version")

    def __init__(self, service: TableService, table_id: int, version: int | None) -> None:
        self.service = service
        self.table_id = table_id
        self.version = version

    async def __aenter__(self) -> LiveTable:
        service = self.service
        live = service._live.get(self.table_id)
        if live is None:
            if not service.shared:
                raise GameError("table-not-found")
            live = await service._load(self.table_id)
        await live.lock.acquire()
        try:
            # A click made on the version this process holds needs no read: were the store
            # further on, the move's versioned write would refuse it (`_apply`).
            if service.shared and (self.version is None or self.version != live.version):
                await service._sync(live)
        except BaseException:
            live.lock.release()
            raise
        self.live = live
        return live

    async def __aexit__(self, *exc: object) -> None:
        self.live.lock.release()


def _auto_counts(record: Table) -> dict[int, int]:
    """The seats' automatic turns in a row as the store has them."""
    if not record.auto_json:
        return {}
    return {int(seat): int(n) for seat, n in json.loads(record.auto_json).items()}


def _resigned(record: Table) -> set[int]:
    return {s.seat_no for s in record.seats if s.removed and s.resigned}


def computer_name(level: str) -> str:
    """A computer opponent's name, saying how strong it plays."""
    return f"Computer ({level})"


class TableService:
    """Every table in play, kept in memory and mirrored, move by move, in the store.

    On a shared store (several processes, `Storage.shared`) the memory is a cache: every
    change first compares the table's version with the store's and rebuilds the table from
    the store when another process moved it on, and the timers live in the store
    (`store.timers`), fired by whichever process claims them first."""

    def __init__(
        self,
        store: Storage,
        *,
        timing: Timing | None = None,
        make_player: PlayerFactory | None = None,
        ratings: RatingService | None = None,
        shared: bool | None = None,
        clock: Callable[[], float] = time.time,
        role: str | None = None,
    ) -> None:
        self.store = store
        #: Several processes share the store (default: what the store says).
        self.shared = bool(getattr(store, "shared", False)) if shared is None else shared
        #: Wall-clock seconds for the shared timers (tests move it).
        self.clock = clock
        #: This process's place among the bot's processes, the same across its restarts (its
        #: shards, `Settings.process_role`); None: unknown (no predecessor is recognised).
        self.role = role
        #: This process's name on the timers it arms and claims: ``<role>@host:pid:random``,
        #: so a restarted process finds what its predecessor left (`recover`).
        here = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.owner = here if role is None else f"{role}@{here}"
        self._timer_loop: asyncio.Task[None] | None = None
        self._next_sweep = 0.0
        #: Rates a finished match in its own `finish_match` transaction (None: no ratings).
        self.ratings = ratings
        self.timing = timing or Timing()
        self._make_player = make_player or (lambda level, seed: BaselinePlayer())
        #: Where the deal of a new match comes from (tests set a fixed sequence).
        self.deal_seed: Callable[[], int] = lambda: secrets.randbits(62)
        self._live: dict[int, LiveTable] = {}
        self._observers: list[Observer] = []
        self._unplayed: list[UnplayedCheck] = []
        self._workers: set[asyncio.Task[None]] = set()
        self._closing = False
        #: Timer kinds other than "table" and who fires them (shared store; tournaments).
        self._timer_handlers: dict[str, Callable[[Timer], Awaitable[None]]] = {}
        #: Told the id of every table rebuilt from the store (shared store; tournaments).
        self._reload_hooks: list[Callable[[int], Awaitable[None]]] = []
        #: Awaited by `wait_idle` after the observers: what they queued in turn (the outbox).
        self.settle: list[Callable[[], Awaitable[None]]] = []

    # ----- wiring -------------------------------------------------------------------

    def subscribe(self, observer: Observer, *, first: bool = False) -> None:
        """`observer(update)` is awaited for every update, in order per table (`first`:
        before the observers already there)."""
        self._observers.insert(0 if first else len(self._observers), observer)

    def unsubscribe(self, observer: Observer) -> None:
        """Stop telling `observer` (a cog being unloaded); unknown observers are ignored."""
        with contextlib.suppress(ValueError):
            self._observers.remove(observer)

    def add_timer_handler(self, kind: str, handler: Callable[[Timer], Awaitable[None]]) -> None:
        """`handler(timer)` fires the claimed store timers of `kind` (shared store)."""
        self._timer_handlers[kind] = handler

    def add_reload_hook(self, hook: Callable[[int], Awaitable[None]]) -> None:
        """`hook(table_id)` is awaited, under the table's lock, after every rebuild of a
        table from the store (shared store); it must not take locks nor raise."""
        self._reload_hooks.append(hook)

    def add_unplayed_check(self, check: UnplayedCheck) -> None:
        """A match that ends other than by score, and that a check calls unplayed, ends as
        a ``forfeit``: it is kept in the history but not in stats, ratings or achievements."""
        self._unplayed.append(check)

    async def close(self) -> None:
        self._closing = True
        loop, self._timer_loop = self._timer_loop, None
        if loop is not None:
            loop.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await loop
        for live in list(self._live.values()):
            await self._stop_tasks(live)

    async def _stop_tasks(self, live: LiveTable) -> None:
        for task in (live.timer, live.worker):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        live.timer = live.worker = None

    def _emit(self, live: LiveTable, update: TableUpdate) -> None:
        live.queue.put_nowait(update)
        if live.worker is None or live.worker.done():
            live.worker = asyncio.create_task(self._drain(live))
            self._workers.add(live.worker)
            live.worker.add_done_callback(self._workers.discard)

    async def _drain(self, live: LiveTable) -> None:
        while not live.queue.empty():
            update = live.queue.get_nowait()
            for observer in self._observers:
                try:
                    await observer(update)
                except Exception:  # a failed DM or edit must never break the game
                    log.exception("observer failed on %s of table %s", update.kind, live.record.id)

    async def wait_idle(self) -> None:
        """Wait until every queued update has been delivered (tests, shutdown), finished
        tables' last updates included."""
        while True:
            while self._workers:
                await asyncio.gather(*list(self._workers), return_exceptions=True)
            for settled in self.settle:
                await settled()
            if not self._workers:  # nothing new came while the observers' writes went out
                return

    # ----- lookups ------------------------------------------------------------------

    def live_ids(self) -> list[int]:
        """The ids of the tables held in memory (in the lobby or playing), oldest first."""
        return sorted(self._live)

    def find(self, table_id: int) -> LiveTable | None:
        """The live table, or None once it is finished or gone."""
        return self._live.get(table_id)

    def get(self, table_id: int) -> LiveTable:
        live = self._live.get(table_id)
        if live is None:
            raise GameError("table-not-found")
        return live

    async def ended(self, table_id: int) -> bool:
        """Whether the table's match is over (finished or called off), for a click on one of
        its old controls: told so, not that the table is missing."""
        record = await self.store.tables.get(table_id)
        return record is not None and record.status in ("finished", "abandoned")

    def tables_of(self, user_id: int) -> list[LiveTable]:
        return [
            live
            for live in self._live.values()
            if (seat := live.record.seat_of(user_id)) is not None and not seat.removed
        ]

    def playing_tables_of(self, user_id: int) -> list[LiveTable]:
        return [t for t in self.tables_of(user_id) if t.record.status == "playing"]

    async def playing_tables_for(self, user_id: int) -> list[LiveTable]:
        """The player's tables in play, oldest first: those in memory for one process alone
        (no read); on a shared store the store's list, each table as the store has it now
        (another process may hold the player's tables)."""
        if not self.shared:
            return self.playing_tables_of(user_id)
        found = []
        for record in await self.store.tables.active_for(user_id):
            if record.status != "playing":
                continue
            with contextlib.suppress(GameError):  # ended meanwhile
                found.append(await self.sync(record.id))
        return [t for t in found if t.record.status == "playing"]

    def state(self, live: LiveTable) -> TableState:
        record = live.record
        match = live.match
        public = None
        previous = None
        scores: tuple[int, ...] = tuple(0 for _ in record.seats)
        if match is not None:
            public = PublicRound.of(match.round.view(0), len(match.rounds))
            scores = match.scores
            done = [r for r in match.rounds[:-1] if r.result is not None]
            previous = done[-1].result if done else None
        return TableState(
            table_id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            message_id=record.message_id,
            host_id=record.host_id,
            status=record.status,
            rules=live.rules,
            target=record.target,
            seat_count=record.seat_count,
            seats=tuple(
                SeatInfo(
                    s.seat_no,
                    s.user_id,
                    s.display_name,
                    s.computer_level,
                    s.removed,
                    resigned=s.seat_no in live.resigned,
                )
                for s in record.seats
            ),
            version=live.version,
            scores=scores,
            public=public,
            turn_deadline_ts=live.deadline,
            auto=frozenset(seat for seat, misses in live.auto_moves.items() if misses),
            previous=previous,
            match_over=match is not None and match.over,
            breakdown=match.breakdown if match is not None and match.over else None,
        )

    def views(self, live: LiveTable) -> dict[int, object]:
        """Each human seat's own view of the round in play."""
        if live.match is None:
            return {}
        rnd = live.match.round
        return {
            s.seat_no: rnd.view(s.seat_no)
            for s in live.record.seats
            if s.user_id is not None and not s.removed
        }

    def update(self, live: LiveTable, kind: str, **extra: object) -> TableUpdate:
        reloaded, live.reloaded = live.reloaded, False
        restored, live.restored = live.restored, False
        flags = {"reloaded": reloaded, "restored": restored}
        return TableUpdate(kind, self.state(live), self.views(live), **flags, **extra)  # type: ignore[arg-type]

    def hand(self, table_id: int, user_id: int) -> TableUpdate:
        """The state of `user_id`'s table with only their own view (for `/gin hand`)."""
        live = self.get(table_id)
        seat = live.seat_no(user_id)
        if live.match is None:
            raise GameError("table-not-started")
        return TableUpdate(
            "hand", self.state(live), {seat: live.match.round.view(seat)}, actor=user_id
        )

    # ----- the store as the truth (several processes) -----------------------------------

    def _hold(self, table_id: int, version: int | None = None) -> _Held:
        """The table under its lock, as the store has it now (`async with`). One process
        alone (SQLite) holds every table it serves in memory, so the cache is used as it is
        (no read); on a shared store one cheap read compares versions, and the table is
        rebuilt from the store if another process moved it on or this one never had it.
        With `version` (a click's), a table held at that very version is not read: a move
        then checks the store's version as it is written."""
        return _Held(self, table_id, version)

    async def sync(self, table_id: int) -> LiveTable:
        """The table as the store has it now (for a read such as `/gin hand` on a shared
        store; one process alone: the table in memory, no read)."""
        if not self.shared:
            return self.get(table_id)
        async with self._hold(table_id) as live:
            return live

    async def _load(self, table_id: int) -> LiveTable:
        """A table this process does not hold, from the store (shared store)."""
        record = await self.store.tables.get(table_id)
        if record is None or record.status not in ("lobby", "playing"):
            raise GameError("table-not-found")
        live = LiveTable(record, None, -1)  # -1: `_sync` rebuilds it under the lock
        return self._live.setdefault(table_id, live)

    async def _sync(self, live: LiveTable) -> None:
        """Under the table's lock: rebuild it unless the store is at the cached version."""
        table_id = live.record.id
        found = await self.store.tables.version_of(table_id)
        if found is None or found[1] not in ("lobby", "playing"):
            self._drop(live)
            raise GameError("table-not-found")
        if found[0] != live.version:
            await self._reload(live)

    def _drop(self, live: LiveTable) -> None:
        if self._live.get(live.record.id) is live:
            del self._live[live.record.id]
        self._cancel_timer(live)

    async def _reload(self, live: LiveTable) -> None:
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
            self._drop(live)
            raise GameError("table-not-found")
        try:
            match = self._replay(item)
        except (ValueError, IllegalAction, KeyError) as exc:
            log.exception("table %s could not be rebuilt from the store", table_id)
            self._drop(live)
            raise GameError("table-not-found") from exc
        self._cancel_timer(live)
        live.record, live.match, live.version = item.table, match, item.table.version
        deadline = item.table.turn_deadline
        live.deadline = None if deadline is None else deadline.timestamp()
        live.players.clear()  # computer players start afresh from the rebuilt state
        live.auto_moves = _auto_counts(item.table)
        live.auto_saved = dict(live.auto_moves)
        live.resigned = _resigned(item.table)
        live.reloaded = True
        for hook in self._reload_hooks:
            await hook(table_id)

    @staticmethod
    def _replay(item: TableInPlay) -> Match:
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

    # ----- lobby --------------------------------------------------------------------

    async def _refresh(self, live: LiveTable) -> None:
        record = await self.store.tables.get(live.record.id)
        if record is not None:
            live.record = record
            live.version = record.version

    async def check_capacity(self, user_id: int) -> None:
        count = await self.store.tables.count_active(user_id)
        if count >= MAX_TABLES_PER_PLAYER:
            raise GameError("table-too-many", count=MAX_TABLES_PER_PLAYER)

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: tuple[int, str],
        rules: RuleSet,
        seats: int,
        seated: tuple[tuple[int | None, str, str | None], ...] = (),
        seed: int | None = None,
    ) -> LiveTable:
        """A new table in the lobby; `seated` fills seats now (user id, name, computer level)."""
        check_seats(rules, seats)
        await self.check_capacity(host[0])
        spec = TableSpec(
            guild_id=guild_id,
            channel_id=channel_id,
            rules=rules.name,
            rules_json=json.dumps(rules.to_dict()),
            target=rules.target,
            seat_count=seats,
            seats=tuple(
                NewSeat(name, user_id=uid, computer_level=level) for uid, name, level in seated
            )
            or (NewSeat(host[1], user_id=host[0]),),
            host_id=host[0],
        )
        record = await self.store.tables.create(spec)
        live = LiveTable(record, None, record.version, seed=seed)
        self._live[record.id] = live
        return live

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: tuple[int, str],
        preset: str | None,
        target: int | None,
        seats: int,
    ) -> TableState:
        """`/gin table`: a new table in the lobby with the host seated."""
        rules = make_rules(preset, target, seats)
        await self.store.players.upsert(*host)
        live = await self.open_table(
            guild_id=guild_id, channel_id=channel_id, host=host, rules=rules, seats=seats
        )
        return self.state(live)

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        """Remember the lobby's public message (its controls are edited as players join)."""
        await self.store.tables.set_message(table_id, message_id)
        live = self._live.get(table_id)
        if live is not None:
            live.record = await self.store.tables.get(table_id) or live.record

    async def play_computer(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player: tuple[int, str],
        level: str,
        preset: str | None = None,
        target: int | None = None,
        rules: RuleSet | None = None,
        name: str | None = None,
    ) -> TableUpdate:
        """`/gin computer` and a rematch against one: a two-seat match, started at once
        (`rules` as stored for a rematch, else the `preset` and `target` asked for)."""
        rules = rules or make_rules(preset, target)
        await self.store.players.upsert(*player)
        live = await self.open_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host=player,
            rules=rules,
            seats=2,
            seated=((player[0], player[1], None), (None, name or computer_name(level), level)),
        )
        return await self.start(live.record.id, player[0])

    async def adopt_and_start(self, record: Table, *, seed: int | None = None) -> TableUpdate:
        """Start a table the store just created full (an accepted challenge, a tournament
        pairing). `seed` fixes the deals (duplicate tournaments); random otherwise."""
        live = LiveTable(record, None, record.version, seed=seed)
        self._live[record.id] = live
        async with live.lock:
            return await self._start(live, actor=None)

    async def join(self, table_id: int, user_id: int, name: str) -> TableUpdate:
        if not self.shared:
            self.get(table_id)
        await self.store.players.upsert(user_id, name)
        async with self._hold(table_id) as live:
            if live.record.status != "lobby":
                raise GameError("table-started")
            if live.record.seat_of(user_id) is not None:
                raise GameError("table-already-seated")
            if len(live.record.seats) >= live.record.seat_count:
                raise GameError("table-full")
            await self.check_capacity(user_id)
            live.record = await self.store.tables.join(table_id, NewSeat(name, user_id=user_id))
            live.version = live.record.version
            update = self.update(live, "lobby", actor=user_id)
            if len(live.record.seats) == live.record.seat_count:
                return await self._start(live, actor=user_id)
            return update

    def check_add_computer(self, table_id: int, user_id: int) -> None:
        """Refuse (GameError) unless `user_id` may seat a computer at the table now."""
        live = self.get(table_id)
        if live.record.host_id != user_id:
            raise GameError("table-host-adds-computer")
        if live.record.status != "lobby":
            raise GameError("table-started")
        if len(live.record.seats) >= live.record.seat_count:
            raise GameError("table-full")

    async def add_computer(
        self, table_id: int, user_id: int, level: str = "normal", name: str | None = None
    ) -> TableUpdate:
        """The host seats a computer player ("Computer 2 (hard)" for a second one, by default)."""
        async with self._hold(table_id) as live:
            if name is None:
                n = 1 + sum(1 for s in live.record.seats if s.computer_level)
                name = f"Computer {n} ({level})"
            self.check_add_computer(table_id, user_id)
            live.record = await self.store.tables.join(
                table_id, NewSeat(name, computer_level=level)
            )
            live.version = live.record.version
            if len(live.record.seats) == live.record.seat_count:
                return await self._start(live, actor=user_id)
            return self.update(live, "lobby", actor=user_id)

    async def leave(self, table_id: int, user_id: int) -> TableUpdate:
        async with self._hold(table_id) as live:
            if live.record.status != "lobby":
                raise GameError("table-leave-started")
            if live.record.seat_of(user_id) is None:
                raise GameError("table-not-at")
            if user_id == live.record.host_id or len(live.record.seats) == 1:
                await self.store.tables.abandon(table_id)
                await self._refresh(live)
                self._live.pop(table_id, None)
                return self.update(live, "closed", actor=user_id, note=said("table-host-closed"))
            live.record = await self.store.tables.leave(table_id, user_id)
            live.version = live.record.version
            return self.update(live, "lobby", actor=user_id)

    async def start(self, table_id: int, user_id: int) -> TableUpdate:
        async with self._hold(table_id) as live:
            if live.record.host_id != user_id:
                raise GameError("table-host-starts")
            if live.record.status != "lobby":
                raise GameError("table-started")
            rules = live.rules
            if len(live.record.seats) < max(2, rules.min_players):
                raise GameError("table-two-needed")
            return await self._start(live, actor=user_id)

    async def _start(self, live: LiveTable, *, actor: int | None) -> TableUpdate:
        rules = live.rules
        seats = len(live.record.seats)
        check_seats(rules, seats)
        seed = live.seed if live.seed is not None else self.deal_seed()
        match = Match(rules, seats, seed)
        deadline = self._next_deadline(live, match)
        timer = self._timer_with(live, match.round, deadline)
        # One transaction: the start, the first deal and (shared store) the first timer.
        version = await self.store.tables.start(
            live.record.id,
            live.version,
            json.dumps(match.to_dict()),
            turn_deadline=deadline,
            first_round=Deal(match.round.seed, match.round.dealer),
            timer=timer,
        )
        await self._refresh(live)
        live.match = match
        live.version = version
        live.deadline = None if deadline is None else deadline.timestamp()
        update = self.update(live, "round_start", actor=None)
        self._emit(live, update)
        await self._schedule(live, arm=timer is None)
        return update

    # ----- play ---------------------------------------------------------------------

    async def act(
        self, table_id: int, user_id: int, action: Action, version: int | None
    ) -> TableUpdate:
        """A player's move. Checked against the seat, the version and the engine, committed
        to the store, then returned (and queued for everyone else)."""
        async with self._hold(table_id, version) as live:
            seat = live.seat_no(user_id)
            if live.match is None or live.record.status != "playing":
                raise GameError("table-not-found")
            if version is not None and version != live.version:
                raise StaleButton("table-stale")
            # The player is back: their move is not shown as an automatic one.
            misses, live.auto_moves[seat] = live.auto_moves.get(seat, 0), 0
            try:
                return await self._apply(live, seat, action, actor=user_id)
            except IllegalAction as exc:
                live.auto_moves[seat] = misses
                # The engine's code and values; the words come from the catalog.
                raise MoveRefused(exc) from exc
            except Exception:
                live.auto_moves[seat] = misses
                raise

    def chat(self, table_id: int, speaker_id: int, line: str, recipients: frozenset[int]) -> None:
        """A chat line or reaction at a table, shown to `recipients` in their hand messages
        (queued in order with the table's other updates)."""
        live = self.get(table_id)
        seat = live.seat_no(speaker_id)
        self._emit(live, self.update(live, "chat", note=line, seat=seat, recipients=recipients))

    async def _apply(
        self, live: LiveTable, seat: int, action: Action, *, actor: int | None
    ) -> TableUpdate:
        match = live.match
        assert match is not None
        if match.round_over:
            raise IllegalAction("round-over-next-soon")
        trial: Round = match.round.copy()
        trial.apply(action, seat)  # IllegalAction with a readable message, nothing changed
        result = trial.result
        round_no = len(match.rounds)
        if trial.over:
            deadline = None
        elif trial.to_move == seat and live.deadline is not None:
            deadline = datetime.fromtimestamp(live.deadline, UTC)  # same turn, same clock
        else:
            deadline = self._deadline_for(live, trial)
        auto = {s: n for s, n in live.auto_moves.items() if n}
        timer = self._timer_with(live, trial, deadline)
        try:
            version = await self.store.tables.apply_move(
                live.record.id,
                live.version,
                round_no,
                seat,
                json.dumps(action.to_dict()),
                turn_deadline=deadline,
                round_result_json=None if result is None else json.dumps(result.to_dict()),
                # Who is being played automatically, for whichever process rebuilds the table.
                auto_json=None if auto == live.auto_saved else json.dumps(auto),
                timer=timer,
            )
        except (StaleVersion, WrongStatus, NotFound) as exc:
            if self.shared:  # another process moved or ended it: take the table as it is now
                await self._reload(live)
            elif isinstance(exc, StaleVersion):
                await self._refresh(live)
            else:
                raise
            raise StaleButton("table-stale") from exc
        match.apply(action, seat)
        live.auto_saved = auto
        if actor is not None:  # a person's own click, not an automatic move
            live.acted.add(actor)
        live.version = version
        live.deadline = None if deadline is None else deadline.timestamp()
        kind = "round_over" if match.round_over else "move"
        update = self.update(live, kind, actor=actor)
        self._emit(live, update)
        if match.round_over:
            await self._after_round(live, arm=timer is None)
        else:
            await self._schedule(live, arm=timer is None)
        return update

    async def resign(self, table_id: int, user_id: int) -> TableUpdate:
        """At two seats the opponent wins now; at three or four the seat leaves the match
        (played on automatically, as an away player is) and the others play on."""
        async with self._hold(table_id) as live:
            seat = live.seat_no(user_id)
            if live.record.status != "playing" or live.match is None:
                raise GameError("match-not-in-play")
            if live.record.seats[seat].removed:
                raise GameError("match-already-left")
            live.acted.add(user_id)
            if live.match.seats > 2:
                update = await self._withdraw(live, seat, resigned=True, actor=user_id)
                assert update is not None  # a resignation raises StaleButton instead
                return update
            live.match.forfeit(seat)
            return await self._finish(live, ended_by="resign", loser=seat, actor=user_id)

    async def abandon(self, table_id: int, note: str) -> TableUpdate:
        """End a match that is not to count at all (a tournament no-show): no history, no
        stats, no rating. The table shows ``note``."""
        async with self._hold(table_id) as live:
            if live.record.status != "playing" or self._live.get(table_id) is not live:
                raise GameError("match-not-in-play")
            self._cancel_timer(live)
            await self.store.tables.abandon(table_id, live.version)
            await self._refresh(live)
            self._live.pop(table_id, None)
            update = self.update(live, "closed", note=note)
            self._emit(live, update)
            return update

    # ----- rounds and match end ------------------------------------------------------

    async def _after_round(self, live: LiveTable, *, arm: bool = True) -> None:
        """The pause before the next round (`arm` False: its timer is in the store already,
        committed with the move that ended the round)."""
        match = live.match
        assert match is not None
        self._cancel_timer(live)
        if self.shared:
            nxt = self._next_timer(live, match.round, live.deadline)
            if arm and nxt is not None:
                await self._arm(live, *nxt)
            return
        live.timer = asyncio.create_task(self._round_break(live))

    async def _round_break(self, live: LiveTable) -> None:
        await asyncio.sleep(self.timing.round_pause)
        async with live.lock:
            live.timer = None
            await self._next_round(live)

    async def _next_round(self, live: LiveTable) -> None:
        """The pause after a round is over: deal the next one, or end the match."""
        match = live.match
        if match is None or live.record.status != "playing" or not match.round_over:
            return
        if match.over:
            await self._finish(live, ended_by="score", loser=None, actor=None)
            return
        # Deal on a copy: the new round becomes visible only once it is committed.
        dealt = Match.from_dict(match.to_dict())
        dealt.next_round()
        deadline = self._next_deadline(live, dealt)
        timer = self._timer_with(live, dealt.round, deadline)
        version = await self.store.tables.start_round(
            live.record.id,
            live.version,
            len(dealt.rounds),
            dealt.round.seed,
            dealt.round.dealer,
            json.dumps(dealt.to_dict()),
            turn_deadline=deadline,
            timer=timer,
        )
        # The new round becomes visible together with its update (no await between).
        await self._refresh(live)
        live.match, live.version = dealt, version
        live.deadline = None if deadline is None else deadline.timestamp()
        self._emit(live, self.update(live, "round_start"))
        await self._schedule(live, arm=timer is None)

    async def _finish(
        self, live: LiveTable, *, ended_by: EndedBy, loser: int | None, actor: int | None
    ) -> TableUpdate:
        match = live.match
        assert match is not None
        self._cancel_timer(live)
        winner = match.winner
        acted = frozenset(live.acted)
        if ended_by != "score" and any(check(live.record.id, acted) for check in self._unplayed):
            ended_by = "forfeit"
        lines = self._lines(live, match, ended_by, loser)
        players = [s.user_id for s in live.record.seats]
        rater = self.ratings
        if rater is not None and rater.is_rated(live.record.id, ended_by, players, winner, acted):
            # Rated: two people (is_rated), so both ids are there.
            assert winner is not None
            won, lost = players[winner], players[1 - winner]
            assert won is not None and lost is not None
            async with rater.turn():
                rated, updates = await rater.plan(live.record.id, live.record.guild_id, won, lost)
                live.version = await self._finish_in_store(live, match, ended_by, lines, updates)
            rater.done(rated)
        else:
            live.version = await self._finish_in_store(live, match, ended_by, lines, [])
        await self._refresh(live)
        breakdown = match.breakdown
        summary = MatchSummary(
            totals=match.scores,
            winner=winner,
            ended_by=ended_by,
            rounds_won=match.rounds_won,
            draws=match.draws,
            scoring=live.rules.scoring,
            breakdown=breakdown if breakdown.seats else None,
            loser=loser,
            removed=match.withdrawn,
            resigned=frozenset(live.resigned),
            tie_break=match.tie_break,
        )
        update = self.update(live, "match_over", actor=actor, summary=summary)
        self._emit(live, update)
        self._live.pop(live.record.id, None)
        return update

    async def _finish_in_store(
        self,
        live: LiveTable,
        match: Match,
        ended_by: EndedBy,
        lines: dict[int, MatchLine],
        ratings: list[RatingUpdate],
    ) -> int:
        """One transaction: the table finished, its history, stats and new ratings."""
        return await self.store.tables.finish_match(
            live.record.id,
            live.version,
            winner_seat=match.winner,
            ended_by=ended_by,
            lines=lines,
            state_json=json.dumps(match.to_dict()),
            ratings=ratings,
        )

    def _lines(
        self, live: LiveTable, match: Match, ended_by: str, loser: int | None
    ) -> dict[int, MatchLine]:
        totals = match.scores  # the final score, bonuses included
        winner = match.winner
        out = match.withdrawn
        penalty = live.rules.scoring == "penalty"
        counts: dict[int, dict[str, int]] = {
            s: {
                "rounds_played": 0,
                "rounds_won": 0,
                "gins": 0,
                "big_gins": 0,
                "knocks": 0,
                "undercuts_made": 0,
                "undercuts_suffered": 0,
                "points_for": 0,
                "points_against": 0,
            }
            for s in range(match.seats)
        }
        for result in match.results:
            for s in range(match.seats):
                counts[s]["rounds_played"] += 1
            if result.winner is None:
                continue
            counts[result.winner]["rounds_won"] += 1
            knocker = result.knocker
            if result.kind == "gin" and knocker is not None:
                counts[knocker]["gins"] += 1
            elif result.kind == "big_gin" and knocker is not None:
                counts[knocker]["big_gins"] += 1
            elif result.kind == "knock" and knocker is not None:
                counts[knocker]["knocks"] += 1
            elif result.kind == "undercut" and knocker is not None:
                counts[knocker]["knocks"] += 1
                counts[knocker]["undercuts_suffered"] += 1
                counts[result.winner]["undercuts_made"] += 1
            for s, pts in enumerate(result.points):
                if penalty:
                    counts[s]["points_against"] += pts
                else:
                    counts[s]["points_for"] += pts
                    for other in range(match.seats):
                        if other != s:
                            counts[other]["points_against"] += pts
        shutout = (
            not penalty
            and winner is not None
            and match.draws == 0
            and all(r.winner == winner for r in match.results)
            and ended_by == "score"
        )
        return {
            s.seat_no: MatchLine(
                won=s.seat_no == winner,
                score=totals[s.seat_no],
                resigned=(ended_by == "resign" and s.seat_no == loser)
                or s.seat_no in live.resigned,
                forfeited=(ended_by in ("timeout", "forfeit") and s.seat_no == loser)
                or (s.seat_no in out and s.seat_no not in live.resigned),
                shutout=shutout and s.seat_no == winner,
                **counts[s.seat_no],
            )
            # Every seat, computers' too: the history shows each seat's final score.
            for s in live.record.seats
        }

    # ----- timers and computer seats ---------------------------------------------------

    def _deadline_for(self, live: LiveTable, rnd: Round) -> datetime | None:
        seat = rnd.to_move
        if seat is None or self._is_auto(live, seat):
            return None
        return datetime.fromtimestamp(self.clock() + self.timing.turn, UTC)

    def _next_deadline(self, live: LiveTable, match: Match) -> datetime | None:
        return self._deadline_for(live, match.round)

    def _is_auto(self, live: LiveTable, seat: int) -> bool:
        """The seat is played by the bot: a computer's, or removed (withdrawn) for absence."""
        if live.match is not None and seat in live.match.withdrawn:
            return True  # removed, though the record may not say so yet (`remove_seat`)
        record = next((s for s in live.record.seats if s.seat_no == seat), None)
        return record is None or record.computer_level is not None or record.removed

    def _cancel_timer(self, live: LiveTable) -> None:
        if live.timer is not None and live.timer is not asyncio.current_task():
            live.timer.cancel()
        live.timer = None

    def _next_timer(
        self, live: LiveTable, rnd: Round, deadline: float | None
    ) -> tuple[str, float] | None:
        """What a shared store's timer for the table is to do next, and when (wall-clock
        seconds), with `rnd` the round as it stands and `deadline` the turn's: the next
        round after a pause, a computer's move, the reminder, or the turn running out.
        None: nothing to arm. One rule for `_schedule`, `_after_round` and a move's commit."""
        if rnd.over:
            return "round", self.clock() + self.timing.round_pause
        seat = rnd.to_move
        if self._closing or seat is None:
            return None
        if self._is_auto(live, seat):
            return "computer", self.clock() + self.timing.computer_delay
        if deadline is None:
            deadline = self.clock() + self.timing.turn
        remind_at = deadline - self.timing.reminder
        if remind_at > self.clock():
            return "reminder", remind_at
        return "turn", deadline

    def _timer_with(
        self, live: LiveTable, rnd: Round, deadline: datetime | None
    ) -> NextTimer | None:
        """On a shared store, the table's next timer (`_next_timer`) to commit with the
        change about to be written (a move, a start, a deal, a removal), in this process's
        name: a process killed right after the commit leaves the timer its restart finds
        (`recover`). None on one process alone, or when nothing is to be armed."""
        if not self.shared:
            return None
        nxt = self._next_timer(live, rnd, None if deadline is None else deadline.timestamp())
        if nxt is None:
            return None
        what, due = nxt
        return NextTimer(
            what, datetime.fromtimestamp(due, UTC), for_owner=self.owner, grace=self.timing.lease
        )

    async def _schedule(self, live: LiveTable, *, arm: bool = True) -> None:
        """Arm what happens next without a click: a computer's move or the turn timer
        (a task of this process; on a shared store, a timer in the store, unless `arm` is
        False: committed with the move already)."""
        self._cancel_timer(live)
        if self._closing or live.match is None or live.match.round_over:
            return
        seat = live.match.round.to_move
        if seat is None:
            return
        auto = self._is_auto(live, seat)
        if auto:
            live.deadline = None
        elif live.deadline is None:
            live.deadline = self.clock() + self.timing.turn
        if self.shared:
            nxt = self._next_timer(live, live.match.round, live.deadline)
            if arm and nxt is not None:
                await self._arm(live, *nxt)
            return
        if auto:
            live.timer = asyncio.create_task(self._computer_turn(live, live.version))
            return
        live.timer = asyncio.create_task(self._turn_timer(live, live.version))

    async def _computer_turn(self, live: LiveTable, version: int) -> None:
        await asyncio.sleep(self.timing.computer_delay)
        async with live.lock:
            if live.version != version or live.match is None or live.match.round_over:
                return
            live.timer = None
            await self._computer_move(live)

    async def _computer_move(self, live: LiveTable) -> None:
        match = live.match
        assert match is not None
        rnd = match.round
        seat = rnd.to_move
        assert seat is not None
        record = next(s for s in live.record.seats if s.seat_no == seat)
        player = live.players.get(seat)
        if player is None:
            # One player object per seat for the whole match: "hard" keeps what it has
            # inferred about the opponents from one decision to the next.
            level = record.computer_level or "normal"
            player = live.players[seat] = self._make_player(level, player_seed(match.seed, seat))
        view = rnd.view(seat)
        action = await asyncio.to_thread(player.choose, view, view.legal)
        await self._apply(live, seat, action, actor=None)

    def _remind(self, live: LiveTable) -> None:
        seat = live.match.round.to_move if live.match else None
        if seat is not None and live.deadline is not None:
            left = max(0, round(live.deadline - self.clock()))
            self._emit(live, self.update(live, "reminder", note=f"{left}"))

    async def _turn_timer(self, live: LiveTable, version: int) -> None:
        assert live.deadline is not None
        remaining = live.deadline - time.time()
        before_reminder = remaining - self.timing.reminder
        if before_reminder > 0:
            await asyncio.sleep(before_reminder)
            if live.version != version:
                return
            self._remind(live)
        await asyncio.sleep(max(0.0, live.deadline - time.time()))
        async with live.lock:
            if live.version != version or live.match is None or live.match.round_over:
                return
            live.timer = None
            await self._timeout(live)

    async def _timeout(self, live: LiveTable) -> None:
        """The turn ran out: play the whole turn automatically (pass, or draw from the stock
        and discard the highest deadwood). The second automatic turn in a row removes the
        player (see docs/playing.md)."""
        match = live.match
        assert match is not None
        seat = match.round.to_move
        assert seat is not None
        misses = live.auto_moves.get(seat, 0) + 1
        live.auto_moves[seat] = misses
        action = auto_move(match.round.view(seat))
        await self._apply(live, seat, action, actor=None)
        if action.kind == DRAW_STOCK and not match.round_over and match.round.to_move == seat:
            await self._apply(live, seat, auto_move(match.round.view(seat)), actor=None)
        if misses >= self.timing.max_auto_moves and not match.over:
            await self._remove_for_absence(live, seat)

    async def _remove_for_absence(self, live: LiveTable, seat: int) -> None:
        match = live.match
        assert match is not None
        if match.seats == 2:
            match.forfeit(seat)
            await self._finish(live, ended_by="timeout", loser=seat, actor=None)
            return
        await self._withdraw(live, seat, resigned=False, actor=None)

    async def _withdraw(
        self, live: LiveTable, seat: int, *, resigned: bool, actor: int | None
    ) -> TableUpdate | None:
        """A seat leaves a match of three or four (away too long, or resigned): it plays on
        automatically (the deal is fixed) but can no longer win; the match ends once fewer
        than two seats are in. None if another process moved the table on meanwhile."""
        match = live.match
        assert match is not None
        match.withdraw(seat)
        timer = None
        if not match.over and not match.round_over:
            deadline = live.deadline
            timer = self._timer_with(
                live,
                match.round,
                None if deadline is None else datetime.fromtimestamp(deadline, UTC),
            )
        try:
            await self.store.tables.remove_seat(
                live.record.id, seat, expected_version=live.version, timer=timer, resigned=resigned
            )
        except (StaleVersion, WrongStatus, NotFound):
            if not self.shared:
                raise
            # Another process moved the table on since: take it as it is now. The seat's
            # missed turns are in the store, so its next missed turn removes it.
            await self._reload(live)
            if resigned:
                raise StaleButton("table-stale") from None
            return None
        await self._refresh(live)
        if resigned:
            live.resigned.add(seat)
        update = self.update(live, "removed", seat=seat, actor=actor)
        self._emit(live, update)
        if match.over:  # nobody is left to play against
            ended_by: EndedBy = "resign" if resigned else "timeout"
            return await self._finish(live, ended_by=ended_by, loser=seat, actor=actor)
        await self._schedule(live, arm=timer is None)
        return update

    # ----- timers in a shared store (several processes) --------------------------------

    async def _arm(self, live: LiveTable, what: str, at: float) -> None:
        """The table's next timer, in the store: `what` is due at `at` (wall-clock seconds)
        for the table at its current version, fired by this process (which holds the table
        and has queued its notifications) unless it is gone a lease after. A failure is
        logged, not raised: the move is committed, and the sweep (`fire_due`) arms a
        "check" for a table left without timer."""
        try:
            await self.store.timers.arm(
                "table",
                live.record.id,
                what,
                live.version,
                datetime.fromtimestamp(at, UTC),
                for_owner=self.owner,
                grace=self.timing.lease,
            )
        except Exception:
            log.exception("could not arm the %s timer of table %s", what, live.record.id)

    def start_timers(self) -> None:
        """Poll the store's timers for as long as the service runs (shared store only)."""
        if self.shared and self._timer_loop is None and not self._closing:
            self._timer_loop = asyncio.create_task(self._poll_timers())

    async def _poll_timers(self) -> None:
        while not self._closing:
            try:
                await self.fire_due()
            except Exception:
                log.exception("the timers could not be polled")
            await asyncio.sleep(self.timing.poll)

    async def fire_due(self, now: float | None = None) -> int:
        """Claim the timers due at `now` (default: the clock) for this process, with a lease,
        and fire them; returns how many were claimed. Now and then, first arm a "check" for
        any playing table left without a timer."""
        at = self.clock() if now is None else now
        when = datetime.fromtimestamp(at, UTC)
        if at >= self._next_sweep:
            self._next_sweep = at + self.timing.sweep
            await self.store.timers.sweep_tables(when)
        claimed = await self.store.timers.claim(self.owner, when, self.timing.lease)
        if claimed:
            await asyncio.gather(*(self._fire(timer) for timer in claimed))
        return len(claimed)

    async def _fire(self, timer: Timer) -> None:
        """Fire one claimed timer, then delete it (unless firing armed the next one). A
        timer for a version the table has moved past, or for a table over, is moot. If
        firing fails the timer stays claimed: once the lease runs out, it is tried again."""
        try:
            if timer.kind == "table":
                async with self._hold(timer.ref_id) as live:
                    await self._fire_table(live, timer)
            elif timer.kind in self._timer_handlers:
                await self._timer_handlers[timer.kind](timer)
            else:  # not this process's business: left for one that knows it, after the lease
                log.warning("timer %s of unknown kind %r left alone", timer.id, timer.kind)
                return
        except GameError:
            pass  # the table is over or gone
        except Exception:
            log.exception("timer %s (%s of table %s) failed", timer.id, timer.what, timer.ref_id)
            return
        await self.store.timers.done(timer)

    async def _fire_table(self, live: LiveTable, timer: Timer) -> None:
        match = live.match
        if match is None or live.record.status != "playing":
            return
        if timer.what == "check":  # re-arm whatever the table is waiting for
            if match.round_over:
                await self._after_round(live)
            else:
                await self._schedule(live)
            return
        if timer.version != live.version:
            return  # the table moved on: this timer is moot
        if timer.what == "round":
            await self._next_round(live)
            return
        seat = None if match.round_over else match.round.to_move
        if seat is None:
            return
        if timer.what == "computer" and self._is_auto(live, seat):
            await self._computer_move(live)
        elif timer.what == "reminder" and live.deadline is not None:
            if self.clock() >= live.deadline:
                # Taken over from a dead process after the turn's end: no reminder of a turn
                # already over, the turn times out.
                await self._timeout(live)
                return
            self._remind(live)
            await self._arm(live, "turn", live.deadline)
        elif timer.what == "turn":
            await self._timeout(live)

    # ----- recovery -------------------------------------------------------------------

    async def recover(self) -> int:
        """Rebuild every table in play from its snapshot plus the moves logged after it,
        arm its timers again and show it afresh. Returns how many tables were restored.

        On a shared store (several processes) a process is responsible for showing the
        changes it makes; so a process that starts takes over, and shows afresh, only the
        tables whose latest change its predecessor made (the one process before it with the
        same `role`, found by the owner of the tables' timers, `_arm`): those whose last
        update may have died with it. Any other table is another live process's to show
        (were it shown here too, that process would go on editing the messages this one
        replaced), and is rebuilt by whichever process needs it, at its next click or timer.
        Then the timers' poll starts."""
        if self.shared:
            restored = 0
            left = (
                []
                if self.role is None
                else await self.store.timers.left_by("table", self.role, but=self.owner)
            )
            for timer in left:
                try:
                    async with self._hold(timer.ref_id) as live:
                        if live.match is None or live.record.status != "playing":
                            continue
                        await self._show_again(live)
                except GameError:
                    continue  # over or gone meanwhile
                restored += 1
            log.info(
                "tables in play shown afresh: %d (last changed by the process before this one, %s)",
                restored,
                self.role,
            )
            self.start_timers()
            return restored
        restored = 0
        for item in await self.store.tables.in_play():
            record = item.table
            try:
                if record.status == "lobby":
                    self._live[record.id] = LiveTable(record, None, record.version)
                    continue
                if record.state_json is None:
                    continue
                match = self._replay(item)
            except (ValueError, IllegalAction, KeyError):
                log.exception("table %s could not be restored; it is abandoned", record.id)
                await self.store.tables.abandon(record.id)
                continue
            live = LiveTable(record, match, record.version, resigned=_resigned(record))
            live.auto_moves = _auto_counts(record)
            live.auto_saved = dict(live.auto_moves)
            if record.turn_deadline is not None:
                live.deadline = record.turn_deadline.timestamp()
            self._live[record.id] = live
            await self._show_again(live)
            restored += 1
        return restored

    async def _show_again(self, live: LiveTable) -> None:
        """A table rebuilt at a restart: arm what it waits for again (on a shared store, in
        this process's name) and, in a round, show it and every hand afresh: updates still
        queued when the process stopped are gone, and nobody is to be left without their
        controls. Changes neither the game nor the version."""
        assert live.match is not None
        # Its next update (this one, or the next deal's) first retires the hands the
        # process before left live that no table remembers.
        live.restored = True
        if live.match.round_over:
            await self._after_round(live)  # the next deal shows everything
            return
        self._emit(live, self.update(live, "round_start"))
        await self._schedule(live)
