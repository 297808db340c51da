"""A hand message sent before the hand became a layout (an embed with its Discard and Knock
menus) still plays when clicked, and its answer turns it into the new layout: Discord lets
an edit set the Components V2 flag once the message's text and embeds are cleared."""

from __future__ import annotations

import discord

from bot.engine import parse_card
from bot.ui.components import GameSelect
from emulator import Message, User
from emulator.models import FLAG_COMPONENTS_V2

from .conftest import World
from .driver import card_buttons, hand_cards, live_controls, play_one
from .reading import desc_of, title_of


async def _discard_turn(world: World) -> tuple[User, Message]:
    """Play until a player holds eleven cards, to discard one: them and their hand."""
    emu, a, b = world.emu, world.alice, world.bob
    for _ in range(12):
        user, msg = await emu.wait_for(
            lambda: next(
                ((u, m) for u in (a, b) if (m := live_controls(emu, u)) is not None), None
            ),
            10.0,
            what="a hand to play",
        )
        if card_buttons(msg):
            return user, msg
        await play_one(emu, user)
    raise AssertionError("no discard turn after twelve moves")


async def _old_hand(world: World, user: User, table_id: int, version: int, cards: list) -> Message:
    """What the bot sent before this change: an embed and the Discard menu."""
    view = discord.ui.View(timeout=None)
    view.add_item(GameSelect(table_id, version, "discard", cards, "Discard…", row=1))
    embed = discord.Embed(title=f"Table #{table_id} · cardgames", description="**Your hand:** …")
    dm = await world.bot.create_dm(discord.Object(id=user.id))
    sent = await dm.send(embed=embed, view=view)
    return world.emu.message(sent.id)


async def test_an_old_menu_hand_plays_and_becomes_the_layout(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, emu.last_message(ch), "Accept")
    user, live = await _discard_turn(world)
    _, _, table, version, _, code = (card_buttons(live)[0].custom_id or "").split(":")
    cards = hand_cards(live)
    old = await _old_hand(world, user, int(table), int(version), cards)
    assert old.embeds and not old.flags & FLAG_COMPONENTS_V2
    pick = card_buttons(live)[0]
    card = parse_card((pick.custom_id or "").rsplit(":", 1)[1])
    edits = len(old.history)
    await emu.select(user, old, card.label, placeholder="Discard…")
    await emu.wait_for(lambda: len(old.history) > edits, what="the old hand's answer")
    # The move was played, and the old message is the new layout now: no embed, no menu.
    assert old.flags & FLAG_COMPONENTS_V2 and not old.embeds and not old.content
    assert not old.selects()
    assert f"Table #{table}" in title_of(old)
    assert "Waiting for" in desc_of(old)
    assert card not in hand_cards(old) and len(hand_cards(old)) == 10
    # Out of turn now: every card button is there, disabled.
    assert all(b.disabled for b in old.buttons())
