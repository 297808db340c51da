"""The one way a use case answers the person who clicked or typed: the interaction's own
answer, the one write that does not go through the outbox. The cogs implement it over a
`discord.Interaction` (`cogs/_answers.py`); a test records it."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol, TypeVar

from bot.outbox.write import Payload

T = TypeVar("T")


class Answer(Protocol):
    """The clicker's (or typer's) side of one interaction, which a use case drives in order."""

    #: The clicked message's id (None for a slash command).
    clicked: int | None
    #: The interaction came from a DM (the challenged player's copy of a challenge).
    in_dm: bool

    async def in_time(self, work: Awaitable[T]) -> T:
        """`work`'s result, the interaction acknowledged within Discord's 3 s however long
        it takes."""
        ...

    async def defer(self) -> None:
        """Acknowledge now (a command: privately); the answer follows."""
        ...

    async def post(self, message: Payload) -> int:
        """Answer with a new public message: its id. `message` is released."""
        ...

    async def show(self, message: Payload) -> None:
        """The clicked message shows `message` instead."""
        ...
