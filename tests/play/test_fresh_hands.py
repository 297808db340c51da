"""A hand DM posted moments ago that has not carried its player's turn yet is edited into
that turn, not posted again (its own post notified them; docs/playing.md)."""

from __future__ import annotations

import re

from bot.ui.notifier import hands as notifier_module
from emulator import Emulator, User

from .conftest import World, quiet
from .driver import live_controls, play_one


def hand_dms(emu: Emulator, user: User, table_id: int) -> list[int]:
    """Every hand DM of the table the player was ever sent (deleted ones too)."""
    dm = emu.dm_channel(user)
    return [
        m.id
        for m in dm.messages.values()
        if re.search(rf"[Tt]able #{table_id}\b", m.versions()[0].text)
    ]


async def _start(world: World) -> tuple[int, User, User]:
    """A match challenged by Alice (no interaction token in her DMs): its table, who moves
    first and who second, once the deal's hands are out."""
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    world.bot.services.tables.deal_seed = lambda: 2  # type: ignore[attr-defined]
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), what="a hand")
    await quiet(emu, world.bot)
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    table_id = int(tables.playing_tables_of(a.id)[0].record.id)
    first, second = (a, b) if live_controls(emu, a) else (b, a)
    return table_id, first, second


async def _until_turn_of(world: World, mover: User, waiter: User) -> None:
    for _ in range(10):
        if live_controls(world.emu, waiter):
            return
        assert await play_one(world.emu, mover)
        await quiet(world.emu, world.bot)
    raise AssertionError("the turn never passed")


async def test_the_first_turn_edits_the_hand_the_deal_just_posted(world: World) -> None:
    emu = world.emu
    table_id, first, second = await _start(world)
    dealt = hand_dms(emu, second, table_id)
    assert len(dealt) == 1
    await _until_turn_of(world, first, second)
    # The deal's hand, edited into the turn: no second DM, nothing deleted.
    assert hand_dms(emu, second, table_id) == dealt
    live = live_controls(emu, second)
    assert live is not None and live.id == dealt[0] and not live.deleted
    # It has carried a turn now: the next one is a new DM, and the old one goes.
    await _until_turn_of(world, second, first)
    await _until_turn_of(world, first, second)
    later = hand_dms(emu, second, table_id)
    assert len(later) == 2 and emu.message(dealt[0]).deleted


async def test_a_hand_posted_long_ago_notifies_again(world: World, monkeypatch: object) -> None:
    emu = world.emu
    setattr_ = monkeypatch.setattr  # type: ignore[attr-defined]
    setattr_(notifier_module, "FRESH_SECONDS", -1.0)  # every hand is old
    table_id, first, second = await _start(world)
    dealt = hand_dms(emu, second, table_id)
    await _until_turn_of(world, first, second)
    now = hand_dms(emu, second, table_id)
    assert len(now) == 2 and emu.message(dealt[0]).deleted
