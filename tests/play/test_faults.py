"""Faults in a match (issue 14): gateway drops and re-identifies, a hand edit that fails,
an unexpected error in a click's handler. The player to move always has their controls."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.errors import GENERIC_APOLOGY
from bot.ui import play_presenter
from emulator import Emulator, Message, User

from .conftest import World
from .driver import card_buttons, live_controls, play_one


def enabled_versions(msg: Message) -> set[int]:
    """The table versions the enabled game controls of `msg` carry."""
    ids = [b.custom_id for b in msg.buttons() if b.custom_id and not b.disabled]
    ids += [s.custom_id for s in msg.selects() if not s.disabled]
    return {int(i.split(":")[3]) for i in ids if i.startswith(("gin:a:", "gin:s:"))}


async def start_match(world: World, target: int | None = None) -> int:
    emu, a, b = world.emu, world.alice, world.bob
    options = {"target": target} if target else {}
    await emu.slash(a, world.channel, "gin challenge", opponent=b, **options)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), what="a hand")
    (table_id,) = world.bot.services.tables.live_ids()  # type: ignore[attr-defined]
    return int(table_id)


def player_to_move(world: World, table_id: int) -> tuple[User, int] | None:
    """Who the engine says moves now, and the table's version; None between rounds."""
    live = world.bot.services.tables.find(table_id)  # type: ignore[attr-defined]
    if live is None or live.match is None or live.match.round_over:
        return None
    seat = live.match.round.to_move
    user_id = live.record.seats[seat].user_id
    user = next(u for u in (world.alice, world.bob) if u.id == user_id)
    return user, live.version


async def fault(emu: Emulator, kind: str) -> None:
    """A gateway fault the bot must IDENTIFY again after, and wait until it has."""
    before = emu.gateway.identifies
    if kind == "4009":
        await emu.drop_gateway(4009)
    else:
        await emu.invalidate_session(resumable=False)
    await emu.wait_for(lambda: emu.gateway.identifies > before, 15.0, what="a new IDENTIFY")
    await emu.wait_until_connected()


async def has_controls(world: World, table_id: int) -> None:
    """The player to move has live controls for the table's current version, in a DM or a
    private reply, and `/gin hand` gives them controls too."""
    emu = world.emu

    def mover_or_over() -> tuple[User, int] | bool | None:
        live = world.bot.services.tables.find(table_id)  # type: ignore[attr-defined]
        if live is None or live.match is None or live.match.over:
            return True
        return player_to_move(world, table_id)

    mover = await emu.wait_for(mover_or_over, 10.0, what="a mover")
    if mover is True:
        return  # the match is over
    assert isinstance(mover, tuple)
    user, _ = mover

    def current() -> Message | None:
        now = player_to_move(world, table_id)
        msg = live_controls(emu, user)
        if now is None or msg is None or now[1] not in enabled_versions(msg):
            return None
        return msg

    await emu.wait_for(current, 10.0, what=f"controls for {user.username}")
    await emu.slash(user, world.channel, "gin hand")
    hand = await emu.wait_for_ephemeral(user, lambda m: "Your hand" in m.text)
    now = player_to_move(world, table_id)
    assert now is not None and now[0] is user and now[1] in enabled_versions(hand)


async def test_reidentify_between_and_during_rounds_keeps_the_controls(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    emu, a, b = world.emu, world.alice, world.bob
    caplog.set_level(logging.WARNING)
    table_id = await start_match(world, target=100)
    kinds = ["4009", "invalid"]
    between = during = rounds_seen = 0
    after_last = 0
    for step in range(3000):
        if any("Match over" in m.text for m in emu.messages(world.channel)):
            break
        reveals = sum("deadwood" in m.text for m in emu.messages(world.channel))
        if reveals > rounds_seen:
            rounds_seen = reveals
            if between < 2:
                # Between rounds: the reveal is out and the next deal is going on.
                await fault(emu, kinds[between % 2])
                between += 1
                await has_controls(world, table_id)
        elif step % 23 == 11 and during < 2:
            # During a round, after a click: the next hand edit may happen while down.
            await fault(emu, kinds[(during + 1) % 2])
            during += 1
            await has_controls(world, table_id)
        if between == 2 and during == 2:
            after_last += 1
            if after_last > 10:
                break
        moved = await play_one(emu, a) or await play_one(emu, b)
        if not moved:
            await asyncio.sleep(0.02)
    else:
        raise AssertionError("the match did not end")
    # Two faults in rounds, and between rounds two (one if the match ended after its first).
    assert during == 2 and between >= 1, (during, between)
    for user in (a, b):
        assert GENERIC_APOLOGY not in "\n".join(emu.texts_seen_by(user))
    assert not [r for r in caplog.records if r.name == "gin.errors"]
    assert emu.gateway.identifies >= during + between + 1


async def test_an_unexpected_error_in_a_click_is_logged_with_table_and_action(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu = world.emu
    table_id = await start_match(world)
    mover = player_to_move(world, table_id)
    assert mover is not None
    user, version = mover
    controls = live_controls(emu, user)
    assert controls is not None
    tables = world.bot.services.tables  # type: ignore[attr-defined]

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("store on fire")

    monkeypatch.setattr(tables, "act", broken)
    label = "Pass" if "Pass" in controls.button_labels else "Draw from stock"
    with caplog.at_level(logging.ERROR, logger="gin.errors"):
        inter = await emu.click(user, controls, label)
        await emu.wait_for(lambda: inter.followups, what="the apology")
    assert inter.followups[0].text == GENERIC_APOLOGY
    assert inter.followups[0].ephemeral_to is user
    (record,) = [r for r in caplog.records if r.name == "gin.errors"]
    kind = "pass" if label == "Pass" else "draw_stock"
    assert f"(table {table_id}, action {kind}, version {version})" in record.getMessage()
    assert record.exc_info is not None and "store on fire" in str(record.exc_info[1])
    monkeypatch.undo()
    # The move was never made: the same controls still work.
    edits = len(controls.history)
    await emu.click(user, controls, label)
    await emu.wait_for(lambda: len(controls.history) > edits, what="the hand after the move")


async def _to_the_draw(world: World) -> tuple[int, User, Message]:
    """A match passed to its draw phase: the table, who draws, their hand."""
    emu = world.emu
    table_id = await start_match(world)
    for _ in range(4):  # pass the first turn, to the draw phase
        mover = await emu.wait_for(lambda: player_to_move(world, table_id), what="a mover")
        user, _ = mover
        controls = await emu.wait_for(lambda u=user: live_controls(emu, u), what="controls")
        if "Pass" not in controls.button_labels:
            break
        edits = len(controls.history)
        await emu.click(user, controls, "Pass")
        await emu.wait_for(lambda c=controls, n=edits: len(c.history) > n, what="the pass")
    assert "Draw from stock" in controls.button_labels
    return table_id, user, controls


async def test_a_failed_hand_edit_after_a_draw_sends_the_hand_anew(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move acknowledged first (not answered within `ANSWER_BY`), whose edit fails."""
    monkeypatch.setattr(play_presenter, "ANSWER_BY", 0.0)
    emu = world.emu
    table_id, user, controls = await _to_the_draw(world)
    # The edit of the clicked message fails: the player, now holding 11 cards, gets the hand
    # with its cards to discard in a new private message.
    fault = emu.inject_fault("PATCH /webhooks/*", status=404, code=10008, message="Unknown")
    inter = await emu.click(user, controls, "Draw from stock")
    await emu.wait_for(lambda: inter.followups, what="the hand anew")
    assert len(fault.served) == 1
    anew = inter.followups[0]
    assert anew.ephemeral_to is user and card_buttons(anew)
    now = player_to_move(world, table_id)
    assert now is not None and now[0] is user and now[1] in enabled_versions(anew)
    # The stale Draw button on the old message: its answer can't edit it either, and the
    # player still gets their hand, never an apology.
    emu.inject_fault("PATCH /webhooks/*", status=404, code=10008, message="Unknown")
    stale = await emu.click(user, controls, "Draw from stock")
    await emu.wait_for(lambda: stale.followups, what="the hand after a stale click")
    assert card_buttons(stale.followups[0])
    assert GENERIC_APOLOGY not in "\n".join(emu.texts_seen_by(user))


async def test_a_failed_move_answer_after_a_draw_sends_the_hand_anew(world: World) -> None:
    """A move answered by the edit itself (type 7), which Discord refuses: the move stands
    and the hand comes as the click's own private answer instead."""
    emu = world.emu
    table_id, user, controls = await _to_the_draw(world)
    fault = emu.inject_fault(
        "POST /interactions/*", status=404, code=10008, message="Unknown Message"
    )
    inter = await emu.click(user, controls, "Draw from stock")
    await emu.wait_for(lambda: inter.response is not None, what="the hand anew")
    assert len(fault.served) == 1
    anew = inter.response
    assert anew is not None and anew.ephemeral_to is user and card_buttons(anew)
    now = player_to_move(world, table_id)
    assert now is not None and now[0] is user and now[1] in enabled_versions(anew)
    # The stale Draw button on the old message: its answer fails the same way, and the
    # player still gets their hand, never an apology.
    emu.inject_fault("POST /interactions/*", status=404, code=10008, message="Unknown Message")
    stale = await emu.click(user, controls, "Draw from stock")
    await emu.wait_for(lambda: stale.response is not None, what="the hand after a stale click")
    assert stale.response is not None and card_buttons(stale.response)
    assert GENERIC_APOLOGY not in "\n".join(emu.texts_seen_by(user))
