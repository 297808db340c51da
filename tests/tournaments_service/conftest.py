"""Fixtures: a real store on SQLite, the real table service, the tournament and rating
services wired as the bot wires them, and a scripted player for every seat."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.engine.players import BaselinePlayer
from bot.engine.scoring import KNOCK_KINDS
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.games.tables import TableService, Timing
from bot.ratings.service import RatingService
from bot.store import Store, open_store
from bot.tournaments._model import TournamentTiming, TournamentUpdate
from bot.tournaments.service import TournamentService

FAST = Timing(turn=600, reminder=10, round_pause=0, computer_delay=0)
GUILD, CHANNEL, ORGANIZER = 77, 88, 5000
PLAYERS = [1001 + i for i in range(8)]
NAMES = {p: f"P{i + 1}" for i, p in enumerate(PLAYERS)}


class Clock:
    """A clock the test moves by hand (epoch seconds)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Rig:
    """One "process": a store, a table service, a tournament service, a rating service."""

    path: Path
    store: Store
    tables: TableService
    service: TournamentService
    ratings: RatingService
    seen: list[TournamentUpdate] = field(default_factory=list)
    table_updates: list[TableUpdate] = field(default_factory=list)
    #: Notified on every update of either service.
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    @classmethod
    async def open(
        cls,
        path: Path,
        timing: TournamentTiming,
        *,
        clock: Callable[[], float] = time.time,
        attach: bool = True,
        first: Callable[[TableUpdate], Awaitable[None]] | None = None,
    ) -> Rig:
        """With ``attach=False`` the tournament service never hears of the tables (as if the
        process had stopped before it did); ``first`` observes the tables before anyone."""
        store = await open_store(path)
        ratings = RatingService(store)
        tables = TableService(store, timing=FAST, ratings=ratings)
        # Seeded deals for tables outside tournaments. A tournament's tables take the
        # tournament's own random seed, so a test that must leave a match "in the middle"
        # moves with ``knock=False`` (at a target of 10 a knock could end it).
        seeds = itertools.count(11)
        tables.deal_seed = lambda: next(seeds)
        if first is not None:
            tables.subscribe(first)
        service = TournamentService(store, tables, timing=timing, clock=clock)
        rig = cls(path, store, tables, service, ratings)
        if attach:
            service.attach(ratings)

        async def observe(update: TournamentUpdate) -> None:
            rig.seen.append(update)
            async with rig.changed:
                rig.changed.notify_all()

        service.subscribe(observe)

        async def observe_tables(update: TableUpdate) -> None:
            rig.table_updates.append(update)
            async with rig.changed:
                rig.changed.notify_all()

        tables.subscribe(observe_tables)
        await tables.recover()
        await service.restore()
        return rig

    async def close(self) -> None:
        await self.tables.wait_idle()
        await self.service.wait_idle()
        await self.service.close()
        await self.tables.close()
        await self.store.close()

    def kinds(self) -> list[str]:
        return [u.kind for u in self.seen]

    def updates(self) -> int:
        return len(self.seen) + len(self.table_updates)

    async def settle(self) -> None:
        """Until both services are idle: every queued update delivered, every round due
        paired (one service's updates can start the other's work, so until neither has
        anything more to say)."""
        for _ in range(100):
            before = self.updates()
            await self.tables.wait_idle()
            await self.service.wait_idle()
            if self.updates() == before:
                return
        raise AssertionError("the services never settled")

    async def next_update(self, seen: int) -> None:
        """Wait until there are more than ``seen`` updates (the next one after a pause)."""
        await self.until(lambda: self.updates() > seen)

    def tournament_tables(self, tid: int) -> dict[int, str]:
        """Game table id -> pairing key for the tournament's tables in play."""
        return self.service.tables_in_play(tid)

    def _status(self, tid: int) -> str | None:
        """The tournament's status in its latest update."""
        return next((u.info.status for u in reversed(self.seen) if u.info.id == tid), None)

    def _exists(self, table_id: int) -> bool:
        try:
            self.tables.get(table_id)
        except GameError:
            return False
        return True

    async def until(self, done: Callable[[], bool], timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Wait until ``done()`` (checked after every update)."""
        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(done), timeout)

    async def move(self, table_id: int, user_id: int | None = None, *, knock: bool = True) -> bool:
        """One baseline move at the table (by `user_id` only, if given); False if none. With
        ``knock=False`` the player never ends the round while anything else is legal (a test
        that needs the match to go on whatever the deal)."""
        try:
            live = self.tables.get(table_id)
        except GameError:
            return False
        match = live.match
        if match is None or match.round_over:
            return False
        seat = match.round.to_move
        if seat is None:
            return False
        mover = live.record.seats[seat].user_id
        if user_id is not None and mover != user_id:
            return False
        view = match.round.view(seat)
        assert mover is not None
        legal = view.legal
        if not knock:
            legal = [a for a in legal if a.kind not in KNOCK_KINDS] or legal
        try:
            await self.tables.act(table_id, mover, BaselinePlayer().choose(view, legal), None)
        except GameError:
            return False
        return True

    async def finish_table(self, table_id: int) -> None:
        """Play one table until its match is over."""
        for _ in range(20000):
            try:
                self.tables.get(table_id)
            except GameError:
                await self.settle()
                return
            seen = self.updates()
            if not await self.move(table_id):
                await self.settle()
                if self.updates() == seen and self._exists(table_id):
                    await self.next_update(seen)  # a timer (the next deal) is due
        raise AssertionError("the match did not end")

    async def play_round(self, tid: int) -> None:
        """Play every table of the current round to its end, and wait for what follows it
        (the next round paired, the tournament finished, or held by a pause)."""
        t = self.service.tournament(tid)
        number = 0 if t is None else t.current_round

        def over() -> bool:
            t = self.service.tournament(tid)
            return t is None or t.round_complete or t.current_round > number

        def followed() -> bool:
            t = self.service.tournament(tid)
            return t is None or t.current_round > number or self._status(tid) != "running"

        for _ in range(20000):
            if over():
                await self.settle()
                await self.until(followed)
                await self.settle()
                return
            seen = self.updates()
            moved = False
            for table_id in list(self.tournament_tables(tid)):
                moved = await self.move(table_id) or moved
            if not moved:
                await self.settle()
                if self.updates() == seen and not over():
                    await self.next_update(seen)  # a timer (the next deal) is due
        raise AssertionError("the round did not end")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "gin.sqlite3"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def rig(db: Path, clock: Clock) -> AsyncIterator[Rig]:
    r = await Rig.open(db, TournamentTiming(no_show=600, between_rounds=0), clock=clock)
    yield r
    await r.close()


async def signed_up(rig: Rig, n: int = 8, **options: object) -> int:
    """A tournament with n players signed up (not started)."""
    info = await rig.service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organizer_id=ORGANIZER,
        name="Friday Gin",
        format=str(options.pop("format", "swiss")),
        rules="cardgames",
        target=10,
        **options,  # type: ignore[arg-type]
    )
    for p in PLAYERS[:n]:
        await rig.service.join(info.id, p, NAMES[p])
    return info.id
