"""Rule sets: every number of RULES.md as a field, three named presets, validation."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_PLAYERS", "PRESETS", "RuleSet"]

#: The most seats any rule set allows.
MAX_PLAYERS = 4

_LAYOFF_MODES = ("any", "original")
_WALL_MODES = ("draw", "redeal", "reshuffle")
_SCORINGS = ("points", "penalty")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules a table plays by. Build one with `RuleSet.preset(name)` and adjust it with
    `replace(...)`; every construction is validated and refuses bad values with `ValueError`."""

    name: str = "cardgames"
    min_players: int = 2
    max_players: int = 2
    hand_size: int = 10  # cards dealt to each of 2 players
    hand_size_multi: int = 10  # cards dealt to each of 3-4 players
    knock_limit: int = 10  # most deadwood (in the 10 kept cards) a knock may leave
    gin_bonus: int = 25
    big_gin: bool = True  # whether Big Gin (11 melded cards, no discard) exists
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    layoff_mode: str = "any"  # "original": each opponent lays off on the knocker's own melds
    wall_cards: int = 2  # the round hits the wall when this many cards remain in the stock
    wall: str = "draw"  # at the wall: "draw" (nobody scores), "redeal", "reshuffle" the discards
    scoring: str = "points"  # "points": winner scores; "penalty": losers take penalty points
    target: int = 100  # match ends when a total reaches this (penalty limit under "penalty")
    game_bonus: int = 100
    line_bonus: int = 25  # per round won
    shutout: bool = True  # winner's round scores doubled if they won every round, no draws
    stall_turns: int = 40  # a round whose stock has not shrunk for this many turns is a draw

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise ValueError("invalid rule set: " + "; ".join(problems))

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """One of the named presets of RULES.md: "cardgames", "playingcards", "classic"."""
        try:
            return PRESETS[name]
        except KeyError:
            known = ", ".join(PRESETS)
            raise ValueError(f"unknown rule preset {name!r}; choose one of {known}") from None

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed, validated like any rule set."""
        unknown = sorted(set(changes) - _FIELD_NAMES)
        if unknown:
            raise ValueError(f"unknown rule field(s): {', '.join(unknown)}")
        return dataclasses.replace(self, **changes)

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player at a table of `players`."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        return self.hand_size if players == 2 else self.hand_size_multi

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able fields."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Inverse of `to_dict`. Missing fields come from the preset named by `name` (or
        `cardgames`), so rule sets stored before a field existed still load."""
        unknown = sorted(set(data) - _FIELD_NAMES)
        if unknown:
            raise ValueError(f"unknown rule field(s): {', '.join(unknown)}")
        base = PRESETS.get(str(data.get("name", "cardgames")), PRESETS["cardgames"])
        return dataclasses.replace(base, **dict(data))


_FIELD_NAMES = frozenset(f.name for f in dataclasses.fields(RuleSet))

_INT_FIELDS = (
    "min_players",
    "max_players",
    "hand_size",
    "hand_size_multi",
    "knock_limit",
    "gin_bonus",
    "big_gin_bonus",
    "undercut_bonus",
    "wall_cards",
    "target",
    "game_bonus",
    "line_bonus",
    "stall_turns",
)


def _problems(r: RuleSet) -> list[str]:
    """Every reason `r` is not a playable rule set (empty if it is)."""
    out: list[str] = []
    if not isinstance(r.name, str) or not r.name.strip():
        out.append("name must be a non-empty string")
    for name in _INT_FIELDS:
        value = getattr(r, name)
        # bool is an int subclass; True as a hand size is a bug, not a rule.
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(f"{name} must be a whole number, not {value!r}")
    for name in ("big_gin", "shutout"):
        if not isinstance(getattr(r, name), bool):
            out.append(f"{name} must be true or false")
    if out:
        return out
    if r.layoff_mode not in _LAYOFF_MODES:
        out.append(f"layoff_mode must be one of {', '.join(_LAYOFF_MODES)}")
    if r.wall not in _WALL_MODES:
        out.append(f"wall must be one of {', '.join(_WALL_MODES)}")
    if r.scoring not in _SCORINGS:
        out.append(f"scoring must be one of {', '.join(_SCORINGS)}")
    if not 2 <= r.min_players <= r.max_players <= MAX_PLAYERS:
        out.append(f"players must satisfy 2 <= min_players <= max_players <= {MAX_PLAYERS}")
    for name in ("hand_size", "hand_size_multi"):
        if not 3 <= getattr(r, name) <= 13:
            out.append(f"{name} must be between 3 and 13")
    if not 0 <= r.wall_cards <= 10:
        out.append("wall_cards must be between 0 and 10")
    if r.min_players <= 2 <= r.max_players and 2 * r.hand_size + 1 + r.wall_cards + 1 > 52:
        out.append("two hands, the up-card and the wall do not fit in one deck")
    if r.max_players > 2 and r.max_players * r.hand_size_multi + 1 + r.wall_cards + 1 > 52:
        out.append(f"{r.max_players} hands, the up-card and the wall do not fit in one deck")
    if not 0 <= r.knock_limit <= 100:
        out.append("knock_limit must be between 0 and 100")
    for name in ("gin_bonus", "big_gin_bonus", "undercut_bonus", "game_bonus", "line_bonus"):
        if getattr(r, name) < 0:
            out.append(f"{name} must not be negative")
    if r.target < 1:
        out.append("target must be at least 1")
    if r.stall_turns < 2:
        out.append("stall_turns must be at least 2")
    if r.scoring == "points" and r.max_players > 2:
        # Points scoring (one winner scores) is only defined for two players in RULES.md.
        out.append("points scoring is for two players; use penalty scoring for 3-4 players")
    if r.scoring == "penalty" and (r.game_bonus or r.line_bonus or r.shutout):
        out.append("penalty scoring has no game, line or shutout bonus (set them to 0/false)")
    return out


PRESETS: dict[str, RuleSet] = {
    "cardgames": RuleSet(),
    "playingcards": RuleSet(
        name="playingcards",
        gin_bonus=20,
        big_gin=False,
        big_gin_bonus=0,
        undercut_bonus=10,
        wall="redeal",
        game_bonus=0,
        line_bonus=0,
        shutout=False,
    ),
    "classic": RuleSet(
        name="classic",
        max_players=4,
        hand_size_multi=7,
        big_gin=False,
        big_gin_bonus=0,
        layoff_mode="original",
        wall="reshuffle",
        scoring="penalty",
        game_bonus=0,
        line_bonus=0,
        shutout=False,
    ),
}
