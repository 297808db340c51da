"""What the sandbox page shows, built only from the emulator's records of what the bot sent.

Plain data for the page's JavaScript: messages (content, embeds, components as Discord JSON,
files as page URLs) and the slash commands as the bot registered them.
"""

from __future__ import annotations

from typing import Any

from ..core import Emulator
from ..models import Attachment, Channel, Message, User

COMMAND_OPTION_TYPES = {1, 2}  # subcommand, subcommand group


class Files:
    """Attachments the page may fetch, by id (the page serves them itself: no emulator URL
    leaks to the browser, which may not reach the emulator's port)."""

    def __init__(self) -> None:
        self._files: dict[int, Attachment] = {}

    def url(self, att: Attachment) -> str:
        self._files[att.id] = att
        return f"/files/{att.id}/{att.filename}"

    def get(self, attachment_id: int) -> Attachment | None:
        return self._files.get(attachment_id)


def version_key(msg: Message) -> tuple[int, bool, int]:
    """Changes whenever the message is edited or deleted."""
    return (len(msg.history), msg.deleted, msg.flags)


def message_view(
    msg: Message, files: Files, shown_paths: dict[str, str] | None = None
) -> dict[str, Any]:
    """One message as the page draws it; ``shown_paths``: the commands as its reader's Discord
    names them (the "used /…" line)."""
    by_url = {att.url: att for att in msg.attachments}
    in_embeds: set[int] = set()
    embeds = []
    for embed in msg.embeds:
        embed = dict(embed)
        for key in ("image", "thumbnail"):
            part = embed.get(key)
            if isinstance(part, dict) and part.get("url") in by_url:
                att = by_url[part["url"]]
                in_embeds.add(att.id)
                # The attachment's description is the picture's alt text, as Discord reads it.
                embed[key] = {
                    **part,
                    "url": files.url(att),
                    "proxy_url": files.url(att),
                    "description": att.description,
                }
        embeds.append(embed)
    attachments = [
        {
            "url": files.url(att),
            "name": att.filename,
            "description": att.description,
            "image": (att.content_type or "").startswith("image/"),
            "width": att.width,
            "height": att.height,
            "in_embed": att.id in in_embeds,
        }
        for att in msg.attachments
    ]
    command = None
    inter = msg.interaction
    if inter is not None and inter.command_name and msg.original_response_id is None:
        name = (shown_paths or {}).get(inter.command_name, inter.command_name)
        command = {"user": inter.user.display_name, "name": name}
    return {
        "id": str(msg.id),
        "version": len(msg.history),  # how many times the bot edited it
        "channel": str(msg.channel.id),
        "author": msg.author.display_name,
        "bot": msg.author.bot,
        "at": msg.created,
        "content": msg.content,
        "embeds": embeds,
        "attachments": attachments,
        "components": _emoji_ids_as_text(msg.components),
        "ephemeral": msg.ephemeral,
        "loading": msg.loading,
        "edited": msg.edited is not None,
        "command": command,
    }


def visible_messages(emu: Emulator, user: User, channel: Channel) -> list[Message]:
    """What ``user`` sees in the server channel and in their DM with the bot, oldest first."""
    dm = emu.dm_channel(user)
    shown = emu.messages(channel) + emu.ephemerals(user, channel)
    shown += emu.dms(user) + emu.ephemerals(user, dm)
    return sorted(shown, key=lambda m: m.id)


def command_list(
    emu: Emulator, channel: Channel, user: User | None = None, locale: str | None = None
) -> list[dict[str, Any]]:
    """Every slash command a person can type, flattened: ``{"path": "gin computer",
    "shown", "description", "options", "guild", "dm"}`` (``guild``/``dm``: where it can be
    used). With ``user``, only those Discord offers them (a command for Manage Server is not
    listed to a member without it, as Discord hides it). ``shown`` and the descriptions,
    option labels and choice names are what Discord shows a reader of ``locale`` (the user's
    by default; the command's localizations); ``path`` and the option and choice values are
    what an interaction carries, whatever the reader's language."""
    if locale is None and user is not None:
        locale = user.locale
    out: list[dict[str, Any]] = []
    scopes: list[tuple[Any, bool]] = [(None, True)]
    if channel.guild is not None:
        scopes.append((channel.guild, False))
    for scope, is_global in scopes:
        for cmd in emu.commands(scope):
            if cmd["type"] != 1:
                continue
            if user is not None and not emu.registry.offered(user, channel.guild, cmd):
                continue
            contexts = cmd.get("contexts")
            in_dm = (
                is_global and cmd.get("dm_permission", True) and (contexts is None or 1 in contexts)
            )
            in_guild = contexts is None or 0 in contexts
            for path, shown, description, options in _leaves(
                cmd["name"], _local(cmd, "name", locale), cmd, cmd["options"], locale
            ):
                out.append(
                    {
                        "path": path,
                        "shown": shown,
                        "description": description,
                        "options": [_option(o, locale) for o in options],
                        "guild": in_guild,
                        "dm": bool(in_dm),
                    }
                )
    return sorted(out, key=lambda c: c["path"])


def _local(item: dict[str, Any], key: str, locale: str | None) -> str:
    """``item[key]`` as Discord shows it to ``locale``: its localization for that locale, or
    for its language (``es-ES`` takes ``es-419``'s when it has no own), else the default."""
    default: str = item.get(key) or ""
    found: dict[str, str] = item.get(f"{key}_localizations") or {}
    if not locale or not found:
        return default
    language = locale.split("-")[0]
    same = [v for k, v in sorted(found.items()) if k.split("-")[0] == language]
    return found.get(locale) or (same[0] if same else default)


def _leaves(
    path: str, shown: str, item: dict[str, Any], options: list[dict[str, Any]], locale: str | None
) -> list[tuple[str, str, str, list[dict[str, Any]]]]:
    subs = [o for o in options if o.get("type") in COMMAND_OPTION_TYPES]
    if not subs:
        return [(path, shown, _local(item, "description", locale), options)]
    out = []
    for sub in subs:
        out.extend(
            _leaves(
                f"{path} {sub['name']}",
                f"{shown} {_local(sub, 'name', locale)}",
                sub,
                sub.get("options") or [],
                locale,
            )
        )
    return out


def _option(opt: dict[str, Any], locale: str | None = None) -> dict[str, Any]:
    keys = ("name", "description", "type", "required", "choices", "autocomplete")
    out = {k: opt.get(k) for k in keys}
    out["label"] = _local(opt, "name", locale)
    out["description"] = _local(opt, "description", locale)
    if opt.get("choices"):
        out["choices"] = [
            {"name": _local(c, "name", locale), "value": c["value"]} for c in opt["choices"]
        ]
    for k in ("min_value", "max_value", "min_length", "max_length"):
        if k in opt:
            out[k] = opt[k]
    return out


def _emoji_ids_as_text(value: Any) -> Any:
    """Components with each emoji's id as a string, as Discord sends snowflakes: a bot may
    send it as a number, which JavaScript would round (ids pass 2**53)."""
    if isinstance(value, list):
        return [_emoji_ids_as_text(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _emoji_ids_as_text(v) for k, v in value.items()}
    emoji = out.get("emoji")
    if isinstance(emoji, dict) and emoji.get("id") is not None:
        out["emoji"] = {**emoji, "id": str(emoji["id"])}
    return out
