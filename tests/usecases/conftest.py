"""The use cases against the play tests' bot (`tests/play/conftest.py`): a real SQLite
store, the real services and presenters, the emulator as Discord."""

from __future__ import annotations

from ..play.conftest import World, world

__all__ = ["World", "world"]
