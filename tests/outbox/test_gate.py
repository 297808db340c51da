"""The global gate: by priority then age, and never more than `on_wire` requests on their
way at once (Discord counts them when they arrive, `bot/outbox/gate.py`)."""

from __future__ import annotations

import asyncio

from bot.outbox.gate import Gate
from bot.outbox.limits import Window


async def test_no_more_requests_on_the_wire_than_allowed_and_the_urgent_first() -> None:
    gate = Gate(Window(1_000, 1.0), on_wire=2)
    await gate.enter(3, 0)
    await gate.enter(3, 1)
    order: list[str] = []

    async def one(name: str, priority: int, seq: int) -> None:
        await gate.enter(priority, seq)
        order.append(name)

    board = asyncio.create_task(one("board", 3, 2))
    turn = asyncio.create_task(one("turn", 0, 3))
    await asyncio.sleep(0.05)
    assert order == []  # the budget has room, the wire has not
    gate.left()  # Discord answered one
    await asyncio.sleep(0.05)
    assert order == ["turn"]
    gate.left()
    await asyncio.wait_for(board, 1.0)
    assert order == ["turn", "board"]
    await turn
    assert gate.travelling == 2
    gate.close()
