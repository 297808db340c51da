"""What the tournament tests share: a server with its admin and players, a swiss cup
created, joined and started through Discord, and the waits and plays between (in
`tests/play` and for the bots as processes of `tests/e2e`; the bot itself: `conftest.bot_on`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from bot.app.client import GinBot
from emulator import Channel, Emulator, Guild, Message, User
from emulator.models import Role

from .conftest import QUIET_WITHIN
from .driver import play_one

MANAGE_GUILD = 1 << 5


def make_admin(emu: Emulator, guild: Guild, user: User) -> None:
    """Give `user` a role with Manage Server in `guild` (who may run tournaments and set
    the server's language)."""
    admins = Role(emu.snowflakes.next(), "Admins", MANAGE_GUILD, position=2)
    guild.roles.append(admins)
    guild.members[user.id].roles.append(admins.id)


def commands_path(emu: Emulator, where: Channel) -> str:
    """ "gin tournament" (or "tournament" while the /gin group is full), as the bot
    registered it, for `where`'s server or everywhere (the bot in this process or not)."""
    paths = set(emu.command_paths()) | set(emu.command_paths(where.guild))
    return "tournament" if "tournament create" in paths else "gin tournament"


def pairing_tables(bot: GinBot, tid: int) -> dict[str, int]:
    """Pairing key -> game table, for the tournament's matches in play."""
    cog: Any = bot.get_cog("Tournaments")
    return {key: table for table, key in cog.service.tables_in_play(tid).items()}


def tournament_of(bot: GinBot, tid: int) -> Any:
    cog: Any = bot.get_cog("Tournaments")
    return cog.service.tournament(tid)


async def play_until(
    emu: Emulator, players: list[User], done: Callable[[], bool], *, moves: int | None = None
) -> int:
    """Scripted users play whatever their DMs offer until `done()` (or `moves` moves)."""
    made = 0
    for _ in range(40000):
        if done() or (moves is not None and made >= moves):
            return made
        moved = False
        for user in players:
            if await play_one(emu, user):
                made += 1
                moved = True
        if not moved:
            await asyncio.sleep(0.02)
    raise AssertionError("the tournament got stuck")


async def wait(pred: Callable[[], Any], what: str) -> Any:
    """`pred()` once it is truthy: checked every 20 ms for up to `QUIET_WITHIN` seconds
    (the bot's posts wait their turn in Discord's buckets)."""
    deadline = asyncio.get_running_loop().time() + QUIET_WITHIN
    while asyncio.get_running_loop().time() < deadline:
        value = pred()
        if value:
            return value
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


class Server(NamedTuple):
    """A guild "Cards" with one channel, its admin (Manage Server) and its players."""

    guild: Guild
    ch: Channel
    admin: User
    players: list[User]


def server(emu: Emulator, channel: str, players: int | Sequence[str] = 4) -> Server:
    """The tournaments' server: "ada" its admin, and `players` users "player1".."playerN"
    (or, given names, users with those display names), all members."""
    guild = emu.create_guild("Cards")
    ch = emu.create_channel(guild, channel)
    admin = emu.create_user("ada")
    if isinstance(players, int):
        users = [emu.create_user(f"player{i}") for i in range(1, players + 1)]
    else:
        users = [emu.create_user(n.lower(), global_name=n) for n in players]
    for user in (admin, *users):
        emu.add_member(guild, user)
    make_admin(emu, guild, admin)
    return Server(guild, ch, admin, users)


#: What every test's cup is, but for its name and number of rounds.
CUP: dict[str, Any] = {"format": "swiss", "rules": "cardgames", "target": 10}


async def create_cup(
    emu: Emulator, where: Channel, by: User, name: str = "Cup", **options: Any
) -> tuple[int, Message]:
    """`/tournament create` of a swiss cup of cardgames to 10 by `by` in `where`: its id
    and its sign-up message (the new message with buttons there)."""
    before = {m.id for m in emu.messages(where)}
    await emu.slash(by, where, f"{commands_path(emu, where)} create", name=name, **CUP, **options)

    def posted() -> Message | None:
        return next(
            (m for m in emu.messages(where) if m.id not in before and m.button_labels), None
        )

    signup: Message = await wait(posted, "the sign-up message")
    return int(signup.text.split("(#")[1].split(")")[0]), signup


async def start_cup(emu: Emulator, signup: Message, by: User, players: Sequence[User]) -> Channel:
    """`players` click Join on `signup`, then `by` starts the cup where it was created:
    where it runs (its thread, or that channel without one) once round 1 is announced."""
    for user in players:
        await emu.click(user, signup, "Join")
    where = signup.channel
    await emu.slash(by, where, f"{commands_path(emu, where)} start")

    def announced() -> Channel | None:
        home = emu.thread_of(signup) or where
        return home if any("round 1 of" in m.text for m in emu.messages(home)) else None

    home: Channel = await wait(announced, "round 1")
    return home


async def swiss_started(
    emu: Emulator, ch: Channel, admin: User, players: list[User], **options: Any
) -> tuple[int, Channel]:
    """A swiss cup of cardgames to 10 created by `admin`, joined by `players` and started:
    its id and where it runs, once round 1 is announced there."""
    tid, signup = await create_cup(emu, ch, admin, **options)
    return tid, await start_cup(emu, signup, admin, players)
