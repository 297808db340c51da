"""The outbox's queues: latest state wins, priorities, one bucket never blocks another."""

from __future__ import annotations

import asyncio
import itertools
import time

import discord
import pytest

from bot.outbox import Limits, Outbox, Priority, lane
from bot.outbox.lane import ONE_SLOT_IN
from bot.outbox.write import ControlsOff, Raw

from .conftest import Said, World, edits_of


def slow_edits(world: World, per: float = 1.0) -> Outbox:
    """An outbox on the test's bot whose edit buckets allow one edit per `per` seconds."""
    return Outbox(world.bot, Limits(edit=(1, per), margin=0.0))


async def post(outbox: Outbox, channel_id: int, text: str) -> int:
    sent = await outbox.post(channel_id, Raw({"content": text}))
    assert sent is not None
    return sent.id


async def test_three_updates_in_a_spent_bucket_give_one_edit_with_the_last(world: World) -> None:
    outbox = slow_edits(world)
    channel = world.channel.id
    board = await post(outbox, channel, "move 0")
    first = outbox.edit(channel, board, Said("move 1"))
    await first  # the bucket is spent now, for a second
    updates = [Said(f"move {n}") for n in (2, 3, 4)]
    waiting = [outbox.edit(channel, board, said, Priority.BOARD) for said in updates]
    assert outbox.depth() == 1  # one queued edit, carrying the newest content
    await asyncio.gather(*waiting)  # everyone who asked is told once it is shown
    assert len(edits_of(world.emu, board)) == 2
    assert world.emu.message(board).text == "move 4"
    # The replaced payloads were released when replaced, the last one once sent.
    assert [u.released for u in updates] == [["move 2"], ["move 3"], ["move 4"]]


async def test_a_delete_supersedes_the_queued_edits(world: World) -> None:
    outbox = slow_edits(world)
    channel = world.channel.id
    old = await post(outbox, channel, "old hand")
    await outbox.edit(channel, old, Said("spends the bucket"))
    edit = outbox.edit(channel, old, Said("never shown"))
    await outbox.delete(channel, old)
    assert await edit is None
    assert len(edits_of(world.emu, old)) == 1
    assert world.emu.message(old).deleted


async def test_within_a_bucket_by_priority_then_age(world: World) -> None:
    outbox = slow_edits(world, per=0.3)
    channel = world.channel.id
    ids = [await post(outbox, channel, f"message {n}") for n in range(5)]
    await outbox.edit(channel, ids[0], Said("spends the bucket"))
    order = [
        (ids[1], Priority.REST),
        (ids[2], Priority.BOARD),
        (ids[3], Priority.TURN),
        (ids[4], Priority.BOARD),
    ]
    await asyncio.gather(*(outbox.edit(channel, m, Said("x"), p) for m, p in order))
    sent = [
        int(r.path.rsplit("/", 1)[1])
        for r in world.emu.requests
        if r.method == "PATCH" and r.path.startswith(f"/channels/{channel}/")
    ]
    assert sent[1:] == [ids[3], ids[2], ids[4], ids[1]]


async def test_a_slow_bucket_never_blocks_another(world: World) -> None:
    emu = world.emu
    outbox = slow_edits(world, per=5.0)
    busy = world.channel.id
    quiet = emu.create_channel(world.channel.guild, "quiet").id
    boards = [await post(outbox, busy, f"board {n}") for n in range(4)]
    notice = await post(outbox, quiet, "your turn soon")
    for n, board in enumerate(boards):  # 4 edits: about 15 s of this channel's budget
        outbox.edit(busy, board, Said(f"board {n} moved"), Priority.TURN)
    await asyncio.sleep(0)
    started = time.monotonic()
    await outbox.edit(quiet, notice, Said("your turn"), Priority.REST)
    assert time.monotonic() - started < 2.0
    assert outbox.depth() >= 2  # the busy channel still waits its turn
    assert outbox.oldest_age() > 0
    assert emu.message(notice).text == "your turn"
    outbox.close()


async def test_the_counts_say_what_was_sent_and_how(world: World) -> None:
    outbox = Outbox(world.bot)
    channel = world.channel.id
    message = await post(outbox, channel, "one")
    await outbox.edit(channel, message, Said("two"))
    await outbox.delete(channel, message)
    assert outbox.by_route() == {"post": 1, "edit": 1, "delete": 1}
    assert outbox.by_token() == {"bot": 3}
    assert (outbox.depth(), outbox.oldest_age()) == (0, 0.0)


async def test_a_stream_of_urgent_edits_leaves_overdue_ones_one_slot_in_three(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy channel's tables in play are edited at every slot; a board passed over for
    `PATIENCE` then goes in one slot of three: neither starves the other."""
    monkeypatch.setattr(lane, "PATIENCE", 0.4)
    emu = world.emu
    # The slots are the outbox's (one edit in 0.15 s), not Discord's 429s.
    emu.options.route_limits["PATCH /channels/{channel_id}/messages/{message_id}"] = (50, 1.0)
    outbox = Outbox(world.bot, Limits(edit=(1, 0.15), margin=0.0))
    channel = world.channel.id
    in_play = await post(outbox, channel, "tables in play")
    boards = [await post(outbox, channel, f"board {n}") for n in range(3)]
    shown = [outbox.edit(channel, b, Said("round over"), Priority.BOARD) for b in boards]
    moves = 0
    after = 0  # moves queued once every board was out

    def move() -> None:
        nonlocal moves
        outbox.edit(channel, in_play, Said(f"moves {moves}"), Priority.PLAY)
        moves += 1

    def next_move() -> None:
        """The next move's edit, queued the moment Discord has the last one (before the bot
        reads its answer): at every slot one is waiting, however slow the machine."""
        nonlocal after
        if emu.message(in_play).text != f"moves {moves - 1}" or after >= 6:
            return
        if all(f.done() for f in shown):
            after += 1
        move()

    unwatch = emu.watch_changes(next_move)
    try:
        move()
        await asyncio.wait_for(asyncio.gather(*shown), 30)
        await emu.wait_for(lambda: after >= 6, 30, what="the stream going on")
    finally:
        unwatch()
    await outbox.idle()
    sent = [
        int(r.path.rsplit("/", 1)[1])
        for r in world.emu.requests
        if r.method == "PATCH" and r.path.startswith(f"/channels/{channel}/")
    ]
    at = [sent.index(board) for board in boards]
    assert at == sorted(at) and at[-1] < len(sent) - 1, sent  # all out, the stream still on
    assert at[0] >= 2, sent  # the stream went first while the boards could wait
    assert all(b - a == ONE_SLOT_IN for a, b in itertools.pairwise(at)), sent
    assert emu.message(in_play).text == f"moves {moves - 1}"
    assert not [r for r in emu.requests if r.status == 429]


def with_button(text: str) -> Raw:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Draw", custom_id="test:draw"))
    return Raw({"content": text, "view": view})


@pytest.mark.parametrize("queued", ["raw", "controls off"])
async def test_controls_taken_off_a_queued_edit_of_any_payload(world: World, queued: str) -> None:
    """Taking the controls off a message whose edit is queued keeps that edit's content
    (a `Raw` edit, or another controls-off) and sends one edit without controls."""
    outbox = slow_edits(world)
    channel = world.channel.id
    board = await outbox.post(channel, with_button("round 1"))
    assert board is not None
    await outbox.edit(channel, board.id, with_button("spends the bucket"))
    waiting = outbox.edit(
        channel, board.id, with_button("round 2") if queued == "raw" else ControlsOff()
    )
    off = outbox.edit(channel, board.id, ControlsOff())
    assert outbox.depth() == 1
    await asyncio.gather(waiting, off)
    assert len(edits_of(world.emu, board.id)) == 2
    shown = world.emu.message(board.id)
    assert shown.button_labels == []
    assert shown.text == ("round 2" if queued == "raw" else "spends the bucket")


def slow_global(world: World, per: float = 1.0) -> Outbox:
    """An outbox whose global budget allows one request per `per` seconds (the busy bot's
    peaks), every channel's buckets wide open."""
    return Outbox(world.bot, Limits(global_=(1, per), margin=0.0))


async def test_an_edit_waiting_for_the_global_budget_goes_with_the_newest_content(
    world: World,
) -> None:
    outbox = slow_global(world)
    channel = world.channel.id
    board = await post(outbox, channel, "move 0")  # the global budget is spent now
    first = outbox.edit(channel, board, Said("move 1"))
    await asyncio.sleep(0.1)  # out of its queue, waiting at the global gate
    assert outbox.depth() == 0
    later = [outbox.edit(channel, board, Said(f"move {n}")) for n in (2, 3)]
    await asyncio.gather(first, *later)
    # One edit, with what the table showed when it went, not what it showed when it queued.
    assert len(edits_of(world.emu, board)) == 1
    assert world.emu.message(board).text == "move 3"


async def test_a_delete_drops_an_edit_waiting_for_the_global_budget(world: World) -> None:
    outbox = slow_global(world)
    channel = world.channel.id
    old = await post(outbox, channel, "old hand")
    edit = outbox.edit(channel, old, Said("never shown"))
    await asyncio.sleep(0.1)  # waiting at the global gate
    await outbox.delete(channel, old)
    assert await edit is None
    assert edits_of(world.emu, old) == []
    assert world.emu.message(old).deleted
