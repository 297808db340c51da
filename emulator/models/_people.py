"""Users, roles, members and guilds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ._discord import GUILD_TEXT, PERMISSIONS, iso

if TYPE_CHECKING:
    from ._channels import Channel


@dataclass(eq=False)
class User:
    """A Discord user (a person, or the bot itself)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    #: False: the user closed their DMs (or blocked the bot): sending to them gets 403 50007.
    dms_open: bool = True
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.global_name or self.username

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<User {self.username} {self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    roles: list[int] = field(default_factory=list)
    joined_at: float = 0.0
    nick: str | None = None

    @property
    def permissions(self) -> int:
        guild = self.guild
        if guild.owner_id == self.user.id:
            return ALL_PERMISSIONS
        perms = guild.everyone.permissions
        for role in guild.roles:
            if role.id in self.roles:
                perms |= role.permissions
        if perms & PERMISSIONS["administrator"]:
            return ALL_PERMISSIONS
        return perms

    def to_dict(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.to_dict()
        return data


ALL_PERMISSIONS = (1 << 51) - 1


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    created: float
    roles: list[Role] = field(default_factory=list)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def channel(self, name: str) -> Channel:
        """The channel called ``name`` (``KeyError`` if none)."""
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(f"no channel named {name!r} in {self.name}")

    @property
    def text_channels(self) -> list[Channel]:
        return [c for c in self.channels.values() if c.type == GUILD_TEXT]

    def member(self, user: User) -> Member | None:
        return self.members.get(user.id)

    def to_dict(self, *, members: list[Member] | None = None) -> dict[str, Any]:
        """GUILD_CREATE's payload; ``members`` limits the member list (no members intent)."""
        listed = list(self.members.values()) if members is None else members
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "icon_hash": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_dict() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(self.created),
            "large": len(self.members) > 250,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.to_dict() for m in listed],
            "channels": [c.to_dict(with_guild_id=False) for c in self.channels.values()],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def to_partial(self) -> dict[str, Any]:
        """The ``guild`` object inside an interaction."""
        return {"id": str(self.id), "locale": self.locale, "features": []}

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"
