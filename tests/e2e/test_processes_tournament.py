"""A tournament over two ``python -m bot`` processes on one PostgreSQL database (issue 18):
the server is on shard 1, so its commands and the sign-up clicks reach shard 1's process,
while every move on a DM hand, and so the end of every match, reaches shard 0's. Each
match's result is taken once, the next round is paired once, the tournament finishes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.store.postgres import open_pg_store
from emulator import Emulator
from emulator.models import Role
from tests.play.test_tournament import MANAGE_GUILD, play_until

from . import sharded
from .conftest import World
from .sharded import SHARDS, StartBot, stop_cleanly

emu, world = sharded.emu, sharded.world  # the two-shard fixtures


async def stored(url: str, tid: int):  # type: ignore[no-untyped-def]
    """The tournament's row and pairings, read with a pool of the test's own."""
    store = await open_pg_store(url, pool_size=2)
    try:
        return await store.tournaments.get(tid), await store.tournaments.pairings(tid)
    finally:
        await store.close()


async def test_a_tournament_over_two_processes(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    guild, ch = world.guild, world.channel
    assert emu.shard_of(guild) == 1
    admin = emu.create_user("ada", guilds=[guild])
    players = [world.alice, world.bob, world.carol, emu.create_user("dave", guilds=[guild])]
    admins = Role(emu.snowflakes.next(), "Admins", MANAGE_GUILD, position=2)
    guild.roles.append(admins)
    guild.members[admin.id].roles.append(admins.id)
    env = {
        "GIN_DATABASE": pg_url,
        "GIN_SHARD_COUNT": str(SHARDS),
        "GIN_ROUND_PAUSE": "0.2",
        "GIN_COMPUTER_DELAY": "0",
        "GIN_TURN_SECONDS": "600",
        "GIN_TOURNAMENT_ROUND_PAUSE": "0.5",
        "GIN_TOURNAMENT_NO_SHOW_SECONDS": "600",
        "GIN_PG_POOL_SIZE": "4",
    }
    zero = await start_bot(GIN_SHARDS="0", **env)
    one = await start_bot(GIN_SHARDS="1", **env)
    names = {c["name"] for c in emu.commands(guild)} | {c["name"] for c in emu.commands()}
    path = "tournament" if "tournament" in names else "gin tournament"

    await emu.slash(
        admin,
        ch,
        f"{path} create",
        name="Cup",
        format="swiss",
        rules="cardgames",
        target=10,
        rounds=2,
    )
    signup = await emu.wait_for(
        lambda: next((m for m in emu.messages(ch) if "Join" in m.button_labels), None)
    )
    tid = int(signup.text.split("(#")[1].split(")")[0])
    for user in players:
        await emu.click(user, signup, "Join")
    await emu.slash(admin, ch, f"{path} start")

    home = await emu.wait_for(lambda: emu.thread_of(signup))

    def announced() -> bool:
        return any("is over" in m.text for m in emu.messages(home))

    # Round 1 then round 2, played on the DM hands (shard 0's process).
    try:
        await asyncio.wait_for(play_until(emu, players, announced), 90)
    except TimeoutError:
        raise AssertionError(
            f"the tournament did not finish: {await stored(pg_url, tid)}\n"
            f"{zero.output()[-2000:]}\n{one.output()[-2000:]}"
        ) from None
    row, pairings = await stored(pg_url, tid)
    assert row is not None and row.status == "finished", (
        f"{zero.output()[-3000:]}\n{one.output()[-3000:]}"
    )
    assert [p.round_no for p in pairings] == [1, 1, 2, 2]
    assert all(p.result_kind == "win" for p in pairings)
    # Announced once each: two rounds, four results (in the thread, by either process).
    texts = [m.text for m in emu.messages(home)]
    assert sum("round 1 of 2" in t for t in texts) == 1
    assert sum("round 2 of 2" in t for t in texts) == 1
    assert sum("is over" in t for t in texts) == 1
    await stop_cleanly(emu, zero, one)


async def test_a_tournament_survives_a_kill_of_either_process(
    emu: Emulator, world: World, start_bot: StartBot, pg_url: str
) -> None:
    # SIGKILL mid-match (shard 0: every DM hand and so every match's end), then after the
    # first result (shard 1: the server, its sign-up and announcements): nothing is lost or
    # taken twice, and the tournament finishes.
    guild, ch = world.guild, world.channel
    admin = emu.create_user("ada", guilds=[guild])
    players = [world.alice, world.bob, world.carol, emu.create_user("dave", guilds=[guild])]
    admins = Role(emu.snowflakes.next(), "Admins", MANAGE_GUILD, position=2)
    guild.roles.append(admins)
    guild.members[admin.id].roles.append(admins.id)
    env = {
        "GIN_DATABASE": pg_url,
        "GIN_SHARD_COUNT": str(SHARDS),
        "GIN_ROUND_PAUSE": "0.2",
        "GIN_COMPUTER_DELAY": "0",
        "GIN_TURN_SECONDS": "600",
        "GIN_TOURNAMENT_ROUND_PAUSE": "0.5",
        "GIN_TOURNAMENT_NO_SHOW_SECONDS": "600",
        "GIN_PG_POOL_SIZE": "4",
    }
    zero = await start_bot(GIN_SHARDS="0", **env)
    one = await start_bot(GIN_SHARDS="1", **env)
    names = {c["name"] for c in emu.commands(guild)} | {c["name"] for c in emu.commands()}
    path = "tournament" if "tournament" in names else "gin tournament"
    await emu.slash(
        admin,
        ch,
        f"{path} create",
        name="Cup",
        format="swiss",
        rules="cardgames",
        target=10,
        rounds=2,
    )
    signup = await emu.wait_for(
        lambda: next((m for m in emu.messages(ch) if "Join" in m.button_labels), None)
    )
    tid = int(signup.text.split("(#")[1].split(")")[0])
    for user in players:
        await emu.click(user, signup, "Join")
    await emu.slash(admin, ch, f"{path} start")
    home = await emu.wait_for(lambda: emu.thread_of(signup))

    def announced() -> bool:
        return any("is over" in m.text for m in emu.messages(home))

    async def until(done: Callable[[], bool], what: str) -> None:
        try:
            await asyncio.wait_for(play_until(emu, players, done), 120)
        except TimeoutError:
            raise AssertionError(
                f"{what}: {await stored(pg_url, tid)}\n"
                f"{zero.output()[-2000:]}\n{one.output()[-2000:]}"
            ) from None

    await asyncio.wait_for(play_until(emu, players, lambda: False, moves=6), 60)
    await zero.kill()
    await zero.start()

    def second_round() -> bool:
        return any("round 2 of 2" in m.text for m in emu.messages(home))

    await until(second_round, "round 2 never started after shard 0 was killed")
    _, pairings = await stored(pg_url, tid)
    results = [p.round_no for p in pairings if p.result_kind is not None]
    assert results[:2] == [1, 1], pairings
    await one.kill()
    await one.start()
    await until(announced, "the tournament did not finish after shard 1 was killed")
    row, pairings = await stored(pg_url, tid)
    assert row is not None and row.status == "finished"
    assert [p.round_no for p in pairings] == [1, 1, 2, 2]
    assert all(p.result_kind == "win" for p in pairings)
    texts = [m.text for m in emu.messages(home)]
    assert sum("round 1 of 2" in t for t in texts) == 1, texts
    assert sum("round 2 of 2" in t for t in texts) == 1
    assert sum("is over" in t for t in texts) == 1
    await stop_cleanly(emu, zero, one)
