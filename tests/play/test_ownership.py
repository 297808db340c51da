"""Forged clicks on someone else's message: refused, nothing applied, nobody else's message
changed (issue 14). Discord's client cannot send these; the emulator's `forge_component` can."""

from __future__ import annotations

from bot.app.client import GinBot
from emulator import Emulator, Interaction, Message, User

from .conftest import World, quiet
from .driver import to_move


def snapshot(emu: Emulator, user: User) -> dict[int, int]:
    """Every message `user` can see, with how many versions it has had."""
    return {m.id: len(m.versions()) for m in emu.visible_to(user)}


def custom_ids(msg: Message, prefix: str) -> list[str]:
    ids = [b.custom_id for b in msg.buttons() if b.custom_id and not b.disabled]
    ids += [s.custom_id for s in msg.selects() if not s.disabled]
    return [i for i in ids if i.startswith(prefix)]


async def refused(
    emu: Emulator, bot: GinBot, inter: Interaction, owner: User, before: dict[int, int]
) -> None:
    """`inter` changed none of `owner`'s messages and got a private refusal."""
    await emu.wait_ack(inter)
    await quiet(emu, bot)
    assert snapshot(emu, owner) == before
    assert inter.ack_type == 4, inter  # a new private answer, never an edit
    assert inter.response is not None and inter.response.ephemeral_to is inter.user
    assert "isn't yours" in inter.response.text


async def test_forged_clicks_on_other_players_messages_change_nothing(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")

    # Pass the first turn, to the draw phase: the other player's disabled "Waiting" button
    # then names a move the mover may make (the click the issue describes).
    for _ in range(4):
        mover, mine = await emu.wait_for(lambda: to_move(emu, (a, b)), what="a player to move")
        if "Pass" not in mine.button_labels:
            break
        edits = len(mine.history)
        await emu.click(mover, mine, "Pass")
        await emu.wait_for(
            lambda m=mine, n=edits: len(m.history) > n,  # type: ignore[misc]
            what="the hand after the pass",
        )
    assert "Draw from stock" in mine.button_labels
    other = b if mover is a else a
    waiting = await emu.wait_for_dm(
        other,
        lambda m: any((x.label or "").startswith("Waiting for") for x in m.buttons()),
    )
    table_msg = await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    (table_id,) = tables.live_ids()
    version = tables.get(table_id).version
    moves = list(await world.bot.services.store.tables.moves(table_id))  # type: ignore[attr-defined]

    # The mover's own legal moves, and the disabled "Waiting" button the other player holds
    # (same table, same version: the click the issue describes).
    forged_ids = custom_ids(mine, "gin:") + [
        x.custom_id for x in waiting.buttons() if x.custom_id and x.custom_id.startswith("gin:a:")
    ]
    # A knock or gin asked for (its answer is the clicked message turned into the hand).
    forged_ids.append(f"gin:q:{table_id}:{version}:big_gin")
    assert forged_ids
    # The pass's last updates (the board and the hands go at once, paced by the outbox)
    # before the snapshot.
    await quiet(emu, world.bot)
    other_before = snapshot(emu, other)
    for custom_id in forged_ids:
        # On the other player's DM message; on the public table message.
        for target in (waiting, table_msg):
            values = None
            if custom_id.startswith("gin:s:"):
                values = [mine.select(custom_id=custom_id).options[0].value]
            inter = await emu.forge_component(mover, target, custom_id, values=values)
            await refused(emu, world.bot, inter, other, other_before)
    assert tables.get(table_id).version == version
    assert list(await world.bot.services.store.tables.moves(table_id)) == moves  # type: ignore[attr-defined]

    # Private answers belong to their owner too: the other player's click on the mover's
    # `/gin hand` reply, and on the mover's resign confirmation.
    await emu.slash(mover, ch, "gin hand")
    hand = await emu.wait_for_ephemeral(mover, lambda m: "Your hand" in m.text)
    await emu.slash(mover, ch, "gin resign")
    confirm = await emu.wait_for_ephemeral(mover, lambda m: "Resign your match" in m.text)
    await quiet(emu, world.bot)
    mover_before = snapshot(emu, mover)
    for target, custom_id in (
        (hand, custom_ids(hand, "gin:a:")[0]),
        (confirm, confirm.button("Resign").custom_id),
        (mine, custom_ids(mine, "gin:a:")[0]),
    ):
        assert custom_id is not None
        inter = await emu.forge_component(other, target, custom_id)
        await refused(emu, world.bot, inter, mover, mover_before)
    assert tables.get(table_id).version == version

    # The owner's own clicks still work, on the ephemeral reply as on the DM.
    label = "Pass" if "Pass" in hand.button_labels else "Draw from stock"
    edits = len(hand.history)
    await emu.click(mover, hand, label)
    await emu.wait_for(lambda: len(hand.history) > edits, what="the hand after the move")
    assert tables.get(table_id).version > version
