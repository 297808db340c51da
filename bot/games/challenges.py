"""Challenges: one player invites another; accepting sets a table up and starts it."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.engine import RuleSet
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.games.presets import TARGET_RANGE, make_rules, rules_from_json
from bot.games.tables import MAX_TABLES_PER_PLAYER, TableService
from bot.kernel import Due
from bot.store.errors import PendingChallengeExists
from bot.store.models import Challenge, NewSeat, TableSpec
from bot.store.repositories import Storage

log = logging.getLogger(__name__)

__all__ = ["Challenge", "ChallengeService", "Rematch"]

#: The scheduler's kind for the challenges' expiry, a task of every process (the due times
#: are the store's `challenges.expires_at`; `expire_due` expires each once): one timer per
#: challenge made here (its id), and one (id 0) for the next pending expiry, whoever made
#: it, armed at start and after each expiry, at least every `CHECK` seconds.
TIMER_KIND = "challenge"
NEXT = 0
#: Seconds at least between two expiry checks.
RETRY = 0.05
#: Seconds at most between two expiry checks (another process's challenges).
CHECK = 30.0

Expired = Callable[[Challenge], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Rematch:
    """A rematch asked for: a started table (against a computer) or a new challenge."""

    table: TableUpdate | None = None
    challenge: Challenge | None = None


class ChallengeService:
    """Create, accept, decline, cancel and expire challenges."""

    def __init__(self, store: Storage, tables: TableService, *, ttl: float = 300.0) -> None:
        self.store = store
        self.tables = tables
        self.ttl = ttl
        self.scheduler = tables.scheduler
        self.scheduler.on(TIMER_KIND, self._expire, local=True)
        self._expired: list[Expired] = []

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
        me = challenger[0]
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
        try:
            # One transaction: the two players and their challenge, or nothing.
            created = await self.store.challenges.create(
                guild_id,
                channel_id,
                me,
                them,
                rules=json.dumps(rules.to_dict()),
                target=rules.target,
                expires_at=datetime.now(UTC) + timedelta(seconds=self.ttl),
                players=(challenger, opponent),
            )
        except PendingChallengeExists as exc:
            raise GameError("challenge-pending", name=their_name) from exc
        await self._arm(created.id, created.expires_at)
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

    async def accept_by(
        self, challenge_id: int, person: tuple[int, str]
    ) -> tuple[Challenge, TableUpdate, str]:
        """The challenged `person` (id, name) accepts: the challenge, the started table, and
        the challenger's name."""
        pending = await self.store.challenges.get(challenge_id)
        if pending is None:
            raise GameError("challenge-not-found")
        challenger = await self.name_of(pending.challenger_id)
        names = {person[0]: person[1], pending.challenger_id: challenger}
        challenge, update = await self.accept(challenge_id, person[0], names)
        return challenge, update, challenger

    async def set_messages(
        self,
        challenge_id: int,
        *,
        message_id: int | None = None,
        dm_channel_id: int | None = None,
        dm_message_id: int | None = None,
    ) -> Challenge:
        """Remember where the challenge was shown (public post, the opponent's DM): the
        challenge as it is then (expired already: its expiry could not edit that message)."""
        return await self.store.challenges.set_messages(
            challenge_id,
            message_id=message_id,
            dm_channel_id=dm_channel_id,
            dm_message_id=dm_message_id,
        )

    async def name_of(self, user_id: int) -> str:
        """A player's stored name, or a mention when the bot never saw them."""
        player = await self.store.players.get(user_id)
        return player.display_name if player else f"<@{user_id}>"

    async def rematch(self, table_id: int, person: tuple[int, str]) -> Rematch:
        """A player of a finished two-seat match asks for another: against a computer it
        starts at once; against a person it is a new challenge with the same rules."""
        record = await self.store.tables.get(table_id)
        mine = record.seat_of(person[0]) if record is not None else None
        if record is None or mine is None:
            raise GameError("rematch-not-a-player")
        others = [s for s in record.seats if s.seat_no != mine.seat_no]
        if len(others) == 1 and others[0].computer_level:
            update = await self.tables.play_computer(
                guild_id=record.guild_id,
                channel_id=record.channel_id,
                player=person,
                level=others[0].computer_level,
                rules=rules_from_json(record.rules_json),
                name=others[0].display_name,
            )
            return Rematch(table=update)
        opponent = others[0].user_id if len(others) == 1 else None
        if opponent is None:
            raise GameError("rematch-many-players")
        low, high = TARGET_RANGE
        challenge = await self.create(
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            challenger=person,
            opponent=(opponent, others[0].display_name),
            opponent_is_bot=False,
            preset=record.rules,
            target=record.target if low <= record.target <= high else None,
        )
        return Rematch(challenge=challenge)

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

    # ----- expiry (the scheduler's timers of kind "challenge") ---------------------------

    def subscribe_expired(self, observer: Expired) -> None:
        """`observer(challenge)` is awaited for every challenge that expires."""
        self._expired.append(observer)

    def unsubscribe_expired(self, observer: Expired) -> None:
        with contextlib.suppress(ValueError):
            self._expired.remove(observer)

    async def start(self) -> None:
        """Arm the next expiry check (`Services.start`)."""
        await self._arm_next(0.0)

    async def _arm(self, ref_id: int, at: datetime | None) -> None:
        if at is None:
            return
        try:
            await self.scheduler.arm(TIMER_KIND, ref_id, "expire", 0, at.timestamp())
        except Exception:
            # The challenge stands; the next expiry's timer (`NEXT`) ends it in its turn.
            log.exception("could not arm the expiry of challenge %s", ref_id)

    async def _expire(self, due: Due) -> None:
        """Every challenge whose time is up expires (whichever timer comes first does it
        for all), and is announced; then the timer of the next pending one is armed."""
        for challenge in await self.store.challenges.expire_due():
            for observer in list(self._expired):
                try:
                    await observer(challenge)
                except Exception:
                    log.exception("could not announce the expiry of challenge %s", challenge.id)
        await self._arm_next(RETRY)

    async def _arm_next(self, wait: float) -> None:
        """The next check: when the next pending challenge expires, in at least `wait`
        seconds (a timer woken a little before the store's clock finds its challenge again
        then, without a busy loop) and at most `CHECK`."""
        now = self.scheduler.clock()
        nxt = await self.store.challenges.next_expiry()
        at = now + CHECK if nxt is None else min(nxt.timestamp(), now + CHECK)
        await self._arm(NEXT, datetime.fromtimestamp(max(at, now + wait), UTC))
