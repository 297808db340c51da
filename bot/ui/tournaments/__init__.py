"""The tournaments on Discord: their messages (`messages.py`: the sign-up with its Join and
Leave buttons, the standings) and the one presenter that shows the tournament service's
updates through the outbox (`presenter.py`)."""

from .messages import (
    GROUP,
    PATH,
    SignupButton,
    command_path,
    signup_embed,
    signup_view,
    standings_embed,
)
from .presenter import TournamentPresenter

__all__ = [
    "GROUP",
    "PATH",
    "SignupButton",
    "TournamentPresenter",
    "command_path",
    "signup_embed",
    "signup_view",
    "standings_embed",
]
