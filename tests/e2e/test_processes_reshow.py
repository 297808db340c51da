"""A hand lost with a killed process is shown again by its restart (two ``python -m bot``
processes on one PostgreSQL database, shards 0 and 1 of 2, a server on shard 1).

Shard 0's process handles a move on a DM hand; the next player's new hand (their controls)
is still on its way to Discord, which answers 500 for the while (discord.py retries), when
the process is killed with SIGKILL. Started again, it shows afresh the tables whose latest
change it had made (docs/deploy.md, "When a process dies"): the player to move gets their
controls without typing `/gin hand`, long before their turn's timer, and the table's version
and moves are untouched. A restart of the other process (which made none of the table's
changes) shows nothing, and the match is played to its end.
"""

from __future__ import annotations

from bot.games.tables import replay
from bot.store.postgres import open_pg_store
from emulator import Emulator, User
from tests.play.driver import card_buttons, live_controls
from tests.play.referee import check_end, final_match

from . import sharded
from .conftest import World
from .sharded import StartBot, start_pair, stop_cleanly
from .test_processes import over, play

emu, world = sharded.emu, sharded.world  # the two-shard fixtures


async def read(url: str, table_id: int):  # type: ignore[no-untyped-def]
    """The table's record, its moves and the match as the database has them."""
    store = await open_pg_store(url, pool_size=2)
    try:
        record = await store.tables.get(table_id)
        moves = await store.tables.moves(table_id)
        item = await store.tables.in_play_one(table_id)
    finally:
        await store.close()
    return record, moves, replay(item) if item is not None else None


async def hand_over(emu: Emulator, user: User) -> None:
    """`user`'s whole turn, never ending the round: pass the upcard, or draw from the stock
    and discard (the first card offered)."""
    msg = live_controls(emu, user)
    assert msg is not None
    labels = [b.label for b in msg.buttons() if not b.disabled]
    if "Pass" in labels:
        await emu.click(user, msg, "Pass")
        return
    await emu.click(user, msg, "Draw from stock")

    def discard_offered() -> bool:
        return bool(card_buttons(emu.message(msg.id)))

    await emu.wait_for(discard_offered, timeout=10)
    drawn = emu.message(msg.id)
    first = card_buttons(drawn)[0]  # a click on a card discards it
    await emu.click(user, drawn, custom_id=first.custom_id)


async def test_a_hand_lost_with_a_killed_process_is_shown_again_by_its_restart(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    assert emu.shard_of(world.guild) == 1
    # A turn's timer of 600 s shows nothing within the test.
    zero, one = await start_pair(start_bot, pg_url, GIN_ROUND_PAUSE="0.5", GIN_TURN_SECONDS="600")
    a, b, ch = world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b, target=10)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=10)
    table_id = 1
    mover, waiting = (a, b) if live_controls(emu, a) else (b, a)
    for _ in range(2):  # a turn each, still in the first round (no knock)
        await hand_over(emu, mover)
        await emu.wait_for(
            lambda to=waiting, by=mover: live_controls(emu, to) and not live_controls(emu, by),
            timeout=10,
            what="the turn handed over",
        )
        mover, waiting = waiting, mover

    # The mover ends their turn (a DM click: shard 0's process); the waiting player's new
    # hand meets a Discord answering 500, and the process dies while it retries.
    route = f"* /channels/{emu.dm_channel(waiting).id}/messages*"
    fault = emu.inject_fault(route, status=500, times=1000)
    # The new hand may go as a followup of the waiting player's own last click (the outbox's
    # cheap route, bot/outbox/tokens.py): Discord fails those too.
    followup = emu.inject_fault("POST /webhooks/*", status=500, times=1000)
    await hand_over(emu, mover)
    await emu.wait_for(lambda: fault.hits + followup.hits > 0, timeout=10)
    await zero.kill()
    emu.clear_faults()
    record, moves, match = await read(pg_url, table_id)
    assert record is not None and match is not None and not match.round_over
    to_move = match.round.to_move
    assert to_move is not None and record.seats[to_move].user_id == waiting.id
    assert len(match.rounds) == 1
    assert live_controls(emu, waiting) is None  # their controls were lost with the process
    boards = len(emu.messages(ch))
    held = len(emu.dms(waiting))

    await zero.start()
    shown = await emu.wait_for(
        lambda: live_controls(emu, waiting), timeout=15, what="the waiting player's controls"
    )
    assert shown in emu.dms(waiting)
    # Their turn is a new DM; the hand before it is deleted last, after the boards
    # (`Priority.OLD`): the counts below are taken once it is gone.
    await emu.wait_for(
        lambda: len(emu.dms(waiting)) == held, timeout=15, what="the hand before deleted"
    )
    assert "tables in play shown afresh: 1 " in zero.output(), zero.output()[-3000:]
    # Shown, not changed: the same version and moves; the board posted afresh.
    after, moves_after, _ = await read(pg_url, table_id)
    assert after is not None and after.version == record.version and moves_after == moves
    assert len(emu.messages(ch)) > boards
    # Each hand went to its own player only: nobody saw a card the other holds unseen.
    for seat in record.seats:
        other = 1 - seat.seat_no
        known = set(match.round.view(other).known_cards[other])
        hidden = {c.label for c in match.round.hand(other) if c not in known}
        seen = "\n".join(emu.texts_seen_by(a if seat.user_id == a.id else b))
        assert not {label for label in hidden if label in seen}, seat.display_name

    # Shard 1's process made none of the table's changes: its restart shows nothing (the
    # other process goes on editing the messages it knows).
    dms = {u.id: len(emu.dms(u)) for u in (a, b)}
    boards = len(emu.messages(ch))
    await one.kill()
    await one.start()
    assert "tables in play shown afresh: 0 " in one.output(), one.output()[-3000:]
    assert {u.id: len(emu.dms(u)) for u in (a, b)} == dms
    assert len(emu.messages(ch)) == boards

    for _ in range(3):  # to the end
        await play(emu, world, 10_000, zero, one)
        if over(emu, world):
            break
    assert over(emu, world), f"{zero.output()[-2000:]}\n{one.output()[-2000:]}"
    store = await open_pg_store(pg_url, pool_size=2)
    try:
        record = await store.tables.get(table_id)
    finally:
        await store.close()
    assert record is not None and record.status == "finished" and record.state_json
    check_end(emu, ch, {a.id: a, b.id: b}, record, final_match(record.state_json), "score")
    await stop_cleanly(emu, zero, one)
