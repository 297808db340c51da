"""Moves: a player's click or a computer's choice, checked by the engine, committed to the
store with the table's version, then told to everyone in order."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

from bot.engine import IllegalAction
from bot.engine.actions import Action
from bot.engine.players import round_ended
from bot.engine.players.seeds import player_seed
from bot.engine.round import Round
from bot.games.errors import GameError, MoveRefused
from bot.games.model import TableUpdate
from bot.store.errors import NotFound, StaleVersion, WrongStatus

from ._live import LiveTable, StaleButton
from ._part import Part
from ._state import update


class Moves(Part):
    """Applies moves to live tables."""

    async def act(
        self, table_id: int, user_id: int, action: Action, version: int | None
    ) -> TableUpdate:
        """A player's move. Checked against the seat, the version and the engine, committed
        to the store, then returned (and queued for everyone else)."""
        async with self.registry.hold(table_id, version) as live:
            seat = live.seat_no(user_id)
            if live.match is None or live.record.status != "playing":
                raise GameError("table-not-found")
            if version is not None and version != live.version:
                raise StaleButton("table-stale")
            # The player is back: their move is not shown as an automatic one.
            misses, live.auto_moves[seat] = live.auto_moves.get(seat, 0), 0
            try:
                return await self.apply(live, seat, action, actor=user_id)
            except IllegalAction as exc:
                live.auto_moves[seat] = misses
                # The engine's code and values; the words come from the catalog.
                raise MoveRefused(exc) from exc
            except Exception:
                live.auto_moves[seat] = misses
                raise

    def chat(self, table_id: int, speaker_id: int, line: str, recipients: frozenset[int]) -> None:
        """A chat line or reaction at a table, shown to `recipients` in their hand messages
        (queued in order with the table's other updates)."""
        live = self.registry.get(table_id)
        seat = live.seat_no(speaker_id)
        self.updates.emit(live, update(live, "chat", note=line, seat=seat, recipients=recipients))

    async def apply(
        self, live: LiveTable, seat: int, action: Action, *, actor: int | None
    ) -> TableUpdate:
        match = live.match
        assert match is not None
        if match.round_over:
            raise IllegalAction("round-over-next-soon")
        trial: Round = match.round.copy()
        trial.apply(action, seat)  # IllegalAction with a readable message, nothing changed
        result = trial.result
        round_no = len(match.rounds)
        if trial.over:
            deadline = None
        elif trial.to_move == seat and live.deadline is not None:
            deadline = datetime.fromtimestamp(live.deadline, UTC)  # same turn, same clock
        else:
            deadline = self.timers.deadline_for(live, trial)
        auto = {s: n for s, n in live.auto_moves.items() if n}
        timer = self.timers.timer_with(live, trial, deadline)
        try:
            version = await self.store.tables.apply_move(
                live.record.id,
                live.version,
                round_no,
                seat,
                json.dumps(action.to_dict()),
                turn_deadline=deadline,
                round_result_json=None if result is None else json.dumps(result.to_dict()),
                # Who is being played automatically, for whichever process rebuilds the table.
                auto_json=None if auto == live.auto_saved else json.dumps(auto),
                timer=timer,
            )
        except (StaleVersion, WrongStatus, NotFound) as exc:
            if self.setup.shared:  # another process moved or ended it: take the table as it is now
                await self.registry.reload(live)
            elif isinstance(exc, StaleVersion):
                await self.registry.refresh(live)
            else:
                raise
            raise StaleButton("table-stale") from exc
        match.play_on(trial)  # the move, applied once: to the copy it was checked on
        live.auto_saved = auto
        if actor is not None:  # a person's own click, not an automatic move
            live.acted.add(actor)
        live.version = version
        live.deadline = None if deadline is None else deadline.timestamp()
        if match.round_over:
            # A computer that reads its opponent learns how the round ended (hands shown).
            round_ended(match.round, live.players)
        kind = "round_over" if match.round_over else "move"
        moved = update(live, kind, actor=actor)
        self.updates.emit(live, moved)
        if match.round_over:
            await self.timers.after_round(live, arm=timer is None)
        else:
            await self.timers.schedule(live, arm=timer is None)
        return moved

    async def computer_move(self, live: LiveTable) -> None:
        match = live.match
        assert match is not None
        rnd = match.round
        seat = rnd.to_move
        assert seat is not None
        record = next(s for s in live.record.seats if s.seat_no == seat)
        player = live.players.get(seat)
        if player is None:
            # One player object per seat for the whole match: "hard" keeps what it has
            # inferred about the opponents from one decision to the next.
            level = record.computer_level or "normal"
            player = live.players[seat] = self.setup.make_player(
                level, player_seed(match.seed, seat)
            )
        view = rnd.view(seat)
        action = await asyncio.to_thread(player.choose, view, view.legal)
        await self.apply(live, seat, action, actor=None)
