"""Several processes: a round's new board that lands after another process ended the match
shows the match finished, its "Show my hand" gone (`Boards._board_posted`, `_ended_meanwhile`;
docs/deploy.md, "A past round's reveal after a crash"). Two table services, each with its
own notifier, on the real bot's store and outbox, against the emulator: the first deals
round 2 and posts its board, the second ends the match meanwhile."""

from __future__ import annotations

import asyncio

from bot.games.challenges import ChallengeService
from bot.games.tables import TableService
from bot.ui.notifier import Notifier
from emulator import Emulator, Message
from tests.games.test_shared import ONE, TIMING, ZERO, play_turn, service
from tests.shared_store import Clock

from .conftest import World
from .referee import board_fields, boards, live, round_of


async def _round_two(world: World) -> tuple[TableService, Notifier, int, Clock]:
    """The first process: a match accepted and its first round played out (each seat's
    baseline move), round 2 not dealt yet (its pause runs)."""
    ch, a, b = world.channel, world.alice, world.bob
    clock = Clock()
    zero = service(world.bot.wired()[0].store, clock, [], ZERO)
    shown = _process(world, zero)
    challenges = ChallengeService(zero.store, zero)
    made = await challenges.create(
        guild_id=ch.guild.id,
        channel_id=ch.id,
        challenger=(a.id, "alice"),
        opponent=(b.id, "bob"),
        opponent_is_bot=False,
        preset="cardgames",
        target=500,
    )
    _, update = await challenges.accept(made.id, b.id, {a.id: "alice", b.id: "bob"})
    table_id = update.state.table_id
    while True:
        table = await zero.sync(table_id)
        assert table.match is not None
        if table.match.round_over:
            break
        await play_turn(zero, table)
    await zero.wait_idle()
    await shown.idle()
    return zero, shown, table_id, clock


def _process(world: World, tables: TableService) -> Notifier:
    screens = world.bot.wired()[1]
    notifier = Notifier(world.bot, screens.notifier.profiles, tables, outbox=screens.outbox)
    tables.subscribe(notifier)
    return notifier


async def _both_idle(emu: Emulator, *pairs: tuple[TableService, Notifier]) -> None:
    for tables, notifier in pairs:
        await tables.wait_idle()
        await notifier.idle()
    await emu.settle()


def _shown(emu: Emulator, world: World, table_id: int) -> list[tuple[int, bool]]:
    found: list[Message] = boards(emu, world.channel, table_id)
    return [(round_of(m), live(m)) for m in found]


async def test_a_board_posted_after_the_match_ended_elsewhere_shows_it_finished(
    world: World,
) -> None:
    emu, ch, a = world.emu, world.channel, world.alice
    zero, shown, table_id, clock = await _round_two(world)
    # Round 2's board waits 4 s behind a rate limit; the round's hands go meanwhile.
    fault = emu.inject_fault(f"POST /channels/{ch.id}/messages", status=429, retry_after=4.0)
    clock.now += TIMING.round_pause
    await zero.fire_due()  # deals round 2: its board on its way, round 1's forgotten
    for _ in range(200):
        if fault.hits:
            break
        await asyncio.sleep(0.02)
    assert fault.hits == 1
    one = service(zero.store, clock, [], ONE)
    ended = _process(world, one)
    over = await one.resign(table_id, a.id)  # while round 2's board is on its way
    assert over.kind == "match_over"
    assert [round_of(m) for m in boards(emu, ch, table_id)] == [1]  # round 2's not out yet
    await _both_idle(emu, (one, ended), (zero, shown))
    assert _shown(emu, world, table_id) == [(1, False), (2, False)]
    (late,) = [m for m in boards(emu, ch, table_id) if round_of(m) == 2]
    record = await zero.store.tables.get(table_id)
    assert record is not None and record.status == "finished"
    assert record.message_id == late.id  # stored, but shown finished
    assert board_fields(late)["Round 2"] == "The match is over."  # the match's last state
    assert await zero.store.tables.retiring_messages(table_id) == ()
    await one.close()
    await zero.close()
