"""``GIN_METRICS_ADDRESS``: ``/metrics`` and ``/healthz`` of ``python -m bot`` scraped while a
match runs against the emulator; ``/healthz`` fails when the gateway is cut and passes again
once the bot has reconnected."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from emulator import Emulator
from tests.store.pgserver import free_port

from .botproc import BotProcess
from .conftest import World
from .gatewaycut import GatewayCut
from .matches import challenge_accepted, play_moves

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


@pytest.fixture
async def cut(emu: Emulator) -> AsyncIterator[GatewayCut]:
    proxy = await GatewayCut(emu.options.port).start()
    rest = emu.api_base
    # The gateway URLs the bot is told (and READY's resume URL) now lead through the proxy;
    # REST stays direct (aiohttp may upgrade a pooled REST connection to the websocket, so
    # the proxy must carry nothing else).
    emu.options.port = proxy.port
    proxy.rest = rest
    yield proxy
    await proxy.stop()


async def bot_with_metrics(
    start_bot: Any, emu: Emulator, cut: GatewayCut, *, bare_port: bool = False, **env: str
) -> tuple[BotProcess, str]:
    """``python -m bot`` with /healthz and /metrics on a free port, its gateway through
    ``cut``; (the bot, the pages' base URL)."""
    port = free_port()
    bot: BotProcess = await start_bot(
        DISCORD_API_BASE=cut.rest,
        DISCORD_GATEWAY_URL=emu.gateway_url,
        # A port alone listens on loopback.
        GIN_METRICS_ADDRESS=str(port) if bare_port else f"127.0.0.1:{port}",
        **env,
    )
    return bot, f"http://127.0.0.1:{port}"


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


async def scrape(base: str) -> tuple[Samples, str]:
    status, text = await get(f"{base}/metrics")
    assert status == 200
    samples: Samples = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            samples[(s.name, frozenset(s.labels.items()))] = s.value
    return samples, text


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    want = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and want <= ls)


async def health(base: str) -> tuple[int, dict[str, Any]]:
    status, text = await get(f"{base}/healthz")
    return status, json.loads(text)


async def wait_health(base: str, status: int, timeout: float = 60.0) -> dict[str, Any]:  # noqa: ASYNC109
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        got, body = await health(base)
        if got == status:
            return body
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"/healthz stayed {got} (wanted {status}): {body}")
        await asyncio.sleep(0.1)


async def test_metrics_move_during_a_match_and_health_follows_the_gateway(
    emu: Emulator, world: World, cut: GatewayCut, start_bot
) -> None:
    bot, base = await bot_with_metrics(
        start_bot, emu, cut, GIN_ROUND_PAUSE="0", GIN_COMPUTER_DELAY="0"
    )
    status, body = await health(base)
    assert status == 200, body
    assert body["healthy"] is True
    assert set(body["checks"]) == {"gateway", "store", "event_loop"}
    before, _ = await scrape(base)

    a, b, ch = world.alice, world.bob, world.channel
    # Hand pictures are a player's choice (off by default): Alice's are drawn, and timed.
    await emu.slash(a, ch, "gin me settings", images="on")
    # One board edit answered 429 once: discord.py waits and retries, the metrics count it.
    emu.inject_fault("PATCH /channels/{channel_id}/messages/{message_id}", status=429)
    await challenge_accepted(emu, world)
    made = 8
    await play_moves(emu, (a, b), made)

    after, text = await scrape(base)
    grew = {
        name: (total(before, name, **labels), total(after, name, **labels))
        for name, labels in [
            ("gin_interactions_total", {"kind": "application_command"}),
            ("gin_interactions_total", {"kind": "component"}),
            ("gin_interaction_ack_seconds_count", {}),
            ("gin_rest_requests_total", {"route": "POST /interactions/{id}/{token}/callback"}),
            ("gin_rest_requests_total", {"route": "POST /channels/{id}/messages"}),
            ("gin_rest_rate_limited_total", {}),
            ("gin_rest_invalid_requests_total", {"status": "429"}),
            ("gin_store_commit_seconds_count", {}),
            ("gin_picture_seconds_count", {}),
        ]
    }
    assert all(now > then for then, now in grew.values()), grew
    assert total(after, "gin_interactions_total", kind="component") >= made + 1
    # Every acknowledgement timed, each within Discord's 3 s.
    acks = total(after, "gin_interaction_ack_seconds_count")
    assert acks == total(after, "gin_interactions_total")
    assert total(after, "gin_interaction_ack_seconds_bucket", le="3.0") == acks
    assert total(after, "gin_live_tables") == 1
    assert total(after, "gin_gateway_connected") == 1
    assert "gin_errors_total" in text or "# TYPE gin_errors counter" in text
    # Routes are templates: no token, no id of a channel or a message in a label.
    assert emu.token not in text and str(ch.id) not in text
    # The outbox's queue, as the operator reads it (empty once the moves are shown).
    assert "# TYPE gin_outbox_depth gauge" in text
    assert "# TYPE gin_outbox_oldest_seconds gauge" in text
    assert any(n == "gin_outbox_depth" for n, _ in after)
    assert 0 <= total(after, "gin_outbox_oldest_seconds") < 60

    # The gateway cut: unhealthy, naming the check; healthy again after the reconnect.
    cut.cut()
    body = await wait_health(base, 503)
    assert body["checks"]["gateway"]["ok"] is False
    assert body["checks"]["store"]["ok"] is True
    down, _ = await scrape(base)
    assert total(down, "gin_gateway_connected") == 0
    await cut.refusals(1, timeout=60)  # the bot tried to reconnect and could not
    assert cut.refused >= 1
    cut.restore()
    body = await wait_health(base, 200)
    assert all(check["ok"] for check in body["checks"].values())
    about = await emu.slash(b, ch, "gin about")
    assert about.response is not None

    assert await bot.stop() == 0
    assert emu.token not in bot.log()


async def test_health_names_each_shard_of_a_sharded_process(
    emu: Emulator, world: World, cut: GatewayCut, start_bot
) -> None:
    bot, base = await bot_with_metrics(start_bot, emu, cut, GIN_SHARD_COUNT="2", bare_port=True)
    body = await wait_health(base, 200)
    assert body["checks"]["gateway"]["detail"] == "shards 0,1 connected"
    cut.cut()
    body = await wait_health(base, 503)
    assert body["checks"]["gateway"]["detail"] == "shards 0,1 disconnected"
    cut.restore()
    await wait_health(base, 200)
    assert await bot.stop() == 0
