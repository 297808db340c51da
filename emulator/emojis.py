"""Application emojis: owned by the app, usable in every server and DM (Discord's "Emoji"
resource, the ``/applications/{application.id}/emojis`` routes).

Discord checks what the routes here check: a name of 2-32 characters of ``[A-Za-z0-9_]``,
unique in the application; an image as a data URI of a PNG, JPEG, GIF or WebP of at most
256 KiB; at most 2,000 emojis per application.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .models import User
from .validate import DiscordError, FormErrors

if TYPE_CHECKING:
    from .world import World

MAX_EMOJIS = 2000
MAX_IMAGE_BYTES = 256 * 1024
NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
DATA_URI = re.compile(r"data:(?P<mime>[\w.+-]+/[\w.+-]+);base64,(?P<data>.*)", re.DOTALL)


def image_kind(data: bytes) -> str | None:
    """The format the bytes are in (by their signature), if Discord takes it for an emoji."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


@dataclass
class Emoji:
    id: int
    name: str
    data: bytes
    kind: str  # png, jpeg, gif, webp
    user: User

    @property
    def content_type(self) -> str:
        return f"image/{self.kind}"

    @property
    def animated(self) -> bool:
        # Discord marks animated GIFs; a still GIF is rare enough for emojis to ignore here.
        return self.kind == "gif"

    def mention(self) -> str:
        return f"<{'a' if self.animated else ''}:{self.name}:{self.id}>"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": self.user.to_dict(),
            "require_colons": True,
            "managed": False,
            "animated": self.animated,
            "available": True,
        }


def _check_name(errs: FormErrors, name: Any) -> None:
    if name is None:
        errs.add(("name",), "BASE_TYPE_REQUIRED", "This field is required")
    elif not isinstance(name, str):
        errs.add(("name",), "STRING_TYPE_CONVERT", "Could not interpret value as string.")
    elif not 2 <= len(name) <= 32:
        errs.add(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length.")
    elif not NAME.fullmatch(name):
        errs.add(("name",), "STRING_TYPE_REGEX", "String value did not match validation regex.")


def decode_image(errs: FormErrors, image: Any) -> tuple[bytes, str] | None:
    """The bytes and format of a data URI, or None with the reason added to ``errs``."""
    if image is None:
        errs.add(("image",), "BASE_TYPE_REQUIRED", "This field is required")
        return None
    match = DATA_URI.fullmatch(image) if isinstance(image, str) else None
    if match is None:
        errs.add(("image",), "IMAGE_INVALID", "Invalid image data")
        return None
    try:
        data = base64.b64decode(match["data"], validate=True)
    except (binascii.Error, ValueError):
        errs.add(("image",), "IMAGE_INVALID", "Invalid image data")
        return None
    if len(data) > MAX_IMAGE_BYTES:
        errs.add(("image",), "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb.")
        return None
    kind = image_kind(data)
    if kind is None:
        errs.add(("image",), "IMAGE_INVALID", "Invalid image data")
        return None
    return data, kind


class EmojiStore:
    """The application's emojis, by id, in the order they were made."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.by_id: dict[int, Emoji] = {}
        #: How many were created and deleted, all time (tests: "never uploaded twice").
        self.created = 0
        self.deleted = 0

    def all(self) -> list[Emoji]:
        return list(self.by_id.values())

    def usable(self, emoji_id: int) -> bool:
        """Whether a message may show this custom emoji (the emulator's servers have none of
        their own, so only the application's)."""
        return emoji_id in self.by_id

    def get(self, emoji_id: int | str) -> Emoji:
        """404 10014 when there is no such emoji."""
        try:
            emoji = self.by_id.get(int(emoji_id))
        except ValueError:
            emoji = None
        if emoji is None:
            raise DiscordError(404, 10014, "Unknown Emoji")
        return emoji

    def _name_taken(self, errs: FormErrors, name: Any, but: Emoji | None = None) -> None:
        if not errs and any(e.name == name and e is not but for e in self.by_id.values()):
            errs.add(("name",), "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Emoji name already taken.")

    def create(self, body: dict[str, Any]) -> Emoji:
        errs = FormErrors()
        _check_name(errs, body.get("name"))
        image = decode_image(errs, body.get("image"))
        self._name_taken(errs, body.get("name"))
        errs.check()
        assert image is not None
        if len(self.by_id) >= MAX_EMOJIS:
            raise DiscordError(400, 30008, f"Maximum number of emojis reached ({MAX_EMOJIS})")
        data, kind = image
        emoji = Emoji(self.world.snowflakes.next(), body["name"], data, kind, self.world.bot_user)
        self.by_id[emoji.id] = emoji
        self.created += 1
        return emoji

    def rename(self, emoji: Emoji, body: dict[str, Any]) -> Emoji:
        """PATCH: the name is the only field, and optional."""
        if "name" not in body:
            return emoji
        errs = FormErrors()
        _check_name(errs, body.get("name"))
        self._name_taken(errs, body.get("name"), but=emoji)
        errs.check()
        emoji.name = body["name"]
        return emoji

    def delete(self, emoji: Emoji) -> None:
        del self.by_id[emoji.id]
        self.deleted += 1


def emoji_file(store: EmojiStore, filename: str) -> Emoji | None:
    """The emoji a CDN file name (``{id}.png``, ``.webp``, ``.gif``) names, if any. As on
    Discord's CDN, the extension asks for a format; the picture is served as uploaded."""
    stem, _, ext = filename.partition(".")
    if ext not in ("png", "webp", "gif", "jpg", "jpeg") or not stem.isdigit():
        return None
    return store.by_id.get(int(stem))


def check_component_emojis(components: Any, usable: Callable[[int], bool]) -> None:
    """Discord refuses a whole message whose button or select option names a custom emoji
    the bot cannot use (deleted, or never its own): ``400 50035`` with
    ``BUTTON_COMPONENT_INVALID_EMOJI`` at the emoji's id, for buttons and options alike."""
    errs = FormErrors()

    def walk(node: Any, path: tuple[Any, ...]) -> None:
        if isinstance(node, list):
            for i, child in enumerate(node):
                walk(child, (*path, i))
            return
        if not isinstance(node, dict):
            return
        emoji = node.get("emoji")
        if isinstance(emoji, dict) and emoji.get("id") is not None:
            try:
                known = usable(int(emoji["id"]))
            except (TypeError, ValueError):
                known = False
            if not known:
                errs.add((*path, "emoji", "id"), "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")
        for key in ("components", "options"):
            if key in node:
                walk(node[key], (*path, key))
        for key in ("accessory", "component"):
            if isinstance(node.get(key), dict):
                walk(node[key], (*path, key))

    walk(components, ("components",))
    errs.check()
