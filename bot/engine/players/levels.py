"""The computer levels by name: `make_player("easy" | "normal" | "hard" | "expert", seed)`."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.players import Player
from bot.engine.players.baseline import BaselinePlayer
from bot.engine.players.easy import EasyPlayer
from bot.engine.players.expert import ExpertPlayer
from bot.engine.players.hard import HardPlayer

__all__ = ["LEVELS", "make_player"]


def _normal(seed: int) -> Player:
    # The baseline is deterministic and needs no seed.
    return BaselinePlayer()


_FACTORIES: dict[str, Callable[[int], Player]] = {
    "easy": EasyPlayer,
    "normal": _normal,
    "hard": HardPlayer,
    "expert": ExpertPlayer,
}

#: The level names, weakest first.
LEVELS: tuple[str, ...] = tuple(_FACTORIES)


def make_player(level: str, seed: int = 0) -> Player:
    """A fresh computer player of `level`; the same seed gives the same play. Use one per
    seat and match (players may keep state between their own decisions)."""
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}") from None
    return factory(seed)
