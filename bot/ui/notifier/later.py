"""A message written only when the outbox sends it.

A player's hand is edited through the outbox; a queued edit of it is replaced by a newer
one, dropped when the player's own click answers on the message, or never sent when their
DMs are closed. Building it (a layout with a button per card) is the larger part of the
CPU a hand costs, so it is built when it leaves, not when it is queued: a hand replaced
meanwhile is never built at all (as a busy channel's tables in play, `bot/ui/busy.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.ui.messages import Message


class Later:
    """A `Message` built by `build` the first time the outbox reads it (once: a write
    retried after a 429 sends the same one)."""

    __slots__ = ("_build", "_built")

    def __init__(self, build: Callable[[], Message]) -> None:
        self._build: Callable[[], Message] | None = build
        self._built: Message | None = None

    @property
    def built(self) -> bool:
        """Whether it was ever written out."""
        return self._built is not None

    def message(self) -> Message:
        if self._built is None:
            assert self._build is not None, "read after it was released"
            self._built, self._build = self._build(), None
        return self._built

    def kwargs(self) -> dict[str, Any]:
        return self.message().kwargs()

    def send_kwargs(self) -> dict[str, Any]:
        return self.message().send_kwargs()

    def without_controls(self) -> Message:
        """Its text without its controls (a queued edit followed by `ControlsOff`)."""
        return self.message().without_controls()

    def release(self) -> None:
        """Sent or replaced: what it was built from, or what it built, is let go."""
        if self._built is not None:
            self._built.release()
        self._build = None
