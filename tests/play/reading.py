"""Reading a game message as a player does, whether an embed or a Components V2 layout (the
hand): its title, its text, the cards on its buttons."""

from __future__ import annotations

from typing import Any

from emulator import Message
from emulator.models import walk_components
from tests.players import hand_cards

__all__ = ["payload_buttons", "desc_of", "hand_cards", "texts_of", "title_of"]


def payload_buttons(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The buttons of a component tree (a payload's `components`), in order."""
    return [c for c in walk_components(components) if c.get("type") == 2]


def texts_of(msg: Message) -> list[str]:
    """A layout's text displays, in order."""
    return [
        str(c.get("content", "")) for c in walk_components(msg.components) if c.get("type") == 10
    ]


def title_of(msg: Message) -> str:
    """The embed's title, or the layout's heading (its first text, a `### ` line)."""
    if msg.embed is not None:
        return str(msg.embed.get("title", ""))
    texts = texts_of(msg)
    return texts[0].removeprefix("### ") if texts and texts[0].startswith("### ") else ""


def desc_of(msg: Message) -> str:
    """The embed's description, or the layout's text under its heading."""
    if msg.embed is not None:
        return str(msg.embed.get("description", ""))
    texts = texts_of(msg)
    if texts and texts[0].startswith("### "):
        texts = texts[1:]
    return "\n".join(texts)
