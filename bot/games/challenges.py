"""Challenges: one player invites another; accepting sets a table up and starts it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from bot.engine import RuleSet
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.games.tables import MAX_TABLES_PER_PLAYER, TableService
from bot.store import Challenge, PendingChallengeExists, Store
from bot.store.tables import NewSeat, TableSpec

log = logging.getLogger(__name__)

PRESETS = ("cardgames", "playingcards", "classic")
TARGET_RANGE = (10, 500)


def make_rules(preset: str | None, target: int | None) -> RuleSet:
    """The rule set a player asked for, or a readable refusal."""
    name = preset or "cardgames"
    if name not in PRESETS:
        raise GameError("rules-unknown", name=name, presets=", ".join(PRESETS))
    rules = RuleSet.preset(name)
    if target is not None:
        low, high = TARGET_RANGE
        if not low <= target <= high:
            raise GameError("rules-target-range", low=low, high=high)
        rules = rules.replace(target=target)
    return rules


class ChallengeService:
    """Create, accept, decline, cancel and expire challenges."""

    def __init__(self, store: Store, tables: TableService, *, ttl: float = 300.0) -> None:
        self.store = store
        self.tables = tables
        self.ttl = ttl
        self._wake = asyncio.Event()

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        challenger: tuple[int, str],
        opponent: tuple[int, str],
        opponent_is_bot: bool,
        preset: str | None,
        target: int | None,
    ) -> Challenge:
        me, my_name = challenger
        them, their_name = opponent
        if me == them:
            raise GameError("challenge-self")
        if opponent_is_bot:
            raise GameError("challenge-bot")
        rules = make_rules(preset, target)
        if rules.max_players < 2:
            raise GameError("challenge-rules-more-players")
        if await self.store.relations.blocked_either_way(me, them):
            raise GameError("challenge-blocked", name=their_name)
        player = await self.store.players.get(them)
        if player is not None and not player.online:
            raise GameError("challenge-offline", name=their_name)
        for uid, name in ((me, None), (them, their_name)):
            if await self.store.tables.count_active(uid) >= MAX_TABLES_PER_PLAYER:
                if name is None:
                    raise GameError("challenge-you-too-many", count=MAX_TABLES_PER_PLAYER)
                raise GameError("challenge-they-too-many", name=name, count=MAX_TABLES_PER_PLAYER)
        await self.store.players.upsert(me, my_name)
        await self.store.players.upsert(them, their_name)
        try:
            created = await self.store.challenges.create(
                guild_id,
                channel_id,
                me,
                them,
                rules=json.dumps(rules.to_dict()),
                target=rules.target,
                expires_at=datetime.now(UTC) + timedelta(seconds=self.ttl),
            )
        except PendingChallengeExists as exc:
            raise GameError("challenge-pending", name=their_name) from exc
        self._wake.set()  # the expiry loop may be sleeping past this one's deadline
        return created

    async def _pending(self, challenge_id: int) -> Challenge:
        challenge = await self.store.challenges.get(challenge_id)
        if challenge is None:
            raise GameError("challenge-not-found")
        if challenge.status != "pending":
            raise GameError("challenge-already", status=challenge.status)
        return challenge

    async def accept(
        self, challenge_id: int, user_id: int, names: dict[int, str]
    ) -> tuple[Challenge, TableUpdate]:
        challenge = await self._pending(challenge_id)
        if user_id != challenge.opponent_id:
            raise GameError("challenge-only-opponent-accepts")
        for uid in (challenge.challenger_id, challenge.opponent_id):
            if await self.store.tables.count_active(uid) >= MAX_TABLES_PER_PLAYER:
                raise GameError("challenge-player-too-many", count=MAX_TABLES_PER_PLAYER)
        rules = RuleSet.from_dict(json.loads(challenge.rules))
        spec = TableSpec(
            guild_id=challenge.guild_id,
            channel_id=challenge.channel_id,
            rules=rules.name,
            rules_json=challenge.rules,
            target=challenge.target,
            seat_count=2,
            seats=(
                NewSeat(
                    names.get(challenge.challenger_id, "Player 1"), user_id=challenge.challenger_id
                ),
                NewSeat(
                    names.get(challenge.opponent_id, "Player 2"), user_id=challenge.opponent_id
                ),
            ),
            host_id=challenge.challenger_id,
        )
        accepted = await self.store.challenges.accept(challenge_id, spec)
        if accepted is None:
            raise GameError("challenge-closed")
        challenge, record = accepted
        update = await self.tables.adopt_and_start(record)
        return challenge, update

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        challenge = await self._pending(challenge_id)
        if user_id != challenge.opponent_id:
            raise GameError("challenge-only-opponent-declines")
        return await self._resolve(challenge_id, "declined")

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        challenge = await self._pending(challenge_id)
        if user_id != challenge.challenger_id:
            raise GameError("challenge-only-challenger-cancels")
        return await self._resolve(challenge_id, "cancelled")

    async def _resolve(self, challenge_id: int, status: str) -> Challenge:
        done = await self.store.challenges.resolve(challenge_id, status)  # type: ignore[arg-type]
        if done is None:
            raise GameError("challenge-closed")
        return done

    async def expire_loop(self, on_expired: Callable[[Challenge], Awaitable[None]]) -> None:
        """Expire challenges when their time is up, for as long as the bot runs."""
        while True:
            self._wake.clear()  # before reading, so a challenge made meanwhile wakes us
            nxt = await self.store.challenges.next_expiry()
            wait = 30.0 if nxt is None else (nxt - datetime.now(UTC)).total_seconds()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), min(30.0, max(0.05, wait)))
            for challenge in await self.store.challenges.expire_due():
                try:
                    await on_expired(challenge)
                except Exception:
                    log.exception("could not announce the expiry of challenge %s", challenge.id)
