"""The application commands the bot registered, and finding one as a person would."""

from __future__ import annotations

from typing import Any

from .changes import Changes
from .errors import EmulatorError
from .models import Channel, Guild, User
from .world import World

#: A registered command: its JSON as Discord stores it.
Command = dict[str, Any]


def _permissions(value: Any) -> str | None:
    """A command's default permissions as Discord stores and returns them: a string."""
    return None if value is None else str(value)


def scope_id(guild: Guild | int | None) -> int | None:
    """A guild's id (commands registered for one server), or None (global commands)."""
    return guild.id if isinstance(guild, Guild) else guild


class CommandRegistry:
    """Commands by scope (a guild id, or None for global), as the REST routes store them."""

    def __init__(self, world: World, changes: Changes) -> None:
        self.world = world
        self.changes = changes
        self._commands: dict[int | None, dict[tuple[int, str], Command]] = {}
        #: How many times the bot registered commands (PUT, POST or PATCH).
        self.syncs = 0
        #: (guild id, command name) -> members the server lets use that command whatever
        #: its default permissions (Discord's Server Settings > Integrations overrides).
        self.allowed: dict[tuple[int, str], set[int]] = {}

    def offered(self, user: User, guild: Guild | None, cmd: Command) -> bool:
        """Whether Discord offers ``cmd`` to ``user`` in ``guild`` as far as permissions go:
        they hold its default permissions ("0": admins' overrides only), or the server
        allows them (`allow`). In DMs there are no permissions to hold."""
        required = cmd.get("default_member_permissions")
        if guild is None or required is None:
            return True
        if user.id in self.allowed.get((guild.id, cmd["name"]), ()):
            return True
        member = guild.members.get(user.id)
        if member is None:
            return False
        need = int(required)
        return need != 0 and member.permissions & need == need

    def allow(self, guild: Guild, name: str, user: User) -> None:
        """Let ``user`` use ``/name`` in ``guild`` without its default permissions."""
        self.allowed.setdefault((guild.id, name), set()).add(user.id)

    def listing(self, guild: Guild | int | None = None) -> list[Command]:
        """Commands registered globally (``guild=None``) or for one server."""
        return list(self._commands.get(scope_id(guild), {}).values())

    def paths(self, guild: Guild | int | None = None) -> list[str]:
        """Every command a person can type, e.g. ``["gin about", "gin ping"]``."""
        out: list[str] = []
        for cmd in self.listing(guild):
            if cmd["type"] != 1:
                continue
            subs = [o for o in cmd.get("options") or [] if o.get("type") in (1, 2)]
            if not subs:
                out.append(cmd["name"])
            for sub in subs:
                if sub["type"] == 1:
                    out.append(f"{cmd['name']} {sub['name']}")
                else:
                    out.extend(
                        f"{cmd['name']} {sub['name']} {leaf['name']}"
                        for leaf in sub.get("options") or []
                    )
        return sorted(out)

    def store(
        self, scope: Guild | int | None, commands: list[Command], *, replace: bool
    ) -> list[Command]:
        """Register ``commands`` (already validated) as the bot would; ``replace``: a PUT
        (the scope's other commands go). Returns them as stored, with ids and versions."""
        scope = scope_id(scope)
        self.syncs += 1
        old = self._commands.get(scope, {})
        new: dict[tuple[int, str], Command] = {} if replace else dict(old)
        stored = []
        for cmd in commands:
            key = (int(cmd.get("type", 1)), str(cmd["name"]))
            previous = old.get(key)
            record = {
                "id": previous["id"] if previous else str(self.world.snowflakes.next()),
                "application_id": str(self.world.application_id),
                "version": str(self.world.snowflakes.next()),
                "type": key[0],
                "name": key[1],
                "name_localizations": cmd.get("name_localizations"),
                "description": cmd.get("description") or "",
                "description_localizations": cmd.get("description_localizations"),
                "options": cmd.get("options") or [],
                "default_member_permissions": _permissions(cmd.get("default_member_permissions")),
                "dm_permission": cmd.get("dm_permission", True),
                "contexts": cmd.get("contexts"),
                "integration_types": cmd.get("integration_types") or [0],
                "nsfw": bool(cmd.get("nsfw", False)),
            }
            if scope is not None:
                record["guild_id"] = str(scope)
            new[key] = record
            stored.append(record)
        self._commands[scope] = new
        self.changes.notify()
        return stored

    def delete(self, scope: int | None, command_id: str) -> None:
        table = self._commands.get(scope, {})
        for key, cmd in list(table.items()):
            if cmd["id"] == command_id:
                del table[key]

    # --- as a person finds them ---------------------------------------------------------------
    def find(self, user: User, channel: Channel, name: str, kind: int = 1) -> Command:
        """The command ``user`` gets by typing ``name`` in ``channel`` (server ones first)."""
        guild = channel.guild
        scopes: list[int | None] = [guild.id, None] if guild is not None else [None]
        for scope in scopes:
            cmd = self._commands.get(scope, {}).get((kind, name))
            if cmd is None:
                continue
            contexts = cmd.get("contexts")
            if guild is None and (
                cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts)
            ):
                raise EmulatorError(f"/{name} cannot be used in DMs")
            if guild is not None and contexts is not None and 0 not in contexts:
                raise EmulatorError(f"/{name} cannot be used in servers")
            if not self.offered(user, guild, cmd):
                raise EmulatorError(f"{user.username} lacks the permissions /{name} needs")
            return cmd
        where = guild.name if guild is not None else "DMs"
        available = sorted({n for s in scopes for (k, n) in self._commands.get(s, {}) if k == kind})
        raise EmulatorError(f"no command /{name} registered for {where}; registered: {available}")

    def resolve(
        self, user: User, channel: Channel, command: str
    ) -> tuple[Command, list[dict[str, Any]], list[dict[str, Any]]]:
        """(command, path of subcommand/group options, leaf option definitions)."""
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise EmulatorError("empty command")
        cmd = self.find(user, channel, parts[0])
        path: list[dict[str, Any]] = []
        options = cmd.get("options") or []
        for part in parts[1:]:
            sub = next(
                (o for o in options if o.get("name") == part and o.get("type") in (1, 2)), None
            )
            if sub is None:
                names = [o["name"] for o in options if o.get("type") in (1, 2)]
                raise EmulatorError(f"/{' '.join(parts)}: no subcommand {part!r}; choices: {names}")
            path.append(sub)
            options = sub.get("options") or []
        if any(o.get("type") in (1, 2) for o in options):
            names = [o["name"] for o in options]
            raise EmulatorError(f"/{' '.join(parts)} needs a subcommand: {names}")
        return cmd, path, options
