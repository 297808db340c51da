"""Choices offered in slash command options, from the engine's own lists (never a copy)."""

from __future__ import annotations

from discord import app_commands

from bot.circle.service import FOLLOW
from bot.games.presets import COMPUTER_LEVELS, PRESET_NAMES
from bot.text.settings import LANGUAGE_NAMES

PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESET_NAMES]
LEVEL_CHOICES = [app_commands.Choice(name=name, value=name) for name in COMPUTER_LEVELS]

LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()),
    app_commands.Choice(name="Follow Discord", value=FOLLOW),
]
