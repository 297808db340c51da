"""Blocks at open tables: refused when a seated player blocked you; asked first when you
blocked someone seated."""

from __future__ import annotations

from .conftest import World


async def test_join_refused_or_asked_first(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    await emu.slash(a, ch, "gin player block", player=b)
    await emu.slash(c, ch, "gin player block", player=a)
    await emu.slash(a, ch, "gin table", rules="classic", seats=3)
    lobby = emu.last_message(ch)
    # Alice (seated) blocked Bob: he can't join.
    await emu.click(b, lobby, "Join")
    refused = await emu.wait_for_ephemeral(b, lambda m: "can't join this table" in m.text)
    assert refused.ephemeral_to is b
    assert "Players (1/3)" in emu.message(lobby.id).text
    # Carol blocked Alice (seated): she is asked first, and may join anyway.
    await emu.click(c, lobby, "Join")
    question = await emu.wait_for_ephemeral(c, lambda m: "Join anyway?" in m.text)
    assert "Players (1/3)" in emu.message(lobby.id).text
    await emu.click(c, question, "Join anyway")
    await emu.wait_for(lambda: "Players (2/3)" in emu.message(lobby.id).text)


async def test_favorites_get_a_heart_in_your_hand_message(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin player favorite", player=b)
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, emu.last_message(ch), "Accept")
    mine = await emu.wait_for_dm(a, lambda m: "Your hand" in m.text)
    theirs = await emu.wait_for_dm(b, lambda m: "Your hand" in m.text)
    assert "Bob ♥ holds" in mine.text
    assert "Alice holds" in theirs.text and "Alice ♥" not in theirs.text
