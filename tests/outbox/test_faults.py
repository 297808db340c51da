"""Nothing lost nor reordered when Discord refuses (429) or fails (5xx): the write is
retried in its place, and the message's later writes wait behind it."""

from __future__ import annotations

import asyncio

from bot.outbox import Outbox, Priority

from .conftest import Said, World, edits_of


async def test_posts_survive_5xx_in_order(world: World) -> None:
    emu, channel = world.emu, world.channel
    outbox = Outbox(world.bot)
    # 503: discord.py does not retry it; the outbox does.
    fault = emu.inject_fault("POST /channels/{channel_id}/messages", status=503, times=2)
    sent = [outbox.post(channel.id, Said(f"line {n}"), Priority.BOARD) for n in range(3)]
    await asyncio.gather(*sent)
    assert len(fault.served) == 2
    assert [m.text for m in emu.messages(channel)[-3:]] == ["line 0", "line 1", "line 2"]
    assert outbox.retried[503] == 2


async def test_an_edit_refused_with_429_lands_and_the_newest_wins(world: World) -> None:
    emu, channel = world.emu, world.channel
    outbox = Outbox(world.bot)
    board = await outbox.post(channel.id, Said("move 0"))
    assert board is not None
    # Without `Via`, discord.py raises the 429 to the caller instead of waiting itself.
    fault = emu.inject_fault(
        "PATCH /channels/{channel_id}/messages/{message_id}", times=2, retry_after=0.2, via=False
    )
    first = outbox.edit(channel.id, board.id, Said("move 1"), Priority.BOARD)
    await asyncio.sleep(0.05)  # on the wire, refused, waiting to be retried
    later = [outbox.edit(channel.id, board.id, Said(f"move {n}"), Priority.BOARD) for n in (2, 3)]
    await asyncio.gather(first, *later)
    assert len(fault.served) == 2
    assert outbox.retried[429] == 2
    assert emu.message(board.id).text == "move 3"
    # Served in order: the refused ones, then move 1, then one edit with the newest.
    assert len(edits_of(emu, board.id)) == 4
    # What the channel showed, in order: move 2 never (replaced while queued).
    assert [v.content for v in emu.message(board.id).history] == ["move 0", "move 1"]
