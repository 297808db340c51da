"""Every end of a match (resign, forfeit, called off) leaves the board's final state and no
live control of that match anywhere: the board, every hand DM, every `/gin hand` answer."""

from __future__ import annotations

import re

from emulator import Emulator, Message, User

from .conftest import World
from .driver import live_controls

#: The controls that act on a table (not Rematch, which is meant for after it).
_TABLE_CONTROL = re.compile(r"gin:(a|q|s|show|t):(\d+)(:|$)")


def live_of(emu: Emulator, users: list[User], table_id: int) -> list[Message]:
    """Every message any of `users` sees (public, DMs, ephemerals) with an enabled control
    of `table_id`."""
    found: dict[int, Message] = {}
    for user in users:
        for msg in emu.visible_to(user):
            for item in [*msg.buttons(), *msg.selects()]:
                hit = _TABLE_CONTROL.match(item.custom_id or "")
                if hit and int(hit.group(2)) == table_id and not item.disabled:
                    found[msg.id] = msg
    return list(found.values())


def game_ids(msg: Message) -> list[str]:
    """The game control ids a message ever carried (its first version's included)."""
    return [
        str(item.get("custom_id"))
        for version in msg.versions()
        for item in _walk(version.components)
        if str(item.get("custom_id", "")).startswith("gin:a:")
    ]


def _walk(components: list[dict]) -> list[dict]:
    out: list[dict] = []
    for c in components:
        out.append(c)
        out.extend(_walk(c.get("components", [])))
    return out


async def _started(world: World) -> tuple[int, User, User, Message]:
    """A 2-seat match in play, both players with a `/gin hand` answer too: the table, the
    player to move, the other, and the board."""
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    mover = await emu.wait_for(
        lambda: a if live_controls(emu, a) else (b if live_controls(emu, b) else None)
    )
    waiting = b if mover is a else a
    for user in (a, b):
        await emu.slash(user, ch, "gin hand")
        assert "Your hand" in (emu.last_ephemeral(user) or emu.last_dm(user)).text  # type: ignore[union-attr]
    table_id = world.bot.services.tables.playing_tables_of(a.id)[0].record.id  # type: ignore[attr-defined]
    board = await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    assert live_of(emu, [a, b], table_id)
    return table_id, mover, waiting, board


async def _settled(world: World) -> None:
    await world.bot.services.tables.wait_idle()  # type: ignore[attr-defined]
    await world.bot.screens.notifier.idle()  # type: ignore[union-attr]
    await world.emu.settle()


async def _click_after(world: World, user: User, table_id: int) -> None:
    """A click on the player's old `/gin hand` answer says the match is over."""
    emu = world.emu
    (old,) = [m for m in emu.ephemerals(user) if game_ids(m) and f":{table_id}:" in game_ids(m)[0]]
    await emu.forge_component(user, old, game_ids(old)[0])
    answer = await emu.wait_for_ephemeral(user, lambda m: "over" in m.text)
    assert "couldn't find" not in answer.text
    assert "This match is over" in answer.text


async def test_a_resignation_leaves_the_final_board_and_no_live_control(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    table_id, mover, waiting, board = await _started(world)
    await emu.slash(waiting, ch, "gin resign")
    await emu.click(waiting, emu.last_ephemeral(waiting), "Resign")
    await emu.wait_for_message(ch, lambda m: "Match over" in m.text)
    await _settled(world)
    assert live_of(emu, [a, b], table_id) == []
    final = emu.message(board.id).text
    assert "The match is over" in final
    assert "may take" not in final and "time runs out" not in final
    # The board has no picture (a layout): nothing on it says anyone is still to play (the
    # walk of issue 31 read "… Bob to play." under "The match is over.").
    assert emu.message(board.id).attachments == []
    assert "Discard pile" in final and "to play" not in final
    await _click_after(world, mover, table_id)


async def test_a_forfeit_for_absence_leaves_no_live_control(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    table_id, _, _, board = await _started(world)
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    tables.timing = type(tables.timing)(turn=0.4, reminder=0.2, round_pause=0, computer_delay=0)
    # The turn in play keeps its 10 minutes: the timer is armed again with the short one.
    live = tables.get(table_id)
    async with live.lock:
        live.deadline = None
        await tables._timers.schedule(live)
    await emu.wait_for_message(ch, lambda m: "Match over" in m.text, timeout=15)
    await _settled(world)
    assert live_of(emu, [a, b], table_id) == []
    final = emu.message(board.id).text
    assert "The match is over" in final and "time runs out" not in final
    await _click_after(world, a, table_id)


async def test_a_called_off_match_leaves_no_live_control(world: World) -> None:
    emu, a, b = world.emu, world.alice, world.bob
    table_id, _, _, board = await _started(world)
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    await tables.abandon(table_id, "called off by the organizer")
    await _settled(world)
    assert live_of(emu, [a, b], table_id) == []
    final = emu.message(board.id).text
    assert "called off by the organizer" in final and "may take" not in final
    await _click_after(world, b, table_id)
