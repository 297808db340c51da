"""Letting go of what discord.py would leave in reference cycles.

CPython frees an object as soon as nothing refers to it, except objects in a reference
cycle: those wait for the garbage collector, and its full passes stop the event loop for
100-200 ms at 500 tables, about every 8 s (docs/performance.md). Every click used to leave
such cycles behind (about 50 objects, with the parsed message and the picture's bytes), so
the collector had tens of thousands of them to walk each time.
"""

from __future__ import annotations

import contextlib
import io
from typing import Any

import discord


class Upload(io.BytesIO):
    """A picture's bytes for a `discord.File`.

    `discord.File` swaps its file's `close` for a stub while it is uploaded (it rereads the
    file on a retry) and back afterwards; on a plain `BytesIO` that leaves the file holding
    its own bound `close`, a cycle that kept every picture until a full collection. Here
    both swaps are ignored and `close` does nothing: the bytes go with the file.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "close":
            super().__setattr__(name, value)

    def close(self) -> None:
        """Nothing to release: the buffer is freed with the object."""


def let_go(
    interaction: discord.Interaction[Any],
    view: discord.ui.View | discord.ui.LayoutView | None = None,
) -> None:
    """Once an interaction has been handled: drop its cached `response` (which points back at
    it) and empty `view`, the view discord.py builds from the clicked message for a click on
    a `DynamicItem` (each of its items points back at it).

    Nothing answers the interaction afterwards; if something did, discord.py would make a new
    `response` object, so this costs correctness nothing.
    """
    if view is not None:
        unlink(view)
    with contextlib.suppress(AttributeError):  # never answered, so never cached
        # discord.py's cache slot for `response`: internal, no public way to drop it;
        # tests/test_library_internals.py fails loudly if a discord.py upgrade changes it.
        delattr(interaction, "_cs_response")


def unlink(view: discord.ui.View | discord.ui.LayoutView) -> None:
    """Empty `view` and every item in it: a layout's containers and rows point at their
    children and each child back at its parent, cycles a view's own `clear_items` leaves."""
    items = list(view.walk_children())
    view.clear_items()
    for item in items:
        for part in (item, getattr(item, "item", None)):  # a `DynamicItem` wraps its own
            if part is None:
                continue
            children = getattr(part, "_children", None)
            if isinstance(children, list):
                children.clear()
            for link in ("_parent", "_view"):
                if hasattr(part, link):
                    setattr(part, link, None)
