"""An old hand's deletion by the bot's token waits for everything else at the global gate:
the boards, the busy channels' tables in play, even the reveals (a leftover hand for a few
seconds hurts no one; a click on it is answered with the current hand)."""

from __future__ import annotations

import asyncio

from bot.outbox import Limits, Outbox, Priority
from bot.outbox.write import Raw
from bot.ui.notifier import Notifier

from .conftest import Said, World


async def test_an_old_hands_deletion_goes_after_the_boards_and_the_rest(world: World) -> None:
    emu, channel = world.emu, world.channel.id
    # One global-limited request in 0.3 s: everything below queues at the gate.
    outbox = Outbox(world.bot, Limits(global_=(1, 0.3), margin=0.0))
    notifier = world.bot.screens.notifier  # type: ignore[attr-defined]
    notifier = Notifier(world.bot, notifier.profiles, notifier.tables, outbox=outbox)
    board = await outbox.post(channel, Raw({"content": "board"}))
    old_hand = await outbox.post(channel, Raw({"content": "old hand"}))
    assert board is not None and old_hand is not None
    start = len(emu.requests)
    await notifier._delete_dm((channel, old_hand.id), world.alice.id)
    await asyncio.sleep(0.05)
    writes = [
        outbox.edit(channel, board.id, Said("board, newer"), Priority.BOARD),
        outbox.post(channel, Raw({"content": "a reveal"}), Priority.REST),
        outbox.edit(channel, board.id, Said("tables in play"), Priority.PLAY),
    ]
    await asyncio.gather(*writes)
    await outbox.idle()
    methods = [r.method for r in list(emu.requests)[start:] if "/messages" in r.path]
    assert methods[-1] == "DELETE", methods
    assert emu.message(old_hand.id).deleted
    outbox.close()
