"""ChallengeUseCase and lobbies: the ways a match between people starts, one method per
interaction. Each takes plain values (ids, a `Person`, the clicker's `Answer`), calls the
services, keeps which message shows what, has the presenter show what changed, and returns
what the clicker is told privately (a `Coded`), None when the answer was the message itself,
or an `Ask` when the clicker must choose first."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Literal

from bot.circle import CircleService, Person
from bot.games.challenges import Challenge, ChallengeService
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.games.tables import TableService
from bot.i18n import Coded
from bot.ui.challenge_presenter import ChallengePresenter, Where
from bot.usecases.answer import Answer


@dataclass(frozen=True, slots=True)
class Ask:
    """A question before going on: join a table where someone the clicker blocked sits
    (`join-anyway`), or which computer to seat (`computer-level`)."""

    question: Coded
    choices: Literal["join-anyway", "computer-level"]


def _refused(error: GameError) -> Coded:
    return Coded(error.key, error.values)


class ChallengeUseCase:
    """Challenge, accept, decline, cancel, expire, rematch; join, leave and start a lobby,
    seat a computer in it. A refusal (`GameError`) comes back as the `Coded` to say."""

    def __init__(
        self,
        challenges: ChallengeService,
        tables: TableService,
        circle: CircleService,
        present: ChallengePresenter,
    ) -> None:
        self.challenges = challenges
        self.tables = tables
        self.circle = circle
        self.present = present
        challenges.subscribe_expired(self.expired)

    # ----- a challenge's life ----------------------------------------------------------

    async def challenge(
        self,
        reply: Answer,
        *,
        where: Where,
        challenger: Person,
        opponent: Person,
        opponent_is_bot: bool,
        preset: str | None = None,
        target: int | None = None,
    ) -> Coded | None:
        """`/gin challenge` and the Challenge menu: the challenge (players and challenge in
        one transaction), posted as the answer, then by DM to the opponent."""
        guild_id, channel_id = where
        try:
            ch = await reply.in_time(
                self.challenges.create(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    challenger=(challenger.user_id, challenger.name),
                    opponent=(opponent.user_id, opponent.name),
                    opponent_is_bot=opponent_is_bot,
                    preset=preset,
                    target=target,
                )
            )
        except GameError as exc:
            return _refused(exc)
        await self._invite(reply, ch, challenger.name)
        return None

    async def _invite(self, reply: Answer, ch: Challenge, challenger: str) -> None:
        """Post the challenge, DM it, and remember both messages (for their re-edits)."""
        message_id = await self.present.post(reply, ch, challenger)
        now = await self.challenges.set_messages(ch.id, message_id=message_id)
        dm = await self.present.invite_by_dm(ch, challenger)
        if dm is not None:
            now = await self.challenges.set_messages(
                ch.id, dm_channel_id=dm[0], dm_message_id=dm[1]
            )
        if now.status == "expired":
            # It expired while being posted: the expiry edited what was remembered then,
            # maybe neither copy; both say so now (the challenger was told by the expiry).
            await self.present.retire(now, challenger, Coded("reply-expired"))

    async def accept(self, reply: Answer, challenge_id: int, person: Person) -> Coded | None:
        """The challenged player accepts: the table is set up and dealt; both copies say so."""
        # Setting a table up takes several writes: answer first, within the 3 s.
        await reply.defer()
        try:
            ch, started, challenger = await self.challenges.accept_by(
                challenge_id, (person.user_id, person.name)
            )
        except GameError as exc:
            return _refused(exc)
        status = Coded("reply-accepted", {"table": started.state.table_id})
        await self.present.answered(reply, ch, challenger, status)
        return None

    async def decline(self, reply: Answer, challenge_id: int, person: Person) -> Coded | None:
        """The challenged player declines; the challenger is told by DM."""
        try:
            ch = await self.challenges.decline(challenge_id, person.user_id)
        except GameError as exc:
            return _refused(exc)
        challenger = await self.challenges.name_of(ch.challenger_id)
        await self.present.answered(
            reply, ch, challenger, Coded("reply-declined", {"name": person.name})
        )
        await self.present.tell_challenger(ch, Coded("reply-told-declined", {"name": person.name}))
        return None

    async def cancel(self, reply: Answer, challenge_id: int, person: Person) -> Coded | None:
        """The challenger takes the challenge back."""
        try:
            ch = await self.challenges.cancel(challenge_id, person.user_id)
        except GameError as exc:
            return _refused(exc)
        challenger = await self.challenges.name_of(ch.challenger_id)
        await self.present.answered(reply, ch, challenger, Coded("reply-cancelled"))
        return None

    # ----- a table's lobby ----------------------------------------------------------------

    async def open_lobby(
        self,
        reply: Answer,
        *,
        where: Where,
        host: Person,
        preset: str | None,
        target: int | None,
        seats: int,
    ) -> Coded | None:
        """`/gin table`: a new table in the lobby with the host seated, posted as the answer
        (its message id kept, for the lobby's edits)."""
        guild_id, channel_id = where
        try:
            state = await reply.in_time(
                self.tables.open_lobby(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host=(host.user_id, host.name),
                    preset=preset,
                    target=target,
                    seats=seats,
                )
            )
        except GameError as exc:
            return _refused(exc)
        message_id = await self.present.lobby_posted(reply, state)
        await self.tables.set_lobby_message(state.table_id, message_id)
        return None

    async def expired(self, ch: Challenge) -> None:
        """Nobody answered in time (the scheduler's expiry timer calls this, subscribed when
        the use case is built): both copies say so, and the challenger is told."""
        challenger = await self.challenges.name_of(ch.challenger_id)
        await self.present.retire(ch, challenger, Coded("reply-expired"))
        await self.present.tell_challenger(ch, Coded("reply-told-expired"))

    async def rematch(self, reply: Answer, table_id: int, person: Person) -> Coded | None:
        """Another match with the same players and rules: against a computer it is dealt at
        once; against a person it is a new challenge, posted and DMed as any other."""
        try:
            rematch = await reply.in_time(
                self.challenges.rematch(table_id, (person.user_id, person.name))
            )
        except GameError as exc:
            return _refused(exc)
        if rematch.challenge is None:
            return Coded("reply-rematch-dealing")
        await self._invite(reply, rematch.challenge, person.name)
        return None

    # ----- a table's lobby ---------------------------------------------------------------

    async def join(self, reply: Answer, table_id: int, person: Person) -> Coded | Ask | None:
        """Join an open table; asked first where someone the player blocked sits."""
        try:
            seated = [s.user_id for s in (await self.tables.sync(table_id)).record.seats]
            await self.circle.check_join(person.user_id, seated)
            if await self.circle.blocked_at_table(person.user_id, seated):
                return Ask(Coded("reply-blocked-ask"), "join-anyway")
            update = await self.tables.join(table_id, person.user_id, person.name)
        except GameError as exc:
            return _refused(exc)
        await self.present.lobby_shown(reply, update)
        return None

    async def join_anyway(self, table_id: int, person: Person, lobby: Where | None) -> Coded:
        """Join after the question about a blocked player; the lobby is edited."""
        try:
            update = await self.tables.join(table_id, person.user_id, person.name)
        except GameError as exc:
            return _refused(exc)
        self.present.lobby_changed(lobby, update)
        return Coded("reply-joined")

    async def leave(self, reply: Answer, table_id: int, person: Person) -> Coded | None:
        """Leave an open table (the host closes it)."""
        return await self._lobby(reply, self.tables.leave(table_id, person.user_id))

    async def start(self, reply: Answer, table_id: int, person: Person) -> Coded | None:
        """The host starts the match with the players seated."""
        return await self._lobby(reply, self.tables.start(table_id, person.user_id))

    async def _lobby(self, reply: Answer, change: Awaitable[TableUpdate]) -> Coded | None:
        try:
            update = await change
        except GameError as exc:
            return _refused(exc)
        await self.present.lobby_shown(reply, update)
        return None

    async def computer_asked(self, reply: Answer, table_id: int, person: Person) -> Coded | Ask:
        """The host asks to seat a computer: which level (if a seat is free). Shaped as the
        lobby's other clicks; the question is the answer, so `reply` stays unused."""
        try:
            await self.tables.sync(table_id)
            self.tables.check_add_computer(table_id, person.user_id)
        except GameError as exc:
            return _refused(exc)
        return Ask(Coded("reply-which-computer"), "computer-level")

    async def add_computer(
        self, table_id: int, person: Person, level: str, lobby: Where | None
    ) -> Coded:
        """Seat a computer of `level`; the lobby is edited."""
        try:
            update = await self.tables.add_computer(table_id, person.user_id, level)
        except GameError as exc:
            return _refused(exc)
        self.present.lobby_changed(lobby, update)
        return Coded("reply-computer-sits", {"level": Coded(f"choice-{level}")})
