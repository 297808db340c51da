"""The tournament service: sign-up, rounds played as game tables, results taken from the
finished matches, no-show deadlines, pause/resume/cancel/kick, persistence and restore.

It keeps no Discord types: it drives :class:`~bot.tournaments.state.Tournament` (the pure
logic), opens one two-seat table per pairing through the ``TableService``, observes the
table updates, saves everything in the store after every change, and tells its observers
(the Discord cog) what changed as :class:`TournamentUpdate`s. See docs/tournaments-service.md.

`TournamentService` is the one entry; each job is a part in a module of its own.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from bot.games.tables import TableService
from bot.store.models import Tournament as TournamentRow
from bot.store.repositories import Storage

from .._model import TournamentInfo, TournamentTiming
from ..state import Tournament
from ._checks import Checks
from ._deadlines import Deadlines
from ._info import info
from ._organizer import Organizer
from ._recovery import Recovery
from ._registry import Registry
from ._results import Results
from ._rounds import Rounds
from ._setup import Setup, TournamentProblem
from ._signup import SignUp
from ._standings import Standings
from ._timers import Timers
from ._updates import Updates


class TournamentService:
    """Every unfinished tournament, driven from sign-up to the final ranking."""

    def __init__(
        self,
        store: Storage,
        tables: TableService,
        *,
        timing: TournamentTiming | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.tables = tables
        #: Epoch seconds now: when no-show deadlines fall due (tests pass their own, or
        #: set this; the parts read it through `Setup.clock`).
        self.clock = clock
        self._setup = setup = Setup(
            store, tables, timing or TournamentTiming(), lambda: self.clock(), tables.shared
        )
        self._attached = False
        self._updates = updates = Updates()
        self._registry = registry = Registry(setup)
        timers = Timers(setup, registry, updates)
        core = (setup, registry, updates, timers)
        rounds = Rounds(*core)
        results = Results(*core, rounds)
        deadlines = Deadlines(*core, rounds)
        # The deadline's timer applies the deadline, which ends the round: tied here.
        timers.deadline_passed = deadlines.apply
        signup = SignUp(*core)
        standings = Standings(*core)
        organizer = Organizer(*core, signup, rounds, deadlines)
        recovery = Recovery(*core, rounds, results, deadlines)
        checks = Checks(registry)
        timers.fire_shared = recovery.fire_timer

        # ----- the entries that are a part's own methods, with their one docstring -------
        # The observers (`_updates.py`).
        self.subscribe = updates.subscribe
        self.unsubscribe = updates.unsubscribe
        # Sign-up (`_signup.py`).
        self.create = signup.create
        self.set_signup_message = signup.set_signup_message
        self.set_thread = signup.set_thread
        # The standings message (`_standings.py`).
        self.claim_standings = standings.claim_standings
        self.set_standings_message = standings.set_standings_message
        self.join = signup.join
        self.leave = signup.leave
        # The organizer (`_organizer.py`).
        self.check_organizer = organizer.check_organizer
        self.set_organizer_role = organizer.set_organizer_role
        self.start = organizer.start
        self.pause = organizer.pause
        self.resume = organizer.resume
        self.cancel = organizer.cancel
        self.kick = organizer.kick
        # The tables' updates and results (`_results.py`), the checks at a match's end
        # (`_checks.py`), the deadlines (`_deadlines.py`), a restart (`_recovery.py`).
        self.on_table_update = results.on_table_update
        self.on_table_reloaded = checks.on_table_reloaded
        self.unplayed = checks.unplayed
        self.keeps_rating = checks.keeps_rating
        self.check_deadlines = deadlines.check
        self.restore = recovery.restore
        self.fire_timer = recovery.fire_timer

    # ----- settings (read by every part in `Setup`) ---------------------------------------

    @property
    def timing(self) -> TournamentTiming:
        return self._setup.timing

    @property
    def shared(self) -> bool:
        """Several processes share the store (docs/deploy.md): the tournament's state in
        the store is the truth, checked before every change; its timers are store rows."""
        return self._setup.shared

    # ----- wiring ---------------------------------------------------------------------

    def attach(self, ratings: Any = None) -> None:
        """Observe the table service; with a ``RatingService``, keep no-show forfeits out of
        the ratings. Call once."""
        if self._attached:
            return
        self._attached = True
        self.tables.subscribe(self.on_table_update)
        self.tables.add_unplayed_check(self.unplayed)
        if self.shared:
            self.tables.add_reload_hook(self.on_table_reloaded)
        if ratings is not None:
            ratings.add_filter(self.keeps_rating)

    async def wait_idle(self) -> None:
        """Wait until the next rounds due now are paired and every queued update has been
        delivered (tests, shutdown). Deadline timers are not waited for."""
        await self._updates.wait_idle(self._registry.live.values())

    async def close(self, patience: float = 5.0) -> None:
        """Stop: timers still waiting are cancelled; a change already under way (a deadline
        being applied, a round being paired) gets `patience` seconds to finish, so the store
        is never closed under it (one cut off is taken up by `restore` at the next start)."""
        self._setup.closing = True
        await self._updates.close(patience, self._registry.live.values())

    # ----- lookups --------------------------------------------------------------------

    async def find(
        self,
        guild_id: int,
        channel_id: int | None = None,
        tournament_id: int | None = None,
        *,
        ended_too: bool = False,
    ) -> int:
        """The tournament a command means: ``tournament_id`` if given (it must be in this
        server), else the newest unfinished one in this channel (or its thread), else in
        this server; with ``ended_too`` (to look at standings), else the server's most
        recent one, finished or cancelled."""
        if tournament_id is not None:
            row = await self.store.tournaments.get(tournament_id)
            if row is None or row.guild_id != guild_id:
                raise TournamentProblem("tournament-not-here", number=tournament_id)
            return row.id
        rows = await self.store.tournaments.for_guild(
            guild_id, statuses=("signup", "running", "paused")
        )
        if not rows and ended_too:
            rows = await self.store.tournaments.for_guild(guild_id, limit=1)
        if not rows:
            raise TournamentProblem("tournament-none-running")
        here = [r for r in rows if channel_id is not None and channel_id in self._places(r)]
        return (here or rows)[0].id

    def _places(self, row: TournamentRow) -> tuple[int, ...]:
        """Where a tournament's commands may be typed: its channel and its thread."""
        live = self._registry.live.get(row.id)
        thread = None if live is None else live.thread_id
        return (row.channel_id,) if thread is None else (row.channel_id, thread)

    async def recent(self, guild_id: int, limit: int = 25) -> list[TournamentRow]:
        """The server's tournaments, newest first (for autocomplete)."""
        return await self.store.tournaments.for_guild(guild_id, limit=limit)

    async def info(self, tournament_id: int) -> TournamentInfo:
        """The tournament as it stands (finished and cancelled ones too)."""
        registry = self._registry
        live = registry.live.get(tournament_id)
        if live is not None and self.shared:  # as the store has it: another process may
            async with live.lock:  # have moved it on
                with contextlib.suppress(TournamentProblem):
                    await registry.fresh(live)
            live = registry.live.get(tournament_id)
        if live is None:
            row = await self.store.tournaments.get(tournament_id)
            if row is None:
                raise TournamentProblem("tournament-not-found")
            live = await registry.load(row)
        return info(live)

    def tables_in_play(self, tournament_id: int) -> dict[int, str]:
        """Game table id -> pairing key, for the tournament's matches in play."""
        by_table = self._registry.by_table
        return {table: key for table, (t, key) in by_table.items() if t == tournament_id}

    def tournament(self, tournament_id: int) -> Tournament | None:
        """The logic object of an unfinished tournament in memory (read-only use)."""
        live = self._registry.live.get(tournament_id)
        return None if live is None else live.t

    def pairing_of_table(self, table_id: int) -> tuple[int, str] | None:
        """(tournament id, pairing key) of a game table this service opened."""
        return self._registry.by_table.get(table_id)
