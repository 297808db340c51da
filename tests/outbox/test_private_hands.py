"""The `/gin hand` answers (ephemeral, reachable only by their own interaction's token) lose
their controls through the outbox like every other write: queued with their channel's edits,
coalesced, superseded by a direct answer, counted, and never tried by the bot's token."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import discord

from bot.outbox import Outbox
from bot.outbox.tokens import LIFETIME, Latest
from emulator import Interaction, Message, User

from ..play.driver import live_controls
from .conftest import Said, World


@dataclass
class SaidLayout(Said):
    """A text payload as a Components V2 layout: the `/gin hand` copy is one, and Discord
    refuses an edit that would take a message's V2 flag away."""

    def kwargs(self) -> dict[str, Any]:
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(discord.ui.TextDisplay(self.text))
        return {"view": view}


def controls(msg: Message) -> list[str]:
    """The enabled controls of a message."""
    return [b.custom_id or "" for b in msg.buttons() if not b.disabled] + [
        s.custom_id for s in msg.selects() if not s.disabled
    ]


async def hand_answer(world: World) -> tuple[int, User, Interaction, Message]:
    """A match of alice's with bob in play, and the `/gin hand` answer of the player to
    move (whose copy has live controls): the table, that player, the command's interaction
    and the ephemeral message."""
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    mover = await emu.wait_for(
        lambda: a if live_controls(emu, a) else (b if live_controls(emu, b) else None),
        what="a player to move",
    )
    inter = await emu.slash(mover, ch, "gin hand")
    answer = inter.response
    assert answer is not None
    assert controls(answer)
    await world.bot.screens.notifier.idle()  # type: ignore[union-attr]
    # Every write of the match's start is sent (the first hand, by the Accept's token, may
    # still be on its way): the requests each test counts from here are its own.
    await world.bot.screens.outbox.idle()  # type: ignore[union-attr]
    table_id = world.bot.services.tables.playing_tables_of(a.id)[0].record.id  # type: ignore[union-attr]
    return table_id, mover, inter, answer


def patches(world: World, since: int) -> list[str]:
    return [r.path for r in list(world.emu.requests)[since:] if r.method == "PATCH"]


async def test_a_retired_hand_answer_is_queued_in_the_outbox_and_sent_by_its_token(
    world: World,
) -> None:
    emu = world.emu
    outbox: Outbox = world.bot.screens.outbox  # type: ignore[union-attr]
    private = world.bot.screens.notifier.private  # type: ignore[union-attr]
    table_id, mover, inter, answer = await hand_answer(world)
    assert private.count(table_id) == 1
    mark, sent = len(emu.requests), outbox.sent[("edit", "interaction")]
    await private.retire(table_id, mover.id)
    # Queued, not yet sent: it waits in the channel's edit lane like any edit.
    assert outbox.depth() == 1 and patches(world, mark) == []
    await outbox.idle()
    assert outbox.sent[("edit", "interaction")] == sent + 1
    assert patches(world, mark) == [
        f"/webhooks/{inter.application_id}/{inter.token}/messages/@original"
    ]
    assert controls(emu.message(answer.id)) == []
    assert "Your hand" in emu.message(answer.id).text  # only the controls went
    assert private.count(table_id) == 0


async def test_edits_by_one_token_coalesce_and_a_direct_answer_supersedes_them(
    world: World,
) -> None:
    emu = world.emu
    outbox: Outbox = world.bot.screens.outbox  # type: ignore[union-attr]
    _, _, inter, answer = await hand_answer(world)
    latest = Latest(
        inter.application_id, inter.token, inter.channel.id, answer.id, time.monotonic()
    )
    mark = len(emu.requests)
    first, second = SaidLayout("first"), SaidLayout("second")
    outbox.edit_by(latest, answer.id, first, original=True)
    done = outbox.edit_by(latest, answer.id, second, original=True)
    assert outbox.depth() == 1  # latest state wins: one edit, the newest content
    await done
    assert first.released == ["first"]
    assert len(patches(world, mark)) == 1
    assert emu.message(answer.id).text.startswith("second")

    # A click's own answer on the copy is newer than anything queued for it.
    mark = len(emu.requests)
    outbox.edit_by(latest, answer.id, SaidLayout("stale"), original=True)
    outbox.superseded(inter.channel.id, answer.id)
    await outbox.idle()
    assert outbox.depth() == 0 and patches(world, mark) == []
    assert emu.message(answer.id).text.startswith("second")


async def test_a_token_discord_refuses_is_not_replaced_by_the_bots(world: World) -> None:
    emu = world.emu
    outbox: Outbox = world.bot.screens.outbox  # type: ignore[union-attr]
    private = world.bot.screens.notifier.private  # type: ignore[union-attr]
    table_id, mover, inter, answer = await hand_answer(world)
    emu.clock.advance(15 * 60)  # Discord's clock only: the bot still trusts the token
    mark, failed, errors = len(emu.requests), outbox.failed, len(emu.errors)
    await private.retire(table_id, mover.id)
    await outbox.idle()
    # One try by the token (refused: the read of the copy that taking its controls off
    # starts with), none by the bot's: it cannot reach an ephemeral. (Only this copy's
    # requests count: another player's hand may still be posted by its own token.)
    since = list(emu.requests)[mark:]
    tried = [(r.method, r.path) for r in since if inter.token in r.path]
    assert tried == [("GET", f"/webhooks/{inter.application_id}/{inter.token}/messages/@original")]
    assert not [r.path for r in since if "/webhooks/" not in r.path and str(answer.id) in r.path]
    assert outbox.failed == failed + 1
    assert [r.status for r in emu.errors[errors:]] == [401]
    assert controls(emu.message(answer.id))  # out of reach: a click on it says it is over


async def test_copies_past_their_tokens_life_are_forgotten(world: World) -> None:
    """Copies no process retires (their match ended in another process, which does not hold
    their tokens) are forgotten once past their token's life, at the next copy kept: the
    memory a long-running process keeps for them stays bounded."""
    emu = world.emu
    notifier = world.bot.screens.notifier  # type: ignore[union-attr]
    private = notifier.private
    table_id, mover, _, _ = await hand_answer(world)
    assert private.count(table_id) == 1
    later = time.monotonic() + LIFETIME + 1
    private.now = lambda: later  # a token's life on, for the bot only
    other = world.bob if mover is world.alice else world.alice
    asked = await emu.slash(other, world.channel, "gin hand")
    assert asked.response is not None and "Your hand" in asked.response.text
    await notifier.idle()
    assert private.count(table_id) == 1  # the new copy; the mover's old one forgotten
