"""Channels and attachments."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ._discord import DM

if TYPE_CHECKING:
    from ._messages import Message
    from ._people import Guild, User


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
