"""``/gin about`` and ``/gin help`` in words: the bot's card and every command by group."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from bot.i18n import DEFAULT, Language, keys, t
from bot.i18n.command_keys import command_key
from bot.text.commands import shown_path

__all__ = ["Listed", "about_text", "help_text"]

#: A command as the help lists it: its qualified name and the code's own description
#: (shown where the catalog has none).
Listed = tuple[str, str]
#: An embed field's characters at most: a longer group goes on over several fields.
FIELD_LIMIT = 1024


def paths(language: Language) -> dict[str, str]:
    """The commands the help and about texts name, as the reader types them."""
    return {
        name: shown_path(f"gin {name}", language)
        for name in ("challenge", "table", "computer", "hand", "rules")
    }


def about_text(
    language: Language, *, version: str, uptime: int, latency: float
) -> tuple[str, list[tuple[str, str]]]:
    """The about card's description and its (name, value) fields; `uptime` in seconds,
    `latency` in seconds (not finite before the first heartbeat)."""
    shown = (
        f"{latency * 1000:.0f} ms" if math.isfinite(latency) else t(language, "about-not-measured")
    )
    fields = [
        (t(language, "about-version"), version),
        (
            t(language, "about-up-for"),
            t(language, "about-uptime", hours=uptime // 3600, minutes=uptime % 3600 // 60),
        ),
        (t(language, "about-latency"), shown),
    ]
    return t(language, "about-text", **paths(language)), fields


def _line(listed: Listed, language: Language) -> str:
    """ "`/gin x y`: what it does", in the catalog's words where it has them."""
    name, fallback = listed
    key = command_key(name, "description")
    what = t(language, key) if key in keys(language) else fallback
    return f"`{shown_path(name, language)}`: {what}"


def help_text(
    groups: Mapping[str, Sequence[Listed]],
    admin: Sequence[Listed] | None,
    language: Language = DEFAULT,
) -> tuple[str, str, list[tuple[str, str]]]:
    """The help's title, description and (name, value) fields: the top commands (group
    "") first, then each group, then the admins' commands (None: not offered)."""
    fields = []
    for group, listed in groups.items():
        title = t(language, "help-play") if not group else shown_path(f"gin {group}", language)
        text = "\n".join(_line(one, language) for one in listed)
        while text:
            cut = text.rfind("\n", 0, FIELD_LIMIT) if len(text) > FIELD_LIMIT else len(text)
            fields.append((title, text[:cut]))
            text, title = text[cut:].lstrip("\n"), t(language, "help-more", title=title)
    if admin is not None:
        fields.append((t(language, "help-admin"), "\n".join(_line(one, language) for one in admin)))
    title, how = t(language, "help-title"), t(language, "help-how", **paths(language))
    return title, how, fields
