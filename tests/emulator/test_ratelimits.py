"""Discord's REST rate limits in the emulator: headers, pacing, 429s, invalid requests, the ban."""

from __future__ import annotations

import asyncio
import time

import discord
import pytest

from emulator import Emulator
from emulator.ratelimits import bucket_hash
from emulator.testing import running

from .conftest import RawApi, World, make_client

POST = "POST /channels/{channel_id}/messages"


async def test_answers_carry_the_bucket_headers(emu: Emulator, world: World, api: RawApi) -> None:
    other = world.guild.channel("other")
    first = await api("POST", f"/channels/{world.channel.id}/messages", json={"content": "a"})
    second = await api("POST", f"/channels/{world.channel.id}/messages", json={"content": "b"})
    elsewhere = await api("POST", f"/channels/{other.id}/messages", json={"content": "c"})
    edit = await api(
        "PATCH",
        f"/channels/{world.channel.id}/messages/{first.body['id']}",
        json={"content": "a2"},
    )
    assert [r.status for r in (first, second, elsewhere, edit)] == [200] * 4
    h = second.headers
    assert (h["X-RateLimit-Limit"], h["X-RateLimit-Remaining"]) == ("5", "3")
    assert 4.5 < float(h["X-RateLimit-Reset-After"]) <= 5.0
    assert abs(float(h["X-RateLimit-Reset"]) - (time.time() + 5.0)) < 1.0
    # One bucket per channel, the same opaque hash (Discord's hash leaves out the resource).
    assert elsewhere.headers["X-RateLimit-Remaining"] == "4"
    assert elsewhere.headers["X-RateLimit-Bucket"] == h["X-RateLimit-Bucket"] == bucket_hash(POST)
    assert edit.headers["X-RateLimit-Bucket"] != h["X-RateLimit-Bucket"]
    # An error answer carries them too (it counts against the bucket).
    missing = await api("GET", f"/channels/{world.channel.id}/messages/1")
    assert missing.status == 404 and missing.headers["X-RateLimit-Remaining"] == "4"


async def test_a_refused_request_is_a_429_as_discord_sends_it(
    emu: Emulator, world: World, api: RawApi
) -> None:
    path = f"/channels/{world.channel.id}/messages"
    for n in range(5):
        assert (await api("POST", path, json={"content": str(n)})).status == 200
    refused = await api("POST", path, json={"content": "sixth"})
    assert refused.status == 429
    assert refused.body["global"] is False and 0 < refused.body["retry_after"] <= 5.0
    assert refused.body["message"] == "You are being rate limited."
    h = refused.headers
    assert h["Via"] and h["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in h
    assert int(h["Retry-After"]) >= refused.body["retry_after"]
    assert h["X-RateLimit-Remaining"] == "0" and h["X-RateLimit-Bucket"] == bucket_hash(POST)
    # Not handled: no sixth message; another channel's bucket is untouched.
    assert [m.content for m in emu.messages(world.channel)] == ["0", "1", "2", "3", "4"]
    other = world.guild.channel("other")
    assert (
        await api("POST", f"/channels/{other.id}/messages", json={"content": "x"})
    ).status == 200
    stats = emu.ratelimits.stats
    assert stats.refused == {(POST, "user"): 1} and stats.invalid == 1
    assert stats.global_limited[POST] == 7


async def test_a_burst_of_posts_makes_discordpy_wait_not_fail(emu: Emulator, world: World) -> None:
    emu.options.route_limits[POST] = (3, 0.5)
    async with running(make_client(), emu) as client:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        started = time.monotonic()
        for n in range(10):
            await channel.send(f"in order {n}")
        paced = time.monotonic() - started
        # Sent one after another, discord.py waits from the headers and is never refused.
        assert emu.ratelimits.stats.refused == {}
        # Sent together, it can overshoot a window at a reset (as on Discord); it honours the
        # 429 and retries, so nothing is lost.
        await asyncio.gather(*(channel.send(f"together {n}") for n in range(10)))
    contents = [m.content for m in emu.messages(world.channel)]
    assert contents[:10] == [f"in order {n}" for n in range(10)]
    assert sorted(contents[10:]) == sorted(f"together {n}" for n in range(10))
    # Four windows of three: discord.py waited out three resets, read from the headers.
    assert paced >= 3 * 0.5 - 0.2
    assert set(emu.ratelimits.stats.refused) <= {(POST, "user")}


async def test_the_global_limit_spares_the_interaction_routes(emu: Emulator, api: RawApi) -> None:
    emu.options.global_per_second = 10
    emu.options.route_limits["*"] = (1000, 1.0)
    served = [(await api("GET", "/users/@me")).status for _ in range(10)]
    assert served == [200] * 10
    refused = await api("GET", "/users/@me")
    assert refused.status == 429 and refused.body["global"] is True
    assert 0 < refused.body["retry_after"] <= 1.0
    h = refused.headers
    assert (h["X-RateLimit-Scope"], h["X-RateLimit-Global"]) == ("global", "true") and h["Via"]
    # Interaction webhooks are not counted: still answered (404: no such interaction), not 429.
    hook = await api("POST", f"/webhooks/{emu.application_id}/nope", json={"content": "x"})
    assert hook.status == 404
    stats = emu.ratelimits.stats
    assert stats.refused == {("global", "global"): 1}
    assert stats.exempt == {"POST /webhooks/{application_id}/{token}": 1}
    assert stats.global_limited == {"GET /users/@me": 11}
    assert stats.peak_global_per_second >= 6
    await asyncio.sleep(refused.body["retry_after"])
    assert (await api("GET", "/users/@me")).status == 200


async def test_invalid_requests_end_in_a_ban(emu: Emulator, world: World, api: RawApi) -> None:
    emu.options.invalid_limit = 4
    emu.options.invalid_window = 60.0
    emu.options.ban_seconds = 30.0
    for _ in range(3):
        assert (await api("GET", "/users/@me", token="wrong")).status == 401
    # Old invalid requests leave the rolling window.
    emu.clock.advance(61)
    assert emu.ratelimits.invalid_in_window() == 0
    for _ in range(3):
        assert (await api("GET", "/users/@me", token="wrong")).status == 401
    emu.deny_bot(world.channel, "send_messages")
    path = f"/channels/{world.channel.id}/messages"
    assert (await api("POST", path, json={"content": "x"})).status == 403
    # Banned: every request, even a good one, gets Cloudflare's 429 without Via.
    banned = await api("GET", "/users/@me")
    assert banned.status == 429 and "Via" not in banned.headers
    assert banned.body == b"error code: 1015" and int(banned.headers["Retry-After"]) == 30
    assert (emu.ratelimits.stats.invalid, emu.ratelimits.stats.bans) == (7, 1)
    emu.allow_bot(world.channel, "send_messages")
    refused_client = make_client()
    with pytest.raises(discord.HTTPException) as info:
        async with running(refused_client, emu):
            pass
    await refused_client.close()
    assert info.value.status == 429
    emu.clock.advance(31)
    async with running(make_client(), emu) as client:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("back")
    assert [m.content for m in emu.messages(world.channel)] == ["back"]


async def test_rate_limits_false_serves_everything_at_once() -> None:
    async with Emulator(rate_limits=False) as emu:
        guild = emu.create_guild("Club", channels=("gin",))
        async with running(make_client(), emu) as client:
            channel = client.get_channel(guild.channel("gin").id)
            assert isinstance(channel, discord.TextChannel)
            await asyncio.gather(*(channel.send(str(n)) for n in range(12)))
        assert len(emu.messages(guild.channel("gin"))) == 12
        assert not emu.errors and emu.ratelimits.stats.refused == {}
        # Still counted, for the bench's old-world figures.
        assert emu.ratelimits.stats.global_limited[POST] == 12
