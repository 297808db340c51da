"""Several processes: a round's new board that lands after the match ended shows it finished
in its own round, its "Show my hand" gone (`Boards._board_posted`, `_ended_meanwhile`;
docs/deploy.md, "A past round's reveal after a crash"). Two table services, each with its
own notifier, on the real bot's store and outbox, against the emulator: the first deals
and posts the boards, held back by a rate limit; the match ends meanwhile (the second
process resigns, or the first, its channel's posts rounds behind its moves)."""

from __future__ import annotations

import asyncio

import pytest

from bot.games.challenges import ChallengeService
from bot.games.tables import TableService
from bot.ui.notifier import Notifier
from emulator import Emulator, Fault, Message
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
    await _play_round(zero, table_id)
    await zero.wait_idle()
    await shown.idle()
    return zero, shown, table_id, clock


async def _play_round(tables: TableService, table_id: int) -> None:
    """The round in play played out, each seat making the baseline's move."""
    while True:
        table = await tables.sync(table_id)
        assert table.match is not None
        if table.match.round_over:
            return
        await play_turn(tables, table)


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


def _held_back(emu: Emulator, world: World, retry_after: float) -> Fault:
    """The channel's next post answered 429: it, and every post after it, waits."""
    return emu.inject_fault(
        f"POST /channels/{world.channel.id}/messages", status=429, retry_after=retry_after
    )


async def _hit(fault: Fault) -> None:
    """Wait until the held-back post was tried (and answered 429)."""
    for _ in range(200):
        if fault.hits:
            return
        await asyncio.sleep(0.02)
    assert fault.hits == 1


async def test_a_board_posted_after_the_match_ended_elsewhere_shows_it_finished(
    world: World,
) -> None:
    emu, ch, a = world.emu, world.channel, world.alice
    zero, shown, table_id, clock = await _round_two(world)
    # Round 2's board waits 4 s behind a rate limit; the round's hands go meanwhile.
    fault = _held_back(emu, world, 4.0)
    clock.now += TIMING.round_pause
    await zero.fire_due()  # deals round 2: its board on its way, round 1's forgotten
    await _hit(fault)
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


@pytest.mark.parametrize("ender", ["here", "elsewhere"])
async def test_an_earlier_round_s_board_posted_late_keeps_its_own_round(
    world: World, ender: str
) -> None:
    """The channel's posts far behind the moves: round 2's board and round 3's both land
    after the match ended in round 3 (ended by the process posting them, or the other).
    Round 3's shows the match's end; round 2's stays round 2's, finished as its round
    ended, never the match's last round (the end is round 3's, not its own)."""
    emu, ch, a = world.emu, world.channel, world.alice
    zero, shown, table_id, clock = await _round_two(world)
    fault = _held_back(emu, world, 6.0)
    clock.now += TIMING.round_pause
    await zero.fire_due()  # deals round 2: its board held back
    await _hit(fault)
    await _play_round(zero, table_id)
    clock.now += TIMING.round_pause
    await zero.fire_due()  # deals round 3: its board behind round 2's and its reveal
    table = await zero.sync(table_id)
    assert table.match is not None and len(table.match.rounds) == 3
    one = service(zero.store, clock, [], ONE)
    ended = _process(world, one)
    over = await (zero if ender == "here" else one).resign(table_id, a.id)
    assert over.kind == "match_over"
    assert [round_of(m) for m in boards(emu, ch, table_id)] == [1]  # 2 and 3 not out yet
    await _both_idle(emu, (one, ended), (zero, shown))
    assert _shown(emu, world, table_id) == [(1, False), (2, False), (3, False)]
    two, three = boards(emu, ch, table_id)[1:]
    assert board_fields(three)["Round 3"] == "The match is over."
    assert board_fields(two)["Round 2"].startswith("Round over:")  # its own round's end
    record = await zero.store.tables.get(table_id)
    assert record is not None and record.message_id == three.id
    assert await zero.store.tables.retiring_messages(table_id) == ()
    await one.close()
    await zero.close()
