"""The tournament service: sign-up, rounds played as game tables, results taken from the
finished matches, no-show deadlines, pause/resume/cancel/kick, persistence and restore.

It keeps no Discord types: it drives :class:`~bot.tournaments.state.Tournament` (the pure
logic), opens one two-seat table per pairing through the ``TableService``, observes the
table updates, saves everything in the store after every change, and tells its observers
(the Discord cog) what changed as :class:`TournamentUpdate`s. See docs/tournaments-service.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from bot.engine import RuleSet
from bot.errors import PlayerError
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.games.presets import make_rules
from bot.games.tables import TableService
from bot.i18n import Coded, Said, said
from bot.rating_service import as_rating
from bot.store.errors import (
    AlreadyEntered,
    AlreadyRecorded,
    StaleVersion,
    TournamentFull,
    WrongStatus,
)
from bot.store.models import NewPairing, NewSeat, TableSpec, Timer, TournamentFormat
from bot.store.models import ResultKind as StoreResultKind
from bot.store.models import Tournament as TournamentRow
from bot.store.repositories import Storage

from ._model import (
    RankLine,
    TableInfo,
    TournamentInfo,
    TournamentTiming,
    TournamentUpdate,
)
from .blocks import blocked_pairings
from .noshow import no_show_result
from .render import forfeit_counts
from .state import Tournament, TournamentConfig
from .types import Entrant, Format, Pairing, Result, ResultKind, Status, TournamentError

__all__ = [
    "TournamentProblem",
    "TournamentService",
]

log = logging.getLogger(__name__)

Observer = Callable[[TournamentUpdate], Awaitable[None]]
STATE_VERSION = 1
MAX_NAME = 60
#: The store timers' kind for tournaments (shared store): ("tournament", id).
TIMER_KIND = "tournament"
#: Tries of a change on the tournament's latest state when other processes keep saving.
SHARED_TRIES = 5
#: Game tables looked up in the store (shared store) remembered at most.
MAX_TABLE_REFS = 10_000


NO_RIGHTS = "tournament-no-rights"


class TournamentProblem(PlayerError):
    """A tournament request that can't be done; the message is for the player."""


@dataclass(eq=False)
class _Live:
    """An unfinished tournament in memory: the store's row, the logic, and bookkeeping
    that is saved with it (``state_json``)."""

    row: TournamentRow
    settings: dict[str, Any]
    t: Tournament | None = None
    names: dict[int, str] = field(default_factory=dict)
    #: Pairing key -> players who made a move at that table (the no-show rule).
    present: dict[str, set[int]] = field(default_factory=dict)
    #: Pairing key -> game table id.
    tables: dict[str, int] = field(default_factory=dict)
    deadline: float | None = None  # epoch seconds
    paused_left: float | None = None
    standings_message_id: int | None = None
    #: The tournament's own thread (announcements, standings, tables), if it has one.
    thread_id: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    next_round: asyncio.Task[None] | None = None

    @property
    def id(self) -> int:
        return self.row.id

    def state_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "tournament": None if self.t is None else self.t.to_dict(),
            "present": {k: sorted(v) for k, v in self.present.items()},
            "tables": dict(self.tables),
            "deadline": self.deadline,
            "paused_left": self.paused_left,
            "standings_message_id": self.standings_message_id,
            "thread_id": self.thread_id,
        }

    def load_state(self, raw: str | None) -> None:
        if not raw:
            return
        data = json.loads(raw)
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"unknown tournament service state {data.get('version')!r}")
        saved = data.get("tournament")
        self.t = None if saved is None else Tournament.from_dict(saved)
        self.present = {k: set(v) for k, v in data.get("present", {}).items()}
        self.tables = {k: int(v) for k, v in data.get("tables", {}).items()}
        self.deadline = data.get("deadline")
        self.paused_left = data.get("paused_left")
        self.standings_message_id = data.get("standings_message_id")
        self.thread_id = data.get("thread_id")


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
        self.timing = timing or TournamentTiming()
        #: Epoch seconds now: when no-show deadlines fall due (tests pass their own).
        self.clock = clock
        self._live: dict[int, _Live] = {}
        #: Game table id -> (tournament id, pairing key).
        self._by_table: dict[int, tuple[int, str]] = {}
        self._observers: list[Observer] = []
        self._closing = False
        self._attached = False
        self._queue: asyncio.Queue[TournamentUpdate] = asyncio.Queue()
        self._worker: asyncio.Task[None] | None = None
        #: Next-round tasks until they end (for `wait_idle`).
        self._pairing: set[asyncio.Task[None]] = set()
        #: Every task this service started, until it ends (`close` lets those at work finish).
        self._tasks: set[asyncio.Task[None]] = set()
        #: Several processes share the store (docs/deploy.md): the tournament's state in
        #: the store is the truth, checked before every change; its timers are store rows.
        self.shared = tables.shared
        #: Shared store: game table id -> (tournament id, pairing key), or None for a table
        #: of no tournament, as looked up in the store (tables opened by other processes).
        self._table_refs: dict[int, tuple[int, str] | None] = {}
        #: Shared store: game table id -> (its pairing's players, who of them made a move
        #: as the tournament's state said when the table was last rebuilt here), for the
        #: table service's checks (`unplayed`, `keeps_rating`), which cannot read the store.
        self._shared_seen: dict[int, tuple[frozenset[int], frozenset[int]]] = {}

    # ----- wiring ---------------------------------------------------------------------

    def subscribe(self, observer: Observer) -> None:
        """``observer(update)`` is awaited for every tournament update."""
        self._observers.append(observer)

    def attach(self, ratings: Any = None) -> None:
        """Observe the table service; with a ``RatingService``, keep no-show forfeits out of
        the ratings. Call once."""
        if self._attached:
            return
        self._attached = True
        self.tables.subscribe(self.on_table_update)
        self.tables.add_unplayed_check(self.unplayed)
        if self.shared:
            self.tables.add_timer_handler(TIMER_KIND, self.fire_timer)
            self.tables.add_reload_hook(self.on_table_reloaded)
        if ratings is not None:
            ratings.add_filter(self.keeps_rating)

    def unsubscribe(self, observer: Observer) -> None:
        """Stop telling `observer` (a cog being unloaded); unknown observers are ignored."""
        with contextlib.suppress(ValueError):
            self._observers.remove(observer)

    async def check_organizer(
        self, guild_id: int | None, *, manages_server: bool, role_ids: Iterable[int]
    ) -> int:
        """The server id if someone with these rights may run tournaments there (Manage
        Server, or the server's organizer role); else a readable refusal."""
        if guild_id is None:
            raise TournamentProblem("tournament-in-a-server")
        if manages_server:
            return guild_id
        role_id = await self.store.tournaments.organizer_role(guild_id)
        if role_id is not None and role_id in set(role_ids):
            return guild_id
        raise TournamentProblem(NO_RIGHTS)

    async def set_organizer_role(
        self, guild_id: int | None, role_id: int | None, *, manages_server: bool
    ) -> None:
        """Set (or clear, None) the role that may run tournaments: Manage Server only."""
        if guild_id is None or not manages_server:
            raise TournamentProblem("tournament-role-admins")
        await self.store.tournaments.set_organizer_role(guild_id, role_id)

    async def _emit(self, update: TournamentUpdate) -> None:
        """Queue an update for the observers. They run in their own task, in order, so they
        may call back into the service (e.g. ``set_standings_message``) while a change
        that emitted still holds the tournament's lock."""
        self._queue.put_nowait(update)
        if self._worker is None or self._worker.done():
            self._worker = self._start(self._drain())

    async def _drain(self) -> None:
        while not self._queue.empty():
            update = self._queue.get_nowait()
            for observer in self._observers:
                try:
                    await observer(update)
                except Exception:  # a failed Discord call must never stop a tournament
                    log.exception(
                        "observer failed on %s of tournament %s", update.kind, update.info.id
                    )

    async def wait_idle(self) -> None:
        """Wait until the next rounds due now are paired and every queued update has been
        delivered (tests, shutdown). Deadline timers are not waited for."""
        while True:
            busy = [
                task
                for task in (
                    self._worker,
                    *(live.next_round for live in list(self._live.values())),
                    *self._pairing,
                )
                if task is not None and not task.done()
            ]
            if not busy:
                return
            for task in busy:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.shield(task)

    def _start(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self, patience: float = 5.0) -> None:
        """Stop: timers still waiting are cancelled; a change already under way (a deadline
        being applied, a round being paired) gets `patience` seconds to finish, so the store
        is never closed under it (one cut off is taken up by `restore` at the next start)."""
        self._closing = True
        me = asyncio.current_task()
        for live in list(self._live.values()):
            for task in (live.timer, live.next_round):
                if task is not None and task is not me:
                    task.cancel()
        at_work = [task for task in self._tasks if task is not me]
        if at_work:
            _, late = await asyncio.wait(at_work, timeout=patience)
            for task in late:
                log.warning("a tournament task was cut off at shutdown: %s", task.get_name())
                task.cancel()
            await asyncio.gather(*at_work, return_exceptions=True)

    async def restore(self) -> int:
        """Load every unfinished tournament after a restart: re-arm its deadline, open any
        table a crash left unopened, take results of matches that ended while we were
        away, and carry on. Returns how many were restored.

        On a shared store nothing is loaded here (other processes may be running these
        tournaments): each running one gets a "check" timer due now, and whichever process
        claims it does the above under the timer's lease; returns 0."""
        if self.shared:
            now = datetime.fromtimestamp(self.clock(), UTC)
            for row in await self.store.tournaments.unfinished():
                if row.status == "running":
                    await self.store.timers.arm(TIMER_KIND, row.id, "check", row.version, now)
            return 0
        count = 0
        for row in await self.store.tournaments.unfinished():
            if row.id in self._live:
                continue
            try:
                live = await self._load(row)
            except (ValueError, KeyError, TournamentError):
                log.exception("tournament %s could not be restored", row.id)
                continue
            self._live[row.id] = live
            async with live.lock:
                if live.t is not None and live.t.started:
                    await self._ensure_round(live)
                    await self._catch_up(live)
                    await self._arm(live)
                    await self._after_result(live)
            count += 1
        return count

    async def _load(self, row: TournamentRow) -> _Live:
        live = _Live(row, json.loads(row.settings_json or "{}"))
        live.load_state(row.state_json)
        live.names = {
            e.user_id: e.display_name for e in await self.store.tournaments.entries(row.id)
        }
        return live

    async def _get(self, tournament_id: int) -> _Live:
        live = self._live.get(tournament_id)
        if live is not None:
            return live
        row = await self.store.tournaments.get(tournament_id)
        if row is None:
            raise TournamentProblem("tournament-not-found")
        if row.status in ("finished", "cancelled"):
            raise TournamentProblem("tournament-status", name=row.name, status=row.status)
        live = await self._load(row)
        self._live[row.id] = live
        return live

    async def _fresh(self, live: _Live, *, force: bool = False) -> None:
        """Shared store, under the lock: take the tournament as the store has it when
        another process changed it (its version or status differ), before any change here.
        A tournament finished or cancelled meanwhile is forgotten and refused."""
        if not self.shared:
            return
        row = await self.store.tournaments.get(live.id)
        if row is None or row.status in ("finished", "cancelled"):
            self._forget(live)
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
        fresh = await self._load(row)
        for table_id in live.tables.values():
            self._by_table.pop(table_id, None)
        live.row, live.settings = fresh.row, fresh.settings
        live.t, live.names = fresh.t, fresh.names
        live.present, live.tables = fresh.present, fresh.tables
        live.deadline, live.paused_left = fresh.deadline, fresh.paused_left
        live.standings_message_id, live.thread_id = fresh.standings_message_id, fresh.thread_id
        t = live.t
        for key, table_id in live.tables.items():
            pending = t is not None and any(
                p.id == key and p.result is None for p in t.current_pairings()
            )
            if pending:
                self._by_table[table_id] = (live.id, key)

    async def _shared_step(
        self, tournament_id: int, step: Callable[[_Live], Awaitable[None]]
    ) -> None:
        """Shared store: run ``step`` under the tournament's lock on its latest state (loaded
        from the store if this process does not hold it). When another process saved it
        meanwhile (``StaleVersion`` from ``_save``), run it again on the new state, so
        whichever process gets there first decides and the others see it done."""
        for attempt in range(SHARED_TRIES):
            live = self._live.get(tournament_id)
            if live is None:
                row = await self.store.tournaments.get(tournament_id)
                if row is None or row.status in ("finished", "cancelled"):
                    return
                live = self._live.setdefault(row.id, await self._load(row))
            try:
                async with live.lock:
                    if self._live.get(live.id) is not live:
                        continue
                    await self._fresh(live, force=attempt > 0)
                    await step(live)
                return
            except StaleVersion:
                log.info("tournament %s moved on in another process; again", tournament_id)
            except TournamentProblem as exc:  # finished or cancelled meanwhile
                log.info("tournament %s: %s", tournament_id, exc)
                return
        raise StaleVersion("tournament", tournament_id, -1, -1)

    async def _save(self, live: _Live) -> None:
        raw = json.dumps(live.state_dict())
        version = await self.store.tournaments.save_state(live.id, live.row.version, raw)
        live.row = replace(live.row, version=version, state_json=raw)

    async def _set_status(self, live: _Live, status: str, only_from: tuple[str, ...]) -> None:
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
        live = self._live.get(row.id)
        thread = None if live is None else live.thread_id
        return (row.channel_id,) if thread is None else (row.channel_id, thread)

    async def recent(self, guild_id: int, limit: int = 25) -> list[TournamentRow]:
        """The server's tournaments, newest first (for autocomplete)."""
        return await self.store.tournaments.for_guild(guild_id, limit=limit)

    async def info(self, tournament_id: int) -> TournamentInfo:
        """The tournament as it stands (finished and cancelled ones too)."""
        live = self._live.get(tournament_id)
        if live is not None and self.shared:  # as the store has it: another process may
            async with live.lock:  # have moved it on
                with contextlib.suppress(TournamentProblem):
                    await self._fresh(live)
            live = self._live.get(tournament_id)
        if live is None:
            row = await self.store.tournaments.get(tournament_id)
            if row is None:
                raise TournamentProblem("tournament-not-found")
            live = await self._load(row)
        return self._info(live)

    def _info(self, live: _Live) -> TournamentInfo:
        row, t = live.row, live.t
        entrants = tuple(live.names.items())
        # A copy: the views are drawn later, in each reader's language, from the tournament
        # as it was when this was said.
        snapshot = Tournament.from_dict(t.to_dict()) if t is not None and t.started else None
        return TournamentInfo(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=live.thread_id,
            name=row.name,
            format=Format(row.format),
            rules=row.rules,
            target=row.target,
            status=row.status,
            organizer_id=row.organizer_id,
            max_players=live.settings.get("max_players"),
            rounds=live.settings.get("rounds"),
            duplicate=bool(live.settings.get("duplicate", False)),
            entrants=entrants,
            signup_message_id=row.message_id,
            standings_message_id=live.standings_message_id,
            round_no=0 if t is None else t.current_round,
            total_rounds=None if t is None else t.total_rounds,
            deadline_ts=live.deadline if row.status == "running" else None,
            snapshot=snapshot,
            names=dict(live.names),
        )

    def tables_in_play(self, tournament_id: int) -> dict[int, str]:
        """Game table id -> pairing key, for the tournament's matches in play."""
        return {table: key for table, (t, key) in self._by_table.items() if t == tournament_id}

    def tournament(self, tournament_id: int) -> Tournament | None:
        """The logic object of an unfinished tournament in memory (read-only use)."""
        live = self._live.get(tournament_id)
        return None if live is None else live.t

    def pairing_of_table(self, table_id: int) -> tuple[int, str] | None:
        """(tournament id, pairing key) of a game table this service opened."""
        return self._by_table.get(table_id)

    # ----- sign-up --------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organizer_id: int,
        name: str,
        format: str,
        rules: str | None = None,
        target: int | None = None,
        max_players: int | None = None,
        rounds: int | None = None,
        duplicate: bool = False,
    ) -> TournamentInfo:
        """A tournament open for sign-up."""
        name = " ".join(name.split())
        if not name:
            raise TournamentProblem("tournament-name-empty")
        if len(name) > MAX_NAME:
            raise TournamentProblem("tournament-name-long", count=MAX_NAME)
        try:
            fmt = Format(format)
        except ValueError:
            raise TournamentProblem("tournament-format-unknown", format=format) from None
        ruleset = make_rules(rules, target)
        if ruleset.min_players > 2:
            raise TournamentProblem("tournament-two-seats")
        if rounds is not None and fmt is not Format.SWISS:
            raise TournamentProblem("tournament-rounds-swiss")
        if rounds is not None and rounds < 1:
            raise TournamentProblem("tournament-one-round")
        if max_players is not None and max_players < 2:
            raise TournamentProblem("tournament-two-players")
        settings = {
            "max_players": max_players,
            "rounds": rounds,
            "duplicate": duplicate,
            "rules_json": ruleset.to_dict(),
        }
        fmt_value: TournamentFormat = fmt.value
        row = await self.store.tournaments.create(
            guild_id,
            channel_id,
            name=name,
            format=fmt_value,
            rules=ruleset.name,
            target=ruleset.target,
            organizer_id=organizer_id,
            settings_json=json.dumps(settings),
            seed=secrets.randbits(63),
        )
        live = _Live(row, settings)
        self._live[row.id] = live
        return self._info(live)

    async def set_signup_message(self, tournament_id: int, message_id: int) -> None:
        live = await self._get(tournament_id)
        await self.store.tournaments.set_message(tournament_id, message_id)
        live.row = replace(live.row, message_id=message_id)

    async def set_thread(self, tournament_id: int, thread_id: int) -> TournamentInfo:
        """Run the tournament in this thread from now on: its announcements, standings and
        the boards of its tables go there."""
        live = await self._get(tournament_id)
        async with live.lock:
            await self._fresh(live)
            live.thread_id = thread_id
            await self._save(live)
            return self._info(live)

    async def set_standings_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the public standings message (edited after every result)."""
        live = self._live.get(tournament_id)
        if live is None:  # finished or cancelled meanwhile: nothing more to edit
            return
        async with live.lock:
            with contextlib.suppress(TournamentProblem):  # over meanwhile: nothing to edit
                await self._fresh(live)
            if self._live.get(tournament_id) is not live:
                return
            live.standings_message_id = message_id
            await self._save(live)

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentInfo:
        live = await self._get(tournament_id)
        async with live.lock:
            await self._fresh(live)
            rating = as_rating(await self.store.ratings.get(user_id, live.row.guild_id))
            await self.store.players.upsert(user_id, name)
            try:
                await self.store.tournaments.add_entry(
                    live.id,
                    user_id,
                    name,
                    rating=rating.rating,
                    max_players=live.settings.get("max_players"),
                )
            except AlreadyEntered:
                raise TournamentProblem("tournament-already-in") from None
            except TournamentFull:
                raise TournamentProblem("tournament-full") from None
            except WrongStatus:
                raise TournamentProblem("tournament-signup-closed") from None
            live.names[user_id] = name
        info = self._info(live)
        await self._emit(TournamentUpdate("signup", info))
        return info

    async def leave(self, tournament_id: int, user_id: int) -> TournamentInfo:
        live = await self._get(tournament_id)
        async with live.lock:
            await self._fresh(live)
            try:
                removed = await self.store.tournaments.remove_entry(live.id, user_id)
            except WrongStatus:
                raise TournamentProblem("tournament-leave-started") from None
            if not removed:
                raise TournamentProblem("tournament-not-in")
            live.names.pop(user_id, None)
        info = self._info(live)
        await self._emit(TournamentUpdate("signup", info))
        return info

    # ----- organizer commands -----------------------------------------------------------

    async def start(self, tournament_id: int) -> TournamentInfo:
        """Close sign-up, seed the field by the server's ratings, play round 1."""
        live = await self._get(tournament_id)
        async with live.lock:
            await self._fresh(live)
            if live.row.status != "signup":
                raise TournamentProblem("tournament-started", name=live.row.name)
            entries = await self.store.tournaments.entries(live.id)
            config = TournamentConfig(
                Format(live.row.format),
                rounds=live.settings.get("rounds"),
                duplicate=bool(live.settings.get("duplicate", False)),
                seed=live.row.seed or 0,
            )
            ratings = await self.store.ratings.get_many(
                [e.user_id for e in entries], live.row.guild_id
            )
            entrants = [
                Entrant(e.user_id, as_rating(ratings.get(e.user_id)).rating) for e in entries
            ]
            try:
                t = Tournament.create(config, entrants)
            except TournamentError as exc:
                raise TournamentProblem(
                    exc.code or "tournament-cannot-start", **exc.values
                ) from None
            await self._set_status(live, "running", ("signup",))
            live.t = t
            live.names = {e.user_id: e.display_name for e in entries}
            for seed, player in enumerate(t.seeds, start=1):
                await self.store.tournaments.set_entry(live.id, player, seed=seed)
            await self._save(live)
            await self._begin_round(live)
        return self._info(live)

    async def pause(self, tournament_id: int) -> TournamentInfo:
        """No new round starts and the no-show clock stops; matches in play go on."""
        live = await self._get(tournament_id)
        async with live.lock:
            await self._fresh(live)
            await self._set_status(live, "paused", ("running",))
            if live.deadline is not None:
                live.paused_left = max(0.0, live.deadline - self.clock())
            live.deadline = None
            self._cancel_tasks(live)
            await self._save(live)
            info = self._info(live)
        await self._emit(TournamentUpdate("paused", info))
        return info

    async def resume(self, tournament_id: int) -> TournamentInfo:
        live = await self._get(tournament_id)
        async with live.lock:
            await self._fresh(live)
            await self._set_status(live, "running", ("paused",))
            if live.paused_left is not None:
                live.deadline = self.clock() + live.paused_left
            live.paused_left = None
            await self._save(live)
            await self._arm(live)
            info = self._info(live)
            await self._emit(TournamentUpdate("resumed", info))
            await self._after_result(live)
        return self._info(live)

    async def cancel(self, tournament_id: int) -> TournamentInfo:
        """Stop for good. Matches in play finish as ordinary matches."""
        live = await self._get(tournament_id)
        async with live.lock:
            await self._fresh(live)
            await self._set_status(live, "cancelled", ("signup", "running", "paused"))
            self._forget(live)
            info = self._info(live)
        await self._emit(TournamentUpdate("cancelled", info))
        return info

    async def kick(self, tournament_id: int, user_id: int) -> TournamentInfo:
        """Remove a player: during sign-up their entry goes; once running they withdraw
        (their pending table is forfeited to the opponent, and they are never paired again)."""
        live = await self._get(tournament_id)
        if self.shared:
            async with live.lock:
                await self._fresh(live)
        name = live.names.get(user_id, str(user_id))
        if live.row.status == "signup":
            return await self.leave(tournament_id, user_id)
        async with live.lock:
            await self._fresh(live)
            t = live.t
            if t is None or user_id not in t.seeds:
                raise TournamentProblem("tournament-player-not-in", name=name)
            if user_id in t.withdrawn:
                raise TournamentProblem("tournament-player-left", name=name)
            changed = t.withdraw(user_id)
            await self._save(live)
            await self.store.tournaments.set_entry(live.id, user_id, status="kicked")
            for p in changed:
                await self._store_result(live, p)
            notes: list[Said] = []
            for p in changed:
                note = _decided_note(p, live.names, removed=name) or said(
                    "tournament-removed", name=name
                )
                await self._end_table(live, p, note)
                notes.append(note)
            info = self._info(live)
            await self._emit(
                TournamentUpdate(
                    "kicked",
                    info,
                    note=said("tournament-lines", lines=tuple(notes))
                    if notes
                    else said("tournament-removed", name=name),
                    users=(user_id,),
                )
            )
            if changed:
                await self._emit(TournamentUpdate("result", self._info(live)))
            await self._after_result(live)
        return self._info(live)

    # ----- rounds -----------------------------------------------------------------------

    async def _begin_round(self, live: _Live) -> None:
        """Pair the next round, save it, open its tables, announce it (under the lock)."""
        t = live.t
        assert t is not None
        pairings = t.start_round()
        live.present = {}
        live.tables = {}
        live.deadline = self.clock() + self.timing.no_show
        live.paused_left = None
        await self._save(live)
        await self._ensure_round(live)
        blocks: set[tuple[int, int]] = set()
        for p in pairings:
            if p.b is None:
                continue
            for x, y in ((p.a, p.b), (p.b, p.a)):
                if await self.store.relations.has(x, y, "block"):
                    blocks.add((x, y))
        blocked = tuple(
            (h.pairing.id, h.blocker, h.blocked) for h in blocked_pairings(pairings, blocks)
        )
        await self._arm(live)
        await self._emit(
            TournamentUpdate(
                "round_started", self._info(live), tables=self._tables_info(live), blocked=blocked
            )
        )
        # A round robin may start with tables already decided (withdrawn players).
        if t.round_complete:
            await self._after_result(live)

    async def _ensure_round(self, live: _Live) -> None:
        """Make the store and the tables match the current round (idempotent, so a restart
        in the middle of opening a round finishes the job)."""
        t = live.t
        assert t is not None
        number = t.current_round
        rounds = await self.store.tournaments.rounds(live.id)
        if not any(r.round_no == number for r in rounds):
            deadline = None if live.deadline is None else datetime.fromtimestamp(live.deadline, UTC)
            await self.store.tournaments.start_round(
                live.id,
                number,
                [NewPairing(p.id, p.table, p.a, p.b, p.deal_round) for p in t.current_pairings()],
                deadline=deadline,
            )
        stored = {p.key: p for p in await self.store.tournaments.pairings(live.id, number)}
        for p in t.current_pairings():
            row = stored.get(p.id)
            if (
                p.result is not None
                and p.b is not None
                and row is not None
                and row.result_kind is None
            ):
                await self._store_result(live, p)
            if p.result is not None or p.b is None:
                continue
            table_id = live.tables.get(p.id) or (row.table_id if row is not None else None)
            record = None if table_id is None else await self.store.tables.get(table_id)
            if record is not None and record.status == "lobby":
                await self._adopt(live, p, record)
            elif record is None or record.status == "abandoned":
                await self._open_table(live, p)
            else:
                live.tables[p.id] = record.id
                self._by_table[record.id] = (live.id, p.id)

    async def _open_table(self, live: _Live, p: Pairing) -> None:
        assert p.b is not None
        rules = RuleSet.from_dict(live.settings.get("rules_json") or {"name": live.row.rules})
        spec = TableSpec(
            guild_id=live.row.guild_id,
            channel_id=live.thread_id or live.row.channel_id,  # the board goes in the thread
            rules=rules.name,
            rules_json=json.dumps(rules.to_dict()),
            target=rules.target,
            seat_count=2,
            seats=(
                NewSeat(live.names.get(p.a, "Player 1"), user_id=p.a),
                NewSeat(live.names.get(p.b, "Player 2"), user_id=p.b),
            ),
            host_id=p.a,
        )
        record = await self.store.tables.create(spec)
        try:
            await self._adopt(live, p, record)
        except StaleVersion:
            # Another process opened this round's tables first (shared store): this table
            # is not the pairing's; it never starts.
            with contextlib.suppress(Exception):
                await self.store.tables.abandon(record.id)
            raise

    async def _adopt(self, live: _Live, p: Pairing, record: Any) -> None:
        t = live.t
        assert t is not None
        live.tables[p.id] = record.id
        self._by_table[record.id] = (live.id, p.id)
        # Saved first: of two processes opening this pairing's table at once (shared
        # store), the second is refused here, before it names or starts a table.
        await self._save(live)
        # Known before the table's first update can arrive.
        await self.store.tournaments.set_pairing_table(live.id, p.id, record.id)
        try:
            await self.tables.adopt_and_start(record, seed=t.deal_seed(p, 0))
        except GameError:
            log.exception("tournament %s: could not start table %s", live.id, record.id)

    def _tables_info(self, live: _Live) -> tuple[TableInfo, ...]:
        t = live.t
        assert t is not None
        return tuple(
            TableInfo(
                p.id,
                p.table,
                p.players,
                live.tables.get(p.id),
                None if p.result is None else p.result.kind.value,
            )
            for p in t.current_pairings()
        )

    async def _after_result(self, live: _Live) -> None:
        """Finish the round and the tournament when they are done; else schedule the next
        round (under the lock)."""
        t = live.t
        if t is None or not t.started or not t.round_complete:
            return
        rounds = await self.store.tournaments.rounds(live.id)
        if any(r.round_no == t.current_round and r.status == "playing" for r in rounds):
            await self.store.tournaments.finish_round(live.id, t.current_round)
        if live.deadline is not None:
            live.deadline = None
            self._cancel_timer(live)
            await self._save(live)
        if t.finished:
            await self._finish(live)
            return
        if live.row.status != "running" or self._closing:
            return
        if self.shared:
            await self._arm_store(live, "round", self.clock() + self.timing.between_rounds)
            return
        if live.next_round is None or live.next_round.done():
            live.next_round = self._start(self._next_round_later(live))
            # (`live.next_round` is cleared once the round begins, before it is paired.)
            self._pairing.add(live.next_round)
            live.next_round.add_done_callback(self._pairing.discard)

    async def _next_round_later(self, live: _Live) -> None:
        await asyncio.sleep(self.timing.between_rounds)
        async with live.lock:
            if self._live.get(live.id) is live:
                await self._pair_next(live)

    async def _pair_next(self, live: _Live) -> None:
        """The pause between rounds is over: pair the next round if it is still due (under
        the lock)."""
        t = live.t
        if t is None or live.row.status != "running" or not t.round_complete or t.finished:
            return
        live.next_round = None
        try:
            await self._begin_round(live)
        except TournamentError:
            log.exception("tournament %s: could not pair the next round", live.id)

    async def _finish(self, live: _Live) -> None:
        t = live.t
        assert t is not None
        await self._set_status(live, "finished", ("running", "paused"))
        ranking = t.final_ranking()
        for s in ranking:
            status = None
            if s.status is Status.CHAMPION or (s.place == 1 and not t.format.is_elimination):
                status = "champion"
            elif s.status is Status.ELIMINATED:
                status = "eliminated"
            await self.store.tournaments.set_entry(
                live.id,
                s.player,
                final_rank=s.place,
                status=status,  # type: ignore[arg-type]
            )
        ff = forfeit_counts(t)
        points = not t.format.is_elimination
        lines = tuple(
            RankLine(
                s.place,
                s.player,
                live.names.get(s.player, str(s.player)),
                wins=s.wins,
                losses=s.losses,
                forfeits=ff.get(s.player, 0),
                match_points=s.match_points if points else None,
                buchholz=s.buchholz,
                sonneborn_berger=s.sonneborn_berger,
            )
            for s in ranking
        )
        info = self._info(live)
        self._forget(live)
        await self._emit(TournamentUpdate("finished", info, ranking=lines))

    def _forget(self, live: _Live) -> None:
        self._cancel_tasks(live)
        self._live.pop(live.id, None)
        for table_id in live.tables.values():
            self._by_table.pop(table_id, None)

    # ----- results ----------------------------------------------------------------------

    async def _store_result(self, live: _Live, p: Pairing) -> None:
        res = p.result
        if res is None or res.kind is ResultKind.BYE:
            return
        kind: StoreResultKind = res.kind.value  # type: ignore[assignment]
        # A replay after a restart: the store may already have it.
        with contextlib.suppress(AlreadyRecorded):
            await self.store.tournaments.record_result(live.id, p.id, kind, res.winner)

    async def _record(self, live: _Live, key: str, result: Result) -> None:
        """Record a table's result everywhere and announce it, a forfeit in words (under
        the lock)."""
        t = live.t
        assert t is not None
        p = t.record_result(key, result)
        await self._save(live)
        await self._store_result(live, p)
        note = _decided_note(p, live.names)
        await self._emit(TournamentUpdate("result", self._info(live), note=note))

    async def on_table_update(self, update: TableUpdate) -> None:
        """The table service's observer: note who showed up and take match results. On a
        shared store also for tables another process opened (looked up in the store), on
        the tournament's latest state, so a match's end counts once whichever process
        finished it."""
        table_id = update.state.table_id
        found = self._by_table.get(table_id)
        if self.shared:
            if found is None:
                found = await self._table_ref(table_id)
            if update.kind == "match_over":
                self._table_refs.pop(table_id, None)
                self._shared_seen.pop(table_id, None)
            if found is None:
                return
            key = found[1]
            if update.kind != "match_over":
                # Only a first move by a player matters before the end (who showed up):
                # no read of the store for the others.
                known = self._live.get(found[0])
                actor = update.actor
                if actor is None or (known is not None and actor in known.present.get(key, ())):
                    return
            await self._shared_step(found[0], lambda live: self._take(live, key, update))
            return
        if found is None:
            return
        live = self._live.get(found[0])
        if live is None:
            return
        async with live.lock:
            if self._live.get(live.id) is live:
                await self._take(live, found[1], update)

    async def on_table_reloaded(self, table_id: int) -> None:
        """Shared store: a table was rebuilt from the store here (another process moved
        it, or this one never had it). If it plays a tournament pairing, note its players
        and who showed up, from the store, for the checks at its end. Takes no lock (the
        table's is held), never raises (a click must not fail for this)."""
        try:
            found = await self._table_ref(table_id)
            if found is None:
                return
            pairing = await self.store.tournaments.pairing_for_table(table_id)
            row = await self.store.tournaments.get(found[0])
            if pairing is None or pairing.player_b is None or row is None:
                return
            state = json.loads(row.state_json or "{}")
            present = frozenset(int(u) for u in state.get("present", {}).get(found[1], ()))
            if len(self._shared_seen) >= MAX_TABLE_REFS:
                self._shared_seen.clear()
            players = frozenset((pairing.player_a, pairing.player_b))
            self._shared_seen[table_id] = (players, present)
        except Exception:
            log.exception("tournament pairing of table %s not read", table_id)

    async def _table_ref(self, table_id: int) -> tuple[int, str] | None:
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

    async def _take(self, live: _Live, key: str, update: TableUpdate) -> None:
        """One table update of pairing ``key`` (under the lock)."""
        t = live.t
        if t is None:
            return
        try:
            p = t.pairing(key)
        except TournamentError:
            return
        if p.result is not None:
            # Decided already (a no-show, a kick): the table's end changes nothing.
            if update.kind == "match_over":
                self._by_table.pop(update.state.table_id, None)
            return
        actor = update.actor
        if actor is not None and actor in p.players:
            here = live.present.setdefault(key, set())
            if actor not in here:
                here.add(actor)
                await self._save(live)
        if update.kind != "match_over" or update.summary is None:
            return
        self._by_table.pop(update.state.table_id, None)
        result = self._match_result(p, live.present.get(key, set()), update)
        await self._record(live, key, result)
        await self._after_result(live)

    @staticmethod
    def _match_result(p: Pairing, present: set[int], update: TableUpdate) -> Result:
        """A finished match's result (see :func:`_result`)."""
        summary = update.summary
        assert summary is not None
        winner_seat = summary.winner
        winner = None
        if winner_seat is not None and 0 <= winner_seat < len(update.state.seats):
            winner = update.state.seats[winner_seat].user_id
        result = _result(p, present, winner, summary.ended_by)
        if summary.ended_by == "forfeit" and result.played and result.winner is not None:
            # The table service called it unplayed (it saw a click we had not yet heard
            # of cannot make it less so): agree with the stats and the ratings.
            return Result.forfeit(result.winner)
        return result

    def unplayed(self, table_id: int, acted: frozenset[int]) -> bool:
        """The table service's check when a match ends early (resigned, or a player
        removed for being away): a tournament match is unplayed unless both players made
        a move (or resigned). Such a match is a forfeit: no stats, rating or achievement."""
        found = self._by_table.get(table_id)
        live = None if found is None else self._live.get(found[0])
        seen = self._shared_seen.get(table_id)
        if found is None or live is None or live.t is None:
            # Shared store: a tournament table this process does not run.
            return seen is not None and not seen[0] <= seen[1] | acted
        try:
            p = live.t.pairing(found[1])
        except TournamentError:
            return False
        if p.result is not None:
            return not p.result.played
        here = live.present.get(found[1], set()) | (acted & set(p.players))
        if seen is not None:  # shared store: shows up in another process count too
            here |= seen[1]
        return not set(p.players) <= here

    def keeps_rating(self, table_id: int, ended_by: str, acted: frozenset[int]) -> bool:
        """The rating filter: a tournament match is rated only if played by both players
        (never a no-show forfeit); `acted` are the people who made a move in it."""
        found = self._by_table.get(table_id)
        live = None if found is None else self._live.get(found[0])
        seen = self._shared_seen.get(table_id)
        if found is None or live is None or live.t is None:
            # Shared store: a tournament table this process does not run.
            return seen is None or ended_by == "score" or seen[0] <= seen[1] | acted
        try:
            p = live.t.pairing(found[1])
        except TournamentError:
            return True
        if p.result is not None:
            return p.result.played
        if ended_by == "score":
            return True
        here = set(live.present.get(found[1], set())) | acted
        if seen is not None:
            here |= seen[1]
        return set(p.players) <= here

    async def _catch_up(self, live: _Live) -> None:
        """After a restart: results of tables that finished while we were away."""
        t = live.t
        assert t is not None
        for p in t.pending_pairings():
            table_id = live.tables.get(p.id)
            if table_id is None:
                continue
            record = await self.store.tables.get(table_id)
            if record is None or record.status != "finished":
                continue
            summary = await self.store.history.get(table_id)
            if summary is None:
                continue
            seat_users = {s.seat_no: s.user_id for s in summary.seats}
            present = live.present.get(p.id, set())
            winner = (
                seat_users.get(summary.winner_seat) if summary.winner_seat is not None else None
            )
            result = _result(p, present, winner, summary.ended_by)
            self._by_table.pop(table_id, None)
            await self._record(live, p.id, result)

    # ----- no-show deadlines ------------------------------------------------------------

    async def _arm(self, live: _Live) -> None:
        """The round's deadline: a task of this process, or on a shared store a timer in the
        store (a later change that makes it moot needs no cancelling: firing checks)."""
        self._cancel_timer(live)
        if live.deadline is None or live.row.status != "running" or self._closing:
            return
        if self.shared:
            await self._arm_store(live, "deadline", live.deadline)
            return
        live.timer = self._start(self._deadline_timer(live, live.deadline))

    async def _arm_store(self, live: _Live, what: str, at: float) -> None:
        """Shared store: the tournament's one timer row, armed at its current version (an
        older version never replaces a newer one's timer)."""
        await self.store.timers.arm(
            TIMER_KIND, live.id, what, live.row.version, datetime.fromtimestamp(at, UTC)
        )

    async def fire_timer(self, timer: Timer) -> None:
        """Shared store: fire the tournament's timer this process claimed (the table
        service's poll calls this). It acts on the tournament's latest state, so a timer
        made moot by a later change does nothing; raising leaves it claimed, and it is
        tried again when its lease runs out."""
        await self._shared_step(timer.ref_id, lambda live: self._fire(live, timer.what))

    async def _fire(self, live: _Live, what: str) -> None:
        t = live.t
        if live.row.status != "running" or t is None or not t.started:
            return
        if what == "check":  # after a restart: the round's tables, as `restore` does
            await self._ensure_round(live)
        # Matches whose process ended them without telling us (it died meanwhile).
        await self._catch_up(live)
        if what == "round":
            await self._pair_next(live)
            return
        if live.deadline is not None and self.clock() >= live.deadline:
            await self._apply_deadline(live)
            return
        await self._after_result(live)
        await self._arm(live)

    async def _deadline_timer(self, live: _Live, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.clock()))
        async with live.lock:
            if live.deadline != deadline or live.row.status != "running":
                return
            live.timer = None
            await self._apply_deadline(live)

    async def _apply_deadline(self, live: _Live) -> None:
        """The round's deadline passed: every table where someone never made a move is
        decided as a no-show (a forfeit, or a double forfeit) and its match is ended."""
        t = live.t
        assert t is not None
        live.deadline = None
        decided: list[Pairing] = []
        absent: set[int] = set()
        notes: list[Said] = []
        for p in t.pending_pairings():
            present = self._present(live, p)
            result = no_show_result(p, present)
            if result is None:
                continue
            note = _no_show_note(p, result, live.names)
            # End the table first: a match that has just finished by itself is decided
            # by its own end (on its way to on_table_update), never by the deadline.
            if not await self._end_table(live, p, note):
                continue
            decided.append(t.record_result(p.id, result))
            absent |= set(p.players) - present
            notes.append(note)
        await self._save(live)
        for p in decided:
            await self._store_result(live, p)
        if decided:
            await self._emit(
                TournamentUpdate(
                    "result",
                    self._info(live),
                    note=said(
                        "tournament-no-shows",
                        count=len(notes),
                        round=t.current_round,
                        lines=tuple(Coded("tournament-bullet", {"line": n}) for n in notes),
                    ),
                    users=tuple(sorted(absent)),
                )
            )
        await self._after_result(live)

    def _present(self, live: _Live, p: Pairing) -> set[int]:
        """Who showed up at a table: the saved record, plus clicks the table has seen whose
        updates have not reached us yet (a slow observer must not cost anyone a forfeit)."""
        here = set(live.present.get(p.id, set()))
        table_id = live.tables.get(p.id)
        if table_id is not None:
            with contextlib.suppress(GameError):
                here |= self.tables.get(table_id).acted & set(p.players)
        return here

    async def _end_table(self, live: _Live, p: Pairing, note: Said) -> bool:
        """End the match of a table decided without play. It is abandoned, not finished:
        no history, stats, rating or achievement can come of it, whatever the order in
        which the table's last update and the tournament's end are delivered. The table
        shows ``note``. False if the match had already finished by itself."""
        table_id = live.tables.get(p.id)
        if table_id is None:
            return True
        try:
            await self.tables.abandon(table_id, note)
        except GameError:
            record = await self.store.tables.get(table_id)
            if record is not None and record.status == "finished":
                return False
            if record is not None and record.status in ("lobby", "playing"):
                with contextlib.suppress(Exception):
                    await self.store.tables.abandon(table_id)
        self._by_table.pop(table_id, None)
        return True

    async def check_deadlines(self) -> int:
        """Apply every deadline that has passed now (tests; the timers do it by themselves).
        Returns how many tournaments were checked."""
        n = 0
        for live in list(self._live.values()):
            async with live.lock:
                if (
                    live.deadline is not None
                    and live.row.status == "running"
                    and self.clock() >= live.deadline
                ):
                    self._cancel_timer(live)
                    await self._apply_deadline(live)
                    n += 1
        return n

    def _cancel_timer(self, live: _Live) -> None:
        if live.timer is not None and live.timer is not asyncio.current_task():
            live.timer.cancel()
        live.timer = None

    def _cancel_tasks(self, live: _Live) -> None:
        self._cancel_timer(live)
        if live.next_round is not None and live.next_round is not asyncio.current_task():
            live.next_round.cancel()
        live.next_round = None


def _result(p: Pairing, present: set[int], winner: int | None, ended_by: str) -> Result:
    """The result of a finished match. Played to the target score: the winner wins (even a
    player who never had a turn, beaten by an early gin, was there). Ended otherwise (a
    resignation, or removal for being away): if both made a move it is a win too; if not,
    it is a forfeit to the table's winner (unrated), or a double forfeit if neither of
    them ever moved."""
    if winner is None or winner not in p.players:
        return no_show_result(p, present) or Result.double_forfeit()
    if ended_by != "forfeit" and (ended_by == "score" or set(p.players) <= present):
        return Result.win(winner)
    if present & set(p.players):
        return Result.forfeit(winner)
    return Result.double_forfeit()


def _names_of(names: dict[int, str], *users: int | None) -> list[str]:
    return [names.get(u, str(u)) if u is not None else "?" for u in users]


def _no_show_note(p: Pairing, result: Result, names: dict[int, str]) -> Said:
    """What a deadline decided at a table (said in each reader's language)."""
    if result.kind is ResultKind.DOUBLE_FORFEIT:
        a, b = _names_of(names, p.a, p.b)
        return said("tournament-no-show-both", a=a, b=b)
    loser = p.b if result.winner == p.a else p.a
    w, lo = _names_of(names, result.winner, loser)
    return said("tournament-no-show-one", loser=lo, winner=w)


def _decided_note(p: Pairing, names: dict[int, str], *, removed: str | None = None) -> Said | None:
    """A table decided without play (None for a match played out); ``removed``: the name
    of the player whose removal decided it."""
    res = p.result
    if res is None or res.played or p.b is None:
        return None
    if res.kind is ResultKind.DOUBLE_FORFEIT:
        a, b = _names_of(names, p.a, p.b)
        if removed is not None:
            return said("tournament-removed-both", name=removed, a=a, b=b)
        return said("tournament-decided-both", a=a, b=b)
    loser = p.b if res.winner == p.a else p.a
    w, lo = _names_of(names, res.winner, loser)
    if removed is not None:
        return said("tournament-removed-one", name=removed, winner=w)
    return said("tournament-decided-one", loser=lo, winner=w)
