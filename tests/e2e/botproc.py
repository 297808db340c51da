"""The bot-process launcher lives in `emulator.botproc` (the benches use it too)."""

from emulator.botproc import READY, BotProcess, clean_environ

__all__ = ["READY", "BotProcess", "clean_environ"]
