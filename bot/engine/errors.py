"""Errors the engine raises for moves the rules forbid."""

from __future__ import annotations

__all__ = ["IllegalAction"]


class IllegalAction(Exception):
    """A move the rules forbid. `str(error)` is a sentence a player can read."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
