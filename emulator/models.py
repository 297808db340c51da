"""The emulator's world: users, guilds, channels, messages and interactions.

These objects are what tests read. They hold plain Python values (payload dicts for embeds
and components, bytes for files) and render themselves as Discord JSON with ``to_dict``.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .ids import snowflake_time_ms

# Permission bits (https://discord.com/developers/docs/topics/permissions).
PERMISSIONS: dict[str, int] = {
    "create_instant_invite": 1 << 0,
    "kick_members": 1 << 1,
    "ban_members": 1 << 2,
    "administrator": 1 << 3,
    "manage_channels": 1 << 4,
    "manage_guild": 1 << 5,
    "add_reactions": 1 << 6,
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "manage_messages": 1 << 13,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "mention_everyone": 1 << 17,
    "use_external_emojis": 1 << 18,
    "change_nickname": 1 << 26,
    "use_application_commands": 1 << 31,
    "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "send_messages_in_threads": 1 << 38,
}

#: What @everyone may do in a fresh server.
EVERYONE_PERMISSIONS = sum(
    PERMISSIONS[name]
    for name in (
        "create_instant_invite",
        "add_reactions",
        "view_channel",
        "send_messages",
        "embed_links",
        "attach_files",
        "read_message_history",
        "use_external_emojis",
        "change_nickname",
        "use_application_commands",
        "create_public_threads",
        "send_messages_in_threads",
    )
)
#: What the bot's managed role adds (what an invite link would ask for).
BOT_ROLE_PERMISSIONS = (
    EVERYONE_PERMISSIONS | PERMISSIONS["manage_messages"] | PERMISSIONS["manage_threads"]
)
#: What an app may do in a DM with a user.
DM_PERMISSIONS = sum(
    PERMISSIONS[name]
    for name in (
        "add_reactions",
        "view_channel",
        "send_messages",
        "embed_links",
        "attach_files",
        "read_message_history",
        "use_external_emojis",
        "use_application_commands",
    )
)

# Intent bits (https://discord.com/developers/docs/events/gateway#gateway-intents).
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
PRIVILEGED_INTENTS: dict[str, int] = {
    "members": 1 << 1,
    "presences": 1 << 8,
    "message_content": 1 << 15,
}
ALL_INTENTS = (1 << 26) - 1

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


@functools.lru_cache(maxsize=4096)
def iso(ts: float) -> str:
    """An ISO-8601 timestamp as Discord writes it (a message's, written again at each read)."""
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat()


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


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None
    guild: Guild | None = None
    position: int = 0
    #: DM channels: the user on the other side.
    recipient: User | None = None
    #: Permission bits denied to the bot in this channel (a member overwrite).
    bot_deny: int = 0
    bot_id: int = 0
    messages: dict[int, Message] = field(default_factory=dict)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    def overwrites(self) -> list[dict[str, Any]]:
        if not self.bot_deny:
            return []
        return [{"id": str(self.bot_id), "type": 1, "allow": "0", "deny": str(self.bot_deny)}]

    def to_dict(self, *, with_guild_id: bool = True) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.recipient.to_dict()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "permission_overwrites": self.overwrites(),
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if with_guild_id and self.guild is not None:
            data["guild_id"] = str(self.guild.id)
        return data

    def __repr__(self) -> str:
        if self.type == DM and self.recipient is not None:
            return f"<DM with {self.recipient.username} {self.id}>"
        return f"<Channel #{self.name} {self.id}>"


@dataclass(eq=False)
class Attachment:
    """An uploaded file; ``data`` holds its bytes so tests can open the image."""

    id: int
    filename: str
    content_type: str | None
    data: bytes
    url: str
    description: str | None = None
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        if self.width is not None:
            data["width"] = self.width
            data["height"] = self.height
        return data


@dataclass
class Button:
    """A button as a player sees it."""

    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    emoji: str | None
    url: str | None
    raw: dict[str, Any]


@dataclass
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass
class Select:
    """A select menu as a player sees it."""

    type: int
    custom_id: str
    placeholder: str | None
    options: list[SelectOption]
    min_values: int
    max_values: int
    disabled: bool
    raw: dict[str, Any]

    @property
    def labels(self) -> list[str]:
        return [o.label for o in self.options]


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first (rows, containers, sections, labels included)."""
    for comp in components:
        yield comp
        children = comp.get("components")
        if isinstance(children, list):
            yield from walk_components(children)
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def _emoji_text(emoji: Any) -> str | None:
    if isinstance(emoji, dict):
        return emoji.get("name")
    return None


def component_text(components: list[dict[str, Any]]) -> list[str]:
    """All the words components show: labels, placeholders, options, text displays."""
    out: list[str] = []
    for comp in walk_components(components):
        for key in ("label", "placeholder", "content", "title", "value", "description"):
            value = comp.get(key)
            if isinstance(value, str) and value:
                out.append(value)
        emoji = _emoji_text(comp.get("emoji"))
        if emoji:
            out.append(emoji)
        for option in comp.get("options") or []:
            out.append(str(option.get("label", "")))
            if option.get("description"):
                out.append(str(option["description"]))
    return out


def embed_text(embed: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in ("title", "description"):
        if embed.get(key):
            out.append(str(embed[key]))
    for key in ("author", "footer"):
        part = embed.get(key)
        if isinstance(part, dict):
            text = part.get("name") or part.get("text")
            if text:
                out.append(str(text))
    for fld in embed.get("fields") or []:
        out.append(str(fld.get("name", "")))
        out.append(str(fld.get("value", "")))
    return out


@dataclass
class MessageVersion:
    """One state of a message, kept when it is edited or deleted (privacy checks read these)."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    filenames: list[str]
    flags: int

    @property
    def text(self) -> str:
        parts = [self.content]
        for embed in self.embeds:
            parts.extend(embed_text(embed))
        parts.extend(component_text(self.components))
        parts.extend(self.filenames)
        return "\n".join(p for p in parts if p)


@dataclass(eq=False)
class Message:
    """A message the bot sent (in a channel, a DM, or as an interaction reply)."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited: float | None = None
    #: Set for ephemeral messages: the only user who can see it.
    ephemeral_to: User | None = None
    #: The interaction this message answers (responses and followups).
    interaction: Interaction | None = None
    #: For followups: the id of the interaction's original response.
    original_response_id: int | None = None
    deleted: bool = False
    #: The earlier versions, oldest first (each edit appends the version it replaced).
    history: list[MessageVersion] = field(default_factory=list)
    #: When each edit happened, in ``clock.now()`` seconds (the time base of
    #: ``Interaction.created_at``): ``edit_times[i]`` is when ``history[i]`` was replaced.
    #: Filling a deferred reply counts (``edited`` does not change then).
    edit_times: list[float] = field(default_factory=list)

    # --- reading -------------------------------------------------------------------------
    @property
    def created(self) -> float:
        return snowflake_time_ms(self.id) / 1000

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        """A deferred reply not yet filled in ("<bot> is thinking...")."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def embed(self) -> dict[str, Any] | None:
        return self.embeds[0] if self.embeds else None

    def snapshot(self) -> MessageVersion:
        return MessageVersion(
            content=self.content,
            embeds=list(self.embeds),
            components=list(self.components),
            filenames=[a.filename for a in self.attachments],
            flags=self.flags,
        )

    @property
    def text(self) -> str:
        """Everything a person reads on this message: content, embeds, component labels, file names."""
        return self.snapshot().text

    def versions(self) -> list[MessageVersion]:
        """Every state this message has had, oldest first, the current one last."""
        return [*self.history, self.snapshot()]

    def buttons(self) -> list[Button]:
        return [
            Button(
                label=c.get("label"),
                custom_id=c.get("custom_id"),
                style=int(c.get("style", 1)),
                disabled=bool(c.get("disabled", False)),
                emoji=_emoji_text(c.get("emoji")),
                url=c.get("url"),
                raw=c,
            )
            for c in walk_components(self.components)
            if c.get("type") == 2
        ]

    @property
    def button_labels(self) -> list[str]:
        return [b.label or b.emoji or "" for b in self.buttons()]

    def button(self, label: str | None = None, *, custom_id: str | None = None) -> Button:
        """The one button with this label (or custom_id); ``LookupError`` otherwise."""
        found = [
            b
            for b in self.buttons()
            if (custom_id is not None and b.custom_id == custom_id)
            or (custom_id is None and label is not None and label in (b.label, b.emoji))
        ]
        if len(found) != 1:
            raise LookupError(
                f"{len(found)} buttons match label={label!r} custom_id={custom_id!r}; "
                f"buttons: {self.button_labels}"
            )
        return found[0]

    def selects(self) -> list[Select]:
        out = []
        for c in walk_components(self.components):
            if c.get("type") in (3, 5, 6, 7, 8):
                out.append(
                    Select(
                        type=int(c["type"]),
                        custom_id=str(c.get("custom_id")),
                        placeholder=c.get("placeholder"),
                        options=[
                            SelectOption(
                                label=str(o.get("label")),
                                value=str(o.get("value")),
                                description=o.get("description"),
                                default=bool(o.get("default", False)),
                            )
                            for o in c.get("options") or []
                        ],
                        min_values=int(c.get("min_values", 1)),
                        max_values=int(c.get("max_values", 1)),
                        disabled=bool(c.get("disabled", False)),
                        raw=c,
                    )
                )
        return out

    def select(self, placeholder: str | None = None, *, custom_id: str | None = None) -> Select:
        """The select menu with this placeholder or custom_id (or the only one)."""
        selects = self.selects()
        if placeholder is not None:
            selects = [s for s in selects if s.placeholder == placeholder]
        if custom_id is not None:
            selects = [s for s in selects if s.custom_id == custom_id]
        if len(selects) != 1:
            raise LookupError(
                f"{len(selects)} selects match placeholder={placeholder!r} custom_id={custom_id!r}; "
                f"placeholders: {[s.placeholder for s in self.selects()]}"
            )
        return selects[0]

    def file(self, filename: str | None = None) -> Attachment:
        """The attachment called ``filename`` (or the only one)."""
        found = [a for a in self.attachments if filename is None or a.filename == filename]
        if len(found) != 1:
            raise LookupError(
                f"{len(found)} attachments match {filename!r}: {[a.filename for a in self.attachments]}"
            )
        return found[0]

    # --- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "content": self.content,
            "author": self.author.to_dict(),
            "timestamp": iso(self.created),
            "edited_timestamp": iso(self.edited) if self.edited else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [a.to_dict() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.interaction is not None:
            inter = self.interaction
            data["webhook_id"] = str(inter.application_id)
            data["application_id"] = str(inter.application_id)
            meta: dict[str, Any] = {
                "id": str(inter.id),
                "type": inter.type,
                "user": inter.user.to_dict(),
                "authorizing_integration_owners": {"0": str(inter.guild.id)}
                if inter.guild is not None
                else {"1": str(inter.user.id)},
            }
            if inter.type == APPLICATION_COMMAND and inter.command_name:
                meta["name"] = inter.command_name
                meta["command_type"] = 1
            if self.original_response_id is not None:
                meta["original_response_message_id"] = str(self.original_response_id)
            if inter.message is not None:
                meta["interacted_message_id"] = str(inter.message.id)
            data["interaction_metadata"] = meta
        return data

    def __repr__(self) -> str:
        where = (
            f"ephemeral to {self.ephemeral_to.username}"
            if self.ephemeral_to
            else repr(self.channel)
        )
        text = self.text.replace("\n", " | ")
        if len(text) > 80:
            text = text[:77] + "..."
        return f"<Message {self.id} in {where}: {text!r}>"


@dataclass(eq=False)
class Interaction:
    """One interaction, as the emulator created it and as the bot answered it."""

    id: int
    token: str
    application_id: int
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any]
    created_at: float  # clock.now() when it was sent to the bot
    #: For component clicks and modals opened from one: the message the component is on.
    message: Message | None = None
    command_name: str | None = None
    #: The callback type the bot answered with (4, 5, 6, 7, 8, 9), None until then.
    ack_type: int | None = None
    acked_at: float | None = None
    #: Callback attempts refused (late or duplicate), as (status, code).
    refused: list[tuple[int, int]] = field(default_factory=list)
    #: Message created by callback 4 or 5 (the "original response").
    response: Message | None = None
    followups: list[Message] = field(default_factory=list)
    #: Callback 8: the autocomplete choices. Callback 9: the modal.
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    acked: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def latency(self) -> float | None:
        """Seconds from sending the interaction to the bot's acknowledgement."""
        if self.acked_at is None:
            return None
        return self.acked_at - self.created_at

    @property
    def update_latency(self) -> float | None:
        """For a component (or a modal opened from one): seconds from the interaction to the
        first edit of the message it was on (callback 7, or a later PATCH of ``@original`` or
        of the message after a type 6 deferral); None while it has not been edited since."""
        if self.message is None:
            return None
        start = self.created_at
        return next((t - start for t in self.message.edit_times if t >= start), None)

    @property
    def original(self) -> Message | None:
        """What ``@original`` names: the response, or for components the clicked message."""
        if self.response is not None:
            return self.response
        if self.ack_type in (6, 7) and self.message is not None:
            return self.message
        return None

    @property
    def messages(self) -> list[Message]:
        """The response and followups, oldest first."""
        return [m for m in [self.response, *self.followups] if m is not None]

    def __repr__(self) -> str:
        what = self.command_name or self.data.get("custom_id") or self.type
        return f"<Interaction {self.id} {what!r} by {self.user.username} ack={self.ack_type}>"
