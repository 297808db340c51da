"""The outbox against the real discord.py client and the loopback emulator: the play
tests' bot (`tests/play/conftest.py`, which keeps within Discord's limits as in production),
and payloads that say when they are released."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from emulator import Emulator

from ..play.conftest import World, world

__all__ = ["Said", "World", "edits_of", "world"]


@dataclass(eq=False)
class Said:
    """A text payload that counts its releases (the outbox must release a replaced one)."""

    text: str
    released: list[str] = field(default_factory=list)

    def kwargs(self) -> dict[str, Any]:
        return {"content": self.text}

    def send_kwargs(self) -> dict[str, Any]:
        return {"content": self.text}

    def release(self) -> None:
        self.released.append(self.text)


def edits_of(emu: Emulator, message_id: int) -> list[str]:
    """The paths of the edit requests Discord got for one message, oldest first."""
    return [
        r.path
        for r in emu.requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}")
    ]
