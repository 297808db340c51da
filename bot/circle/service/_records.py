"""Records: statistics, leaderboards (counters and rating), history and replays."""

from __future__ import annotations

import json
import math

from bot.circle.replay import RoundReplay, replay_round
from bot.engine import RuleSet
from bot.engine.actions import Action
from bot.ratings import Rating
from bot.store.models import GLOBAL, LEADERBOARD_SORTS, LeaderboardSort, MatchSummary

from ._model import (
    PAGE_SIZE,
    SORTS,
    CircleError,
    LeaderboardPage,
    RatedLine,
    RatingPage,
    Scope,
    StatsView,
    as_rating,
    name_of,
    scope_id,
    sort_value,
)
from ._part import Part


class Records(Part):
    """A player's records, the leaderboards, the history and replays."""

    async def stats(
        self, user_id: int, *, guild_id: int | None, scope: Scope = "server"
    ) -> StatsView:
        sid = scope_id(scope, guild_id)
        player = await self.store.players.get(user_id)
        keys = [a.key for a in await self.store.achievements.of(user_id)]
        return StatsView(
            user_id=user_id,
            name=name_of(player, user_id),
            scope=scope,
            people=await self.store.stats.get(user_id, sid, "people"),
            computer=await self.store.stats.get(user_id, sid, "computer"),
            favorite_rules=await self.store.history.favorite_rules(
                user_id, None if sid == GLOBAL else sid
            ),
            achievements=tuple(keys),
            server_rating=(
                None
                if guild_id is None
                else as_rating(await self.store.ratings.get(user_id, guild_id))
            ),
            global_rating=as_rating(await self.store.ratings.get(user_id, GLOBAL)),
        )

    async def leaderboard(
        self,
        viewer_id: int,
        *,
        guild_id: int | None,
        scope: Scope = "server",
        sort: str = "wins",
        page: int = 0,
        page_size: int = PAGE_SIZE,
    ) -> LeaderboardPage:
        """One page (vs people), and the viewer's own rank even when it is not on the page."""
        if sort not in LEADERBOARD_SORTS:
            raise CircleError("circle-sort", sorts=", ".join(SORTS))
        order: LeaderboardSort = sort
        sid = scope_id(scope, guild_id)
        total = await self.store.stats.count(sid)
        pages = max(1, math.ceil(total / page_size))
        page = min(max(page, 0), pages - 1)
        entries = await self.store.stats.leaderboard(
            sid, sort=order, limit=page_size, offset=page * page_size
        )
        rank = await self.store.stats.rank(viewer_id, sid, sort=order)
        value = None
        if rank is not None:
            mine = next((e for e in entries if e.user_id == viewer_id), None)
            if mine is not None:
                value = mine.value
            else:
                line = await self.store.stats.get(viewer_id, sid)
                value = sort_value(line, order)
        return LeaderboardPage(
            scope, sid, order, page, pages, total, tuple(entries), viewer_id, rank, value
        )

    async def rating_leaderboard(
        self,
        viewer_id: int,
        *,
        guild_id: int | None,
        scope: Scope = "server",
        page: int = 0,
        page_size: int = PAGE_SIZE,
    ) -> RatingPage:
        """A page of players by Glicko-2 rating (rated matches only), and the viewer's own
        rank and rating even when they are not on the page."""
        sid = scope_id(scope, guild_id)
        total = await self.store.ratings.count(sid)
        pages = max(1, math.ceil(total / page_size))
        page = min(max(page, 0), pages - 1)
        rows = await self.store.ratings.leaderboard(sid, limit=page_size, offset=page * page_size)
        entries = tuple(
            RatedLine(r.rank, r.rating.user_id, r.display_name, as_rating(r.rating) or Rating())
            for r in rows
        )
        rank = await self.store.ratings.rank(viewer_id, sid)
        mine = next((e.rating for e in entries if e.user_id == viewer_id), None)
        if mine is None and rank is not None:
            mine = as_rating(await self.store.ratings.get(viewer_id, sid))
        return RatingPage(scope, sid, page, pages, total, entries, viewer_id, rank, mine)

    async def history(
        self, user_id: int, *, guild_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> list[MatchSummary]:
        return await self.store.history.recent(
            user_id, guild_id=guild_id, limit=limit, offset=offset
        )

    async def replay(self, table_id: int, round_no: int, viewer_id: int) -> RoundReplay:
        """Round `round_no` (1-based) of a table, move by move, rebuilt through the engine.

        Every hand is shown only once the match is over; while it is in play, only the
        players of that table may replay its rounds, and only the finished ones.
        """
        table = await self.store.tables.get(table_id)
        if table is None:
            raise CircleError("replay-no-match")
        over = table.status == "finished"
        seat = table.seat_of(viewer_id)
        if not over and seat is None:
            raise CircleError("replay-match-playing")
        rnd = await self.store.tables.round(table_id, round_no)
        if rnd is None:
            count = len(await self.store.tables.rounds(table_id))
            raise CircleError("replay-no-round", round=round_no, count=count)
        if not over and rnd.result_json is None:
            raise CircleError("replay-round-playing")
        moves = await self.store.tables.moves(table_id, round_no=round_no)
        replay, _ = replay_round(
            table_id=table_id,
            round_no=round_no,
            rules=RuleSet.from_dict(json.loads(table.rules_json)),
            seed=rnd.seed,
            dealer=rnd.dealer,
            names=[s.display_name for s in table.seats],
            computers=[s.computer_level for s in table.seats],
            moves=[(m.seat, Action.from_dict(json.loads(m.action_json))) for m in moves],
            reveal=over,
            viewer_seat=None if seat is None else seat.seat_no,
        )
        return replay
