"""A round's no-show deadline: every table where someone never made a move is decided as a
no-show and its match ended."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from bot.games.errors import GameError
from bot.i18n import Coded

from .._model import TournamentUpdate
from ..noshow import no_show_result
from ..types import Pairing
from ._info import info
from ._live import LiveTournament
from ._notes import no_show_note
from ._part import Part
from ._rounds import Rounds


@dataclass(eq=False)
class Deadlines(Part):
    """Applies a round's deadline, and ends the tables decided without play."""

    rounds: Rounds

    async def apply(self, live: LiveTournament) -> None:
        """The round's deadline passed: every table where someone never made a move is
        decided as a no-show (a forfeit, or a double forfeit) and its match is ended."""
        t = live.t
        assert t is not None
        live.deadline = None
        decided: list[Pairing] = []
        absent: set[int] = set()
        notes: list[Coded] = []
        for p in t.pending_pairings():
            present = self._present(live, p)
            result = no_show_result(p, present)
            if result is None:
                continue
            note = no_show_note(p, result, live.names)
            # End the table first: a match that has just finished by itself is decided
            # by its own end (on its way to on_table_update), never by the deadline.
            if not await self.end_table(live, p, note):
                continue
            decided.append(t.record_result(p.id, result))
            absent |= set(p.players) - present
            notes.append(note)
        await self.registry.save(live)
        for p in decided:
            await self.registry.store_result(live, p)
        if decided:
            await self.updates.emit(
                TournamentUpdate(
                    "result",
                    info(live),
                    note=Coded(
                        "tournament-no-shows",
                        {
                            "count": len(notes),
                            "round": t.current_round,
                            "lines": tuple(Coded("tournament-bullet", {"line": n}) for n in notes),
                        },
                    ),
                    users=tuple(sorted(absent)),
                )
            )
        await self.rounds.after_result(live)

    def _present(self, live: LiveTournament, p: Pairing) -> set[int]:
        """Who showed up at a table: the saved record, plus clicks the table has seen whose
        updates have not reached us yet (a slow observer must not cost anyone a forfeit)."""
        here = set(live.present.get(p.id, set()))
        table_id = live.tables.get(p.id)
        if table_id is not None:
            with contextlib.suppress(GameError):
                here |= self.tables.get(table_id).acted & set(p.players)
        return here

    async def end_table(self, live: LiveTournament, p: Pairing, note: Coded) -> bool:
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
        self.registry.by_table.pop(table_id, None)
        return True

    async def check(self) -> int:
        """Apply every deadline that has passed now (tests; the timers do it by themselves).
        Returns how many tournaments were checked."""
        n = 0
        for live in list(self.registry.live.values()):
            async with live.lock:
                if (
                    live.deadline is not None
                    and live.row.status == "running"
                    and self.setup.clock() >= live.deadline
                ):
                    live.cancel_timer()
                    await self.apply(live)
                    n += 1
        return n
