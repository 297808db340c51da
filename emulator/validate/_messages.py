"""A message body: content, embeds, flags, components, and what makes it empty."""

from __future__ import annotations

from typing import Any

from ..models import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
)
from ._components import validate_components
from ._errors import DiscordError, FormErrors, check_int_range, check_length

ALLOWED_SEND_FLAGS = (
    FLAG_SUPPRESS_EMBEDS | FLAG_EPHEMERAL | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
)


def validate_embeds(errs: FormErrors, embeds: Any, path: tuple[Any, ...] = ("embeds",)) -> None:
    if embeds is None:
        return
    if not isinstance(embeds, list):
        errs.add(path, "LIST_TYPE_CONVERT", "Must be a list.")
        return
    if len(embeds) > 10:
        errs.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        here = (*path, i)
        if not isinstance(embed, dict):
            errs.add(here, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        for key, limit in (("title", 256), ("description", 4096)):
            if embed.get(key) is not None:
                check_length(errs, (*here, key), embed[key], 0, limit, required=False)
                total += len(str(embed[key]))
        footer = embed.get("footer")
        if isinstance(footer, dict) and footer.get("text") is not None:
            check_length(errs, (*here, "footer", "text"), footer["text"], 0, 2048, required=False)
            total += len(str(footer["text"]))
        author = embed.get("author")
        if isinstance(author, dict) and author.get("name") is not None:
            check_length(errs, (*here, "author", "name"), author["name"], 0, 256, required=False)
            total += len(str(author["name"]))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errs.add((*here, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            check_length(errs, (*here, "fields", j, "name"), fld.get("name"), 1, 256, required=True)
            check_length(
                errs, (*here, "fields", j, "value"), fld.get("value"), 1, 1024, required=True
            )
            total += len(str(fld.get("name", ""))) + len(str(fld.get("value", "")))
        color = embed.get("color")
        if color is not None:
            check_int_range(errs, (*here, "color"), color, 0, 0xFFFFFF)
    if total > 6000:
        errs.add(path, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def validate_message(
    payload: dict[str, Any],
    *,
    n_files: int,
    existing: bool = False,
    allow_ephemeral: bool = False,
) -> None:
    """A message body for a send (or, with ``existing``, an edit whose result is checked later)."""
    errs = FormErrors()
    content = payload.get("content")
    if content is not None:
        check_length(errs, ("content",), content, 0, 2000, required=False)
    validate_embeds(errs, payload.get("embeds"))
    flags = payload.get("flags") or 0
    if not isinstance(flags, int):
        errs.add(("flags",), "NUMBER_TYPE_COERCE", "Value is not int.")
        flags = 0
    allowed = ALLOWED_SEND_FLAGS if allow_ephemeral else ALLOWED_SEND_FLAGS & ~FLAG_EPHEMERAL
    if flags & ~allowed:
        errs.add(("flags",), "MESSAGE_FLAGS_INVALID", f"Invalid flags: {flags & ~allowed}")
    validate_components(errs, payload.get("components"), flags)
    if flags & FLAG_COMPONENTS_V2:
        for legacy in ("content", "embeds", "poll", "sticker_ids"):
            if payload.get(legacy):
                errs.add(
                    (legacy,),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "content, embeds, poll and stickers cannot be used with components v2",
                )
    errs.check()
    if not existing and flags & FLAG_COMPONENTS_V2 and not payload.get("components"):
        raise DiscordError(400, 50006, "Cannot send an empty message")
    if not existing and not (
        content
        or payload.get("embeds")
        or payload.get("components")
        or n_files
        or payload.get("poll")
        or payload.get("sticker_ids")
    ):
        raise DiscordError(400, 50006, "Cannot send an empty message")
