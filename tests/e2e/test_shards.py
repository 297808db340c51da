"""``python -m bot`` on Discord's shards (``GIN_SHARDS``, ``GIN_SHARD_COUNT``).

A server's events reach shard ``(guild_id >> 22) % shard_count``; DMs, and so every click
on a DM hand, reach shard 0 only. One process serving shards 0 and 1 plays a match in a
server of shard 1 from DM hands that arrive on shard 0; two processes with one shard each
get only their own shard's events.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from pathlib import Path

import pytest
from discord.ext import commands

from bot.app.client import GinBot
from bot.app.settings import Settings, SettingsError
from bot.app.shards import ShardedGinBot, make_bot
from emulator import Channel, Emulator, Interaction
from tests.play.driver import live_controls, play_one

from . import sharded
from .botproc import READY, BotProcess
from .conftest import World
from .sharded import SHARDS, StartBot

emu, world = sharded.emu, sharded.world  # the two-shard fixtures


def _delivered(emu: Emulator, shard: int) -> set[int]:
    """The ids of the interactions the emulator sent to ``shard``'s session."""
    session = emu.gateway.session(shard, SHARDS)
    assert session is not None, f"no session on shard {shard}"
    return {int(d["id"]) for name, d in session.sent() if name == "INTERACTION_CREATE"}


# --- the settings ------------------------------------------------------------------------


def test_shard_settings_are_read_and_checked() -> None:
    plain = Settings.from_env({"DISCORD_TOKEN": "t"}, env_file=None)
    assert (plain.shards, plain.shard_count, plain.sharded) == (None, None, False)
    every = Settings.from_env({"DISCORD_TOKEN": "t", "GIN_SHARD_COUNT": "4"}, env_file=None)
    assert (every.shards, every.shard_count, every.sharded) == (None, 4, True)
    some = Settings.from_env(
        {"DISCORD_TOKEN": "t", "GIN_SHARDS": " 3, 0-1 ", "GIN_SHARD_COUNT": "4"}, env_file=None
    )
    assert (some.shards, some.shard_count) == ((0, 1, 3), 4)
    # A process's role: its shards, whether listed or implied (its restarts have the same).
    assert plain.process_role == "all shards"
    assert every.process_role == "shards 0,1,2,3 of 4"
    assert some.process_role == "shards 0,1,3 of 4"
    listed = Settings.from_env(
        {"DISCORD_TOKEN": "t", "GIN_SHARDS": "0-3", "GIN_SHARD_COUNT": "4"}, env_file=None
    )
    assert listed.process_role == every.process_role


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({"GIN_SHARDS": "0"}, "GIN_SHARDS needs GIN_SHARD_COUNT"),
        ({"GIN_SHARDS": "0,2", "GIN_SHARD_COUNT": "2"}, "shards from 0 to 1 .* not 2"),
        ({"GIN_SHARDS": "0,0", "GIN_SHARD_COUNT": "2"}, "each shard id once"),
        ({"GIN_SHARDS": "one", "GIN_SHARD_COUNT": "2"}, "GIN_SHARDS must list shard ids"),
        ({"GIN_SHARDS": "1-0", "GIN_SHARD_COUNT": "2"}, "lowest first"),
        ({"GIN_SHARD_COUNT": "0"}, "GIN_SHARD_COUNT must be a whole number"),
        ({"GIN_SHARD_COUNT": "two"}, "GIN_SHARD_COUNT must be a whole number"),
    ],
)
def test_shard_settings_errors_say_what_to_do(env: dict[str, str], needle: str) -> None:
    with pytest.raises(SettingsError, match=needle):
        Settings.from_env({"DISCORD_TOKEN": "t", **env}, env_file=None)


def test_the_bot_is_sharded_only_when_a_shard_count_is_set() -> None:
    # Built, never started: nothing to close.
    plain = make_bot(Settings(token="t"), extensions=[])
    assert type(plain) is GinBot and not isinstance(plain, commands.AutoShardedBot)
    every = make_bot(Settings(token="t", shard_count=3), extensions=[])
    assert isinstance(every, ShardedGinBot) and isinstance(every, commands.AutoShardedBot)
    assert (every.shard_ids, every.shard_count) == (None, 3)  # discord.py connects 0, 1, 2
    some = make_bot(Settings(token="t", shards=(1, 2), shard_count=3), extensions=[])
    assert (some.shard_ids, some.shard_count) == ([1, 2], 3)


async def test_a_bad_shard_setting_stops_the_bot_with_one_sentence(start_bot: StartBot) -> None:
    bot = await start_bot(wait_ready=False, GIN_SHARDS="1", GIN_SHARD_COUNT="1")
    assert await bot.wait_exit() == 2
    assert "GIN_SHARDS must name shards from 0 to 0" in bot.output()
    assert "Traceback" not in bot.output()


# --- one process, two shards -------------------------------------------------------------


async def test_one_process_on_two_shards_plays_a_match_from_dm_hands(
    emu: Emulator, world: World, start_bot: StartBot
) -> None:
    assert emu.shard_of(world.guild) == 1
    bot = await start_bot(
        GIN_SHARDS="0,1", GIN_SHARD_COUNT="2", GIN_ROUND_PAUSE="0", GIN_COMPUTER_DELAY="0"
    )
    out = bot.output()
    assert "gin-bot shard 0 of 2 ready: 0 guilds" in out
    assert "gin-bot shard 1 of 2 ready: 1 guilds" in out
    assert (await bot.wait_ready())[1] == 1
    assert {s.shard for s in emu.gateway.live_sessions()} == {(0, 2), (1, 2)}

    a, b, ch = world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b, target=10)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), timeout=10)
    for _ in range(3000):
        if any("Match over" in m.text for m in emu.messages(ch)):
            break
        if not (await play_one(emu, a) or await play_one(emu, b)):
            await asyncio.sleep(0.02)
    else:
        raise AssertionError(f"the match did not finish:\n{bot.output()[-3000:]}")

    in_dms = [i for i in emu.interactions if i.guild is None]
    in_server = [i for i in emu.interactions if i.guild is not None]
    assert len(in_dms) >= 5 and in_server  # the accept and the moves; the challenge
    assert all(i.ack_type is not None for i in emu.interactions)
    assert _delivered(emu, 0) == {i.id for i in in_dms}
    assert _delivered(emu, 1) == {i.id for i in in_server}
    emu.assert_no_unknown_routes()
    assert "Traceback" not in bot.output()
    assert await bot.stop() == 0


# --- two processes, one shard each -------------------------------------------------------


async def test_two_processes_get_only_their_own_shards_events(
    emu: Emulator, world: World, start_bot: StartBot, tmp_path: Path
) -> None:
    zero = emu.create_guild("Zero", channels=("gin",), shard=0)
    for user in (world.alice, world.bob):
        emu.add_member(zero, user)
    where = {0: zero.channel("gin"), 1: world.channel}

    def start(shard: int) -> Awaitable[BotProcess]:
        # Global commands (no dev server), so /gin works in DMs too; one database each.
        return start_bot(
            GIN_SHARDS=str(shard),
            GIN_SHARD_COUNT=str(SHARDS),
            GIN_DEV_GUILD_ID="",
            GIN_DATABASE=str(tmp_path / f"shard{shard}.sqlite3"),
        )

    first, second = await start(0), await start(1)
    for proc, shard in ((first, 0), (second, 1)):
        match = READY.search(proc.output())
        assert match is not None and match.group(2) == "1"  # one server each
        assert f"gin-bot shard {shard} of 2 ready: 1 guilds" in proc.output()

    async def about(channel: Channel | None) -> Interaction:
        return await emu.slash(world.alice, channel, "gin about", raise_on_failure=False)

    in_zero, in_one, in_dm = await about(where[0]), await about(where[1]), await about(None)
    assert all(i.ack_type == 4 for i in (in_zero, in_one, in_dm))
    assert _delivered(emu, 0) == {in_zero.id, in_dm.id}
    assert _delivered(emu, 1) == {in_one.id}

    # Shard 1's process stops: its server goes unanswered; shard 0's server and DMs do not.
    assert await second.stop() == 0
    assert (await about(where[1])).ack_type is None
    assert (await about(where[0])).ack_type == 4
    assert (await about(None)).ack_type == 4

    # And the other way round: without shard 0's process, DMs go unanswered.
    await second.start()
    assert await first.stop() == 0
    assert (await about(where[1])).ack_type == 4
    assert (await about(None)).ack_type is None
    assert (await about(where[0])).ack_type is None

    emu.assert_no_unknown_routes()
    for proc in (first, second):
        assert "Traceback" not in proc.log()
    assert await second.stop() == 0
