"""Two processes, one table: a round's hands go before its new board is posted (the board
waits in its channel's queue), so the other process may show a move while the board is on
its way. It finds no board in the store then; the process posting it reads the table again
once the board's id is stored, and the board ends showing that move
(`bot/ui/notifier/boards.py`, `_caught_up`; docs/architecture.md, step 8).
"""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import Match
from bot.games.tables import replay
from bot.store.models import Table as StoredTable
from bot.store.postgres import open_pg_store
from emulator import Emulator, Message
from tests.play.driver import live_controls, play_one
from tests.play.referee import board_fields, boards, live, names_of, round_of, shown_card

from . import sharded
from .conftest import World
from .sharded import StartBot, start_pair, stop_cleanly
from .test_processes import Table, play

emu, world = sharded.emu, sharded.world  # the two-shard fixtures


async def read(url: str, table_id: int) -> tuple[int | None, int, Match, list[str]]:
    """The table's stored board id, its version, its match and its seats' names."""
    store = await open_pg_store(url, pool_size=2)
    try:
        record = await store.tables.get(table_id)
        item = await store.tables.in_play_one(table_id)
    finally:
        await store.close()
    assert record is not None and item is not None
    return record.message_id, record.version, replay(item), names_of(record.seats)


async def record_of(url: str, table_id: int) -> StoredTable:
    """The table's stored row, read through a store of its own."""
    store = await open_pg_store(url, pool_size=2)
    try:
        record = await store.tables.get(table_id)
    finally:
        await store.close()
    assert record is not None
    return record


async def seat_user(url: str, table_id: int, seat: int) -> int:
    record = await record_of(url, table_id)
    user = next(s.user_id for s in record.seats if s.seat_no == seat)
    assert user is not None
    return user


def looks(match: Match) -> tuple[int, str | None, int | None]:
    """What a board shows of the round: the stock, the discard pile's top, whose turn."""
    view = match.round.view(0)
    top = view.top_discard
    return view.stock_size, None if top is None else top.label, match.round.to_move


def shows(board: Message, match: Match, names: list[str]) -> bool:
    """Whether the board shows the round as the engine has it: stock, discard pile, turn."""
    fields = board_fields(board)
    view = match.round.view(0)
    top = view.top_discard
    _, stock = shown_card(fields.get("Stock", ""))
    _, pile = shown_card(fields.get("Discard pile", ""))
    turn = fields.get(f"Round {len(match.rounds)}", "")
    seat = match.round.to_move
    return (
        stock == f"{view.stock_size} cards"
        and (top is None or pile.startswith(f"**{top.label}**"))
        and (seat is None or turn.startswith(names[seat] + " "))
    )


@pytest.mark.timeout(180)
async def test_a_move_by_the_other_process_while_the_board_is_posted_ends_on_the_board(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    assert emu.shard_of(world.guild) == 1
    zero, one = await start_pair(start_bot, pg_url, GIN_TURN_SECONDS="600")
    a, b, ch = world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b, target=100)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels, timeout=30)
    # From now on the channel refuses posts (retried by the outbox): the first round's board
    # stays on its way while the hands go.
    emu.inject_fault(f"POST /channels/{ch.id}/messages", status=503, times=10_000)
    await emu.click(b, invite, "Accept")  # a DM: shard 0's process deals and posts
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=30)
    table_id = 1
    stored, version, _, _ = await read(pg_url, table_id)
    assert stored is None  # the lobby is not this round's board: forgotten before the hands

    # Moves from `/gin hand` in the server: shard 1's process, which finds no board.
    users = {u.id: u for u in (a, b)}
    _, _, dealt, _ = await read(pg_url, table_id)
    # Moves until the board would look different (two passes of the upcard leave it as
    # dealt): whole turns, a draw and its discard.
    for _ in range(8):
        _, _, match, _ = await read(pg_url, table_id)
        if looks(match) != looks(dealt) and match.round.view(0).phase != "discard":
            break
        seat = match.round.to_move
        assert seat is not None
        mover = users[await seat_user(pg_url, table_id, seat)]
        await emu.slash(mover, ch, "gin hand")
        await emu.wait_for(
            lambda m=mover: next(  # type: ignore[misc]
                (e for e in reversed(emu.ephemerals(m)) if e is live_controls(emu, m)), None
            ),
            30,
            what="the hand with its controls in the server",
        )
        assert await play_one(emu, mover)
    else:
        raise AssertionError("eight moves and the board would look as dealt")
    stored, moved, match, names = await read(pg_url, table_id)
    assert stored is None and moved > version  # moved while the board was on its way
    assert not boards(emu, ch, table_id)

    emu.clear_faults()  # the board lands; nobody moves any more

    def caught_up() -> bool:
        found = boards(emu, ch, table_id)
        return len(found) == 1 and live(found[0]) and shows(found[0], match, names)

    await emu.wait_for(caught_up, 60, what="the board showing the moves made meanwhile")
    stored, now, _, _ = await read(pg_url, table_id)
    assert now == moved and stored == boards(emu, ch, table_id)[0].id
    await stop_cleanly(emu, zero, one)


async def retiring(url: str, table_id: int) -> tuple[int | None, tuple[int, ...]]:
    """The table's stored board and the boards it is retiring."""
    store = await open_pg_store(url, pool_size=2)
    try:
        record = await store.tables.get(table_id)
        kept = await store.tables.retiring_messages(table_id)
    finally:
        await store.close()
    assert record is not None
    return record.message_id, kept


@pytest.mark.timeout(180)
async def test_a_process_killed_before_its_new_board_is_out_leaves_no_old_board_live(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    """Shard 0's process deals round 2 and forgets round 1's board in the store (kept there
    as retiring), then is killed while the new board waits behind a rate limit. Its restart
    posts the round's board and takes the controls off round 1's: no "Show my hand" of a
    past round stays live (docs/deploy.md, "A past round's reveal after a crash")."""
    zero, one = await start_pair(start_bot, pg_url, GIN_ROUND_PAUSE="0.5", GIN_TURN_SECONDS="60")
    db = Table(pg_url)
    a, b, ch = world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b, target=500)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels, timeout=30)
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=30)
    table_id = 1
    await emu.wait_for(lambda: boards(emu, ch, table_id), 30, what="round 1's board")
    (first,) = boards(emu, ch, table_id)
    # The channel's next post (round 1's reveal) waits 4 s: round 2's board is behind it.
    emu.inject_fault(f"POST /channels/{ch.id}/messages", status=429, retry_after=4.0, times=1)
    while True:  # DM clicks: shard 0's process ends the round and deals the next
        _, _, match, _ = await db.read(table_id)
        assert match is not None
        if len(match.rounds) >= 2 and not match.round_over:
            break
        if match.round_over:
            await asyncio.sleep(0.02)
        else:
            await play(emu, world, 1)
    stored = await retiring(pg_url, table_id)
    for _ in range(100):
        if stored[0] is None:
            break
        await asyncio.sleep(0.02)
        stored = await retiring(pg_url, table_id)
    assert stored == (None, (first.id,))  # forgotten for the other process, kept as retiring
    await zero.kill()
    assert [round_of(m) for m in boards(emu, ch, table_id)] == [1]
    assert live(emu.message(first.id))
    await zero.start()

    def shown_afresh() -> bool:
        found = boards(emu, ch, table_id)
        return [(round_of(m), live(m)) for m in found] == [(1, False), (2, True)]

    await emu.wait_for(shown_afresh, 30, what="round 2's board, round 1's without controls")
    newest = boards(emu, ch, table_id)[-1]
    for _ in range(100):  # forgotten once its controls are off (just after)
        stored = await retiring(pg_url, table_id)
        if not stored[1]:
            break
        await asyncio.sleep(0.05)
    assert stored == (newest.id, ())
    await stop_cleanly(emu, zero, one)
