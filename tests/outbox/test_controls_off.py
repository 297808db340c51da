"""Taking the controls off a hand, a Components V2 layout: its text stays, its rows of
buttons go (emptying its components is refused, and its text cannot become content)."""

from __future__ import annotations

from bot.outbox import Outbox
from bot.outbox.write import ControlsOff
from emulator.models import FLAG_COMPONENTS_V2

from ..play.driver import live_controls, play_one
from ..play.reading import desc_of, title_of
from .conftest import World


async def test_a_hand_loses_its_controls_and_keeps_its_text(world: World) -> None:
    emu, a = world.emu, world.alice
    outbox: Outbox = world.bot.screens.outbox  # type: ignore[union-attr]
    await emu.slash(a, world.channel, "gin computer", target=500)
    live = await emu.wait_for(lambda: live_controls(emu, a), what="alice's hand")
    await world.bot.services.tables.wait_idle()  # type: ignore[union-attr]
    title, text = title_of(live), desc_of(live)
    assert live.buttons() and live.flags & FLAG_COMPONENTS_V2
    # By the bot's token (no interaction of hers to carry it).
    await outbox.edit(emu.dm_channel(a).id, live.id, ControlsOff())
    shown = emu.message(live.id)
    assert shown.buttons() == [] and shown.flags & FLAG_COMPONENTS_V2
    assert title_of(shown) == title and desc_of(shown) == text, shown.components


async def test_by_her_token_too(world: World) -> None:
    emu, a = world.emu, world.alice
    outbox: Outbox = world.bot.screens.outbox  # type: ignore[union-attr]
    await emu.slash(a, world.channel, "gin computer", target=500)
    await emu.wait_for(lambda: live_controls(emu, a), what="alice's hand")
    assert await play_one(emu, a)  # her click: its token carries her private messages
    live = await emu.wait_for(lambda: live_controls(emu, a), what="alice's hand")
    await world.bot.services.tables.wait_idle()  # type: ignore[union-attr]
    title = title_of(live)
    mark = len(emu.requests)
    await outbox.edit(emu.dm_channel(a).id, live.id, ControlsOff(), user_id=a.id)
    assert any(r.path.startswith("/webhooks/") for r in list(emu.requests)[mark:])
    shown = emu.message(live.id)
    assert shown.buttons() == [] and title_of(shown) == title
