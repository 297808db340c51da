"""A player's private messages go by their latest interaction token while it lives (not
counted against the global limit), by the bot's token after 14 minutes."""

from __future__ import annotations

import time

import discord

from bot.outbox import Outbox
from bot.ui.messages import Message

from ..play.driver import live_controls, play_one
from .conftest import Said, World


def laid_out(text: str) -> Message:
    """A hand is a Components V2 layout: an edit of it is one too (Discord refuses text)."""
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(discord.ui.TextDisplay(text))
    return Message(None, None, layout)


def requests(world: World, method: str, start: str, since: int = 0) -> list[str]:
    return [
        r.path
        for r in list(world.emu.requests)[since:]
        if r.method == method and r.path.startswith(start)
    ]


async def test_hands_go_by_the_players_token_then_by_the_bots(world: World) -> None:
    emu, a = world.emu, world.alice
    outbox: Outbox = world.bot.screens.outbox  # type: ignore[union-attr]
    tables = world.bot.services.tables  # type: ignore[union-attr]
    await emu.slash(a, world.channel, "gin computer", target=500)
    await emu.wait_for(lambda: live_controls(emu, a), what="alice's hand")
    dm = emu.dm_channel(a).id
    for _ in range(3):  # her clicks in her DM; the computer answers at once
        await emu.wait_for(lambda: live_controls(emu, a), what="alice's turn")
        assert await play_one(emu, a)
        await tables.wait_idle()
    # Her turn notices came as followups of her clicks, the old hands went by @original.
    assert outbox.by_token().get("interaction", 0) >= 2
    assert requests(world, "POST", "/webhooks/")
    assert any(p.endswith("/messages/@original") for p in requests(world, "DELETE", "/webhooks/"))
    live = await emu.wait_for(lambda: live_controls(emu, a), what="alice's hand")
    await tables.wait_idle()
    mark = len(emu.requests)
    await outbox.edit(dm, live.id, laid_out("by her token"), user_id=a.id)
    assert requests(world, "PATCH", "/webhooks/", mark)
    assert not requests(world, "PATCH", f"/channels/{dm}/", mark)
    assert emu.message(live.id).text.startswith("by her token")
    # One webhook per token, made once for all the writes it carries.
    latest = outbox.tokens.in_channel(a.id, dm)
    assert latest is not None and latest.webhook(world.bot) is latest.webhook(world.bot)

    # 15 minutes on, for Discord and for the bot: her token is no longer tried.
    emu.clock.advance(15 * 60)
    outbox.now = lambda: time.monotonic() + 15 * 60
    mark, errors = len(emu.requests), len(emu.errors)
    await outbox.edit(dm, live.id, laid_out("by the bot's token"), user_id=a.id)
    sent = await outbox.post(dm, Said("a new message"), user_id=a.id)
    assert sent is not None
    assert not requests(world, "PATCH", "/webhooks/", mark)
    assert not requests(world, "POST", "/webhooks/", mark)
    assert requests(world, "PATCH", f"/channels/{dm}/messages/{live.id}", mark)
    assert requests(world, "POST", f"/channels/{dm}/messages", mark)
    assert len(emu.errors) == errors  # no 401 learnt the hard way
    assert emu.message(live.id).text.startswith("by the bot's token")


async def test_an_expired_token_the_bot_did_not_know_of_falls_back(world: World) -> None:
    emu, a = world.emu, world.alice
    outbox: Outbox = world.bot.screens.outbox  # type: ignore[union-attr]
    await emu.slash(a, world.channel, "gin computer", target=500)
    await emu.wait_for(lambda: live_controls(emu, a), what="alice's hand")
    assert await play_one(emu, a)
    live = await emu.wait_for(lambda: live_controls(emu, a), what="alice's hand")
    await world.bot.services.tables.wait_idle()  # type: ignore[union-attr]
    dm = emu.dm_channel(a).id
    emu.clock.advance(15 * 60)  # Discord's clock only: the outbox still trusts the token
    await outbox.edit(dm, live.id, laid_out("still shown"), user_id=a.id)
    assert emu.message(live.id).text.startswith("still shown")
    assert any(r.status == 401 for r in emu.errors)
