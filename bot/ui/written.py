"""A Components V2 layout sent as the payload it is written as, with no discord.py item made
for its text, separators and rows (issue #33: a hand is built at every move, twice a click,
and discord.py's items were a third of its cost; docs/performance.md).

discord.py sends a view through its public `to_components` and `has_components_v2`; a
written layout gives them its payload. What changes a layout once built (a picture added at
the end of its container, its controls taken off: `bot/ui/messages.py`) asks it for the same
layout as discord.py's items (`tree`).
"""

from __future__ import annotations

from typing import Any

import discord


def _separator(visible: bool) -> dict[str, Any]:
    item: discord.ui.Separator[Any] = discord.ui.Separator(visible=visible)
    shown: dict[str, Any] = item.to_component_dict()  # type: ignore[no-untyped-call]
    return shown


#: A separator and a hidden one, as discord.py writes them (copied into each payload).
SEPARATOR = _separator(True)
HIDDEN_SEPARATOR = _separator(False)


def text_display(content: str) -> dict[str, Any]:
    """A text display as discord.py's `TextDisplay` writes it."""
    return {"type": 10, "content": content}


def action_row(components: list[dict[str, Any]]) -> dict[str, Any]:
    """An action row as discord.py's `ActionRow` writes it."""
    return {"type": 1, "components": components}


def container(accent: int | None, components: list[dict[str, Any]]) -> dict[str, Any]:
    """A container as discord.py's `Container` writes it (`accent`: its colour's value)."""
    return {"type": 17, "accent_color": accent or None, "spoiler": False, "components": components}


class WrittenLayout(discord.ui.LayoutView):
    """A layout whose payload is written by `to_components`; it holds no items, so
    discord.py keeps nothing of it for dispatch (its controls are read by custom id)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def has_components_v2(self) -> bool:
        return True

    def to_components(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def tree(self) -> discord.ui.LayoutView:
        """The same layout as discord.py's items (it writes the same payload)."""
        raise NotImplementedError
