"""`/gin say` (issue 31, item 8): the length limit is said, not cut silently; the speaker reads
their line once in private; many lines or challenges in a short time are slowed."""

from __future__ import annotations

import pytest

from bot.circle.service import CircleError, clean_chat
from emulator import EmulatorError, Interaction, User

from .conftest import World

LIMIT = 200


def answer(inter: Interaction) -> str:
    assert inter.response is not None, inter
    return inter.response.text


async def seated(world: World) -> None:
    emu, alice, bob = world.emu, world.alice, world.bob
    await emu.slash(alice, world.channel, "gin challenge", opponent=bob)
    await emu.click(
        bob, await emu.wait_for_dm(bob, lambda m: "Accept" in m.button_labels), "Accept"
    )
    await emu.wait_for_dm(alice, lambda m: bool(m.selects() or m.buttons()))


def private_copies(world: World, user: User, line: str) -> int:
    """In how many of `user`'s own messages (DMs, ephemeral answers) `line` is shown now."""
    return sum(
        1
        for m in world.emu.visible_to(user)
        if (m.ephemeral_to is user or m.channel is not world.channel) and line in m.text
    )


async def test_a_line_over_the_limit_is_refused_with_the_limit(world: World) -> None:
    emu = world.emu
    await seated(world)
    (say,) = [c for c in emu.commands(world.channel.guild) if c["name"] == "gin"]
    text_option = next(
        o
        for sub in say["options"]
        if sub["name"] == "say"
        for o in sub["options"]
        if o["name"] == "text"
    )
    # Discord's client counts down to the limit as the player types.
    assert text_option["max_length"] == LIMIT
    assert f"up to {LIMIT} characters" in text_option["description"]
    line = "word " * 40 + "end"  # 203 characters
    with pytest.raises(EmulatorError, match="must be 1-200 characters"):
        await emu.slash(world.alice, world.channel, "gin say", text=line)


def test_the_service_refuses_a_long_line_with_the_limit_never_cutting_it() -> None:
    with pytest.raises(CircleError) as refused:
        clean_chat("word " * 40 + "end")
    assert refused.value.text("en") == (
        "That is 203 characters; a table chat line holds at most 200."
    )
    assert clean_chat("  hi   there @everyone ") == "hi there @\u200beveryone"


async def test_the_speaker_reads_their_line_once(world: World) -> None:
    emu = world.emu
    await seated(world)
    inter = await emu.slash(world.alice, world.channel, "gin say", text="nice discard")
    assert answer(inter).startswith("Sent to table #")
    await emu.wait_for_dm(world.bob, lambda m: "nice discard" in m.text)
    await emu.settle()
    assert private_copies(world, world.alice, "nice discard") == 1


async def test_many_lines_in_a_short_time_are_slowed(world: World) -> None:
    emu = world.emu
    await seated(world)
    for i in range(5):
        assert "Sent to table" in answer(
            await emu.slash(world.alice, world.channel, "gin say", text=f"line {i}")
        )
    slowed = answer(await emu.slash(world.alice, world.channel, "gin say", text="line 5"))
    assert slowed.startswith("Slow down a little: try again in ")
    # Quick reactions count too: the same player, the same pace.
    picker = await emu.slash(world.alice, world.channel, "gin say")
    assert picker.response is not None
    click = await emu.click(world.alice, picker.response, "Good game!")
    assert emu.last_ephemeral(world.alice) is not None
    assert "Slow down" in emu.last_ephemeral(world.alice).text, click
    # Bob, at the same table, is not slowed by Alice's pace.
    assert "Sent to table" in answer(
        await emu.slash(world.bob, world.channel, "gin say", text="hello")
    )


async def test_many_challenges_in_a_short_time_are_slowed(world: World) -> None:
    emu, alice = world.emu, world.alice
    answers = [
        answer(await emu.slash(alice, world.channel, "gin challenge", opponent=world.bob))
        for _ in range(3)
    ]
    assert "Slow down" not in " ".join(answers)
    # The context menu's Challenge is the same pace.
    slowed = await emu.user_command(alice, world.channel, "Challenge", target=world.carol)
    assert answer(slowed).startswith("Slow down a little: try again in ")
