"""RecordsUseCase: `/gin records ...` (stats, leaderboard, history, replay), one method per
interaction, each returning what the reader is shown with the hearts they see on names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.circle import CircleService, LeaderboardPage, RatingPage, RoundReplay, StatsView
from bot.circle.service import RATING_SORT, Scope
from bot.store.models import MatchSummary
from bot.ui.letters import Letters

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Hearted(Generic[T]):
    """What a reader is shown, and a heart for each name on it they favorited."""

    shown: T
    hearts: dict[int, str]


class RecordsUseCase:
    def __init__(self, circle: CircleService, letters: Letters) -> None:
        self.circle = circle
        #: DMs to a player in their language (a reminder, a note about their record).
        self.letters = letters

    async def stats(self, user_id: int, *, guild_id: int | None, scope: Scope) -> StatsView:
        return await self.circle.stats(user_id, guild_id=guild_id, scope=scope)

    async def leaderboard(
        self, viewer_id: int, *, guild_id: int | None, scope: Scope, sort: str, page: int
    ) -> Hearted[LeaderboardPage | RatingPage]:
        """A page ranked by `sort` (the rating, or a record's column), and the viewer's rank."""
        shown: LeaderboardPage | RatingPage
        if sort == RATING_SORT:
            shown = await self.circle.rating_leaderboard(
                viewer_id, guild_id=guild_id, scope=scope, page=page
            )
        else:
            shown = await self.circle.leaderboard(
                viewer_id, guild_id=guild_id, scope=scope, sort=sort, page=page
            )
        ids = [e.user_id for e in shown.entries]
        return Hearted(shown, await self.circle.decorate_names(viewer_id, ids))

    async def history(self, reader_id: int, user_id: int) -> Hearted[list[MatchSummary]]:
        """`user_id`'s last matches, as `reader_id` sees the names on them."""
        matches = await self.circle.history(user_id)
        ids = [s.user_id for m in matches for s in m.seats if s.user_id is not None]
        return Hearted(matches, await self.circle.decorate_names(reader_id, ids))

    async def replay(self, table_id: int, round_no: int, viewer_id: int) -> RoundReplay:
        """A finished round move by move (hands the viewer may not see yet left out)."""
        return await self.circle.replay(table_id, round_no, viewer_id)
