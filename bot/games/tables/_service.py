"""The table service: live matches, moves committed before anyone hears of them, timers,
computer seats, rounds and match ends. No Discord types: it returns `TableUpdate`s and
hands them, in order per table, to an observer (the Discord side).

`TableService` is the one entry; each job is a part in a module of its own (the lobby,
the moves, leaving a match, the rounds, the timers, the registry of live tables, ...).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.engine.players import BaselinePlayer
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.kernel import Handler, Scheduler
from bot.store.repositories import Storage

from ._leaving import Leaving
from ._live import LiveTable
from ._lobby import Lobby
from ._messages import Messages
from ._moves import Moves
from ._part import Core
from ._recovery import Recovery
from ._registry import Registry
from ._rounds import Rounds, UnplayedCheck
from ._setup import PlayerFactory, Setup, Timing
from ._state import state, update, views
from ._store_timers import TableTimers
from ._timers import TIMER_KIND, Timers
from ._updates import Updates

if TYPE_CHECKING:
    from bot.ratings.service import RatingService


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
        """The timers go on `scheduler` (`bot/kernel`), built here, one per process: the
        challenge and tournament services arm theirs on it too (`bot/app/services.py`)."""
        self.store = store
        # This process's name on the timers it arms and claims: ``<role>@host:pid:random``,
        # so a restarted process finds what its predecessor left (`recover`).
        here = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self._setup = setup = Setup(
            store=store,
            shared=bool(getattr(store, "shared", False)) if shared is None else shared,
            clock=clock,
            role=role,
            owner=here if role is None else f"{role}@{here}",
            timing=timing or Timing(),
            make_player=make_player or (lambda level, seed: BaselinePlayer()),
            ratings=ratings,
        )
        updates = Updates()
        #: Awaited by `wait_idle` after the observers: what they queued in turn (the outbox).
        self.settle = updates.settle
        self._registry = registry = Registry(setup)
        #: The process's one scheduler; its pace (poll, lease, sweep) is `timing`'s.
        self.scheduler = scheduler = Scheduler(
            store,
            shared=setup.shared,
            owner=setup.owner,
            clock=lambda: setup.clock(),
            pace=lambda: setup.timing,
        )
        self._timers = timers = Timers(setup, updates, scheduler)
        core = Core(setup, registry, updates, timers)
        self._rounds = rounds = Rounds(core)
        moves = Moves(core)
        leaving = Leaving(core, moves, rounds)
        # Moves and rounds arm timers, and timers make moves and deal rounds: tied here.
        timers.computer_move = moves.computer_move
        timers.timeout = leaving.timeout
        timers.next_round = rounds.next_round
        scheduler.on(TIMER_KIND, TableTimers(setup, registry, timers).fire)
        scheduler.add_sweep(store.timers.sweep_tables)
        recovery = Recovery(core, scheduler)
        lobby = Lobby(setup, registry, rounds)
        messages = Messages(setup)

        # ----- the entries that are a part's own methods, with their one docstring -------
        # The observers and their ordered queue (`_updates.py`).
        self.subscribe = updates.subscribe
        self.unsubscribe = updates.unsubscribe
        self.wait_idle = updates.wait_idle
        # The live tables (`_registry.py`) and how they look from outside (`_state.py`).
        self.get = registry.get
        self.sync = registry.sync
        self.state = state
        self.views = views
        self.update = update
        # The lobby (`_lobby.py`).
        self.check_capacity = lobby.check_capacity
        self.open_table = lobby.open_table
        self.open_lobby = lobby.open_lobby
        self.set_lobby_message = lobby.set_lobby_message
        # Where each table is shown: its board's and hands' message ids (`_messages.py`).
        self.set_board_message = messages.set_board_message
        self.board_message = messages.board_message
        self.final_state = messages.final_state
        self.retire_board = messages.retire_board
        self.board_retired = messages.board_retired
        self.retiring_boards = messages.retiring_boards
        self.busy_channel = messages.busy_channel
        self.claim_busy_message = messages.claim_busy_message
        self.busy_posted = messages.busy_posted
        self.drop_busy_message = messages.drop_busy_message
        self.set_hand_message = messages.set_hand_message
        self.hand_message = messages.hand_message
        self.play_computer = lobby.play_computer
        self.adopt_and_start = lobby.adopt_and_start
        self.join = lobby.join
        self.check_add_computer = lobby.check_add_computer
        self.add_computer = lobby.add_computer
        self.leave = lobby.leave
        self.start = lobby.start
        # Play (`_moves.py`) and leaving a match (`_leaving.py`).
        self.act = moves.act
        self.chat = moves.chat
        self.resign = leaving.resign
        self.abandon = leaving.abandon
        # The scheduler's poll of a shared store (`bot/kernel`) and a restart (`_recovery.py`).
        self.start_timers = scheduler.start
        self.fire_due = scheduler.fire_due
        self.recover = recovery.recover
        self.revealed = recovery.revealed

    # ----- settings (one copy, read by every part) --------------------------------------

    @property
    def shared(self) -> bool:
        """Several processes share the store (default: what the store says)."""
        return self._setup.shared

    @property
    def clock(self) -> Callable[[], float]:
        """Wall-clock seconds for the shared timers (tests move it)."""
        return self._setup.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self._setup.clock = clock

    @property
    def role(self) -> str | None:
        """This process's place among the bot's processes, the same across its restarts (its
        shards, `Settings.process_role`); None: unknown (no predecessor is recognised)."""
        return self._setup.role

    @property
    def owner(self) -> str:
        """This process's name on the timers it arms and claims."""
        return self._setup.owner

    @property
    def ratings(self) -> RatingService | None:
        """Rates a finished match in its own `finish_match` transaction (None: no ratings)."""
        return self._setup.ratings

    @ratings.setter
    def ratings(self, ratings: RatingService | None) -> None:
        self._setup.ratings = ratings

    @property
    def timing(self) -> Timing:
        return self._setup.timing

    @timing.setter
    def timing(self, timing: Timing) -> None:
        self._setup.timing = timing

    @property
    def deal_seed(self) -> Callable[[], int]:
        """Where the deal of a new match comes from (tests set a fixed sequence)."""
        return self._setup.deal_seed

    @deal_seed.setter
    def deal_seed(self, deal_seed: Callable[[], int]) -> None:
        self._setup.deal_seed = deal_seed

    # ----- wiring -------------------------------------------------------------------

    def add_timer_handler(self, kind: str, handler: Handler) -> None:
        """`handler(due)` fires the timers of `kind` (the scheduler's `on`)."""
        self.scheduler.on(kind, handler)

    def add_reload_hook(self, hook: Callable[[int], Awaitable[None]]) -> None:
        """`hook(table_id)` is awaited, under the table's lock, after every rebuild of a
        table from the store (shared store); it must not take locks nor raise."""
        self._registry.reload_hooks.append(hook)

    def add_unplayed_check(self, check: UnplayedCheck) -> None:
        """A match that ends other than by score, and that a check calls unplayed, ends as
        a ``forfeit``: it is kept in the history but not in stats, ratings or achievements."""
        self._rounds.unplayed.append(check)

    async def close(self) -> None:
        self._setup.closing = True
        await self.scheduler.stop()
        for live in list(self._registry.live.values()):
            await live.stop_tasks()

    # ----- lookups ------------------------------------------------------------------

    def live_ids(self) -> list[int]:
        """The ids of the tables held in memory (in the lobby or playing), oldest first."""
        return sorted(self._registry.live)

    def find(self, table_id: int) -> LiveTable | None:
        """The live table, or None once it is finished or gone."""
        return self._registry.live.get(table_id)

    async def ended(self, table_id: int) -> bool:
        """Whether the table's match is over (finished or called off), for a click on one of
        its old controls: told so, not that the table is missing."""
        record = await self.store.tables.get(table_id)
        return record is not None and record.status in ("finished", "abandoned")

    def tables_of(self, user_id: int) -> list[LiveTable]:
        return [
            live
            for live in self._registry.live.values()
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

    def hand(self, table_id: int, user_id: int) -> TableUpdate:
        """The state of `user_id`'s table with only their own view (for `/gin hand`)."""
        live = self.get(table_id)
        seat = live.seat_no(user_id)
        if live.match is None:
            raise GameError("table-not-started")
        return TableUpdate("hand", state(live), {seat: live.match.round.view(seat)}, actor=user_id)
