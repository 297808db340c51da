"""The scripted players live in `emulator.players` (the load bench uses them too)."""

from emulator.players import Waiter, choose, confirm_button, live_controls, play_one

__all__ = ["Waiter", "choose", "confirm_button", "live_controls", "play_one"]
