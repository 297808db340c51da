"""The scripted players live in `tests/players.py` (the load bench uses them too)."""

from tests.players import (
    Waiter,
    card_buttons,
    choose,
    confirm_button,
    hand_cards,
    live_controls,
    play_one,
    to_move,
)

__all__ = [
    "Waiter",
    "card_buttons",
    "choose",
    "confirm_button",
    "hand_cards",
    "live_controls",
    "play_one",
    "to_move",
]
