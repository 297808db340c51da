"""Open tables, three-player classic, computer matches, closed DMs and turn timers, in Discord."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import PRESETS
from emulator import Emulator, User

from .conftest import World
from .driver import live_controls, play_one


async def play_to_the_end(emu: Emulator, world: World, users: list[User], limit: int = 4000) -> str:
    for _ in range(limit):
        done = next((m for m in emu.messages(world.channel) if "Match over" in m.text), None)
        if done is not None:
            return done.text
        moved = False
        for user in users:
            moved = await play_one(emu, user) or moved
        if not moved:
            await asyncio.sleep(0.02)
    raise AssertionError("the match did not end")


async def test_three_player_classic_table(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    await emu.slash(a, ch, "gin table", rules="classic", seats=3, target=10)
    lobby = emu.last_message(ch)
    assert lobby is not None and "Players (1/3)" in lobby.text
    await emu.click(a, lobby, "Join")
    assert "already at this table" in emu.last_ephemeral(a).text
    await emu.click(b, lobby, "Join")
    assert "Players (2/3)" in emu.message(lobby.id).text
    await emu.click(c, lobby, "Join")
    assert "started" in emu.message(lobby.id).text
    await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    text = await play_to_the_end(emu, world, [a, b, c])
    assert "penalty points" in text
    emu.assert_no_unknown_routes()


async def test_two_player_rules_refuse_three_seats(world: World) -> None:
    inter = await world.emu.slash(
        world.alice, world.channel, "gin table", rules="cardgames", seats=3
    )
    assert inter.response is not None
    text = inter.response.text
    assert "2 to 2" not in text and "for two players only" in text, text
    # The presets that do allow three seats, from the engine's own list.
    fits = [name for name, r in PRESETS.items() if r.min_players <= 3 <= r.max_players]
    assert fits and f"For 3 seats choose the rules: {', '.join(fits)}." in text, text


async def test_three_seats_without_rules_take_the_preset_that_allows_them(world: World) -> None:
    emu, a, ch = world.emu, world.alice, world.channel
    await emu.slash(a, ch, "gin table", seats=3)
    lobby = emu.last_message(ch)
    fits = next(name for name, r in PRESETS.items() if r.min_players <= 3 <= r.max_players)
    assert f"· {fits} to" in lobby.text and "Players (1/3)" in lobby.text, lobby.text


@pytest.mark.parametrize(
    ("level", "rules"),
    [("normal", None), ("hard", None), ("expert", None), ("expert", "playingcards")],
)
async def test_match_against_the_computer(world: World, level: str, rules: str | None) -> None:
    emu, a, ch = world.emu, world.alice, world.channel
    extra = {} if rules is None else {"rules": rules}
    inter = await emu.slash(a, ch, "gin computer", level=level, target=10, **extra)
    assert inter.response is not None
    await emu.wait_for(lambda: "is on at table" in emu.message(inter.response.id).text)
    text = await play_to_the_end(emu, world, [a])
    assert f"Computer ({level})" in text
    shown = rules or "cardgames"
    assert any(f"{shown} to 10" in m.text for m in emu.messages(ch))
    stats = await world.bot.services.store.stats.get(a.id, versus="computer")  # type: ignore[attr-defined]
    assert stats.matches_played == 1
    people = await world.bot.services.store.stats.get(a.id)  # type: ignore[attr-defined]
    assert people.matches_played == 0


async def test_closed_dms_play_through_show_my_hand(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    emu.close_dms(b)
    await emu.slash(a, ch, "gin challenge", opponent=b, target=10)
    await emu.click(b, emu.last_message(ch), "Accept")
    note = await emu.wait_for_message(ch, lambda m: "can't send you direct messages" in m.text)
    assert b.mention in note.text
    table = await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    assert await world.bot.services.store.players.dm_closed(b.id)  # type: ignore[attr-defined]
    for _ in range(4000):
        if any("Match over" in m.text for m in emu.messages(ch)):
            break
        moved = await play_one(emu, a)
        if live_controls(emu, b) is None:
            current = next(
                (m for m in reversed(emu.messages(ch)) if "Show my hand" in m.button_labels),
                None,  # the match just ended: its board has no control left
            )
            if current is not None:
                await emu.click(b, current, "Show my hand")
        moved = await play_one(emu, b) or moved
        if not moved:
            await asyncio.sleep(0.02)
    else:
        raise AssertionError("the match did not end")
    assert table is not None
    assert emu.dms(b) == []


async def test_turn_timer_reminds_moves_then_forfeits(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    world.bot.services.tables.timing = type(world.bot.services.tables.timing)(  # type: ignore[attr-defined]
        turn=0.6, reminder=0.3, round_pause=0, computer_delay=0
    )
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, emu.last_message(ch), "Accept")
    done = await emu.wait_for_message(ch, lambda m: "Match over" in m.text, timeout=15)
    assert "did not play in time" in done.text and "wins by forfeit" in done.text
    reminders = [
        m
        for u in (a, b)
        for m in emu.dm_channel(u).messages.values()
        if any("before your turn is played automatically" in v.text for v in m.versions())
    ]
    assert reminders
    assert any("drew from the stock" in m.text for m in emu.messages(ch))
