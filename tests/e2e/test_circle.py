"""Players and their circle through the emulator and a real `python -m bot`: blocks,
presence, muted table chat and reactions, stats and leaderboards after a match, restarts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from emulator import Emulator, User
from tests.play.answers import refused_to
from tests.play.driver import live_controls

from .botproc import BotProcess
from .conftest import World


def said(inter: object) -> str:
    response = getattr(inter, "response", None)
    assert response is not None, "the bot did not answer"
    return str(response.content).lower()  # display names are capitalised


async def challenge_and_accept(emu: Emulator, world: World, a: User, b: User) -> None:
    await emu.slash(a, world.channel, "gin challenge", opponent=b, target=500)
    msg = await emu.wait_for_message(
        world.channel, lambda m: m.button_labels and "Accept" in m.button_labels
    )
    await emu.click(b, msg, "Accept")
    # The bot is another process: a pause in its requests does not mean the table exists.
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=10)
    await emu.settle()


async def test_block_refuses_challenges_and_survives_a_restart(
    emu: Emulator, world: World, start_bot: Callable[..., Awaitable[BotProcess]]
) -> None:
    bot = await start_bot()
    alice, bob = world.alice, world.bob
    assert "you blocked bob" in said(
        await emu.slash(alice, world.channel, "gin player block", player=bob)
    )
    refused = await emu.slash(bob, world.channel, "gin challenge", opponent=alice)
    assert refused_to(refused, bob)
    assert "can't challenge" in said(refused)
    assert "can't challenge" in said(
        await emu.slash(alice, world.channel, "gin challenge", opponent=bob)
    )
    await emu.slash(alice, world.channel, "gin player favorite", player=world.carol)
    assert await bot.stop() == 0
    await bot.start()
    shown = said(await emu.slash(alice, world.channel, "gin player relations"))
    assert "blocked: bob" in shown and "favorites ♥: carol" in shown
    assert "can't challenge" in said(
        await emu.slash(bob, world.channel, "gin challenge", opponent=alice)
    )
    assert "you unblocked bob" in said(
        await emu.slash(alice, world.channel, "gin player unblock", player=bob)
    )
    ok = await emu.slash(bob, world.channel, "gin challenge", opponent=alice)
    assert ok.response is not None and ok.response.ephemeral_to is None  # the public challenge
    assert "Traceback" not in bot.log()


async def test_offline_players_cannot_be_challenged(
    emu: Emulator, world: World, bot: BotProcess
) -> None:
    alice, bob = world.alice, world.bob
    assert "offline" in said(await emu.slash(bob, world.channel, "gin me offline"))
    assert "offline" in said(await emu.slash(alice, world.channel, "gin challenge", opponent=bob))
    friends = said(await emu.slash(alice, world.channel, "gin player friends"))
    assert "no favorites" in friends
    await emu.slash(alice, world.channel, "gin player favorite", player=bob)
    assert "bob — ⚪ offline" in said(await emu.slash(alice, world.channel, "gin player friends"))
    await emu.slash(bob, world.channel, "gin me online")
    assert "bob — 🟢 online" in said(await emu.slash(alice, world.channel, "gin player friends"))
    ok = await emu.slash(alice, world.channel, "gin challenge", opponent=bob)
    assert ok.response is not None and ok.response.ephemeral_to is None


async def test_muted_chat_and_reactions_never_reach_the_muter(
    emu: Emulator, world: World, bot: BotProcess
) -> None:
    alice, bob = world.alice, world.bob
    await challenge_and_accept(emu, world, alice, bob)
    # Not muted yet: Bob reads Alice's line in his hand message, and the channel shows it.
    assert "sent to table" in said(
        await emu.slash(alice, world.channel, "gin say", text="first line")
    )
    await emu.wait_for_dm(bob, lambda m: "first line" in m.text)
    await emu.wait_for_message(world.channel, lambda m: "first line" in m.content)
    # Bob mutes Alice: her lines and reactions no longer reach him, anywhere.
    await emu.slash(bob, world.channel, "gin player mute", player=alice)
    assert "sent to table" in said(
        await emu.slash(alice, world.channel, "gin say", text="muted words")
    )
    picker = await emu.slash(alice, world.channel, "gin say")
    assert picker.response is not None and "Good game!" in picker.response.button_labels
    await emu.click(alice, picker.response, "Good game!")
    # Bob's own line still reaches Alice (muting is one way).
    await emu.slash(bob, world.channel, "gin say", text="from bob")
    await emu.wait_for_dm(alice, lambda m: "from bob" in m.text)
    await emu.settle()
    seen_by_bob = "\n".join(emu.texts_seen_by(bob))
    assert "muted words" not in seen_by_bob and "Good game!" not in seen_by_bob
    assert "first line" in seen_by_bob
    # Carol (not at the table) can't chat there.
    assert "not playing" in said(await emu.slash(world.carol, world.channel, "gin say", text="hey"))


async def test_stats_and_leaderboard_match_a_played_match(
    emu: Emulator, world: World, bot: BotProcess
) -> None:
    alice, bob = world.alice, world.bob
    await challenge_and_accept(emu, world, alice, bob)
    confirm = await emu.slash(alice, world.channel, "gin resign")
    assert confirm.response is not None
    await emu.click(alice, confirm.response, "Resign")
    await emu.settle()
    bob_stats = await emu.slash(bob, world.channel, "gin records stats")
    assert bob_stats.response is not None and bob_stats.response.embeds
    embed = bob_stats.response.embeds[0]
    people = next(f["value"] for f in embed["fields"] if f["name"] == "Vs people")
    assert "**1** played, **1** won (100%)" in people
    alice_stats = await emu.slash(bob, world.channel, "gin records stats", player=alice)
    people = next(
        f["value"] for f in alice_stats.response.embeds[0]["fields"] if f["name"] == "Vs people"
    )  # type: ignore[union-attr]
    assert "**1** played, **0** won (0%)" in people
    board = said(await emu.slash(alice, world.channel, "gin records leaderboard"))
    assert board.index("bob") < board.index("alice")
    assert "your rank: **#2** of 2" in board
    history = said(await emu.slash(alice, world.channel, "gin records history"))
    assert "vs bob: lost" in history
