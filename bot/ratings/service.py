"""Rates finished matches: Glicko-2 per server and globally, after every rated match.

The table service asks :meth:`RatingService.plan` for the new ratings as a match ends and
stores them in the match's own ``finish_match`` transaction: a crash cannot keep the result
and lose the rating. For a two-seat match between two people, both players' ratings move in
the server's scope and in the global scope (``store.ratings``). Not rated: a match with a
computer seat, a match without a winner, a forfeit never played, and any table a *filter*
refuses (the tournament service refuses its no-show forfeits). No Discord types here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

from bot.ratings.glicko import Rating, update_after_match
from bot.store.models import GLOBAL, PlayerRating, RatingUpdate
from bot.store.repositories import Storage

log = logging.getLogger(__name__)

#: ``filter(table_id, ended_by, acted) -> False`` keeps a finished match out of the ratings
#: (``acted``: the people who made a move in it).
RatingFilter = Callable[[int, str, frozenset[int]], bool]


def as_rating(stored: PlayerRating | None) -> Rating:
    """The store's numbers as a :class:`Rating` (a newcomer's defaults when unrated)."""
    if stored is None:
        return Rating()
    return Rating(stored.rating, stored.rd, stored.volatility, stored.games)


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """What one rated match changed: ``before``/``after`` per (user id, scope)."""

    table_id: int
    winner: int
    loser: int
    before: dict[tuple[int, int], Rating]
    after: dict[tuple[int, int], Rating]


class RatingService:
    """The rating updater. ``rated`` lists the matches rated since start-up (tests, logs)."""

    def __init__(self, store: Storage) -> None:
        self.store = store
        self._filters: list[RatingFilter] = []
        self._lock = asyncio.Lock()
        self.rated: list[RatedMatch] = []

    def add_filter(self, keep: RatingFilter) -> None:
        """Add a veto: a finished match is rated only if every filter returns True."""
        self._filters.append(keep)

    def is_rated(
        self,
        table_id: int,
        ended_by: str,
        players: Sequence[int | None],
        winner: int | None,
        acted: frozenset[int] = frozenset(),
    ) -> bool:
        """True for a finished two-person match with a winner (``players`` by seat, None for
        a computer) that was played (not a forfeit) and that no filter refuses."""
        if ended_by == "forfeit" or len(players) != 2 or None in players:
            return False
        if winner is None or not 0 <= winner < 2 or players[0] == players[1]:
            return False
        return all(keep(table_id, ended_by, acted) for keep in self._filters)

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Held from reading the old ratings to committing the new ones: two matches of the
        same player ending together must not both start from the same old rating."""
        async with self._lock:
            yield

    async def plan(
        self, table_id: int, guild_id: int, winner: int, loser: int
    ) -> tuple[RatedMatch, list[RatingUpdate]]:
        """The new ratings of both players in the server's scope and globally, not yet
        stored. Call inside :meth:`turn`, store them, then :meth:`done`."""
        before: dict[tuple[int, int], Rating] = {}
        after: dict[tuple[int, int], Rating] = {}
        scopes = [guild_id, GLOBAL] if guild_id != GLOBAL else [GLOBAL]
        for scope in scopes:
            stored = await self.store.ratings.get_many((winner, loser), scope)
            w, lo = as_rating(stored.get(winner)), as_rating(stored.get(loser))
            w2, lo2 = update_after_match(w, lo, 1.0)
            before[(winner, scope)], before[(loser, scope)] = w, lo
            after[(winner, scope)], after[(loser, scope)] = w2, lo2
        updates = [RatingUpdate.of(user, scope, value) for (user, scope), value in after.items()]
        return RatedMatch(table_id, winner, loser, before, after), updates

    def done(self, rated: RatedMatch) -> None:
        """Note a match whose new ratings were committed."""
        self.rated.append(rated)
        log.info("rated table %s: %s beat %s", rated.table_id, rated.winner, rated.loser)

    async def rate(self, table_id: int, guild_id: int, winner: int, loser: int) -> RatedMatch:
        """Update both players in the server's scope and globally, in one transaction of
        their own (a match outside the table service; the table service uses :meth:`plan`)."""
        async with self.turn():
            rated, updates = await self.plan(table_id, guild_id, winner, loser)
            await self.store.ratings.put(updates)
        self.done(rated)
        return rated

    async def rating_of(self, user_id: int, scope: int = GLOBAL) -> Rating:
        """A player's rating in a scope (the newcomer's defaults if never rated)."""
        return as_rating(await self.store.ratings.get(user_id, scope))
