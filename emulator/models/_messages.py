"""Messages and their earlier versions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..ids import snowflake_time_ms
from ._components import (
    Button,
    Select,
    SelectOption,
    component_text,
    embed_text,
    emoji_text,
    walk_components,
)
from ._discord import APPLICATION_COMMAND, FLAG_LOADING, iso

if TYPE_CHECKING:
    from ._channels import Attachment, Channel
    from ._interactions import Interaction
    from ._people import User


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
                emoji=emoji_text(c.get("emoji")),
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
