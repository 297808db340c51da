"""Messages: what the bot posts, edits and deletes, their files, and who can see each.

The REST routes change messages through :meth:`MessageStore.create`, :meth:`~MessageStore.edit`
and :meth:`~MessageStore.delete`, which enforce Discord's message rules, send the gateway
events and wake the waits; the driver reads them back as a person would see them.
"""

from __future__ import annotations

import io
import mimetypes
from collections.abc import Callable, Mapping
from typing import Any

from .changes import Changes
from .emojis import check_component_emojis
from .forms import UploadedFile
from .models import (
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    PERMISSIONS,
    Attachment,
    Channel,
    Interaction,
    Message,
    User,
)
from .validate import DiscordError, FormErrors, validate_message
from .world import World

MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
_PUBLIC_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2


def _image_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as img:
            return int(img.width), int(img.height)
    except Exception:
        return None


class MessageStore:
    """Every message and uploaded file, by id; ephemerals by the user who sees them."""

    def __init__(self, world: World, changes: Changes, attachment_base: Callable[[], str]) -> None:
        self.world = world
        self.changes = changes
        self._attachment_base = attachment_base
        self._messages: dict[int, Message] = {}
        self._ephemerals: dict[int, list[Message]] = {}
        self._uploads: dict[int, Attachment] = {}
        #: Whether a custom emoji id may be shown (``State`` hands it the application's).
        self.emoji_usable: Callable[[int], bool] = lambda emoji_id: True

    # --- files ------------------------------------------------------------------------------
    def attachment_url(self, channel_id: int, attachment_id: int, filename: str) -> str:
        return f"{self._attachment_base()}/attachments/{channel_id}/{attachment_id}/{filename}"

    def attachment(self, attachment_id: int) -> Attachment | None:
        """An uploaded file by id (the emulator serves its bytes at its URL)."""
        return self._uploads.get(attachment_id)

    def upload(self, filename: str, data: bytes, content_type: str | None = None) -> Attachment:
        """A file a person attaches to a command option (ATTACHMENT)."""
        aid = self.world.snowflakes.next()
        ctype = content_type or mimetypes.guess_type(filename)[0]
        att = Attachment(aid, filename, ctype, data, self.attachment_url(0, aid, filename))
        self._uploads[aid] = att
        return att

    def _attachments(
        self,
        channel: Channel,
        meta: list[dict[str, Any]] | None,
        files: Mapping[int, UploadedFile],
        existing: list[Attachment],
    ) -> list[Attachment]:
        by_id = {str(a.id): a for a in existing}
        kept: list[Attachment] = []
        wanted: list[tuple[int, dict[str, Any]]] = []
        if meta is None:
            kept = list(existing)
            wanted = [(i, {}) for i in sorted(files)]
        else:
            if not isinstance(meta, list):
                raise DiscordError(400, 50035, "Invalid Form Body")
            for item in meta:
                aid = str(item.get("id"))
                if aid in by_id:
                    kept.append(by_id[aid])
                elif aid.isdigit() and int(aid) in files:
                    wanted.append((int(aid), item))
                else:
                    raise DiscordError(
                        400,
                        50035,
                        "Invalid Form Body",
                        errors={
                            "attachments": {
                                "_errors": [
                                    {
                                        "code": "ATTACHMENT_NOT_FOUND",
                                        "message": f"Unknown attachment {aid}",
                                    }
                                ]
                            }
                        },
                    )
            named = {i for i, _ in wanted}
            wanted.extend((i, {}) for i in sorted(files) if i not in named)
        for index, item in wanted:
            upload = files[index]
            if len(upload.data) > MAX_ATTACHMENT_BYTES:
                raise DiscordError(413, 40005, "Request entity too large")
            filename = str(item.get("filename") or upload.filename)
            content_type = upload.content_type
            if not content_type or content_type == "application/octet-stream":
                content_type = mimetypes.guess_type(filename)[0] or content_type
            new_id = self.world.snowflakes.next()
            size = _image_size(upload.data) if (content_type or "").startswith("image/") else None
            att = Attachment(
                id=new_id,
                filename=filename,
                content_type=content_type,
                data=upload.data,
                url=self.attachment_url(channel.id, new_id, filename),
                description=item.get("description"),
                width=size[0] if size else None,
                height=size[1] if size else None,
            )
            self._uploads[new_id] = att
            kept.append(att)
        return kept

    @staticmethod
    def _normalize_embeds(
        embeds: list[dict[str, Any]], attachments: list[Attachment]
    ) -> list[dict[str, Any]]:
        by_name = {a.filename: a for a in attachments}
        out = []
        for embed in embeds:
            embed = dict(embed)
            embed.setdefault("type", "rich")
            for key in ("image", "thumbnail"):
                part = embed.get(key)
                if isinstance(part, dict) and str(part.get("url", "")).startswith("attachment://"):
                    att = by_name.get(str(part["url"])[len("attachment://") :])
                    if att is not None:
                        embed[key] = {
                            "url": att.url,
                            "proxy_url": att.url,
                            "width": att.width,
                            "height": att.height,
                            "content_type": att.content_type,
                        }
            out.append(embed)
        return out

    def create(
        self,
        channel: Channel,
        payload: dict[str, Any],
        files: Mapping[int, UploadedFile],
        *,
        ephemeral_to: User | None = None,
        interaction: Interaction | None = None,
        type: int = 0,
        check_permissions: bool = False,
        loading: bool = False,
        original_response_id: int | None = None,
    ) -> Message:
        """A new message by the bot; raises :class:`DiscordError` as Discord would refuse it."""
        if not loading:
            validate_message(payload, n_files=len(files), allow_ephemeral=interaction is not None)
            check_component_emojis(payload.get("components"), self.emoji_usable)
        flags = int(payload.get("flags") or 0) & _PUBLIC_FLAGS
        if ephemeral_to is not None:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        msg = Message(
            id=self.world.snowflakes.next(),
            channel=channel,
            author=self.world.bot_user,
            content=str(payload.get("content") or ""),
            flags=flags,
            type=type,
            ephemeral_to=ephemeral_to,
            interaction=interaction,
            original_response_id=original_response_id,
        )
        msg.attachments = self._attachments(channel, payload.get("attachments"), files, [])
        embeds = list(payload.get("embeds") or [])
        if (
            check_permissions
            and not self.world.bot_permissions(channel) & PERMISSIONS["embed_links"]
        ):
            embeds = []  # Discord drops embeds silently without Embed Links
        msg.embeds = self._normalize_embeds(embeds, msg.attachments)
        msg.components = list(payload.get("components") or [])
        channel.messages[msg.id] = msg
        self._messages[msg.id] = msg
        if ephemeral_to is not None:
            self._ephemerals.setdefault(ephemeral_to.id, []).append(msg)
        if ephemeral_to is None:
            self._dispatch("MESSAGE_CREATE", msg)
        self.changes.private_view_changed(msg)
        self.changes.notify()
        return msg

    def edit(
        self,
        msg: Message,
        payload: dict[str, Any],
        files: Mapping[int, UploadedFile],
        *,
        require_content: bool = False,
    ) -> Message:
        """Edit ``msg`` with a PATCH body (only the fields given change); keeps its history."""
        content = str(payload["content"] or "") if "content" in payload else msg.content
        embeds = list(payload["embeds"] or []) if "embeds" in payload else msg.embeds
        components = (
            list(payload["components"] or []) if "components" in payload else msg.components
        )
        kept_flags = msg.flags & FLAG_EPHEMERAL
        if "flags" in payload and payload["flags"] is not None:
            flags = kept_flags | (int(payload["flags"]) & _PUBLIC_FLAGS)
        else:
            flags = kept_flags | (msg.flags & _PUBLIC_FLAGS)
        if msg.flags & FLAG_COMPONENTS_V2 and not flags & FLAG_COMPONENTS_V2:
            # Discord: the flag "can only be set"; once a layout, always a layout.
            errs = FormErrors()
            errs.add(
                ("flags",),
                "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                "The IS_COMPONENTS_V2 flag cannot be removed from a message",
            )
            errs.check()
        validate_message(
            {"content": content, "embeds": embeds, "components": components, "flags": flags},
            n_files=len(files),
            existing=True,
            allow_ephemeral=True,
        )
        check_component_emojis(payload.get("components"), self.emoji_usable)
        attachments = self._attachments(
            msg.channel,
            payload.get("attachments"),
            files,
            msg.attachments,
        )
        if not (content or embeds or components or attachments) or (
            flags & FLAG_COMPONENTS_V2 and not components
        ):
            # A layout shows its attachments only through its components: none is empty.
            raise DiscordError(400, 50006, "Cannot send an empty message")
        was_loading = msg.loading
        msg.history.append(msg.snapshot())
        msg.edit_times.append(self.world.clock.now())
        msg.content = content
        msg.attachments = attachments
        msg.embeds = self._normalize_embeds(embeds, attachments)
        msg.components = components
        msg.flags = flags
        if not was_loading:
            msg.edited = self.world.clock.time()
        if not msg.ephemeral:
            self._dispatch("MESSAGE_UPDATE", msg)
        self.changes.private_view_changed(msg)
        self.changes.notify()
        return msg

    def delete(self, msg: Message) -> None:
        """Delete ``msg`` (kept, marked deleted: privacy checks still read it)."""
        msg.deleted = True
        if not msg.ephemeral:
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            self.world.events.dispatch("MESSAGE_DELETE", data, guild=msg.channel.guild)
        self.changes.private_view_changed(msg)
        self.changes.notify()

    def _dispatch(self, event: str, msg: Message) -> None:
        guild = msg.channel.guild
        data = msg.to_dict()
        if guild is not None:
            data["guild_id"] = str(guild.id)
            data["member"] = guild.members[self.world.bot_user.id].to_dict(with_user=False)
        self.world.events.dispatch(event, data, guild=guild)

    def message(self, message_id: int) -> Message:
        """A message by id (KeyError if there is none)."""
        return self._messages[message_id]

    def get(self, message_id: int) -> Message | None:
        """A message by id, or None."""
        return self._messages.get(message_id)

    def can_see(self, user: User, msg: Message, *, include_deleted: bool = False) -> bool:
        """Whether ``user`` can see ``msg`` (ephemeral: only its owner; DM: only the recipient)."""
        if msg.deleted and not include_deleted:
            return False
        if msg.ephemeral_to is not None:
            return msg.ephemeral_to is user
        channel = msg.channel
        if channel.type == DM:
            return channel.recipient is user
        return channel.guild is not None and user.id in channel.guild.members

    def messages(self, channel: Channel) -> list[Message]:
        """The channel's public messages, oldest first (no ephemerals, no deleted ones)."""
        return [m for m in channel.messages.values() if not m.deleted and not m.ephemeral]

    def last_message(self, channel: Channel) -> Message | None:
        msgs = self.messages(channel)
        return msgs[-1] if msgs else None

    def dms(self, user: User) -> list[Message]:
        """The bot's DMs to ``user``, oldest first."""
        channel = self.world.existing_dm_channel(user)
        if channel is None:
            return []
        return [m for m in channel.messages.values() if not m.deleted and not m.ephemeral]

    def last_dm(self, user: User) -> Message | None:
        msgs = self.dms(user)
        return msgs[-1] if msgs else None

    def ephemerals(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Ephemeral replies only ``user`` sees, oldest first (optionally in one channel)."""
        return [
            m
            for m in self._ephemerals.get(user.id, [])
            if not m.deleted and (channel is None or m.channel is channel)
        ]

    def last_ephemeral(self, user: User) -> Message | None:
        msgs = self.ephemerals(user)
        return msgs[-1] if msgs else None

    def visible_to(self, user: User) -> list[Message]:
        """Every message ``user`` can see now: public ones in their servers, DMs, ephemerals."""
        return [m for m in self._messages.values() if self.can_see(user, m)]

    def texts_seen_by(self, user: User) -> list[str]:
        """The text of every version of every message ever shown to ``user`` (privacy checks)."""
        return [
            v.text
            for m in self._messages.values()
            if self.can_see(user, m, include_deleted=True)
            for v in m.versions()
        ]
