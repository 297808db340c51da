"""The rule presets players choose from (the engine's own list) and a player's rule choice."""

from __future__ import annotations

import json

from bot.engine import PRESETS, RuleSet
from bot.engine.players.levels import LEVELS
from bot.games.errors import GameError

#: The presets' names, in the engine's order: the one list every command offers.
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
DEFAULT_PRESET = PRESET_NAMES[0]
TARGET_RANGE = (10, 500)


def presets_for(seats: int) -> tuple[str, ...]:
    """The presets that can be played by `seats` players, in the engine's order."""
    return tuple(
        name for name, rules in PRESETS.items() if rules.min_players <= seats <= rules.max_players
    )


def check_seats(rules: RuleSet, seats: int) -> None:
    """A readable refusal when `rules` cannot be played by `seats`, naming those that can."""
    if not rules.min_players <= seats <= rules.max_players:
        raise GameError(
            "table-players-range",
            rules=rules.name,
            low=rules.min_players,
            high=rules.max_players,
            seats=seats,
            fits=", ".join(presets_for(seats)),
        )


def make_rules(preset: str | None, target: int | None, seats: int = 2) -> RuleSet:
    """The rule set a player asked for, or a readable refusal. Without a preset, the first
    of the engine's presets that `seats` players can play (the default one at two)."""
    name = preset or next(iter(presets_for(seats)), DEFAULT_PRESET)
    if name not in PRESETS:
        raise GameError("rules-unknown", name=name, presets=", ".join(PRESET_NAMES))
    rules = RuleSet.preset(name)
    if target is not None:
        low, high = TARGET_RANGE
        if not low <= target <= high:
            raise GameError("rules-target-range", low=low, high=high)
        rules = rules.replace(target=target)
    return rules


def rules_from_json(rules_json: str) -> RuleSet:
    """The rule set a table or challenge was stored with."""
    return RuleSet.from_dict(json.loads(rules_json))


def preset_name(rules_json: str) -> str:
    """The preset's name in stored rules (what players chose)."""
    try:
        return str(json.loads(rules_json).get("name", DEFAULT_PRESET))
    except (ValueError, AttributeError):
        return rules_json


#: The computer levels, weakest first (the engine's list).
COMPUTER_LEVELS: tuple[str, ...] = LEVELS
DEFAULT_LEVEL = "normal"
