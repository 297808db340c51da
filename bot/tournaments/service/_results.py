"""Results taken from the game tables: who showed up, each finished match's result, and
the matches that ended while this process was away."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.model import TableUpdate

from .._model import TournamentUpdate
from ..types import Pairing, Result, TournamentError
from ._info import info
from ._live import LiveTournament
from ._notes import decided_note, match_result
from ._part import Part
from ._rounds import Rounds


@dataclass(eq=False)
class Results(Part):
    """The table service's observer, for the tournaments' tables."""

    rounds: Rounds

    async def record(self, live: LiveTournament, key: str, result: Result) -> None:
        """Record a table's result everywhere and announce it, a forfeit in words (under
        the lock)."""
        t = live.t
        assert t is not None
        p = t.record_result(key, result)
        await self.registry.save(live)
        await self.registry.store_result(live, p)
        note = decided_note(p, live.names)
        await self.updates.emit(TournamentUpdate("result", info(live), note=note))

    async def on_table_update(self, update: TableUpdate) -> None:
        """The table service's observer: note who showed up and take match results. On a
        shared store also for tables another process opened (looked up in the store), on
        the tournament's latest state, so a match's end counts once whichever process
        finished it."""
        table_id = update.state.table_id
        found = self.registry.by_table.get(table_id)
        if self.setup.shared:
            if found is None:
                found = await self.registry.table_ref(table_id)
            if update.kind == "match_over":
                self.registry.drop_table_ref(table_id)
            if found is None:
                return
            key = found[1]
            if update.kind != "match_over":
                # Only a first move by a player matters before the end (who showed up):
                # no read of the store for the others.
                known = self.registry.live.get(found[0])
                actor = update.actor
                if actor is None or (known is not None and actor in known.present.get(key, ())):
                    return
            await self.registry.shared_step(found[0], lambda live: self._take(live, key, update))
            return
        if found is None:
            return
        live = self.registry.live.get(found[0])
        if live is None:
            return
        async with live.lock:
            if self.registry.live.get(live.id) is live:
                await self._take(live, found[1], update)

    async def _take(self, live: LiveTournament, key: str, update: TableUpdate) -> None:
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
                self.registry.by_table.pop(update.state.table_id, None)
            return
        actor = update.actor
        if actor is not None and actor in p.players:
            here = live.present.setdefault(key, set())
            if actor not in here:
                here.add(actor)
                await self.registry.save(live)
        if update.kind != "match_over" or update.summary is None:
            return
        self.registry.by_table.pop(update.state.table_id, None)
        result = _match_result(p, live.present.get(key, set()), update)
        await self.record(live, key, result)
        await self.rounds.after_result(live)

    async def catch_up(self, live: LiveTournament) -> None:
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
            result = match_result(p, present, winner, summary.ended_by)
            self.registry.by_table.pop(table_id, None)
            await self.record(live, p.id, result)


def _match_result(p: Pairing, present: set[int], update: TableUpdate) -> Result:
    """A finished match's result (see `match_result`)."""
    summary = update.summary
    assert summary is not None
    winner_seat = summary.winner
    winner = None
    if winner_seat is not None and 0 <= winner_seat < len(update.state.seats):
        winner = update.state.seats[winner_seat].user_id
    result = match_result(p, present, winner, summary.ended_by)
    if summary.ended_by == "forfeit" and result.played and result.winner is not None:
        # The table service called it unplayed (it saw a click we had not yet heard
        # of cannot make it less so): agree with the stats and the ratings.
        return Result.forfeit(result.winner)
    return result
