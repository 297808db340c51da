"""What the driver raises when a test asks for the impossible or the bot does not answer."""

from __future__ import annotations

from .models import Interaction


class EmulatorError(Exception):
    """A test asked for something a person could not do (no such command, hidden button...)."""


class InteractionFailed(AssertionError):
    """The bot did not acknowledge an interaction within 3 s ("This interaction failed")."""

    def __init__(self, interaction: Interaction, deadline: float) -> None:
        refused = f", refused callbacks: {interaction.refused}" if interaction.refused else ""
        super().__init__(f"{interaction!r} was not acknowledged within {deadline:g} s{refused}")
        self.interaction = interaction


class AnswerNotFilled(InteractionFailed):
    """The bot deferred an interaction ("thinking...") and did not fill in its reply in time
    (an :class:`InteractionFailed`: whoever counts failed interactions counts it)."""

    def __init__(self, interaction: Interaction, timeout: float) -> None:
        AssertionError.__init__(
            self,
            f'{interaction!r} was deferred but its reply was still "thinking..." '
            f"{timeout:g} s after the acknowledgement",
        )
        self.interaction = interaction
