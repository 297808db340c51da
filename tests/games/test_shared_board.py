"""Several processes: the board a process retires for a round's new one stays in the store
(`retiring_boards`, migration 0012) until its controls are off, so a process killed between
forgetting it and posting the new board, or before the old board's strip, leaves it to its
restart, to whichever process posts the next board, or to the match's end
(`TableService.retire_board`, `bot/ui/notifier/boards.py`). Two services on one database,
on PostgreSQL and on a SQLite file."""

from __future__ import annotations

from bot.games.model import TableUpdate
from bot.store import Storage
from tests.shared_store import Clock

from .test_shared import ONE, ZERO, challenge, service

OLD, NEW, NEWER = 9001, 9002, 9003  # message ids, as Discord gave them


async def board(store: Storage, table_id: int) -> tuple[int | None, tuple[int, ...]]:
    """The table's live board and the boards it is retiring, as the store has them."""
    record = await store.tables.get(table_id)
    assert record is not None
    return record.message_id, await store.tables.retiring_messages(table_id)


async def test_a_board_forgotten_by_a_killed_process_is_stripped_by_its_restart(
    stores: tuple[Storage, Storage],
) -> None:
    clock = Clock()
    lost: list[TableUpdate] = []
    zero = service(stores[0], clock, lost, ZERO)
    table_id = await challenge(zero, stores[0])
    await zero.set_board_message(table_id, OLD)  # the round's board, posted
    # A new board is to be posted (the notifier's first step): the live one is forgotten
    # for the other process, and kept as retiring in the same write.
    assert await zero.retire_board(table_id) == (OLD,)
    assert await board(stores[1], table_id) == (None, (OLD,))
    await zero.close()  # killed before the new board was posted

    seen: list[TableUpdate] = []
    again = service(stores[1], clock, seen, ZERO)
    assert await again.recover() == 1
    await again.wait_idle()
    (shown,) = seen
    assert (shown.kind, shown.restored) == ("round_start", True)
    # The restart's new board: its retire hands over the board the killed process forgot.
    assert await again.retire_board(table_id) == (OLD,)
    await again.set_board_message(table_id, NEW)
    assert await board(stores[0], table_id) == (NEW, (OLD,))
    await again.board_retired(table_id, OLD)  # its controls are off
    assert await board(stores[0], table_id) == (NEW, ())
    await again.close()


async def test_any_process_posting_the_next_board_gets_every_retiring_one(
    stores: tuple[Storage, Storage],
) -> None:
    """The other process posts the next board: it gets the board a killed process left
    retiring; killed after storing its new board but before the old one's strip, the
    next retire hands over both."""
    clock = Clock()
    lost: list[TableUpdate] = []
    zero, one = service(stores[0], clock, lost, ZERO), service(stores[1], clock, lost, ONE)
    table_id = await challenge(zero, stores[0])
    await zero.set_board_message(table_id, OLD)
    assert await zero.retire_board(table_id) == (OLD,)
    await zero.close()

    assert await one.retire_board(table_id) == (OLD,)  # nothing live: the retiring one stays
    assert await board(stores[1], table_id) == (None, (OLD,))
    await one.set_board_message(table_id, NEW)  # killed before OLD's strip
    assert await one.retire_board(table_id) == (OLD, NEW)
    assert await board(stores[0], table_id) == (None, (OLD, NEW))
    await one.set_board_message(table_id, NEWER)
    await one.board_retired(table_id, OLD)  # its controls are off: the other one stays
    assert await board(stores[0], table_id) == (NEWER, (NEW,))
    await one.board_retired(table_id, NEW)
    assert await board(stores[0], table_id) == (NEWER, ())
    # Nothing retiring, nothing live: nothing to strip, nothing written.
    await one.set_board_message(table_id, None)
    assert await one.retire_board(table_id) == ()
    await one.close()


async def test_two_crashes_in_a_row_forget_no_retiring_board(
    stores: tuple[Storage, Storage],
) -> None:
    """Killed after a new board is stored but before the old one's controls are off, and
    again after the next board is stored: every board left with controls is still handed
    over, the oldest included (one kept id lost it before migration 0012)."""
    clock = Clock()
    lost: list[TableUpdate] = []
    zero = service(stores[0], clock, lost, ZERO)
    table_id = await challenge(zero, stores[0])
    await zero.set_board_message(table_id, OLD)
    assert await zero.retire_board(table_id) == (OLD,)
    await zero.set_board_message(table_id, NEW)
    await zero.close()  # killed before OLD's strip

    again = service(stores[1], clock, lost, ZERO)
    assert await again.retire_board(table_id) == (OLD, NEW)
    await again.set_board_message(table_id, NEWER)
    await again.close()  # killed again, before either strip

    last = service(stores[0], clock, lost, ONE)
    # The next board's retire, or the match's end, gets all three.
    assert await last.retiring_boards(table_id) == (OLD, NEW)
    assert await last.retire_board(table_id) == (OLD, NEW, NEWER)
    assert await board(stores[1], table_id) == (None, (OLD, NEW, NEWER))
    for message_id in (NEWER, OLD, NEW):
        await last.board_retired(table_id, message_id)
    assert await board(stores[1], table_id) == (None, ())
    assert await last.retiring_boards(table_id) == ()
    await last.close()


async def test_a_board_stored_after_the_match_ended_elsewhere_says_so_with_its_end(
    stores: tuple[Storage, Storage],
) -> None:
    """A board stored while the match plays says nothing more; one stored once another
    process ended the match says so, and the match's last state is read back for it, as
    the end left it (`set_board_message`, `final_state`)."""
    clock = Clock()
    seen: list[TableUpdate] = []
    zero, one = service(stores[0], clock, seen, ZERO), service(stores[1], clock, seen, ONE)
    table_id = await challenge(zero, stores[0])
    assert await zero.set_board_message(table_id, OLD) is False  # in play
    assert await zero.final_state(table_id) is None  # not over
    assert await zero.retire_board(table_id) == (OLD,)  # NEW on its way
    over = await one.resign(table_id, 1001)
    assert await zero.set_board_message(table_id, NEW) is True  # stored, but too late
    final = await zero.final_state(table_id)
    assert final is not None and final.public is not None
    assert (final.status, final.version, final.message_id) == ("finished", over.state.version, NEW)
    assert final.scores == over.state.scores and final.public == over.state.public
    assert final.seats == over.state.seats
    await zero.close()
    await one.close()


async def test_a_board_stored_after_the_match_was_called_off_elsewhere_says_so(
    stores: tuple[Storage, Storage],
) -> None:
    """A match called off (a tournament no-show) is over too; it has no last state to show
    (the board then only loses its controls)."""
    clock = Clock()
    seen: list[TableUpdate] = []
    zero, one = service(stores[0], clock, seen, ZERO), service(stores[1], clock, seen, ONE)
    table_id = await challenge(zero, stores[0])
    assert await zero.retire_board(table_id) == ()
    await one.abandon(table_id, "called off")
    assert await zero.set_board_message(table_id, NEW) is True
    assert await zero.final_state(table_id) is None
    await zero.close()
    await one.close()
