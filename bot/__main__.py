"""``python -m bot``: run the bot until SIGINT/SIGTERM.

Startup problems end the process with one sentence on what to do and exit status 1
(2 for a settings problem); a stop by SIGINT or SIGTERM exits 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord
from discord import app_commands

from . import heap, startup
from .client import GinBot
from .logging_setup import setup_logging
from .settings import Settings, SettingsError
from .shards import make_bot

log = logging.getLogger("gin")

EXIT_OK, EXIT_FAILED, EXIT_SETTINGS = 0, 1, 2

TOKEN_REJECTED = (
    "Discord rejected the token (401 Unauthorized): copy your bot's token from the Developer "
    "Portal (your application → Bot → Reset Token) into DISCORD_TOKEN and start again."
)
INTENTS_REFUSED = (
    "Discord refused the connection (gateway close 4014, disallowed intents): this bot asks for a "
    "privileged intent the application lacks; enable it in the Developer Portal under Bot → "
    "Privileged Gateway Intents, or stop requesting it."
)


def explain(exc: BaseException, settings: Settings) -> str | None:
    """One sentence for a startup failure the operator can fix; None for a real crash."""
    database = startup.database_problem(exc, settings.database)
    if database is not None:
        return database
    if isinstance(exc, discord.LoginFailure):
        return TOKEN_REJECTED
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return INTENTS_REFUSED
    if isinstance(exc, discord.ConnectionClosed) and exc.code == 4004:
        return TOKEN_REJECTED
    if isinstance(exc, app_commands.CommandSyncFailure):
        return f"Discord refused the slash command definitions ({exc.status} {exc.code}): {exc.text}; fix them and restart."
    if isinstance(exc, discord.Forbidden) and settings.dev_guild_id and exc.code == 50001:
        return (
            f"Discord refused to sync commands to server {settings.dev_guild_id} (403 Missing Access): "
            "invite the bot there with the applications.commands scope, or unset GIN_DEV_GUILD_ID."
        )
    # (An OSError opening the database, in setup_hook, is the database's: see startup.py.)
    if isinstance(exc, aiohttp.ClientConnectionError | OSError) and startup.step_of(exc) not in (
        startup.DATABASE,
        startup.WORKERS,
    ):
        where = settings.api_base or "https://discord.com"
        return (
            f"Could not reach Discord at {where} ({exc}): check the network, or DISCORD_API_BASE."
        )
    return None


async def _run(bot: GinBot) -> None:
    loop = asyncio.get_running_loop()
    # SIGTERM (docker stop, systemd) and SIGINT (Ctrl-C) close cleanly. Handling SIGINT here
    # also covers a bot started as a background job, which inherits SIGINT ignored.
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(bot.settings.token))
        stopper = asyncio.create_task(stop.wait())
        try:
            await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopper.cancel()
            if not runner.done():
                await bot.close()
                # During an outage discord.py sleeps up to minutes before reconnecting.
                runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await runner  # re-raises a startup failure


async def _settle_heap() -> None:
    heap.settle()


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"gin-bot: {exc}", file=sys.stderr)
        return EXIT_SETTINGS
    setup_logging(settings.log_level, secrets=[settings.token])
    startup.announce(settings.database)
    readiness = startup.Readiness()
    if settings.sharded:
        ids = settings.shards or range(settings.shard_count or 0)
        log.info("gin-bot shards %s of %d", ",".join(map(str, ids)), settings.shard_count)
    bot = make_bot(settings)
    # The process's own collector settings (not GinBot's: tests run many bots in one process).
    bot.add_listener(_settle_heap, "on_ready")
    bot.add_listener(readiness.on_ready, "on_ready")
    try:
        asyncio.run(_run(bot))
    except KeyboardInterrupt:
        log.info("gin-bot stopped (SIGINT)")
        return EXIT_OK
    except SystemExit:
        raise
    except BaseException as exc:  # CancelledError and the like included: always say why
        sentence = explain(exc, settings) if isinstance(exc, Exception) else None
        if sentence is None:
            startup.report_failure(exc, settings.database, was_ready=readiness.seen)
        else:
            log.critical(sentence)
        return EXIT_FAILED
    log.info("gin-bot stopped")
    return EXIT_OK


if __name__ == "__main__":
    if "--local" in sys.argv[1:]:  # the sandbox: emulator + this bot + a web page
        from .local import main as local_main

        sys.exit(local_main(sys.argv[1:]))
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C before the event loop started
        sys.exit(EXIT_OK)
