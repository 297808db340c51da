"""The play loop of the table tests: seats play the baseline strategy through `act`, as
clicks would (each click on the version the player saw)."""

from __future__ import annotations

import asyncio

from bot.engine.players import BaselinePlayer
from bot.games.errors import GameError
from bot.games.tables import TableService


async def click(tables: TableService, table_id: int, player: BaselinePlayer) -> bool:
    """The seat to move plays `player`'s choice; False when nobody is to move (the round
    is over)."""
    live = tables.get(table_id)
    match = live.match
    assert match is not None
    seat = None if match.round_over else match.round.to_move
    if seat is None:
        return False
    view = match.round.view(seat)
    user = live.record.seats[seat].user_id
    assert user is not None
    await tables.act(table_id, user, player.choose(view, view.legal), live.version)
    return True


async def play_round(tables: TableService, table_id: int, moves: int = 2000) -> None:
    """Play the round in progress until it is over."""
    player = BaselinePlayer()
    for _ in range(moves):
        if not await click(tables, table_id, player):
            return
    raise AssertionError("the round never ended")


async def play_until_over(tables: TableService, table_id: int) -> None:
    """Play until the match is over (the table is no longer live), the next round dealt
    after each pause."""
    player = BaselinePlayer()
    for _ in range(5000):
        try:
            tables.get(table_id)
        except GameError:
            return
        if not await click(tables, table_id, player):
            await asyncio.sleep(0.01)
    raise AssertionError("match did not end")
