"""Challenges in Discord: decline, cancel, expiry, limits, missing permissions, rematch."""

from __future__ import annotations

import asyncio

import pytest

from bot.i18n import t
from cogs import _answers as answers
from emulator import Interaction, Message

from .answers import refused_to
from .conftest import World
from .test_tables import play_to_the_end


async def test_decline_and_cancel_edit_both_messages(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    public = emu.last_message(ch)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Decline")
    assert "bob declined" in emu.message(invite.id).text.lower()
    await emu.wait_for(lambda: "declined" in emu.message(public.id).text)
    assert emu.message(public.id).buttons() == []
    await emu.wait_for_dm(a, lambda m: "declined your Gin Rummy challenge" in m.text)
    # The pair is free again; the challenger can cancel the next one.
    await emu.slash(a, ch, "gin challenge", opponent=b)
    second = emu.last_message(ch)
    await emu.click(b, second, "Cancel")
    assert "Only the challenger can cancel" in emu.last_ephemeral(b).text
    await emu.click(a, second, "Cancel")
    assert "Cancelled" in emu.message(second.id).text


async def test_one_pending_challenge_per_pair(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    again = await emu.slash(b, ch, "gin challenge", opponent=a)
    assert again.response is not None and "already have a pending challenge" in again.response.text
    assert refused_to(again, b)


async def test_unanswered_challenge_expires(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    world.bot.services.challenges.ttl = 0.3  # type: ignore[attr-defined]
    await emu.slash(a, ch, "gin challenge", opponent=b)
    public = emu.last_message(ch)
    await emu.wait_for(lambda: "Expired" in emu.message(public.id).text, timeout=10)
    await emu.wait_for_dm(a, lambda m: "expired" in m.text)
    invite = next(m for m in emu.dms(b) if "challenges" in m.text)
    # Its edit is queued in the outbox beside the challenger's DM, which may go first.
    await emu.wait_for(lambda: "Expired" in emu.message(invite.id).text, timeout=10)


async def test_missing_permission_is_explained(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    emu.deny_bot(ch, "attach_files")
    inter = await emu.slash(a, ch, "gin challenge", opponent=b)
    assert inter.response is not None and inter.response.ephemeral_to is a
    # Discord's name for the permission, in the reader's language (English here).
    assert t("en", "permission-name", permission="attach_files") in inter.response.text
    assert "Attach Files" in inter.response.text
    assert emu.messages(ch) == [] or all(m.ephemeral for m in emu.messages(ch))


def answer(inter: Interaction) -> Message:
    """The command's answer (the driver waited for a deferred one to be filled in)."""
    assert inter.response is not None
    return inter.response


async def test_at_most_three_tables_per_player(world: World) -> None:
    emu, a, ch = world.emu, world.alice, world.channel
    for _ in range(3):
        lobby = answer(await emu.slash(a, ch, "gin table"))
        assert "Join" in lobby.button_labels
    refused = answer(await emu.slash(a, ch, "gin table"))
    assert "already at 3 tables" in refused.text


async def test_rematch_against_the_computer(world: World) -> None:
    emu, a, ch = world.emu, world.alice, world.channel
    await emu.slash(a, ch, "gin computer", target=10)
    await play_to_the_end(emu, world, [a])
    summary = next(m for m in emu.messages(ch) if "Match over" in m.text)
    before = len([m for m in emu.messages(ch) if "Show my hand" in m.button_labels])
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    assert tables.playing_tables_of(a.id) == []
    rematch = await emu.click(a, summary, "Rematch")
    assert rematch.response is not None and "Rematch! Dealing now" in rematch.response.text
    await emu.wait_for(
        lambda: len([m for m in emu.messages(ch) if "Show my hand" in m.button_labels]) > before
    )
    # A new match against the same computer, dealt at once.
    (again,) = tables.playing_tables_of(a.id)
    assert [s.computer_level for s in again.record.seats] == [None, "normal"]
    assert again.match is not None and len(again.match.rounds) == 1


async def test_rematch_between_people_reaches_the_opponent_by_dm(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b, target=10)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    await play_to_the_end(emu, world, [a, b])
    summary = next(m for m in emu.messages(ch) if "Match over" in m.text)
    invites = len([m for m in emu.dms(b) if "Accept" in m.button_labels])
    await emu.click(a, summary, "Rematch")
    # Bob is asked in his DMs, as for any challenge, and can accept from there.
    invite = await emu.wait_for(
        lambda: [m for m in emu.dms(b) if "Accept" in m.button_labels][invites:]
    )
    assert a.display_name in invite[0].text, invite[0].text
    await emu.click(b, invite[0], "Accept")
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    await emu.wait_for(lambda: tables.playing_tables_of(b.id))


async def test_resign_at_several_tables_asks_which(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    await emu.slash(a, ch, "gin challenge", opponent=b, target=100)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    await emu.slash(a, ch, "gin challenge", opponent=c, target=100)
    await emu.click(c, await emu.wait_for_dm(c, lambda m: "Accept" in m.button_labels), "Accept")
    first, second = await emu.wait_for(
        lambda: (found := tables.playing_tables_of(a.id)) and len(found) == 2 and found
    )
    ask = await emu.slash(a, ch, "gin resign")
    assert ask.response is not None
    assert "Which match do you resign?" in ask.response.text
    labels = ask.response.button_labels
    one = f"Table #{first.record.id} · cardgames · {b.display_name}"
    two = f"Table #{second.record.id} · cardgames · {c.display_name}"
    assert labels == [one, two], labels
    await emu.click(a, ask.response, two)
    question = emu.message(ask.response.id).text.splitlines()[0]
    assert question == (
        f"Resign your match at table #{second.record.id}? {c.display_name} wins it."
    ), question
    await emu.click(a, emu.message(ask.response.id), "Resign")
    await emu.wait_for(lambda: len(tables.playing_tables_of(a.id)) == 1)
    # The other match goes on.
    assert tables.playing_tables_of(a.id)[0].record.id == first.record.id


def _slow_challenges(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, creating a challenge outlasts the answer's budget (made short), as a
    busy store would make it."""
    monkeypatch.setattr(answers, "ANSWER_BUDGET", 0.2)
    challenges = world.bot.services.challenges  # type: ignore[attr-defined]
    create = challenges.create

    async def slow(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.5)
        return await create(*args, **kwargs)

    monkeypatch.setattr(challenges, "create", slow)


async def test_a_slow_challenge_is_acknowledged_in_time_then_shown(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    _slow_challenges(world, monkeypatch)
    inter = await emu.slash(a, ch, "gin challenge", opponent=b)
    # Acknowledged with "thinking" before the work was done, within Discord's 3 s.
    assert inter.ack_type == 5 and inter.response is not None
    thinking = inter.response.id
    await emu.wait_for(lambda: "Cancel" in emu.message(thinking).button_labels)
    assert not emu.message(thinking).ephemeral
    assert [m.id for m in emu.messages(ch) if "Cancel" in m.button_labels] == [thinking]
    # The bot kept that message as the challenge's: declining edits it.
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Decline")
    await emu.wait_for(lambda: "declined" in emu.message(thinking).text)


async def test_a_quick_challenge_is_answered_directly(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    # Quick: within a budget a loaded machine keeps (the slow path is the next tests').
    monkeypatch.setattr(answers, "ANSWER_BUDGET", 2.5)
    inter = await emu.slash(a, ch, "gin challenge", opponent=b)
    assert inter.ack_type == 4 and inter.response is not None
    assert "Cancel" in inter.response.button_labels


async def test_a_slow_refusal_takes_the_thinking_messages_place(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    _slow_challenges(world, monkeypatch)
    again = await emu.slash(b, ch, "gin challenge", opponent=a)
    assert again.ack_type == 5 and again.response is not None
    thinking = again.response.id
    await emu.wait_for(lambda: "already have a pending challenge" in emu.message(thinking).text)
    assert len([m for m in emu.messages(ch) if "Cancel" in m.button_labels]) == 1


async def test_the_challengers_dm_is_opened_while_the_challenge_waits(world: World) -> None:
    """The Accept deals at once: the challenger's DM channel is in their profile before it
    (on several processes the Accept is shard 0's, which then opens nothing)."""
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    profiles = world.bot.services.profiles  # type: ignore[attr-defined]
    assert await profiles.dm_channel(a.id) is None
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    for _ in range(250):
        if await profiles.dm_channel(a.id) is not None:
            break
        await asyncio.sleep(0.02)
    assert await profiles.dm_channel(a.id) == emu.dm_channel(a).id
    assert emu.dms(a) == []  # opened, nothing written: the challenge waits
