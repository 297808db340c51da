"""Rates finished matches: Glicko-2 per server and globally, after every rated match.

Subscribed to the table service (:meth:`RatingService.attach`); on each ``match_over`` of a
two-seat match between two people, both players' ratings move in the server's scope and in
the global scope (``store.ratings``). Not rated: a match with a computer seat, a match
without a winner, and any table a *filter* refuses (the tournament service refuses its
no-show forfeits, which are wins without a match). No Discord types here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.games.model import TableUpdate
from bot.ratings import Rating, update_after_match
from bot.store.interfaces import Storage
from bot.store.models import GLOBAL, PlayerRating, RatingUpdate

log = logging.getLogger(__name__)

#: ``filter(update) -> False`` keeps a finished match out of the ratings.
RatingFilter = Callable[[TableUpdate], bool]


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

    def attach(self, tables: object) -> None:
        """Subscribe to a ``TableService`` (anything with ``subscribe(observer)``)."""
        tables.subscribe(self)  # type: ignore[attr-defined]

    def is_rated(self, update: TableUpdate) -> bool:
        """True for the ``match_over`` of a finished two-person match with a winner that
        no filter refuses."""
        if update.kind != "match_over" or update.summary is None:
            return False
        if update.summary.ended_by == "forfeit":  # never played (a tournament no-show)
            return False
        seats = update.state.seats
        if len(seats) != 2 or any(s.user_id is None for s in seats):
            return False
        winner = update.summary.winner
        if winner is None or not 0 <= winner < 2:
            return False
        if seats[0].user_id == seats[1].user_id:
            return False
        return all(keep(update) for keep in self._filters)

    async def __call__(self, update: TableUpdate) -> None:
        if not self.is_rated(update):
            return
        assert update.summary is not None and update.summary.winner is not None
        seats = update.state.seats
        winner = seats[update.summary.winner].user_id
        loser = seats[1 - update.summary.winner].user_id
        assert winner is not None and loser is not None
        await self.rate(update.state.table_id, update.state.guild_id, winner, loser)

    async def rate(self, table_id: int, guild_id: int, winner: int, loser: int) -> RatedMatch:
        """Update both players in the server's scope and globally, in one transaction."""
        # One at a time: two matches of the same player ending together must not both
        # start from the same old rating.
        async with self._lock:
            before: dict[tuple[int, int], Rating] = {}
            after: dict[tuple[int, int], Rating] = {}
            scopes = [guild_id, GLOBAL] if guild_id != GLOBAL else [GLOBAL]
            for scope in scopes:
                stored = await self.store.ratings.get_many((winner, loser), scope)
                w, lo = as_rating(stored.get(winner)), as_rating(stored.get(loser))
                w2, lo2 = update_after_match(w, lo, 1.0)
                before[(winner, scope)], before[(loser, scope)] = w, lo
                after[(winner, scope)], after[(loser, scope)] = w2, lo2
            await self.store.ratings.put(
                RatingUpdate.of(user, scope, value) for (user, scope), value in after.items()
            )
        done = RatedMatch(table_id, winner, loser, before, after)
        self.rated.append(done)
        log.info("rated table %s: %s beat %s", table_id, winner, loser)
        return done

    async def rating_of(self, user_id: int, scope: int = GLOBAL) -> Rating:
        """A player's rating in a scope (the newcomer's defaults if never rated)."""
        return as_rating(await self.store.ratings.get(user_id, scope))
