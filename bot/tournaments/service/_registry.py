"""The unfinished tournaments this process holds, which game table plays which pairing,
and how both are kept true to the store (several processes share it)."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot import kernel
from bot.store.errors import AlreadyRecorded, StaleVersion, WrongStatus
from bot.store.models import ResultKind as StoreResultKind
from bot.store.models import Tournament as TournamentRow

from ..types import Pairing, ResultKind
from ._live import LiveTournament
from ._setup import MAX_TABLE_REFS, SHARED_TRIES, Setup, TournamentProblem

log = logging.getLogger(__name__)


class Registry(kernel.Registry[int, LiveTournament]):
    """Every unfinished tournament in memory, by id, and its tables by game table id."""

    # A tournament not held may have ended: the store says how (`tournament-status`).
    alone_reads_store = True

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup.shared)
        self.setup = setup
        self.store = setup.store
        #: Game table id -> (tournament id, pairing key).
        self.by_table: dict[int, tuple[int, str]] = {}
        #: Shared store: game table id -> (tournament id, pairing key), or None for a table
        #: of no tournament, as looked up in the store (tables opened by other processes).
        self._table_refs: dict[int, tuple[int, str] | None] = {}
        #: Shared store: game table id -> (its pairing's players, who of them made a move
        #: as the tournament's state said when the table was last rebuilt here), for the
        #: table service's checks (`unplayed`, `keeps_rating`), which cannot read the store.
        self.shared_seen: dict[int, tuple[frozenset[int], frozenset[int]]] = {}

    async def load(self, row: TournamentRow) -> LiveTournament:
        live = LiveTournament(row, json.loads(row.settings_json or "{}"))
        live.load_state(row.state_json)
        live.names = {
            e.user_id: e.display_name for e in await self.store.tournaments.entries(row.id)
        }
        return live

    def not_found(self, key: int) -> TournamentProblem:
        return TournamentProblem("tournament-not-found")

    async def fetch(self, key: int) -> LiveTournament:
        row = await self.store.tournaments.get(key)
        if row is None:
            raise TournamentProblem("tournament-not-found")
        if row.status in ("finished", "cancelled"):
            raise TournamentProblem("tournament-status", name=row.name, status=row.status)
        return await self.load(row)

    async def check(self, live: LiveTournament) -> None:
        await self.fresh(live)

    async def fresh(self, live: LiveTournament, *, force: bool = False) -> None:
        """Shared store, under the lock: take the tournament as the store has it when
        another process changed it (its version or status differ), before any change here.
        A tournament finished or cancelled meanwhile is forgotten and refused."""
        if not self.setup.shared:
            return
        row = await self.store.tournaments.get(live.id)
        if row is None or row.status in ("finished", "cancelled"):
            self.forget(live)
            name = live.row.name if row is None else row.name
            status = "cancelled" if row is None else row.status
            raise TournamentProblem("tournament-status", name=name, status=status)
        mine = (live.row.version, live.row.status, live.row.message_id)
        # In sign-up the entries change without the version: read them every time.
        if (
            not force
            and row.status != "signup"
            and (row.version, row.status, row.message_id) == mine
        ):
            return
        fresh = await self.load(row)
        for table_id in live.tables.values():
            self.by_table.pop(table_id, None)
        live.row, live.settings = fresh.row, fresh.settings
        live.t, live.names = fresh.t, fresh.names
        live.present, live.tables = fresh.present, fresh.tables
        live.deadline, live.paused_left = fresh.deadline, fresh.paused_left
        live.standings_message_id, live.thread_id = fresh.standings_message_id, fresh.thread_id
        live.standings_claim, live.announced = fresh.standings_claim, fresh.announced
        t = live.t
        for key, table_id in live.tables.items():
            pending = t is not None and any(
                p.id == key and p.result is None for p in t.current_pairings()
            )
            if pending:
                self.by_table[table_id] = (live.id, key)

    async def shared_step(
        self, tournament_id: int, step: Callable[[LiveTournament], Awaitable[None]]
    ) -> None:
        """Shared store: run ``step`` under the tournament's lock on its latest state (loaded
        from the store if this process does not hold it). When another process saved it
        meanwhile (``StaleVersion`` from ``save``), run it again on the new state, so
        whichever process gets there first decides and the others see it done."""
        for attempt in range(SHARED_TRIES):
            live = self.live.get(tournament_id)
            if live is None:
                row = await self.store.tournaments.get(tournament_id)
                if row is None or row.status in ("finished", "cancelled"):
                    return
                live = self.live.setdefault(row.id, await self.load(row))
            try:
                async with live.lock:
                    if self.live.get(live.id) is not live:
                        continue
                    await self.fresh(live, force=attempt > 0)
                    await step(live)
                return
            except StaleVersion:
                log.info("tournament %s moved on in another process; again", tournament_id)
            except TournamentProblem as exc:  # finished or cancelled meanwhile
                log.info("tournament %s: %s", tournament_id, exc)
                return
        raise StaleVersion("tournament", tournament_id, -1, -1)

    async def save(self, live: LiveTournament) -> None:
        raw = json.dumps(live.state_dict())
        version = await self.store.tournaments.save_state(live.id, live.row.version, raw)
        live.row = replace(live.row, version=version, state_json=raw)

    async def set_status(
        self, live: LiveTournament, status: str, only_from: tuple[str, ...]
    ) -> None:
        try:
            live.row = await self.store.tournaments.set_status(
                live.id,
                status,  # type: ignore[arg-type]
                only_from=only_from,  # type: ignore[arg-type]
            )
        except WrongStatus as exc:
            raise TournamentProblem(
                "tournament-status-now", name=live.row.name, status=live.row.status
            ) from exc

    async def store_result(self, live: LiveTournament, p: Pairing) -> None:
        res = p.result
        if res is None or res.kind is ResultKind.BYE:
            return
        kind: StoreResultKind = res.kind.value  # type: ignore[assignment]
        # A replay after a restart: the store may already have it.
        with contextlib.suppress(AlreadyRecorded):
            await self.store.tournaments.record_result(live.id, p.id, kind, res.winner)

    def forget(self, live: LiveTournament) -> None:
        live.cancel_tasks()
        self.live.pop(live.id, None)
        for table_id in live.tables.values():
            self.by_table.pop(table_id, None)

    async def table_ref(self, table_id: int) -> tuple[int, str] | None:
        """Shared store: the (tournament, pairing) a table plays, from the store, once per
        table (None: no tournament's)."""
        if table_id in self._table_refs:
            return self._table_refs[table_id]
        row = await self.store.tournaments.pairing_for_table(table_id)
        found = None if row is None else (row.tournament_id, row.key)
        if len(self._table_refs) >= MAX_TABLE_REFS:
            self._table_refs.clear()
        self._table_refs[table_id] = found
        return found

    def drop_table_ref(self, table_id: int) -> None:
        """Shared store: a table's match is over; what was looked up of it goes."""
        self._table_refs.pop(table_id, None)
        self.shared_seen.pop(table_id, None)
