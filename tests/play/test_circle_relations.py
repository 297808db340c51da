"""Relations in Discord, against a real in-process GinBot: favorites and `/gin player friends` with
who is online, the heart wherever the bot lists players, `/gin player relations`, the user context
menu (Challenge, Block, Favorite), and relations kept across a restart."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import t
from emulator import Emulator, Interaction, User

from .conftest import World, bot_on


def said(inter: Interaction) -> str:
    assert inter.response is not None, "the bot did not answer"
    return inter.response.text


async def test_favorites_friends_and_relations(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    assert "No favorites yet" in said(await emu.slash(a, ch, "gin player friends"))
    added = await emu.slash(a, ch, "gin player favorite", player=b)
    assert added.response is not None and added.response.ephemeral_to is a
    assert "is now a favorite ♥" in said(added)
    assert "already a favorite" in said(await emu.slash(a, ch, "gin player favorite", player=b))
    await emu.slash(a, ch, "gin player favorite", player=c)
    await emu.slash(c, ch, "gin me offline")
    friends = said(await emu.slash(a, ch, "gin player friends")).lower()
    assert "bob — 🟢 online" in friends and "carol — ⚪ offline" in friends
    await emu.slash(c, ch, "gin me online")
    assert "carol — 🟢 online" in said(await emu.slash(a, ch, "gin player friends")).lower()
    # Favorites are one way: Bob's list stays empty.
    assert "No favorites yet" in said(await emu.slash(b, ch, "gin player friends"))
    assert "no longer a favorite" in said(await emu.slash(a, ch, "gin player unfavorite", player=c))
    assert "wasn't a favorite" in said(await emu.slash(a, ch, "gin player unfavorite", player=c))
    friends = said(await emu.slash(a, ch, "gin player friends")).lower()
    assert "bob" in friends and "carol" not in friends
    assert "yourself" in said(await emu.slash(a, ch, "gin player favorite", player=a))

    await emu.slash(a, ch, "gin player block", player=c)
    await emu.slash(a, ch, "gin player mute", player=c)
    await emu.slash(a, ch, "gin me offline")
    shown = said(await emu.slash(a, ch, "gin player relations")).lower()
    assert "you're **offline**" in shown
    assert "blocked: carol" in shown and "muted: carol" in shown and "favorites ♥: bob" in shown
    await emu.slash(a, ch, "gin player unmute", player=c)
    await emu.slash(a, ch, "gin player unblock", player=c)
    await emu.slash(a, ch, "gin me online")
    shown = said(await emu.slash(a, ch, "gin player relations")).lower()
    assert "you're **online**" in shown and "blocked: nobody" in shown and "muted: nobody" in shown


def playing(world: World, user: User) -> bool:
    return bool(world.bot.services.tables.playing_tables_of(user.id))


async def beat_by_resignation(world: World, winner: User, loser: User) -> None:
    emu = world.emu
    await emu.slash(winner, world.channel, "gin challenge", opponent=loser, target=500)
    invite = await emu.wait_for(
        lambda: next((m for m in reversed(emu.dms(loser)) if "Accept" in m.button_labels), None)
    )
    await emu.click(loser, invite, "Accept")
    await emu.wait_for(lambda: playing(world, loser))
    confirm = await emu.slash(loser, world.channel, "gin resign")
    assert confirm.response is not None
    await emu.click(loser, confirm.response, "Resign")
    await emu.wait_for(lambda: not playing(world, loser))


async def test_hearts_where_the_bot_lists_players(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    await emu.slash(a, ch, "gin player favorite", player=b)
    for loser in (b, c):  # Alice wins by resignation against Bob, then Carol
        await beat_by_resignation(world, a, loser)
    await emu.settle()
    history = said(await emu.slash(a, ch, "gin records history")).splitlines()
    assert any("vs Bob ♥: won" in line for line in history), history
    assert any("vs Carol: won" in line for line in history), history
    board = said(await emu.slash(a, ch, "gin records leaderboard", sort="played"))
    assert "Bob ♥ —" in board and "Carol —" in board and "Carol ♥" not in board
    # Hearts are the viewer's own: Carol sees none.
    assert "♥" not in said(await emu.slash(c, ch, "gin records leaderboard", sort="played"))


async def test_context_menu_challenge_block_favorite(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    fav = await emu.user_command(a, ch, "Favorite", target=b)
    assert fav.response is not None and fav.response.ephemeral_to is a
    assert "is now a favorite ♥" in said(fav)
    assert "favorites ♥: bob" in said(await emu.slash(a, ch, "gin player relations")).lower()
    blocked = await emu.user_command(c, ch, "Block", target=a)
    assert "You blocked" in said(blocked) and blocked.response.ephemeral_to is c  # type: ignore[union-attr]
    # The block holds both ways for challenges, by command or by menu.
    assert "can't challenge" in said(await emu.user_command(a, ch, "Challenge", target=c))
    assert "can't challenge" in said(await emu.slash(c, ch, "gin challenge", opponent=a))
    assert "yourself" in said(await emu.user_command(a, ch, "Block", target=a))
    # Challenge from the menu: a public challenge Bob can accept.
    challenge = await emu.user_command(a, ch, "Challenge", target=b)
    assert challenge.response is not None and challenge.response.ephemeral_to is None
    assert "challenges" in said(challenge) and b.mention in said(challenge)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: playing(world, b))
    emu.assert_no_unknown_routes()


async def test_relations_survive_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "gin.sqlite3"
    async with Emulator() as emu:
        guild = emu.create_guild("Cards")
        ch = emu.create_channel(guild, "gin")
        a, b, c = (emu.create_user(name) for name in ("alice", "bob", "carol"))
        for user in (a, b, c):
            emu.add_member(guild, user)
        async with bot_on(emu, guild.id, database):
            await emu.slash(a, ch, "gin player block", player=b)
            await emu.slash(a, ch, "gin player mute", player=c)
            await emu.user_command(a, ch, "Favorite", target=c)
            await emu.slash(c, ch, "gin me offline")
        async with bot_on(emu, guild.id, database):
            shown = said(await emu.slash(a, ch, "gin player relations")).lower()
            assert "blocked: bob" in shown and "muted: carol" in shown
            assert "favorites ♥: carol" in shown
            assert (
                "carol — ⚪ offline" in said(await emu.slash(a, ch, "gin player friends")).lower()
            )
            assert "can't challenge" in said(await emu.slash(b, ch, "gin challenge", opponent=a))
            assert "offline" in said(await emu.slash(a, ch, "gin challenge", opponent=c))


async def test_a_chosen_language_wins_and_survives_a_restart(tmp_path: Path) -> None:
    """`/gin me settings language:Español`: private answers in Spanish from then on, over a
    French Discord client, after a restart too; `Follow Discord` gives French again."""
    database = tmp_path / "gin.sqlite3"
    async with Emulator() as emu:
        guild = emu.create_guild("Cards")
        ch = emu.create_channel(guild, "gin")
        a = emu.create_user("alice")
        a.locale = "fr"
        emu.add_member(guild, a)
        async with bot_on(emu, guild.id, database):
            assert said(await emu.slash(a, ch, "gin me offline")) == t("fr", "presence-offline")
            chosen = said(await emu.slash(a, ch, "gin me settings", language="es"))
            assert "idioma: **Español**" in chosen
        async with bot_on(emu, guild.id, database):
            assert said(await emu.slash(a, ch, "gin me online")) == t("es", "presence-online")
            assert said(await emu.slash(a, ch, "gin player block", player=a)) == t(
                "es", "circle-self", relation="block", add=True
            )
            await emu.slash(a, ch, "gin me settings", language="auto")
            assert said(await emu.slash(a, ch, "gin me offline")) == t("fr", "presence-offline")
