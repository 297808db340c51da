"""Interactions."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._channels import Channel
    from ._messages import Message
    from ._people import Guild, User


@dataclass(eq=False)
class Interaction:
    """One interaction, as the emulator created it and as the bot answered it."""

    id: int
    token: str
    application_id: int
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any]
    created_at: float  # clock.now() when it was sent to the bot
    #: For component clicks and modals opened from one: the message the component is on.
    message: Message | None = None
    command_name: str | None = None
    #: The callback type the bot answered with (4, 5, 6, 7, 8, 9), None until then.
    ack_type: int | None = None
    acked_at: float | None = None
    #: Callback attempts refused (late or duplicate), as (status, code).
    refused: list[tuple[int, int]] = field(default_factory=list)
    #: Message created by callback 4 or 5 (the "original response").
    response: Message | None = None
    followups: list[Message] = field(default_factory=list)
    #: Callback 8: the autocomplete choices. Callback 9: the modal.
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    acked: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def latency(self) -> float | None:
        """Seconds from sending the interaction to the bot's acknowledgement."""
        if self.acked_at is None:
            return None
        return self.acked_at - self.created_at

    @property
    def answered(self) -> bool:
        """Whether the bot's answer is final: acknowledged, and a deferred reply (callback 5,
        "thinking...") filled in or deleted. A deferred update (6) counts at once: what
        follows it, if anything, edits a message the test already holds."""
        if self.ack_type is None:
            return False
        if self.ack_type != 5 or self.response is None:
            return True
        return not self.response.loading or self.response.deleted

    @property
    def update_latency(self) -> float | None:
        """For a component (or a modal opened from one): seconds from the interaction to the
        first edit of the message it was on (callback 7, or a later PATCH of ``@original`` or
        of the message after a type 6 deferral); None while it has not been edited since."""
        if self.message is None:
            return None
        start = self.created_at
        return next((t - start for t in self.message.edit_times if t >= start), None)

    @property
    def original(self) -> Message | None:
        """What ``@original`` names: the response, or for components the clicked message."""
        if self.response is not None:
            return self.response
        if self.ack_type in (6, 7) and self.message is not None:
            return self.message
        return None

    @property
    def messages(self) -> list[Message]:
        """The response and followups, oldest first."""
        return [m for m in [self.response, *self.followups] if m is not None]

    def __repr__(self) -> str:
        what = self.command_name or self.data.get("custom_id") or self.type
        return f"<Interaction {self.id} {what!r} by {self.user.username} ack={self.ack_type}>"
