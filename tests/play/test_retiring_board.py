"""Several processes: a match that ends with no later board still takes the controls off the
board a killed process left retiring in the store (`retiring_boards`), there being no next
board to do it (`Boards._strip_left_retiring`; docs/deploy.md, "A past round's reveal after
a crash"). Two table services and two notifiers on the real bot's store and outbox, against
the emulator: the first posts the round's board, forgets it in the store as a new board's
post would, and stops; the second ends the match."""

from __future__ import annotations

from bot.games.challenges import ChallengeService
from bot.games.model import TableUpdate
from bot.games.tables import TableService
from bot.ui.notifier import Notifier
from tests.games.test_shared import ONE, ZERO, service
from tests.shared_store import Clock

from .conftest import World
from .referee import live


async def test_a_match_ended_before_its_next_board_strips_the_retiring_one(
    world: World,
) -> None:
    emu, ch, a, b = world.emu, world.channel, world.alice, world.bob
    services, screens = world.bot.wired()
    store, profiles = services.store, screens.notifier.profiles
    clock, seen = Clock(), list[TableUpdate]()

    def process(tables: TableService) -> Notifier:
        notifier = Notifier(world.bot, profiles, tables, outbox=screens.outbox)
        tables.subscribe(notifier)
        return notifier

    zero = service(store, clock, seen, ZERO)
    shown = process(zero)
    ch_ = await ChallengeService(store, zero).create(
        guild_id=ch.guild.id,
        channel_id=ch.id,
        challenger=(a.id, "alice"),
        opponent=(b.id, "bob"),
        opponent_is_bot=False,
        preset="cardgames",
        target=100,
    )
    _, update = await ChallengeService(store, zero).accept(
        ch_.id, b.id, {a.id: "alice", b.id: "bob"}
    )
    table_id = update.state.table_id
    await zero.wait_idle()
    await shown.idle()
    board = shown.boards[table_id]
    assert live(emu.message(board))  # the round's board, its "Show my hand" live
    # The next board's first step (`_unstore_board`), then the process is killed: the
    # board is forgotten for the other process and kept as retiring; no board follows.
    assert await zero.retire_board(table_id) == (board,)
    await zero.close()

    one = service(store, clock, seen, ONE)
    ended = process(one)
    over = await one.resign(table_id, a.id)  # the match ends in the unposted round
    assert over.kind == "match_over"
    await one.wait_idle()
    await ended.idle()
    await emu.settle()
    assert not live(emu.message(board))  # its controls are off
    assert await store.tables.retiring_messages(table_id) == ()  # and the store forgot it
    await one.close()
