"""``/healthz``'s checks: every shard of this process connected, the store answering a
trivial query, the event loop not stalled. Each gives (ok, one line saying what it saw)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass
from typing import Any

import discord

#: A store that takes longer than this to answer one indexed read is not answering.
STORE_PATIENCE = 3.0
#: The event loop is stalled when a timer runs this late.
STALL = 2.0
#: How often the loop's lateness is measured.
TICK = 0.5


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str


def gateway(bot: discord.Client) -> Check:
    """Each shard this process connects has an open websocket (and the bot got ready)."""
    if bot.is_closed():
        return Check("gateway", False, "the client is closed")
    if not bot.is_ready():
        return Check("gateway", False, "not connected yet")
    if isinstance(bot, discord.AutoShardedClient):
        wanted = bot.shard_ids if bot.shard_ids is not None else range(bot.shard_count or 0)
        down = [i for i in wanted if _shard_closed(bot, i)]
        if down:
            return Check("gateway", False, f"shards {','.join(map(str, down))} disconnected")
        return Check("gateway", True, f"shards {','.join(map(str, wanted))} connected")
    ws = bot.ws
    if ws is None or not ws.open:
        return Check("gateway", False, "disconnected")
    return Check("gateway", True, "connected")


def _shard_closed(bot: discord.AutoShardedClient, shard_id: int) -> bool:
    shard = bot.shards.get(shard_id)
    try:
        return shard is None or shard.is_closed()
    except AttributeError:  # a shard still connecting has no websocket yet
        return True


async def store(storage: Any) -> Check:
    """One indexed single-row read (a table that does not exist) within STORE_PATIENCE."""
    if storage is None:
        return Check("store", False, "not open yet")
    started = time.perf_counter()
    try:
        await asyncio.wait_for(storage.tables.version_of(0), STORE_PATIENCE)
    except TimeoutError:
        return Check("store", False, f"no answer within {STORE_PATIENCE:g} s")
    except Exception as exc:
        return Check("store", False, f"{type(exc).__name__}: {exc}"[:200])
    return Check("store", True, f"answered in {(time.perf_counter() - started) * 1000:.1f} ms")


class LoopWatch:
    """Measures how late the event loop runs a timer, every TICK seconds."""

    def __init__(self) -> None:
        self.lag = 0.0
        self.last_tick = time.monotonic()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _watch(self) -> None:
        while True:
            before = time.monotonic()
            await asyncio.sleep(TICK)
            self.last_tick = time.monotonic()
            self.lag = max(0.0, self.last_tick - before - TICK)

    def check(self) -> Check:
        # Measured now too: a loop that was stalled until this request is seen as such.
        late = max(self.lag, time.monotonic() - self.last_tick - TICK)
        if late > STALL:
            return Check("event_loop", False, f"stalled: a timer ran {late:.1f} s late")
        return Check("event_loop", True, f"lag {late * 1000:.0f} ms")
