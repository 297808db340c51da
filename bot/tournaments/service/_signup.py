"""Sign-up: a tournament created, its sign-up message and thread remembered, players
joining and leaving before it starts."""

from __future__ import annotations

import json
import secrets
from dataclasses import replace

from bot.games.presets import make_rules
from bot.ratings.service import as_rating
from bot.store.errors import AlreadyEntered, TournamentFull, WrongStatus
from bot.store.models import TournamentFormat

from .._model import TournamentInfo, TournamentUpdate
from ..types import Format
from ._info import info
from ._live import LiveTournament
from ._part import Part
from ._setup import MAX_NAME, TournamentProblem


class SignUp(Part):
    """A tournament from its creation to its start."""

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organizer_id: int,
        name: str,
        format: str,
        rules: str | None = None,
        target: int | None = None,
        max_players: int | None = None,
        rounds: int | None = None,
        duplicate: bool = False,
    ) -> TournamentInfo:
        """A tournament open for sign-up."""
        name = " ".join(name.split())
        if not name:
            raise TournamentProblem("tournament-name-empty")
        if len(name) > MAX_NAME:
            raise TournamentProblem("tournament-name-long", count=MAX_NAME)
        try:
            fmt = Format(format)
        except ValueError:
            raise TournamentProblem("tournament-format-unknown", format=format) from None
        ruleset = make_rules(rules, target)
        if ruleset.min_players > 2:
            raise TournamentProblem("tournament-two-seats")
        if rounds is not None and fmt is not Format.SWISS:
            raise TournamentProblem("tournament-rounds-swiss")
        if rounds is not None and rounds < 1:
            raise TournamentProblem("tournament-one-round")
        if max_players is not None and max_players < 2:
            raise TournamentProblem("tournament-two-players")
        settings = {
            "max_players": max_players,
            "rounds": rounds,
            "duplicate": duplicate,
            "rules_json": ruleset.to_dict(),
        }
        fmt_value: TournamentFormat = fmt.value
        row = await self.store.tournaments.create(
            guild_id,
            channel_id,
            name=name,
            format=fmt_value,
            rules=ruleset.name,
            target=ruleset.target,
            organizer_id=organizer_id,
            settings_json=json.dumps(settings),
            seed=secrets.randbits(63),
        )
        live = LiveTournament(row, settings)
        self.registry.live[row.id] = live
        return info(live)

    async def set_signup_message(self, tournament_id: int, message_id: int) -> None:
        live = await self.registry.find(tournament_id)
        await self.store.tournaments.set_message(tournament_id, message_id)
        live.row = replace(live.row, message_id=message_id)

    async def set_thread(self, tournament_id: int, thread_id: int) -> TournamentInfo:
        """Run the tournament in this thread from now on: its announcements, standings and
        the boards of its tables go there."""
        async with self.registry.hold(tournament_id) as live:
            live.thread_id = thread_id
            await self.registry.save(live)
            return info(live)

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentInfo:
        async with self.registry.hold(tournament_id) as live:
            rating = as_rating(await self.store.ratings.get(user_id, live.row.guild_id))
            await self.store.players.upsert(user_id, name)
            try:
                await self.store.tournaments.add_entry(
                    live.id,
                    user_id,
                    name,
                    rating=rating.rating,
                    max_players=live.settings.get("max_players"),
                )
            except AlreadyEntered:
                raise TournamentProblem("tournament-already-in") from None
            except TournamentFull:
                raise TournamentProblem("tournament-full") from None
            except WrongStatus:
                raise TournamentProblem("tournament-signup-closed") from None
            live.names[user_id] = name
        joined = info(live)
        await self.updates.emit(TournamentUpdate("signup", joined))
        return joined

    async def leave(self, tournament_id: int, user_id: int) -> TournamentInfo:
        async with self.registry.hold(tournament_id) as live:
            try:
                removed = await self.store.tournaments.remove_entry(live.id, user_id)
            except WrongStatus:
                raise TournamentProblem("tournament-leave-started") from None
            if not removed:
                raise TournamentProblem("tournament-not-in")
            live.names.pop(user_id, None)
        left = info(live)
        await self.updates.emit(TournamentUpdate("signup", left))
        return left
