"""The circle's records in Discord, against a real in-process GinBot: history and replays of
a played match (hands hidden until the match is over), achievements announced by DM and listed
in stats, the rating leaderboard after rated matches, and forget-me."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bot.ratings import Rating
from bot.store.ratings import RatingUpdate
from emulator import Emulator, EmulatorError, Interaction, Message, User

from .conftest import QUIET_WITHIN, World, quiet
from .driver import play_one

#: A deal where the computer ends the match with points of its own.
HISTORY_SEED = 1


def said(inter: Interaction) -> str:
    assert inter.response is not None, "the bot did not answer"
    return inter.response.text


def field(inter: Interaction, name: str) -> str:
    assert inter.response is not None and inter.response.embeds
    return str(next(f["value"] for f in inter.response.embeds[0]["fields"] if f["name"] == name))


async def start_match(world: World, a: User, b: User, target: int) -> None:
    """`a` challenges `b`, who accepts from the (newest) invitation in their DMs."""
    emu = world.emu
    seen = len(emu.dms(b))
    tables = len(emu.messages(world.channel))
    await emu.slash(a, world.channel, "gin challenge", opponent=b, target=target)
    invite = await emu.wait_for(
        lambda: next((m for m in emu.dms(b)[seen:] if "Accept" in m.button_labels), None),
        QUIET_WITHIN,
    )
    await emu.click(b, invite, "Accept")
    await emu.wait_for(
        lambda: any(
            "Show my hand" in m.button_labels for m in emu.messages(world.channel)[tables:]
        ),
        QUIET_WITHIN,
    )


async def play_until(world: World, users: list[User], done: Any, limit: int = 4000) -> Message:
    """Play scripted moves until a channel message satisfies `done`; return that message."""
    emu = world.emu
    for _ in range(limit):
        hit = next((m for m in emu.messages(world.channel) if done(m)), None)
        if hit is not None:
            return hit
        moved = False
        for user in users:
            moved = await play_one(emu, user) or moved
        if not moved:
            await asyncio.sleep(0.02)
    raise AssertionError("the awaited message never came")


async def resign(emu: Emulator, world: World, user: User) -> None:
    confirm = await emu.slash(user, world.channel, "gin resign")
    assert confirm.response is not None
    overs = sum("Match over" in m.text for m in emu.messages(world.channel))
    await emu.click(user, confirm.response, "Resign")
    # The result waits its turn in the channel's bucket behind the match's last writes: on a
    # loaded machine that is more than the 5 s `wait_for` gives by default.
    await emu.wait_for(
        lambda: sum("Match over" in m.text for m in emu.messages(world.channel)) > overs,
        QUIET_WITHIN,
    )


async def rated(world: World, user_id: int, games: int) -> None:
    """The player has `games` rated matches (globally): rated in the transaction that
    finished the match, so once its table's updates are out."""
    await quiet(world.emu, world.bot)
    got = await world.bot.services.store.ratings.get(user_id)
    assert got is not None and got.games >= games, got


def live_tables(world: World) -> dict[int, Any]:
    tables = world.bot.services.tables
    return {i: tables.find(i) for i in tables.live_ids()}


async def test_history_and_replay_hide_hands_until_the_match_is_over(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    await start_match(world, a, b, target=500)
    table_id = world.bot.services.tables.live_ids()[0]
    # Stop clicking once the engine has scored round 1, not once its reveal reaches the channel
    # (the next deal does not wait for the reveal, so clicking on could finish round 2 too).
    live = world.bot.services.tables.find(table_id)
    assert live is not None and live.match is not None
    match = live.match
    await play_until(world, [a, b], lambda m: len(match.results) >= 1)
    await emu.wait_for(
        lambda: any("Round 1" in m.text and "deadwood" in m.text for m in emu.messages(ch))
    )
    # The match goes on: a player may replay the finished round, seeing only their own hand.
    mine = said(await emu.slash(a, ch, "gin records replay", match=table_id, round=1))
    assert f"Match #{table_id}, round 1" in mine
    assert "Your hand:" in mine and "Other hands are shown once the match is over" in mine
    # Someone not at the table can't look yet.
    assert "still being played" in said(
        await emu.slash(c, ch, "gin records replay", match=table_id)
    )
    # Nor can a player replay the round in play.
    assert "still being played" in said(
        await emu.slash(a, ch, "gin records replay", match=table_id, round=2)
    )
    assert "no finished matches" in said(await emu.slash(a, ch, "gin records history"))

    await resign(emu, world, a)
    history = said(await emu.slash(c, ch, "gin records history", player=b))
    assert f"`#{table_id}`" in history
    assert re.search(r"vs alice: won \d+ – \d+ \(\d+ rounds, .*resign", history, re.I), history
    # The reader's own score first, each equal to the match's record.
    record = await world.bot.services.store.history.get(table_id)
    score = {seat.user_id: seat.score for seat in record.seats}
    assert f"won {score[b.id]} – {score[a.id]}" in history
    assert f"lost {score[a.id]} – {score[b.id]}" in said(
        await emu.slash(a, ch, "gin records history")
    )
    # Over: everyone may replay, and every hand is shown, step by step.
    inter = await emu.slash(c, ch, "gin records replay", match=table_id, round=1)
    first = said(inter)
    assert "Other hands" not in first and "Your hand" not in first
    hands = [line for line in first.splitlines() if re.match(r"(alice|bob): ", line, re.I)]
    assert len(hands) == 2 and all(len(h.split(": ")[1].split()) == 10 for h in hands)
    assert inter.response is not None
    await emu.click(c, inter.response, "⏭")
    last = emu.message(inter.response.id).text
    # The last frame is the end of the round, with its result instead of a player to move.
    assert re.search(r"move (\d+) of \1\n", last) and "to play." not in last
    assert "no round 9" in said(
        await emu.slash(c, ch, "gin records replay", match=table_id, round=9)
    )


async def test_achievements_are_dmed_and_listed_in_stats(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await start_match(world, a, b, target=500)
    await resign(emu, world, a)
    note = await emu.wait_for_dm(b, lambda m: "ACHIEVEMENT UNLOCKED: First Win" in m.text)
    assert note.channel.type == 1  # a DM, nobody else sees it
    await emu.settle()
    assert not any("ACHIEVEMENT UNLOCKED: First Win" in t for t in emu.texts_seen_by(a))
    assert not any("ACHIEVEMENT" in m.text for m in emu.messages(ch))
    assert "First Win" in field(await emu.slash(b, ch, "gin records stats"), "Achievements")
    assert "First Win" not in field(
        await emu.slash(b, ch, "gin records stats", player=a), "Achievements"
    )
    # A second match does not announce the same achievement again.
    await start_match(world, a, b, target=500)
    await resign(emu, world, a)
    await emu.wait_for(
        lambda: sum("Match over" in m.text for m in emu.messages(ch)) == 2, QUIET_WITHIN
    )
    await emu.settle()
    assert sum("ACHIEVEMENT UNLOCKED: First Win" in m.text for m in emu.dms(b)) == 1


async def test_rating_leaderboard_and_stats_after_rated_matches(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    # Bob beats Alice twice, Alice beats Carol once.
    for winner, loser, games in ((b, a, 1), (b, a, 2), (a, c, 3)):
        await start_match(world, winner, loser, target=500)
        await resign(emu, world, loser)
        await rated(world, a.id, games)
    await emu.slash(c, ch, "gin player favorite", player=b)
    board = said(await emu.slash(c, ch, "gin records leaderboard", sort="rating"))
    rows = [line for line in board.splitlines() if line.startswith("`#")]
    assert [re.sub(r"`#\s+(\d)` (\w+).*", r"\1 \2", r).lower() for r in rows] == [
        "1 bob",
        "2 alice",
        "3 carol",
    ]
    assert "♥" in rows[0] and "♥" not in rows[1]
    assert all(
        re.search(r"— \d{3,4} ±\d+ \(provisional\)", r) for r in rows
    )  # all still provisional
    assert "◀ you" in rows[2] and "Your rank: **#3** of 3" in board
    glob = said(await emu.slash(a, ch, "gin records leaderboard", scope="global", sort="rating"))
    assert "all servers" in glob and "Your rank: **#2** of 3" in glob
    rating = field(await emu.slash(a, ch, "gin records stats"), "Rating (Glicko-2)")
    assert re.search(r"This server: \*\*\d+ ±\d+\*\* \(3 rated matches, provisional\)", rating)
    assert "Global: **" in rating
    # A match against the computer is not rated: Carol's rating and the board don't move.
    before = said(await emu.slash(c, ch, "gin records leaderboard", sort="rating"))
    await emu.slash(c, ch, "gin computer", level="easy", target=500)
    await emu.wait_for(lambda: live_tables(world), QUIET_WITHIN)
    await resign(emu, world, c)
    assert not live_tables(world)  # gone from memory before its result was shown
    await quiet(emu, world.bot)
    assert said(await emu.slash(c, ch, "gin records leaderboard", sort="rating")) == before
    carol = field(await emu.slash(c, ch, "gin records stats"), "Rating (Glicko-2)")
    assert "(1 rated match, provisional)" in carol


async def test_forget_me_confirms_then_erases_and_keeps_an_anonymous_seat(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await start_match(world, a, b, target=500)
    # At a table: erasing is refused until the match is over.
    ask = await emu.slash(a, ch, "gin me forget-me")
    assert ask.response is not None and "Erase my data" in ask.response.button_labels
    await emu.click(a, ask.response, "Erase my data")
    assert "at a table right now" in emu.message(ask.response.id).text
    await resign(emu, world, a)
    await rated(world, a.id, 1)
    await emu.slash(a, ch, "gin player favorite", player=b)
    ask = await emu.slash(a, ch, "gin me forget-me")
    assert ask.response is not None and ask.response.ephemeral_to is a
    text = said(ask)
    assert "Here is what we store about you" in text and "relations" in text
    assert ask.response.attachments and ask.response.attachments[0].filename == "my-gin-data.json"
    # Nobody else sees the question, so nobody else can press the button.
    with pytest.raises(EmulatorError, match="cannot see"):
        await emu.click(b, ask.response, "Erase my data")
    await emu.click(a, ask.response, "Keep it")
    assert "Nothing was erased" in emu.message(ask.response.id).text
    assert "bob" in said(await emu.slash(a, ch, "gin player relations")).lower()

    ask = await emu.slash(a, ch, "gin me forget-me")
    assert ask.response is not None
    await emu.click(a, ask.response, "Erase my data")
    assert "everything we stored about you is erased" in emu.message(ask.response.id).text
    store = world.bot.services.store
    assert await store.players.get(a.id) is None
    assert await store.ratings.get(a.id) is None
    assert (await store.stats.get(a.id)).matches_played == 0
    assert "Favorites ♥: nobody" in said(await emu.slash(a, ch, "gin player relations"))
    # Bob's history still holds the match, with Alice's seat anonymous.
    history = said(await emu.slash(b, ch, "gin records history"))
    assert "deleted player" in history.lower() and "alice" not in history.lower()
    assert (await store.stats.get(b.id)).matches_won == 1
    after = await emu.slash(a, ch, "gin me forget-me")
    assert "We store nothing about you" in said(after)
    assert after.response is not None and after.response.button_labels == []  # nothing to erase


async def test_rating_leaderboard_pages_with_buttons(world: World) -> None:
    emu, a, ch = world.emu, world.alice, world.channel
    store = world.bot.services.store
    guild_id = ch.guild.id if ch.guild is not None else 0
    # Fourteen rated strangers above Alice: she is 15th, off the first page.
    await store.ratings.put(
        RatingUpdate.of(uid, guild_id, Rating(1600 + uid, 60, 0.06, 20)) for uid in range(1, 15)
    )
    await store.ratings.put([RatingUpdate.of(a.id, guild_id, Rating(1450, 90, 0.06, 12))])
    inter = await emu.slash(a, ch, "gin records leaderboard", sort="rating")
    first = said(inter)
    assert inter.response is not None and "Page 1 of 2" in first
    assert "`#   1` Player 14 — 1614 ±60" in first and "◀ you" not in first
    assert "Your rank: **#15** of 15 (1450 ±90)" in first
    await emu.click(a, inter.response, "Next ▶")
    second = emu.message(inter.response.id).text
    assert "Page 2 of 2" in second and "`#  11` Player 4 — 1604 ±60" in second
    assert "1450 ±90 ◀ you" in second
    nxt = emu.message(inter.response.id).button("Next ▶")
    assert nxt.disabled
    await emu.click(a, inter.response, "◀ Previous")
    assert "Page 1 of 2" in emu.message(inter.response.id).text


async def test_history_shows_every_seats_final_score_as_the_summary_did(world: World) -> None:
    emu, a, ch = world.emu, world.alice, world.channel
    world.bot.services.tables.deal_seed = lambda: HISTORY_SEED  # type: ignore[attr-defined]
    await emu.slash(a, ch, "gin computer", level="easy", target=40)
    summary = await play_until(world, [a], lambda m: "Match over" in m.text)
    scores = {
        name: int(score)
        for name, score in re.findall(r"^(.+?)(?: 🤖)?: \*\*(\d+)\*\* ", summary.text, re.M)
    }
    computer = next(n for n in scores if n != a.display_name)
    # The deal was chosen for it: the computer ends with points, which history used to drop.
    assert scores[computer] > 0, summary.text
    history = said(await emu.slash(a, ch, "gin records history"))
    mine, theirs = scores[a.display_name], scores[computer]
    assert re.search(rf"(won|lost) {mine} – {theirs} \(", history), (history, scores)
