"""A tournament's rounds: paired, saved, their tables opened and started, the next round
after the pause, and the final ranking."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from datetime import UTC, datetime

from bot.engine import RuleSet
from bot.games.errors import GameError
from bot.store.errors import StaleVersion
from bot.store.models import NewPairing, NewSeat, Table, TableSpec

from .._model import RankLine, TournamentUpdate
from ..blocks import blocked_pairings
from ..state import forfeit_counts
from ..types import Pairing, Status, TournamentError
from ._info import info, tables_info
from ._live import LiveTournament
from ._part import Part

log = logging.getLogger(__name__)


class Rounds(Part):
    """Plays a tournament round after round."""

    async def begin(self, live: LiveTournament) -> None:
        """Pair the next round, save it, open its tables, announce it (under the lock)."""
        t = live.t
        assert t is not None
        t.start_round()
        live.present = {}
        live.tables = {}
        live.deadline = self.setup.clock() + self.setup.timing.no_show
        live.paused_left = None
        # The round's claim: of two processes pairing it at once, the second is refused.
        await self.registry.save(live)
        await self.open_round(live)

    async def open_round(self, live: LiveTournament) -> None:
        """Open the current round's tables and announce it, once (under the lock). Every
        step saves, so on a shared store a save refused midway (another process saved the
        tournament meanwhile) leaves a round paired but not announced: whichever process
        takes the round's step again on the new state (`pair_next`) does the rest."""
        t = live.t
        assert t is not None
        await self.ensure(live)
        pairings = t.current_pairings()
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
        # The announcement's claim, saved before anyone is told: told once.
        live.announced = t.current_round
        await self.registry.save(live)
        await self.timers.arm(live)
        await self.updates.emit(
            TournamentUpdate("round_started", info(live), tables=tables_info(live), blocked=blocked)
        )
        # A round robin may start with tables already decided (withdrawn players).
        if t.round_complete:
            await self.after_result(live)

    async def ensure(self, live: LiveTournament) -> None:
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
                await self.registry.store_result(live, p)
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
                self.registry.by_table[record.id] = (live.id, p.id)

    async def _open_table(self, live: LiveTournament, p: Pairing) -> None:
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

    async def _adopt(self, live: LiveTournament, p: Pairing, record: Table) -> None:
        t = live.t
        assert t is not None
        live.tables[p.id] = record.id
        self.registry.by_table[record.id] = (live.id, p.id)
        # Saved first: of two processes opening this pairing's table at once (shared
        # store), the second is refused here, before it names or starts a table.
        await self.registry.save(live)
        # Known before the table's first update can arrive.
        await self.store.tournaments.set_pairing_table(live.id, p.id, record.id)
        try:
            await self.tables.adopt_and_start(record, seed=t.deal_seed(p, 0))
        except GameError:
            log.exception("tournament %s: could not start table %s", live.id, record.id)

    async def after_result(self, live: LiveTournament) -> None:
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
            live.cancel_timer()
            await self.registry.save(live)
        if t.finished:
            await self._finish(live)
            return
        if live.row.status != "running" or self.setup.closing:
            return
        if self.setup.shared:
            at = self.setup.clock() + self.setup.timing.between_rounds
            await self.timers.arm_store(live, "round", at)
            return
        if live.next_round is None or live.next_round.done():
            live.next_round = self.updates.start(self._next_round_later(live))
            # (`live.next_round` is cleared once the round begins, before it is paired.)
            self.updates.pairing.add(live.next_round)
            live.next_round.add_done_callback(self.updates.pairing.discard)

    async def _next_round_later(self, live: LiveTournament) -> None:
        await asyncio.sleep(self.setup.timing.between_rounds)
        async with live.lock:
            if self.registry.live.get(live.id) is live:
                await self.pair_next(live)

    async def pair_next(self, live: LiveTournament) -> None:
        """The pause between rounds is over: pair the next round if it is still due, or
        finish opening one paired but not announced (under the lock)."""
        t = live.t
        if t is None or live.row.status != "running":
            return
        if t.started and live.announced < t.current_round:
            await self.open_round(live)
            return
        if not t.round_complete or t.finished:
            return
        live.next_round = None
        try:
            await self.begin(live)
        except TournamentError:
            log.exception("tournament %s: could not pair the next round", live.id)

    async def _finish(self, live: LiveTournament) -> None:
        t = live.t
        assert t is not None
        await self.registry.set_status(live, "finished", ("running", "paused"))
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
        done = info(live)
        self.registry.forget(live)
        await self.updates.emit(TournamentUpdate("finished", done, ranking=lines))
