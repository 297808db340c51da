"""The one ``/gin`` slash command group, and how cogs add subcommands to it.

Write subcommands as cog methods marked with :func:`gin_command` (not
``@app_commands.command``)::

    class Tables(commands.Cog):
        def __init__(self, bot: GinBot) -> None:
            self.bot = bot

        @gin_command(name="table", description="Open a table in this channel")
        @app_commands.describe(seats="How many players (2-4)")
        async def table(self, interaction: discord.Interaction, seats: app_commands.Range[int, 2, 4] = 2) -> None:
            ...

``GinBot.add_cog`` turns each marked method, *bound to the cog instance*, into an
``app_commands.Command`` under ``bot.gin``, or under ``/gin <group>`` when the cog class sets
``gin_group`` (one of :data:`GROUPS`: each cog owns one group); ``remove_cog`` takes them off
again.

Why not ``@some_group.command()`` inside the cog? discord.py's cog machinery only copies and
binds app commands whose ``parent`` is None (``CogMeta`` skips the others), so a method
decorated with an outside group's ``.command()`` is called without ``self``. And a plain
``@app_commands.command`` in a cog is added to the tree as a top-level command by
``Cog._inject``. Building the command from the bound method sets ``Command.binding`` to the
cog, which is what passes ``self`` (and makes ``cog_app_command_error``, ``interaction_check``
and autocomplete methods work).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from discord import app_commands
from discord.ext import commands

GROUP_NAME = "gin"
GROUP_DESCRIPTION = "Play Gin Rummy"
#: The subgroups of ``/gin`` a cog may own (``gin_group``), with their descriptions.
GROUPS: dict[str, str] = {
    "player": "Other players: block, mute, favorites",
    "me": "You: settings, presence, your stored data",
    "records": "Stats, leaderboards, match history and replays",
}
_MARK = "__gin_command__"

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


def new_gin_group() -> app_commands.Group:
    """A fresh ``/gin`` group (one per bot, so restarts in one process start clean)."""
    return app_commands.Group(name=GROUP_NAME, description=GROUP_DESCRIPTION)


def gin_command(*, name: str, description: str) -> Callable[[F], F]:
    """Mark a cog method as the subcommand ``/gin <name>``.

    ``app_commands.describe``, ``choices``, ``rename``, ``autocomplete`` and checks can be
    stacked on the same method, in any order.
    """

    def mark(func: F) -> F:
        setattr(func, _MARK, (name, description))
        return func

    return mark


def gin_commands_of(cog: commands.Cog) -> list[app_commands.Command[Any, ..., Any]]:
    """The ``/gin`` subcommands of ``cog``, each bound to it (not yet attached)."""
    found: list[app_commands.Command[Any, ..., Any]] = []
    for attr in dir(type(cog)):
        func = getattr(type(cog), attr, None)
        mark = getattr(func, _MARK, None)
        if mark is None:
            continue
        name, description = mark
        # A bound method: Command() unwraps it and sets binding=cog, so `self` is passed.
        found.append(
            app_commands.Command(name=name, description=description, callback=getattr(cog, attr))
        )
    return found


def target_group(root: app_commands.Group, cog: commands.Cog) -> app_commands.Group:
    """Where ``cog``'s subcommands go: ``root`` or its ``gin_group`` (made on first use)."""
    name: str | None = getattr(cog, "gin_group", None)
    if name is None:
        return root
    found = root.get_command(name)
    if isinstance(found, app_commands.Group):
        return found
    if name not in GROUPS:
        raise ValueError(f"unknown /{root.name} group {name!r}: add it to GROUPS")
    return app_commands.Group(name=name, description=GROUPS[name], parent=root)


def attach(root: app_commands.Group, cog: commands.Cog) -> list[str]:
    """Add ``cog``'s subcommands to its group; a name clash raises before anything is added."""
    cmds = gin_commands_of(cog)
    if not cmds:
        return []
    group = target_group(root, cog)
    for cmd in cmds:
        if group.get_command(cmd.name) is not None:
            raise app_commands.CommandAlreadyRegistered(f"{group.name} {cmd.name}", None)
    for cmd in cmds:
        group.add_command(cmd)
    if group is not root and root.get_command(group.name) is None:
        root.add_command(group)
    return [c.name for c in cmds]


def detach(root: app_commands.Group, cog: commands.Cog) -> None:
    """Remove the subcommands ``cog`` added (and its group, once empty)."""
    groups = [root, *(g for g in root.commands if isinstance(g, app_commands.Group))]
    for group in groups:
        for cmd in list(group.commands):
            if getattr(cmd, "binding", None) is cog:
                group.remove_command(cmd.name)
        if group is not root and group.name in GROUPS and not group.commands:
            root.remove_command(group.name)
