"""A hand's controls are routed by the play cog from their custom id, not dispatched by
discord.py as `DynamicItem`s (issue #33: no view rebuilt from the clicked message per click),
and a move is answered by the edit of the clicked hand itself (type 7) when it is ready
within `ANSWER_BY`, else acknowledged first (type 6) and edited after. The checks stay:
the clicker's seat and turn, the message their own, a garbled id answered privately."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.ui import play_presenter
from bot.ui.components import DISPATCHED, ROUTED
from emulator import Message, User

from .conftest import World, quiet
from .driver import to_move


async def _started(world: World) -> tuple[User, Message, User]:
    """A match between alice and bob: who moves, their hand, and the other player."""
    emu, a, b = world.emu, world.alice, world.bob
    await emu.slash(a, world.channel, "gin challenge", opponent=b)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")

    mover, hand = await emu.wait_for(lambda: to_move(emu, (a, b)), what="a player to move")
    await quiet(emu, world.bot)
    return mover, hand, (b if mover is a else a)


def _move(hand: Message) -> str:
    for label in ("Pass", "Draw from stock"):
        if label in hand.button_labels:
            return label
    raise AssertionError(f"no first move on {hand.button_labels}")


def _table(world: World) -> Any:
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    (table_id,) = tables.live_ids()
    return tables.get(table_id)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> set[type]:
    """The `DynamicItem` classes the bot registers as it starts (through discord.py's public
    `Client.add_dynamic_items`, watched; requested before `world`)."""
    seen: set[type] = set()
    add = discord.Client.add_dynamic_items

    def watched(self: discord.Client, *items: type) -> None:
        seen.update(items)
        add(self, *items)

    monkeypatch.setattr(discord.Client, "add_dynamic_items", watched)
    return seen


async def test_a_hands_controls_are_not_dynamic_items_and_a_move_is_one_answer(
    registered: set[type], world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert registered.isdisjoint(ROUTED)
    assert set(DISPATCHED) <= registered
    # A move ready in time is one answer; on a loaded machine "in time" needs the most of
    # Discord's 3 s (the late path is the next test's).
    monkeypatch.setattr(play_presenter, "ANSWER_BY", 2.5)
    emu = world.emu
    mover, hand, _ = await _started(world)
    version = _table(world).version
    edits = len(hand.history)
    inter = await emu.click(mover, hand, _move(hand))
    await emu.wait_ack(inter)
    # The move's answer is the acknowledgement: the clicked hand edited, in one request.
    assert inter.ack_type == 7, inter
    await emu.wait_for(lambda: len(hand.history) > edits, what="the hand after the move")
    assert _table(world).version > version


async def test_a_move_not_ready_in_time_is_acknowledged_first(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu = world.emu
    mover, hand, _ = await _started(world)
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    act = tables.act

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)  # a busy store
        return await act(*args, **kwargs)

    monkeypatch.setattr(tables, "act", slow)
    monkeypatch.setattr(play_presenter, "ANSWER_BY", 0.05)
    version = _table(world).version
    edits = len(hand.history)
    inter = await emu.click(mover, hand, _move(hand))
    await emu.wait_ack(inter)
    assert inter.ack_type == 6, inter
    await emu.wait_for(lambda: len(hand.history) > edits, what="the hand after the move")
    assert _table(world).version > version


async def test_a_routed_click_out_of_turn_is_refused_privately(world: World) -> None:
    """The other player's disabled "Waiting" button names a move the mover may make; clicked
    on their own hand (as a forged client could), the seat is checked: nothing is played."""
    emu = world.emu
    mover, _, other = await _started(world)
    waiting = await emu.wait_for_dm(
        other, lambda m: any((x.label or "").startswith("Waiting for") for x in m.buttons())
    )
    custom_id = next(
        x.custom_id
        for x in waiting.buttons()
        if x.custom_id and x.custom_id.startswith("gin:a:") and x.disabled
    )
    version = _table(world).version
    inter = await emu.forge_component(other, waiting, custom_id)
    await emu.wait_ack(inter)
    await quiet(emu, world.bot)
    assert _table(world).version == version
    assert inter.response is not None and inter.response.ephemeral_to is other
    assert "turn" in inter.response.text.lower(), inter.response.text


async def test_a_garbled_id_on_a_hand_gets_a_short_private_answer(world: World) -> None:
    emu = world.emu
    mover, hand, _ = await _started(world)
    version = _table(world).version
    (table_id,) = world.bot.services.tables.live_ids()  # type: ignore[attr-defined]
    for custom_id in (f"gin:a:{table_id}:{version}:explode", f"gin:q:{table_id}:x:gin"):
        inter = await emu.forge_component(mover, hand, custom_id)
        await emu.wait_ack(inter)
        assert inter.ack_type == 4, inter
        assert inter.response is not None and inter.response.ephemeral_to is mover
        assert "out of date" in inter.response.text, inter.response.text
    assert _table(world).version == version
