"""Matches for circle tests: real ones through the table service and the engine, and quick
recorded ones straight through the store (for counters like 10 wins)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from bot.engine import Match, RuleSet
from bot.engine.players import BaselinePlayer
from bot.games.challenges import ChallengeService
from bot.games.errors import GameError
from bot.games.tables import StaleButton, TableService, Timing
from bot.store import MatchLine, NewSeat, Store, TableSpec

FAST = Timing(turn=60, reminder=10, round_pause=0, computer_delay=0)
GUILD, CHANNEL = 1, 2


async def start_match(
    store: Store, a: int, b: int, *, target: int = 10, names: tuple[str, str] = ("Alice", "Bob")
) -> tuple[TableService, int]:
    tables = TableService(store, timing=FAST)
    challenges = ChallengeService(store, tables)
    ch = await challenges.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        challenger=(a, names[0]),
        opponent=(b, names[1]),
        opponent_is_bot=False,
        preset="cardgames",
        target=target,
    )
    _, update = await challenges.accept(ch.id, b, {a: names[0], b: names[1]})
    return tables, update.state.table_id


async def play(
    tables: TableService, table_id: int, *, stop: Callable[[Match], bool] | None = None
) -> None:
    """Both seats play the baseline strategy through `act` until the match ends (or `stop`)."""
    player = BaselinePlayer()
    for _ in range(20000):
        try:
            live = tables.get(table_id)
        except GameError:
            return
        match = live.match
        assert match is not None
        if stop is not None and stop(match):
            return
        if match.round_over:
            await asyncio.sleep(0.005)
            continue
        seat = match.round.to_move
        assert seat is not None
        view = match.round.view(seat)
        user = live.record.seats[seat].user_id
        assert user is not None
        try:
            await tables.act(table_id, user, player.choose(view, view.legal), live.version)
        except StaleButton:
            # The next round was being dealt (in memory first, then stored): look again.
            await asyncio.sleep(0.005)
    raise AssertionError("match did not end")


async def record_match(
    store: Store,
    winner: int,
    loser: int,
    *,
    guild_id: int = GUILD,
    win_line: MatchLine | None = None,
    lose_line: MatchLine | None = None,
    computer: str | None = None,
) -> int:
    """A finished match recorded through the store (no play); returns its table id.

    With `computer`, the loser seat is a computer player of that level.
    """
    rules = RuleSet.preset("cardgames")
    seats = (
        NewSeat("W", user_id=winner),
        NewSeat("CPU", computer_level=computer) if computer else NewSeat("L", user_id=loser),
    )
    table = await store.tables.create(
        TableSpec(
            guild_id=guild_id,
            channel_id=CHANNEL,
            rules=rules.name,
            rules_json=json.dumps(rules.to_dict()),
            target=rules.target,
            seats=seats,
            host_id=winner,
        )
    )
    version = await store.tables.start(table.id, table.version, "{}")
    lines = {0: win_line or MatchLine(won=True, score=120, rounds_played=1, rounds_won=1)}
    if computer is None:
        lines[1] = lose_line or MatchLine(won=False, score=10, rounds_played=1)
    await store.tables.finish_match(table.id, version, winner_seat=0, ended_by="score", lines=lines)
    return table.id
