"""The circle service: relations, presence, records, leaderboards, history and replays,
achievements and forget-me. No Discord types; refusals are `CircleError`s a player can read.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from bot.circle.achievements import BY_KEY, AchievementDef, Facts, earned
from bot.circle.replay import RoundReplay, replay_round
from bot.engine import RuleSet
from bot.engine.actions import Action
from bot.games.errors import GameError
from bot.i18n import DEFAULT, Coded
from bot.ratings import Rating
from bot.store.errors import PlayerInGame
from bot.store.models import (
    FOLLOW_DISCORD,
    GLOBAL,
    LEADERBOARD_SORTS,
    Favorite,
    LeaderboardEntry,
    LeaderboardSort,
    MatchSummary,
    PlayerRating,
    PlayerSettings,
    RelationKind,
    StatLine,
)
from bot.store.repositories import Storage

#: `update_settings(language=FOLLOW_DISCORD)`: follow the Discord client's language again.
FOLLOW = FOLLOW_DISCORD

Scope = Literal["server", "global"]

HEART = "♥"
PAGE_SIZE = 10
#: `/gin records leaderboard sort:` choices: the record counters, and the Glicko-2 rating.
RATING_SORT = "rating"
SORTS: tuple[str, ...] = (*LEADERBOARD_SORTS, RATING_SORT)
#: Table chat: a line is cut to this many characters.
MAX_CHAT = 200
#: Canned quick reactions, offered as buttons (``REACTIONS[i].text(language)``).
REACTIONS: tuple[Coded, ...] = tuple(Coded(f"reaction-{i}") for i in range(5))


class CircleError(GameError):
    """A circle request that can't be done; the message says why."""


@dataclass(frozen=True, slots=True)
class Person:
    user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class RelationsView:
    """`/gin player relations`: whom the player blocked, muted and favorited, and their presence."""

    blocked: tuple[Person, ...]
    muted: tuple[Person, ...]
    favorites: tuple[Favorite, ...]
    online: bool


@dataclass(frozen=True, slots=True)
class StatsView:
    user_id: int
    name: str
    scope: Scope
    people: StatLine
    computer: StatLine
    favorite_rules: str | None
    achievements: tuple[str, ...]  # keys, first unlocked first (`titles` names them)
    #: Glicko-2 ratings; None when never rated there (server: None outside a server too).
    server_rating: Rating | None = None
    global_rating: Rating | None = None


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    scope: Scope
    guild_id: int
    sort: LeaderboardSort
    page: int  # 0-based
    pages: int
    total: int
    entries: tuple[LeaderboardEntry, ...]
    viewer_id: int
    #: The viewer's place (1 = top) and value, None if they are not on this leaderboard.
    viewer_rank: int | None
    viewer_value: int | None

    @property
    def viewer_on_page(self) -> bool:
        return any(e.user_id == self.viewer_id for e in self.entries)


@dataclass(frozen=True, slots=True)
class RatedLine:
    """One row of the rating leaderboard."""

    rank: int
    user_id: int
    name: str | None
    rating: Rating


@dataclass(frozen=True, slots=True)
class RatingPage:
    """A page of `/gin records leaderboard sort:rating`, with the viewer's own rank and rating."""

    scope: Scope
    guild_id: int
    page: int  # 0-based
    pages: int
    total: int
    entries: tuple[RatedLine, ...]
    viewer_id: int
    viewer_rank: int | None
    viewer_rating: Rating | None
    sort: str = RATING_SORT

    @property
    def viewer_on_page(self) -> bool:
        return any(e.user_id == self.viewer_id for e in self.entries)


def _as_rating(row: PlayerRating | None) -> Rating | None:
    if row is None:
        return None
    return Rating(row.rating, row.rd, row.volatility, row.games)


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A relayed line: who says it, the cleaned text, and which seated players get it."""

    speaker_id: int
    text: str
    recipients: tuple[int, ...]
    #: False when a seated player muted the speaker: the channel copy would reach them.
    to_channel: bool


def _scope_id(scope: Scope, guild_id: int | None) -> int:
    if scope == "global":
        return GLOBAL
    if guild_id is None:
        raise CircleError("circle-server-only")
    return guild_id


def clean_chat(text: str) -> str:
    """One line of table chat: trimmed, one line, no mass mentions; a longer one than
    MAX_CHAT characters is refused with the limit (never cut without saying so)."""
    line = " ".join(text.split())
    if not line:
        raise CircleError("circle-say-something")
    if len(line) > MAX_CHAT:
        raise CircleError("circle-chat-too-long", limit=MAX_CHAT, length=len(line))
    return line.replace("@everyone", "@\u200beveryone").replace("@here", "@\u200bhere")


class CircleService:
    """Everything about players and their circle, on top of the store."""

    def __init__(self, store: Storage) -> None:
        self.store = store
        #: Called with a player's id once their data is erased (caches that hold it).
        self.forgotten: list[Callable[[int], None]] = []

    # ----- relations ---------------------------------------------------------------------

    async def _relate(
        self, user: Person, target: Person, kind: RelationKind, add: bool, *, is_bot: bool = False
    ) -> Coded:
        if user.user_id == target.user_id:
            raise CircleError("circle-self", relation=kind, add=add)
        if is_bot and add:
            raise CircleError("circle-bot")
        await self.store.players.upsert(user.user_id, user.name)
        # Known by name from now on, for `/gin player relations` and `/gin player friends`.
        await self.store.players.upsert(target.user_id, target.name)
        if add:
            changed = await self.store.relations.add(user.user_id, target.user_id, kind)
            return Coded(
                f"relation-{kind}-{'done' if changed else 'already'}", {"name": target.name}
            )
        changed = await self.store.relations.remove(user.user_id, target.user_id, kind)
        return Coded(f"relation-un{kind}-{'done' if changed else 'already'}", {"name": target.name})

    async def block(self, user: Person, target: Person, *, is_bot: bool = False) -> Coded:
        return await self._relate(user, target, "block", True, is_bot=is_bot)

    async def unblock(self, user: Person, target: Person) -> Coded:
        return await self._relate(user, target, "block", False)

    async def mute(self, user: Person, target: Person, *, is_bot: bool = False) -> Coded:
        return await self._relate(user, target, "mute", True, is_bot=is_bot)

    async def unmute(self, user: Person, target: Person) -> Coded:
        return await self._relate(user, target, "mute", False)

    async def favorite(self, user: Person, target: Person, *, is_bot: bool = False) -> Coded:
        return await self._relate(user, target, "favorite", True, is_bot=is_bot)

    async def unfavorite(self, user: Person, target: Person) -> Coded:
        return await self._relate(user, target, "favorite", False)

    async def set_online(self, user: Person, online: bool) -> Coded:
        """`/gin me online`, `/gin me offline`: offline players can't be challenged."""
        await self.store.players.upsert(user.user_id, user.name, online=online)
        return Coded("presence-online" if online else "presence-offline")

    async def update_settings(
        self,
        user: Person,
        *,
        images: bool | None = None,
        four_colour: bool | None = None,
        dark: bool | None = None,
        turn_alerts: bool | None = None,
        language: str | None = None,
    ) -> PlayerSettings:
        """`/gin me settings`: change those given (None keeps one); return them all.
        `language`: en, es, fr, or :data:`FOLLOW_DISCORD` (the Discord client's)."""
        await self.store.players.upsert(user.user_id, user.name)
        return await self.store.players.update_settings(
            user.user_id,
            images=images,
            four_colour=four_colour,
            dark=dark,
            turn_alerts=turn_alerts,
            language=language,
        )

    async def friends(self, user_id: int) -> list[Favorite]:
        """Favorites with whether they are online (unknown players count as online)."""
        return await self.store.relations.favorites(user_id)

    async def relations(self, user_id: int) -> RelationsView:
        mine = await self.store.relations.of(user_id)
        ids = [r.target_id for r in mine]
        players = await self.store.players.get_many([user_id, *ids])

        def people(kind: str) -> tuple[Person, ...]:
            return tuple(
                Person(r.target_id, _name(players.get(r.target_id), r.target_id))
                for r in mine
                if r.kind == kind
            )

        me = players.get(user_id)
        return RelationsView(
            blocked=people("block"),
            muted=people("mute"),
            favorites=tuple(await self.store.relations.favorites(user_id)),
            online=True if me is None else me.online,
        )

    async def blocked_at_table(self, user_id: int, seated: Iterable[int | None]) -> set[int]:
        """Seated players `user_id` has blocked (ask "Join anyway?" before joining)."""
        others = [u for u in seated if u is not None and u != user_id]
        return await self.store.relations.targets_among(user_id, "block", others)

    async def check_join(self, user_id: int, seated: Iterable[int | None]) -> None:
        """Refuse a join when a seated player blocked the joiner."""
        others = [u for u in seated if u is not None and u != user_id]
        if await self.store.relations.sources_among(user_id, "block", others):
            raise CircleError("circle-cant-join")

    async def decorate_names(self, viewer_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """A heart for each of `user_ids` the viewer favorited ("" for the others)."""
        ids = list(user_ids)
        hearts = await self.store.relations.targets_among(viewer_id, "favorite", ids)
        return {u: (HEART if u in hearts else "") for u in ids}

    # ----- table chat ----------------------------------------------------------------------

    async def chat(self, speaker_id: int, text: str, seated: Iterable[int | None]) -> ChatLine:
        """Who gets a table chat line: the other seated players except those who muted the
        speaker. Muting is silent: the speaker is never told who skipped their line."""
        line = clean_chat(text)
        others = list(dict.fromkeys(u for u in seated if u is not None and u != speaker_id))
        muters = await self.store.relations.sources_among(speaker_id, "mute", others)
        return ChatLine(
            speaker_id,
            line,
            tuple(u for u in others if u not in muters),
            to_channel=not muters,
        )

    async def reaction(self, speaker_id: int, index: int, seated: Iterable[int | None]) -> ChatLine:
        if not 0 <= index < len(REACTIONS):
            raise CircleError("circle-no-reaction")
        # A chat line is one text for the whole table, as typed lines are: in English.
        return await self.chat(speaker_id, REACTIONS[index].text(DEFAULT), seated)

    # ----- records -----------------------------------------------------------------------

    async def stats(
        self, user_id: int, *, guild_id: int | None, scope: Scope = "server"
    ) -> StatsView:
        sid = _scope_id(scope, guild_id)
        player = await self.store.players.get(user_id)
        keys = [a.key for a in await self.store.achievements.of(user_id)]
        return StatsView(
            user_id=user_id,
            name=_name(player, user_id),
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
                else _as_rating(await self.store.ratings.get(user_id, guild_id))
            ),
            global_rating=_as_rating(await self.store.ratings.get(user_id, GLOBAL)),
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
        sid = _scope_id(scope, guild_id)
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
                value = _sort_value(line, order)
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
        sid = _scope_id(scope, guild_id)
        total = await self.store.ratings.count(sid)
        pages = max(1, math.ceil(total / page_size))
        page = min(max(page, 0), pages - 1)
        rows = await self.store.ratings.leaderboard(sid, limit=page_size, offset=page * page_size)
        entries = tuple(
            RatedLine(r.rank, r.rating.user_id, r.display_name, _as_rating(r.rating) or Rating())
            for r in rows
        )
        rank = await self.store.ratings.rank(viewer_id, sid)
        mine = next((e.rating for e in entries if e.user_id == viewer_id), None)
        if mine is None and rank is not None:
            mine = _as_rating(await self.store.ratings.get(viewer_id, sid))
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
            moves=[(m.seat, Action.from_dict(json.loads(m.action_json))) for m in moves],
            reveal=over,
            viewer_seat=None if seat is None else seat.seat_no,
        )
        return replay

    # ----- achievements ------------------------------------------------------------------

    async def on_match_recorded(self, table_id: int) -> list[tuple[int, AchievementDef]]:
        """Unlock what the finished match earned; return `(user_id, achievement)` to announce
        (new ones only; a second call for the same match returns nothing)."""
        summary = await self.store.history.get(table_id)
        table = await self.store.tables.get(table_id)
        if summary is None or table is None or summary.ended_by == "forfeit":
            return []  # a forfeit was never played: it earns nothing
        rounds = tuple(
            json.loads(r.result_json)
            for r in await self.store.tables.rounds(table_id)
            if r.result_json is not None
        )
        scoring = str(json.loads(table.rules_json).get("scoring", "points"))
        levels = tuple(s.computer_level for s in summary.seats if s.computer_level)
        out: list[tuple[int, AchievementDef]] = []
        # A seat removed for being away was played automatically: it earns nothing.
        away = {s.seat_no for s in table.seats if s.removed}
        if summary.ended_by == "timeout":
            away |= {s.seat_no for s in summary.seats if not s.won}
        for seat in summary.seats:
            if seat.user_id is None or seat.seat_no in away:
                continue
            lines = [
                await self.store.stats.get(seat.user_id, GLOBAL, versus)
                for versus in ("people", "computer")
            ]
            facts = Facts(
                matches_played=sum(x.matches_played for x in lines),
                matches_won=sum(x.matches_won for x in lines),
                gins=sum(x.gins for x in lines),
                big_gins=sum(x.big_gins for x in lines),
                undercuts_made=sum(x.undercuts_made for x in lines),
                shutouts=sum(x.shutouts for x in lines),
                best_streak=max(x.best_streak for x in lines),
                won=seat.won,
                vs_computer=summary.vs_computer,
                computer_levels=levels,
                ended_by=summary.ended_by,
                rounds=rounds,
                seat=seat.seat_no,
                scoring=scoring,
            )
            new = await self.store.achievements.unlock(seat.user_id, [a.key for a in earned(facts)])
            out.extend((seat.user_id, BY_KEY[k]) for k in new)
        return out

    # ----- forget-me ---------------------------------------------------------------------

    async def export(self, user_id: int) -> dict[str, Any]:
        """Everything stored about the player (shown before they confirm erasure)."""
        return await self.store.privacy.export_player(user_id)

    async def forget(self, user_id: int) -> dict[str, int]:
        """Erase the player; finished games keep an anonymous seat."""
        try:
            erased = await self.store.privacy.erase_player(user_id)
        except PlayerInGame as exc:
            raise CircleError("forget-in-game") from exc
        for drop in self.forgotten:
            drop(user_id)
        return erased


def _name(player: Any, user_id: int) -> str:
    return player.display_name if player is not None else f"Player {user_id}"


def _sort_value(line: StatLine, sort: LeaderboardSort) -> int:
    column = {
        "wins": "matches_won",
        "gins": "gins",
        "points": "points_for",
        "streak": "best_streak",
        "played": "matches_played",
    }[sort]
    return int(getattr(line, column))
