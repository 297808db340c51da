"""The tournaments' use case: one method per interaction of ``/gin tournament ...`` and the
sign-up buttons. Each takes plain values (who, where, with what rights), checks them, calls
the tournament service, hands what the channel shows to the presenter
(`bot/ui/tournaments`, through the `Screen` it implements) and returns what the person who
typed or clicked is answered: a `Coded` sentence, or the tournament to draw.

The service commits each change under the tournament's lock; the use case is the
interaction's one boundary around them: the checks before any write, then the writes and
the bookkeeping of the messages in order (a sign-up message's id is saved once Discord has
it, its thread once opened), and any refusal (`TournamentProblem`) raised to the cog's one
error handler, which answers privately.
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from bot.i18n import Coded
from bot.tournaments._model import TournamentInfo
from bot.tournaments.service import TournamentProblem, TournamentService
from bot.usecases.answer import Answer

#: Where a new tournament may get its own thread: ``inside`` one already (it lives there),
#: ``allowed`` (a text channel where the bot may open threads), ``refused`` (it runs in
#: the channel, and the organizer is told).
ThreadPlace = Literal["inside", "allowed", "refused"]


@dataclass(frozen=True, slots=True)
class Member:
    """Who typed or clicked, where, and their rights (read from the interaction)."""

    user_id: int
    guild_id: int | None
    channel_id: int | None
    manages_server: bool = False
    role_ids: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class NewTournament:
    """``/gin tournament create``'s options."""

    name: str
    format: str
    rules: str
    target: int | None = None
    max_players: int | None = None
    rounds: int | None = None
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class Listed:
    """A tournament as the `tournament` option lists it."""

    id: int
    name: str
    status: str


class Screen(Protocol):
    """What the use case asks of the tournaments' presenter."""

    async def signup_posted(self, answer: Answer, info: TournamentInfo) -> int:
        """The tournament's sign-up message as the organizer's answer: its id."""
        ...

    def signup_changed(self, info: TournamentInfo) -> Awaitable[Any]:
        """Queue the edit of the tournament's sign-up message."""
        ...

    async def open_thread(self, info: TournamentInfo, signup_id: int) -> int | None:
        """The tournament's thread, started from its sign-up message; None if refused."""
        ...


class TournamentUseCase:
    """Every ``/gin tournament`` interaction, built once beside the services."""

    def __init__(self, service: TournamentService, screen: Screen) -> None:
        self.service = service
        self.screen = screen

    # ----- checks -------------------------------------------------------------------------

    async def _organizer(self, member: Member) -> int:
        """The server id, if the member may organize there; else a readable refusal."""
        return await self.service.check_organizer(
            member.guild_id, manages_server=member.manages_server, role_ids=member.role_ids
        )

    async def _target(self, member: Member, tournament: int | None) -> int:
        if member.guild_id is None:
            raise TournamentProblem("tournament-in-a-server")
        return await self.service.find(member.guild_id, member.channel_id, tournament)

    # ----- the organizer's commands -------------------------------------------------------

    async def create(
        self, member: Member, new: NewTournament, place: ThreadPlace, answer: Answer
    ) -> Coded | None:
        """A tournament open for sign-up, answered with its sign-up message, then given its
        own thread; a sentence for the organizer when it runs in the channel instead."""
        guild_id = await self._organizer(member)
        if member.channel_id is None:
            raise TournamentProblem("tournament-in-a-server")
        info = await answer.in_time(
            self.service.create(
                guild_id=guild_id,
                channel_id=member.channel_id,
                organizer_id=member.user_id,
                name=new.name,
                format=new.format,
                rules=new.rules,
                target=new.target,
                max_players=new.max_players,
                rounds=new.rounds,
                duplicate=new.duplicate,
            )
        )
        signup_id = await self.screen.signup_posted(answer, info)
        await self.service.set_signup_message(info.id, signup_id)
        if place == "inside":
            return None
        if place == "allowed":
            thread_id = await self.screen.open_thread(info, signup_id)
            if thread_id is not None:
                await self.service.set_thread(info.id, thread_id)
                return None
        return Coded("tournament-no-thread", {"name": info.name})

    async def start(self, member: Member, tournament: int | None, answer: Answer) -> Coded:
        await self._organizer(member)
        tid = await self._target(member, tournament)
        await answer.defer()
        info = await self.service.start(tid)
        self.screen.signup_changed(info)
        return Coded("tournament-reply-started", {"name": info.name})

    async def pause(self, member: Member, tournament: int | None) -> Coded:
        await self._organizer(member)
        info = await self.service.pause(await self._target(member, tournament))
        return Coded("tournament-reply-paused", {"name": info.name})

    async def resume(self, member: Member, tournament: int | None, answer: Answer) -> Coded:
        await self._organizer(member)
        tid = await self._target(member, tournament)
        await answer.defer()
        info = await self.service.resume(tid)
        return Coded("tournament-reply-resumed", {"name": info.name})

    async def cancel(self, member: Member, tournament: int | None) -> Coded:
        await self._organizer(member)
        info = await self.service.cancel(await self._target(member, tournament))
        self.screen.signup_changed(info)
        return Coded("tournament-reply-cancelled", {"name": info.name})

    async def kick(
        self,
        member: Member,
        tournament: int | None,
        player_id: int,
        player_name: str,
        answer: Answer,
    ) -> Coded:
        await self._organizer(member)
        tid = await self._target(member, tournament)
        await answer.defer()
        info = await self.service.kick(tid, player_id)
        if info.status == "signup":
            self.screen.signup_changed(info)
        return Coded("tournament-reply-kicked", {"player": player_name, "name": info.name})

    async def organizer_role(self, member: Member, role_id: int | None) -> Coded:
        """Set (or clear, None) the role whose members may run tournaments."""
        await self.service.set_organizer_role(
            member.guild_id, role_id, manages_server=member.manages_server
        )
        if role_id is None:
            return Coded("tournament-role-cleared")
        return Coded("tournament-role-set", {"role": f"<@&{role_id}>"})

    # ----- everyone -----------------------------------------------------------------------

    async def standings(self, member: Member, tournament: int | None) -> TournamentInfo:
        """The tournament to show: `tournament`, else the running one here, else the
        server's most recent one (finished or cancelled too)."""
        if member.guild_id is None:
            raise TournamentProblem("tournament-in-a-server")
        tid = await self.service.find(
            member.guild_id, member.channel_id, tournament, ended_too=True
        )
        return await self.service.info(tid)

    async def recent(self, guild_id: int | None) -> list[Listed]:
        """The server's recent tournaments, newest first (the `tournament` option's
        choices); none outside a server."""
        if guild_id is None:
            return []
        return [Listed(r.id, r.name, r.status) for r in await self.service.recent(guild_id)]

    async def signup(self, tournament_id: int, user_id: int, name: str, op: str) -> TournamentInfo:
        """A click on Join (``op`` "join") or Leave: the tournament as it is now."""
        if op == "join":
            return await self.service.join(tournament_id, user_id, name)
        return await self.service.leave(tournament_id, user_id)
