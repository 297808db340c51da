"""What the table service and the ratings ask of a tournament table when its match ends:
was it played by both players (else a forfeit: no stats, rating or achievement)?"""

from __future__ import annotations

import json
import logging

from ..types import TournamentError
from ._registry import Registry
from ._setup import MAX_TABLE_REFS

log = logging.getLogger(__name__)


class Checks:
    """`unplayed` and `keeps_rating`, and on a shared store what they know of tables that
    other processes run (`on_table_reloaded`)."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.store = registry.store

    async def on_table_reloaded(self, table_id: int) -> None:
        """Shared store: a table was rebuilt from the store here (another process moved
        it, or this one never had it). If it plays a tournament pairing, note its players
        and who showed up, from the store, for the checks at its end. Takes no lock (the
        table's is held), never raises (a click must not fail for this)."""
        seen = self.registry.shared_seen
        try:
            found = await self.registry.table_ref(table_id)
            if found is None:
                return
            pairing = await self.store.tournaments.pairing_for_table(table_id)
            row = await self.store.tournaments.get(found[0])
            if pairing is None or pairing.player_b is None or row is None:
                return
            state = json.loads(row.state_json or "{}")
            present = frozenset(int(u) for u in state.get("present", {}).get(found[1], ()))
            if len(seen) >= MAX_TABLE_REFS:
                seen.clear()
            players = frozenset((pairing.player_a, pairing.player_b))
            seen[table_id] = (players, present)
        except Exception:
            log.exception("tournament pairing of table %s not read", table_id)

    def unplayed(self, table_id: int, acted: frozenset[int]) -> bool:
        """The table service's check when a match ends early (resigned, or a player
        removed for being away): a tournament match is unplayed unless both players made
        a move (or resigned). Such a match is a forfeit: no stats, rating or achievement."""
        found = self.registry.by_table.get(table_id)
        live = None if found is None else self.registry.live.get(found[0])
        seen = self.registry.shared_seen.get(table_id)
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
        found = self.registry.by_table.get(table_id)
        live = None if found is None else self.registry.live.get(found[0])
        seen = self.registry.shared_seen.get(table_id)
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
