"""The organizer's commands: who may run tournaments, start, pause, resume, cancel, kick."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.i18n import Coded
from bot.ratings.service import as_rating
from bot.store.errors import StaleVersion

from .._model import TournamentInfo, TournamentUpdate
from ..state import Tournament, TournamentConfig
from ..types import Entrant, Format, TournamentError
from ._deadlines import Deadlines
from ._info import info
from ._notes import decided_note
from ._part import Part
from ._rounds import Rounds
from ._setup import NO_RIGHTS, TournamentProblem
from ._signup import SignUp


@dataclass(eq=False)
class Organizer(Part):
    """A running tournament steered by its organizer."""

    signup: SignUp
    rounds: Rounds
    deadlines: Deadlines

    async def check_organizer(
        self, guild_id: int | None, *, manages_server: bool, role_ids: Iterable[int]
    ) -> int:
        """The server id if someone with these rights may run tournaments there (Manage
        Server, or the server's organizer role); else a readable refusal."""
        if guild_id is None:
            raise TournamentProblem("tournament-in-a-server")
        if manages_server:
            return guild_id
        role_id = await self.store.tournaments.organizer_role(guild_id)
        if role_id is not None and role_id in set(role_ids):
            return guild_id
        raise TournamentProblem(NO_RIGHTS)

    async def set_organizer_role(
        self, guild_id: int | None, role_id: int | None, *, manages_server: bool
    ) -> None:
        """Set (or clear, None) the role that may run tournaments: Manage Server only."""
        if guild_id is None or not manages_server:
            raise TournamentProblem("tournament-role-admins")
        await self.store.tournaments.set_organizer_role(guild_id, role_id)

    async def start(self, tournament_id: int) -> TournamentInfo:
        """Close sign-up, seed the field by the server's ratings, play round 1."""
        try:
            return await self._start(tournament_id)
        except StaleVersion:
            if not self.setup.shared:
                raise
        # Another process saved the tournament while round 1 was being opened (shared
        # store): the round, paired or not, is opened and announced on the new state.
        await self.registry.shared_step(tournament_id, self.rounds.pair_next)
        return info(await self.registry.sync(tournament_id))

    async def _start(self, tournament_id: int) -> TournamentInfo:
        async with self.registry.hold(tournament_id) as live:
            if live.row.status != "signup":
                raise TournamentProblem("tournament-started", name=live.row.name)
            entries = await self.store.tournaments.entries(live.id)
            config = TournamentConfig(
                Format(live.row.format),
                rounds=live.settings.get("rounds"),
                duplicate=bool(live.settings.get("duplicate", False)),
                seed=live.row.seed or 0,
            )
            ratings = await self.store.ratings.get_many(
                [e.user_id for e in entries], live.row.guild_id
            )
            entrants = [
                Entrant(e.user_id, as_rating(ratings.get(e.user_id)).rating) for e in entries
            ]
            try:
                t = Tournament.create(config, entrants)
            except TournamentError as exc:
                raise TournamentProblem(
                    exc.code or "tournament-cannot-start", **exc.values
                ) from None
            await self.registry.set_status(live, "running", ("signup",))
            live.t = t
            live.names = {e.user_id: e.display_name for e in entries}
            for seed, player in enumerate(t.seeds, start=1):
                await self.store.tournaments.set_entry(live.id, player, seed=seed)
            await self.registry.save(live)
            await self.rounds.begin(live)
        return info(live)

    async def pause(self, tournament_id: int) -> TournamentInfo:
        """No new round starts and the no-show clock stops; matches in play go on."""
        async with self.registry.hold(tournament_id) as live:
            await self.registry.set_status(live, "paused", ("running",))
            if live.deadline is not None:
                live.paused_left = max(0.0, live.deadline - self.setup.clock())
            live.deadline = None
            live.cancel_tasks()
            await self.registry.save(live)
            paused = info(live)
        await self.updates.emit(TournamentUpdate("paused", paused))
        return paused

    async def resume(self, tournament_id: int) -> TournamentInfo:
        async with self.registry.hold(tournament_id) as live:
            await self.registry.set_status(live, "running", ("paused",))
            if live.paused_left is not None:
                live.deadline = self.setup.clock() + live.paused_left
            live.paused_left = None
            await self.registry.save(live)
            await self.timers.arm(live)
            await self.updates.emit(TournamentUpdate("resumed", info(live)))
            await self.rounds.after_result(live)
        return info(live)

    async def cancel(self, tournament_id: int) -> TournamentInfo:
        """Stop for good. Matches in play finish as ordinary matches."""
        async with self.registry.hold(tournament_id) as live:
            await self.registry.set_status(live, "cancelled", ("signup", "running", "paused"))
            self.registry.forget(live)
            cancelled = info(live)
        await self.updates.emit(TournamentUpdate("cancelled", cancelled))
        return cancelled

    async def kick(self, tournament_id: int, user_id: int) -> TournamentInfo:
        """Remove a player: during sign-up their entry goes; once running they withdraw
        (their pending table is forfeited to the opponent, and they are never paired again)."""
        live = await self.registry.sync(tournament_id)
        name = live.names.get(user_id, str(user_id))
        if live.row.status == "signup":
            return await self.signup.leave(tournament_id, user_id)
        async with live.lock:
            await self.registry.fresh(live)
            t = live.t
            if t is None or user_id not in t.seeds:
                raise TournamentProblem("tournament-player-not-in", name=name)
            if user_id in t.withdrawn:
                raise TournamentProblem("tournament-player-left", name=name)
            changed = t.withdraw(user_id)
            await self.registry.save(live)
            await self.store.tournaments.set_entry(live.id, user_id, status="kicked")
            for p in changed:
                await self.registry.store_result(live, p)
            notes: list[Coded] = []
            for p in changed:
                note = decided_note(p, live.names, removed=name) or Coded(
                    "tournament-removed", {"name": name}
                )
                await self.deadlines.end_table(live, p, note)
                notes.append(note)
            await self.updates.emit(
                TournamentUpdate(
                    "kicked",
                    info(live),
                    note=Coded("tournament-lines", {"lines": tuple(notes)})
                    if notes
                    else Coded("tournament-removed", {"name": name}),
                    users=(user_id,),
                )
            )
            if changed:
                await self.updates.emit(TournamentUpdate("result", info(live)))
            await self.rounds.after_result(live)
        return info(live)
