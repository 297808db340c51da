"""Helpers to run an in-process discord.py client against an :class:`Emulator`.

``import discord`` happens here only, so the emulator itself stays free of discord.py.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import discord

    from .core import Emulator


@contextlib.contextmanager
def discord_pointed_at(emu: Emulator) -> Iterator[None]:
    """Point discord.py's REST base and gateway at ``emu`` (restored afterwards).

    The same two assignments ``bot.app.settings.apply_endpoints`` makes in production.
    """
    import discord
    import yarl

    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = f"{emu.api_base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


@contextlib.asynccontextmanager
async def running(
    client: discord.Client,
    emu: Emulator,
    *,
    timeout: float = 10.0,  # noqa: ASYNC109
) -> AsyncIterator[discord.Client]:
    """Log ``client`` in to ``emu``, connect it, wait until it is ready; close it on exit.

    Pass ``guild_ready_timeout=0.05`` to the client to skip discord.py's 2 s wait for guilds.
    """
    with discord_pointed_at(emu):
        await client.login(emu.token)
        task = asyncio.create_task(client.connect(reconnect=True))
        try:
            waiter = asyncio.create_task(client.wait_until_ready())
            done, _ = await asyncio.wait(
                {waiter, task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if task in done:
                waiter.cancel()
                task.result()  # raises the client's error (LoginFailure, PrivilegedIntentsRequired...)
                raise RuntimeError("the client stopped before it was ready")
            if waiter not in done:
                waiter.cancel()
                raise TimeoutError(f"the client was not ready within {timeout:g} s")
            yield client
        finally:
            await client.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 5)
