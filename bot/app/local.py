"""``python -m bot --local``: try the bot without Discord.

Starts the emulator (``emulator/``, a loopback Discord) with a seeded server, runs the real bot
against it as ``python -m bot`` (the production code path; it cannot tell), and serves the
sandbox page (``emulator/web/``) where you play as one of the seeded members. No token, no
network. See ``docs/sandbox.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import sys
import webbrowser
from collections.abc import Sequence
from pathlib import Path

from emulator import Channel, Emulator, Guild, User
from emulator.models import Role
from emulator.web import SandboxPage, is_loopback

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
DEFAULT_PORT = 8765
READY = re.compile(r"gin-bot ready: (\d+) commands, (\d+) guilds")
#: The members you can be: username, display name, Discord client language. Alice organizes
#: (Manage Server, so tournaments can be tried); Diego and Fleur read Spanish and French.
MEMBERS = (
    ("alice", "Alice", "en-US"),
    ("bob", "Bob", "en-US"),
    ("carol", "Carol", "en-US"),
    ("diego", "Diego", "es-ES"),
    ("fleur", "Fleur", "fr"),
)
ORGANIZER = "alice"
#: Discord's Manage Server permission bit.
MANAGE_GUILD = 1 << 5
#: The bot's own variables that must not come from the shell or .env in the sandbox.
_OVERRIDDEN = ("DISCORD_TOKEN", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "GIN_DEV_GUILD_ID")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot --local",
        description="Play with the bot in your browser, against a loopback Discord.",
    )
    parser.add_argument("--local", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--host", default="127.0.0.1", help="address of the page (loopback)")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port of the page (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--allow-remote",
        action="store_true",
        help="listen on a non-loopback --host: anyone who reaches it can act as any member",
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--database",
        default="data/sandbox.sqlite3",
        help="the sandbox's SQLite file, emptied at each start (default data/sandbox.sqlite3)",
    )
    return parser.parse_args(list(argv))


def seed(emu: Emulator) -> tuple[Guild, Channel, list[User]]:
    """The sandbox's world: server "Gin Club" with #gin, and the members you can be."""
    guild = emu.create_guild("Gin Club", channels=("gin",))
    members = []
    for name, shown, locale in MEMBERS:
        user = emu.create_user(name, global_name=shown, guilds=[guild])
        user.locale = locale
        members.append(user)
    organizers = Role(emu.snowflakes.next(), "Organizers", MANAGE_GUILD, position=1)
    guild.roles.append(organizers)
    (organizer,) = (u for u in members if u.username == ORGANIZER)
    guild.members[organizer.id].roles.append(organizers.id)
    return guild, guild.channel("gin"), members


def bot_environment(emu: Emulator, database: Path) -> dict[str, str]:
    """``python -m bot``'s environment: the emulator's endpoints and token, global commands
    (usable in DMs too), the sandbox database; your other GIN_* settings pass through."""
    env = {k: v for k, v in os.environ.items() if k not in _OVERRIDDEN}
    env.update(emu.bot_env())
    env["GIN_DEV_GUILD_ID"] = ""  # blank wins over a .env value: commands are global
    env["GIN_DATABASE"] = str(database)
    env.setdefault("GIN_GUILD_READY_TIMEOUT", "0.1")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def fresh_database(database: Path) -> None:
    """The world is new at every start (new ids), so the sandbox's games start over too."""
    database.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            Path(f"{database}{suffix}").unlink()


def can_open_browser() -> bool:
    """A graphical browser can be started (Linux without a display would get a text one)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class BotRunner:
    """``python -m bot`` as a child process; its output goes to a log file."""

    def __init__(self, env: dict[str, str], log_path: Path) -> None:
        self.env = env
        self.log_path = log_path
        self.proc: asyncio.subprocess.Process | None = None
        self.ready = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            env=self.env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # Ctrl-C reaches the launcher, which stops the bot cleanly
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        with self.log_path.open("ab") as log:
            async for line in self.proc.stdout:
                log.write(line)
                log.flush()
                if READY.search(line.decode("utf-8", "replace")):
                    self.ready.set()

    def tail(self, lines: int = 15) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    async def stop(self) -> int | None:
        proc = self.proc
        if proc is None:
            return None
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(proc.wait(), 15)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        return proc.returncode


def say(text: str) -> None:
    print(text, flush=True)


async def serve(args: argparse.Namespace) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    database = Path(args.database)
    fresh_database(database)
    log_path = database.with_suffix(".log")
    log_path.write_text("", encoding="utf-8")
    async with Emulator() as emu:  # the emulator itself only ever listens on 127.0.0.1
        guild, channel, members = seed(emu)
        page = SandboxPage(emu, guild, channel, members)
        try:
            url = await page.start(args.host, args.port)
        except OSError as exc:
            if args.port != DEFAULT_PORT:
                say(f"gin-bot --local: cannot listen on {args.host}:{args.port} ({exc}).")
                return EXIT_FAILED
            url = await page.start(args.host, 0)  # the usual port is taken: any free one
        bot = BotRunner(bot_environment(emu, database), log_path)
        try:
            await bot.start()
            say(f"Gin Rummy sandbox: {url}")
            say(
                f"  you are {members[0].display_name}; {url}/?as={members[1].username} is "
                f"{members[1].display_name} (one tab per member). Ctrl-C stops."
            )
            say(f"  bot log: {log_path}; database: {database} (emptied at each start)")
            if not args.no_browser and can_open_browser():
                loop.run_in_executor(None, webbrowser.open, url)
            assert bot.proc is not None
            ready = asyncio.create_task(bot.ready.wait())
            exited = asyncio.create_task(bot.proc.wait())
            stopped = asyncio.create_task(stop.wait())
            await asyncio.wait({ready, exited, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if ready.done() and not exited.done():
                say("  the bot is ready: try /gin computer in #gin")
                await asyncio.wait({exited, stopped}, return_when=asyncio.FIRST_COMPLETED)
            for task in (ready, exited, stopped):
                task.cancel()
            if bot.proc.returncode is not None and not stop.is_set():
                say(f"gin-bot --local: the bot stopped (exit {bot.proc.returncode}); its log:")
                say(bot.tail())
                return EXIT_FAILED
            return EXIT_OK
        finally:
            await bot.stop()
            await page.stop()


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    if not is_loopback(args.host) and not args.allow_remote:
        print(
            f"gin-bot --local: refusing to listen on {args.host}: the sandbox has no login, so "
            "anyone who reaches the page can play as any member. It listens on 127.0.0.1 only; "
            "pass --allow-remote to listen on another address anyway.",
            file=sys.stderr,
        )
        return EXIT_USAGE
    if not is_loopback(args.host):
        print(
            f"gin-bot --local: listening on {args.host} as asked (--allow-remote): anyone who "
            "reaches it can play as any member.",
            file=sys.stderr,
        )
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return EXIT_OK
