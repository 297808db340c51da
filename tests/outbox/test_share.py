"""Several processes on one bot token share Discord's global limit: each outbox spends only
its share of it (its shards' share, or ``GIN_REST_SHARE``), so together they stay within."""

from __future__ import annotations

import asyncio

import pytest

from bot.app.settings import Settings, SettingsError
from bot.outbox import Limits, Outbox
from bot.outbox.write import Raw

from .conftest import World


def settings(**env: str) -> Settings:
    return Settings.from_env({"DISCORD_TOKEN": "x", **env}, env_file=None)


def test_a_process_spends_its_shards_share_unless_told_otherwise() -> None:
    assert settings().global_share == 1.0
    assert settings(GIN_SHARD_COUNT="4").global_share == 1.0  # every shard in one process
    assert settings(GIN_SHARDS="1", GIN_SHARD_COUNT="2").global_share == 0.5
    assert settings(GIN_SHARDS="0-2", GIN_SHARD_COUNT="4").global_share == 0.75
    told = settings(GIN_SHARDS="0", GIN_SHARD_COUNT="2", GIN_REST_SHARE="0.8")
    assert told.global_share == 0.8  # shard 0 answers every DM click: the busier one


@pytest.mark.parametrize("raw", ["0", "1.5", "-0.5", "half", "nan"])
def test_a_share_outside_0_to_1_is_refused_with_a_sentence(raw: str) -> None:
    with pytest.raises(SettingsError, match="GIN_REST_SHARE must be a number above 0"):
        settings(GIN_REST_SHARE=raw)


def test_the_share_is_of_the_bots_own_buckets_only() -> None:
    half = Limits().shared(0.5)
    assert half.global_ == (22, 1.0)  # of the 45 a second the outbox allows itself
    # Opening a DM is one bucket for the whole bot: two processes opening 5 a second each
    # were refused (46 429s setting up 400 tables over two processes).
    assert half.dm_open == (2, 1.0)
    assert (half.post, half.edit, half.delete) == (Limits().post, Limits().edit, Limits().delete)
    assert Limits().shared(0.001).global_ == (1, 1.0)  # never nothing


async def test_two_processes_on_one_token_spend_half_of_its_global_limit_each(
    world: World,
) -> None:
    """Two outboxes on one client stand for two processes; each writes in its own channels
    (one post each, so no channel's bucket binds): only the global budget paces them."""
    emu, guild = world.emu, world.channel.guild
    budget = Limits(global_=(10, 1.0))
    processes = [Outbox(world.bot, budget.shared(0.5)) for _ in range(2)]
    assert [p.gate.window.limit for p in processes] == [5, 5]
    posts = 15
    channels = [[emu.create_channel(guild, f"p{p}-{n}").id for n in range(posts)] for p in (0, 1)]
    sent = [
        outbox.post(channel, Raw({"content": "a table"}))
        for outbox, mine in zip(processes, channels, strict=True)
        for channel in mine
    ]
    assert all(await asyncio.gather(*sent))
    mine = {f"/channels/{channel}/messages" for ids in channels for channel in ids}
    times = sorted(r.at for r in emu.requests if r.method == "POST" and r.path in mine)
    assert len(times) == 2 * posts
    # 5 a second each (windows of 1.15 s with the margin): 30 posts take three windows, over
    # 2.3 s. The whole budget each would have sent 20 at once and the rest 1.15 s later.
    assert times[-1] - times[0] >= 1.8, times[-1] - times[0]
    assert [e for e in emu.errors if e.status == 429] == []
