"""The world the bot lives in: the application, users, servers, channels, DMs and threads.

State only; what the bot should hear of a change goes to :attr:`World.events` (the gateway,
once the emulator has one), which this module knows only as a :class:`Dispatcher`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from .changes import Changes
from .clock import Clock
from .ids import Snowflakes, bot_token
from .models import (
    BOT_ROLE_PERMISSIONS,
    DM,
    DM_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    PERMISSIONS,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)
from .threads import PUBLIC_THREAD, Thread, permissions_in


class Dispatcher(Protocol):
    """Where gateway events go (:class:`~emulator.gateway.Gateway`)."""

    def dispatch(self, event: str, data: Any, *, guild: Guild | None) -> bool:
        """Send ``event`` to the session that owns ``guild``; False if there is none."""
        ...

    def guild_created(self, guild: Guild) -> None:
        """A server the bot was just added to: tell its session (GUILD_CREATE)."""
        ...


class _Nobody:
    """No gateway yet: events are dropped (no bot could have heard them)."""

    def dispatch(self, event: str, data: Any, *, guild: Guild | None) -> bool:
        return False

    def guild_created(self, guild: Guild) -> None:
        pass


class World:
    """The application and everything a person could create in Discord around the bot."""

    def __init__(self, clock: Clock, changes: Changes, *, bot_name: str = "Gin Bot") -> None:
        self.clock = clock
        self.changes = changes
        self.snowflakes = Snowflakes(clock.time)
        self.events: Dispatcher = _Nobody()
        self.bot_user = User(
            self.snowflakes.next(), bot_name.lower().replace(" ", ""), bot_name, bot=True
        )
        self.application_id = self.bot_user.id
        self.owner = User(self.snowflakes.next(), "app-owner", "App Owner")
        self.token = bot_token(self.bot_user.id)
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self._dm_channels: dict[int, Channel] = {}

    # --- people and servers -----------------------------------------------------------------
    def create_user(
        self,
        username: str,
        *,
        global_name: str | None = None,
        dms_open: bool = True,
        guilds: Iterable[Guild] = (),
    ) -> User:
        """A person; ``guilds`` makes them a member of those servers."""
        user = User(
            self.snowflakes.next(),
            username,
            global_name or username.capitalize(),
            dms_open=dms_open,
        )
        self.users[user.id] = user
        for guild in guilds:
            self.add_member(guild, user)
        return user

    def create_guild(
        self,
        name: str = "Test Server",
        *,
        channels: Iterable[str] = ("general",),
        members: Iterable[User] = (),
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A server the bot is in, with text channels named ``channels``.

        ``shard=(shard_id, shard_count)`` picks an id whose events go to that shard.
        """
        gid = self.snowflakes.next() if shard is None else self.snowflakes.next_on_shard(*shard)
        # A nobody owns it: an owner gets every permission, which would hide permission tests.
        guild = Guild(gid, name, owner_id=self.snowflakes.next(), created=self.clock.time())
        guild.roles.append(Role(gid, "@everyone", EVERYONE_PERMISSIONS))
        bot_role = Role(
            self.snowflakes.next(),
            self.bot_user.display_name,
            BOT_ROLE_PERMISSIONS,
            position=1,
            managed=True,
        )
        guild.roles.append(bot_role)
        guild.members[self.bot_user.id] = Member(
            self.bot_user, guild, [bot_role.id], self.clock.time()
        )
        self.guilds[gid] = guild
        for channel_name in channels:
            self._add_channel(guild, channel_name)
        for user in members:
            guild.members[user.id] = Member(user, guild, [], self.clock.time())
        self.events.guild_created(guild)
        self.changes.notify()
        return guild

    def rename_guild(self, guild: Guild, name: str) -> None:
        """The server's owner renames it (GUILD_UPDATE, to the shard that owns the server)."""
        guild.name = name
        data = guild.to_dict(members=[])
        for key in ("channels", "members", "threads", "member_count"):
            data.pop(key, None)
        self.events.dispatch("GUILD_UPDATE", data, guild=guild)
        self.changes.notify()

    def _add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(
            self.snowflakes.next(),
            GUILD_TEXT,
            name,
            guild,
            position=len(guild.channels),
            bot_id=self.bot_user.id,
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def create_channel(self, guild: Guild, name: str) -> Channel:
        """A new text channel (CHANNEL_CREATE reaches a connected bot)."""
        channel = self._add_channel(guild, name)
        self.events.dispatch("CHANNEL_CREATE", channel.to_dict(), guild=guild)
        self.changes.notify()
        return channel

    def add_member(self, guild: Guild, user: User) -> Member:
        """``user`` joins ``guild`` (GUILD_MEMBER_ADD)."""
        if user.id in guild.members:
            return guild.members[user.id]
        member = Member(user, guild, [], self.clock.time())
        guild.members[user.id] = member
        self.events.dispatch(
            "GUILD_MEMBER_ADD", {**member.to_dict(), "guild_id": str(guild.id)}, guild=guild
        )
        self.changes.notify()
        return member

    def shares_guild(self, user: User) -> bool:
        """Whether ``user`` is in a server with the bot (else the bot cannot DM them)."""
        return any(user.id in g.members for g in self.guilds.values())

    # --- DMs --------------------------------------------------------------------------------
    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = Channel(
                self.snowflakes.next(), DM, None, None, recipient=user, bot_id=self.bot_user.id
            )
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def existing_dm_channel(self, user: User) -> Channel | None:
        """The DM channel with ``user`` if there is one yet (without creating it)."""
        return self._dm_channels.get(user.id)

    # --- permissions ------------------------------------------------------------------------
    def deny_bot(self, channel: Channel, *permissions: str) -> None:
        """Deny the bot permissions in a channel, e.g. ``deny_bot(ch, "send_messages")``."""
        for name in permissions:
            channel.bot_deny |= PERMISSIONS[name]
        self._channel_updated(channel)

    def allow_bot(self, channel: Channel, *permissions: str) -> None:
        """Lift what :meth:`deny_bot` denied."""
        for name in permissions:
            channel.bot_deny &= ~PERMISSIONS[name]
        self._channel_updated(channel)

    def _channel_updated(self, channel: Channel) -> None:
        if channel.guild is not None:
            self.events.dispatch("CHANNEL_UPDATE", channel.to_dict(), guild=channel.guild)
        self.changes.notify()

    def bot_permissions(self, channel: Channel) -> int:
        """What the bot may do in ``channel`` (its roles, minus the channel's overwrite)."""
        if channel.type == DM or channel.guild is None:
            return DM_PERMISSIONS
        member = channel.guild.members.get(self.bot_user.id)
        if member is None:
            return 0
        return member.permissions & ~permissions_in(channel).bot_deny

    # --- threads ----------------------------------------------------------------------------
    def start_thread(
        self,
        parent: Channel,
        name: str,
        owner_id: int,
        duration: int = 4320,
        thread_id: int | None = None,
        starter: Message | None = None,
    ) -> Thread:
        """A new public thread in ``parent`` (``THREAD_CREATE`` reaches a connected bot)."""
        assert parent.guild is not None
        thread = Thread(
            thread_id or self.snowflakes.next(),
            PUBLIC_THREAD,
            name,
            parent.guild,
            bot_id=self.bot_user.id,
            parent=parent,
            owner_id=owner_id,
            auto_archive_duration=duration,
            created_at=self.clock.time(),
            starter=starter,
        )
        self.channels[thread.id] = thread
        self.events.dispatch(
            "THREAD_CREATE", {**thread.to_dict(), "newly_created": True}, guild=parent.guild
        )
        self.changes.notify()
        return thread

    def threads_of(self, where: Guild | Channel) -> list[Thread]:
        """The threads of a server, or of one channel, oldest first."""
        return [
            c
            for c in self.channels.values()
            if isinstance(c, Thread)
            and (c.guild is where if isinstance(where, Guild) else c.parent is where)
        ]

    def thread_of(self, message: Message) -> Thread | None:
        """The thread started from ``message``, if any."""
        found = self.channels.get(message.id)
        return found if isinstance(found, Thread) else None
