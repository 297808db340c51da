"""Play real matches with the engine's baseline players, storing them the way a service would."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.engine import PRESETS, Action, Match
from bot.engine.players import BaselinePlayer
from bot.store import Store

from .conftest import spec


def snapshot(match: Match) -> str:
    return json.dumps(match.to_dict(), sort_keys=True)


def restore(snapshot_json: str, actions: list[tuple[int, str]]) -> Match:
    """What the service does at start-up: last snapshot, then the logged moves in order."""
    match = Match.from_dict(json.loads(snapshot_json))
    for seat, action_json in actions:
        match.apply(Action.from_dict(json.loads(action_json)), seat)
    return match


@dataclass
class LiveGame:
    table_id: int
    version: int
    match: Match
    round_no: int = 1

    def next_move(self) -> tuple[int, Action] | None:
        rnd = self.match.round
        seat = rnd.to_move
        if seat is None:
            return None
        view = rnd.view(seat)
        return seat, BaselinePlayer().choose(view, view.legal)


async def new_game(store: Store, seed: int, users: tuple[int, int] = (1, 2)) -> LiveGame:
    table = await store.tables.create(spec(*users))
    match = Match(PRESETS["cardgames"], 2, seed)
    version = await store.tables.start(table.id, table.version, snapshot(match))
    version = await store.tables.start_round(
        table.id, version, 1, match.round.seed, match.round.dealer, snapshot(match)
    )
    return LiveGame(table.id, version, match)


async def play(store: Store, game: LiveGame, moves: int, snapshot_every: int = 0) -> int:
    """Play up to `moves` moves (dealing new rounds as needed); log each, snapshot only at
    round starts and every `snapshot_every` moves. Returns how many were played."""
    played = 0
    while played < moves and not game.match.over:
        step = game.next_move()
        if step is None:
            game.match.next_round()
            game.round_no += 1
            game.version = await store.tables.start_round(
                game.table_id,
                game.version,
                game.round_no,
                game.match.round.seed,
                game.match.round.dealer,
                snapshot(game.match),
            )
            continue
        seat, action = step
        game.match.apply(action, seat)
        played += 1
        with_snapshot = snapshot_every and played % snapshot_every == 0
        result = game.match.round.result
        game.version = await store.tables.apply_move(
            game.table_id,
            game.version,
            game.round_no,
            seat,
            json.dumps(action.to_dict()),
            snapshot(game.match) if with_snapshot else None,
            round_result_json=None if result is None else json.dumps(result.to_dict()),
        )
    return played
