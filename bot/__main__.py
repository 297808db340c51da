"""``python -m bot`` (or ``gin-bot``): run the bot until SIGINT/SIGTERM; ``backup`` and
``restore`` a SQLite database; ``--help``, ``--version``; ``--local`` for the sandbox.

Startup problems end the process with one sentence on what to do and exit status 1
(2 for a settings problem or a wrong command line); a stop by SIGINT or SIGTERM exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from importlib import metadata

import aiohttp
import discord
from discord import app_commands

from bot.app import startup
from bot.app.client import GinBot
from bot.app.settings import Settings, SettingsError
from bot.app.shards import make_bot
from bot.ops import heap
from bot.ops.logging_setup import setup_logging
from bot.ops.server import MetricsServerError

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
    if isinstance(exc, MetricsServerError):
        return str(exc)
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
    log.info("event loop: %s", "uvloop" if type(loop).__module__ == "uvloop" else "asyncio")
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


def loop_factory(choice: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The event loop for ``GIN_EVENT_LOOP``: uvloop's where chosen and installed (less CPU
    per click than asyncio's, docs/performance.md); None: Python's own."""
    if choice != "uvloop":
        return None
    try:
        import uvloop
    except ImportError:  # an install without it (e.g. an unusual platform): asyncio's own
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


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
        with asyncio.Runner(loop_factory=loop_factory(settings.event_loop)) as runner:
            runner.run(_run(bot))
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


def package_version() -> str:
    """The installed package's version (``pyproject.toml``), or "unknown" when run unpacked."""
    try:
        return metadata.version("gin-bot")
    except metadata.PackageNotFoundError:
        return "unknown"


def parser() -> argparse.ArgumentParser:
    """The command line: no command runs the bot, configured by the environment and .env."""
    top = argparse.ArgumentParser(
        prog="gin-bot",
        description="Gin Rummy for Discord. Without a command: run the bot, configured by "
        "environment variables or a .env file (DISCORD_TOKEN, GIN_DATABASE, ...; see "
        "docs/emulator.md and docs/deploy.md).",
        epilog="python -m bot --local [--help]: try the bot in your browser, without Discord.",
    )
    top.add_argument("--version", action="version", version=f"gin-bot {package_version()}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("run", help="run the bot (the default)")
    backup = commands.add_parser(
        "backup",
        help="copy the SQLite database (GIN_DATABASE) consistently, even while the bot runs",
    )
    backup.add_argument("path", help="the backup file to write, or a folder to write it in")
    restore = commands.add_parser(
        "restore",
        help="put a backup in place of the SQLite database (GIN_DATABASE); the bot must be stopped",
    )
    restore.add_argument("path", help="the backup file")
    commands.add_parser(
        "healthcheck",
        help="exit 0 if the running bot's /healthz (GIN_METRICS_ADDRESS) says healthy, else 1",
    )
    return top


def cli(argv: Sequence[str] | None = None) -> int:
    """The ``gin-bot`` console script and ``python -m bot``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--local" in args:  # the sandbox: emulator + this bot + a web page (its own options)
        from bot.app.local import main as local_main

        return local_main(args)
    try:
        chosen = parser().parse_args(args)
    except SystemExit as exc:  # --help, --version (0), or a wrong command line (2)
        return int(exc.code or 0)
    if chosen.command == "healthcheck":
        from bot.ops import healthcheck

        return healthcheck.command()
    if chosen.command in ("backup", "restore"):
        from bot.ops import backup

        return backup.command(chosen.command, chosen.path)
    try:
        return main()
    except KeyboardInterrupt:  # Ctrl-C before the event loop started
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(cli())
