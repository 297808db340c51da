"""Components (buttons, selects) and the text a message's components and embeds show."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


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


def emoji_text(emoji: Any) -> str | None:
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
        emoji = emoji_text(comp.get("emoji"))
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
