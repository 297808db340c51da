"""A hand queued for its player is written only as the outbox sends it: a hand replaced
while queued is never built (`bot/ui/notifier/later.py`; issue #33, the CPU of a click)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.games.model import TableUpdate
from bot.outbox import Limits, Outbox, Priority
from bot.ui import hand_layout
from bot.ui.notifier import Notifier
from bot.ui.notifier.later import Later
from bot.ui.shown_buttons import ShownButton

from ..play.conftest import quiet
from ..play.driver import live_controls
from ..play.reading import payload_buttons
from .conftest import World, edits_of


async def test_a_hand_replaced_while_queued_is_never_built(world: World, monkeypatch: Any) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), what="a hand")
    await quiet(emu, world.bot)
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    live = tables.playing_tables_of(a.id)[0]
    state = tables.state(live)
    waiting = next(s for s in range(2) if not live.match.round.view(s).my_turn)
    update = TableUpdate("move", state, {waiting: live.match.round.view(waiting)})

    # One edit per 2 s in a channel: the first goes at once, the next ones wait.
    outbox = Outbox(world.bot, Limits(edit=(1, 2.0), margin=0.0))
    shown = world.bot.screens.notifier  # type: ignore[attr-defined]
    notifier = Notifier(world.bot, shown.profiles, shown.tables, shown.pictures, outbox=outbox)
    built: list[int] = []
    real = hand_layout.hand_message

    def counted(*args: Any, **kwargs: Any) -> Any:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hand_layout, "hand_message", counted)
    hand = await notifier._live_hand(state.table_id, waiting)
    assert hand is not None
    before = len(edits_of(emu, hand[1]))

    await notifier._update_hands(update)
    await emu.wait_for(lambda: len(built) == 1, 5, what="the first edit sent")
    await asyncio.sleep(0.1)
    for _ in range(3):  # each replaces the one queued before it
        await notifier._update_hands(update)
    await asyncio.sleep(0.3)
    assert built == [1], "a queued hand was built before it was sent"
    assert outbox.depth() == 1
    await outbox.idle()
    assert len(built) == 2  # the newest, as it left
    assert len(edits_of(emu, hand[1])) == before + 2  # both reached Discord
    outbox.close()


async def test_a_hand_sent_later_keeps_its_controls_and_is_not_walked(
    world: World, monkeypatch: Any
) -> None:
    """discord.py walks every control of a view it is given, to see whether to keep it for
    dispatch; a hand's controls are routed by the cog and written as its payload
    (`bot/ui/written.py`): its view holds none, so nothing is walked nor kept, while Discord
    gets every control."""
    emu, a = world.emu, world.alice
    await emu.slash(a, world.channel, "gin computer", target=500)
    await emu.wait_for(lambda: live_controls(emu, a), what="alice's hand")
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    await tables.wait_idle()
    live = tables.playing_tables_of(a.id)[0]
    seat = next(s.seat for s in tables.state(live).seats if s.user_id == a.id)
    state, view = tables.state(live), live.match.round.view(seat)
    walked: list[object] = []

    def counted(self: discord.ui.Item[Any]) -> bool:
        walked.append(self)
        return False

    monkeypatch.setattr(ShownButton, "is_dispatchable", counted)
    later = Later(lambda: hand_layout.hand_message(state, view))
    outbox: Outbox = world.bot.screens.outbox  # type: ignore[attr-defined]
    sent = await outbox.post(emu.dm_channel(a).id, later, Priority.HAND, user_id=a.id)
    assert sent is not None
    shown = emu.message(sent.id)
    expected = hand_layout.hand_message(state, view)
    assert expected.view is not None
    wanted = [c["custom_id"] for c in payload_buttons(expected.view.to_components())]
    assert wanted and [b.custom_id for b in shown.buttons()] == wanted
    assert not walked, "discord.py walked a hand's controls"
    kept = later.message().view
    assert kept is not None and not kept.is_dispatchable(), "a hand's view kept for dispatch"
