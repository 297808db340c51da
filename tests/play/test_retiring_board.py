"""Several processes: a match that ends with no later board still takes the controls off the
board a killed process left retiring in the store (`retiring_boards`), there being no next
board to do it (`Boards._strip_left_retiring`; docs/deploy.md, "A past round's reveal after
a crash"). Two table services and two notifiers on the real bot's store and outbox, against
the emulator: the first posts the round's board, forgets it in the store as a new board's
post would, and stops; the second ends the match."""

from __future__ import annotations

from bot.games.model import TableUpdate
from tests.games.test_shared import ONE, ZERO, service
from tests.shared_store import Clock

from .conftest import World
from .processes import accepted_match, notifier_of
from .referee import live


async def test_a_match_ended_before_its_next_board_strips_the_retiring_one(
    world: World,
) -> None:
    emu, a = world.emu, world.alice
    store = world.bot.services.store
    clock, seen = Clock(), list[TableUpdate]()

    zero = service(store, clock, seen, ZERO)
    shown = notifier_of(world, zero)
    table_id = await accepted_match(world, zero)
    await zero.wait_idle()
    await shown.idle()
    board = shown.boards[table_id]
    assert live(emu.message(board))  # the round's board, its "Show my hand" live
    # The next board's first step (`_unstore_board`), then the process is killed: the
    # board is forgotten for the other process and kept as retiring; no board follows.
    assert await zero.retire_board(table_id) == (board,)
    await zero.close()

    one = service(store, clock, seen, ONE)
    ended = notifier_of(world, one)
    over = await one.resign(table_id, a.id)  # the match ends in the unposted round
    assert over.kind == "match_over"
    await one.wait_idle()
    await ended.idle()
    await emu.settle()
    assert not live(emu.message(board))  # its controls are off
    assert await store.tables.retiring_messages(table_id) == ()  # and the store forgot it
    await one.close()
