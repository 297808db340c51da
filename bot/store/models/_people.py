"""Players and their relations (`store.players`, `store.relations`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, get_args

# -- Players (`store.players`) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    user_id: int
    display_name: str
    online: bool
    locale: str | None
    created_at: datetime
    updated_at: datetime


#: `update_settings(language=FOLLOW_DISCORD)` forgets the chosen language.
FOLLOW_DISCORD = "auto"


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """What a player chose in `/gin me settings` (defaults when they never chose)."""

    user_id: int
    #: A picture of the hand in each hand message: off unless chosen, since the hand's
    #: cards are buttons with their emojis (issue 33); boards and reveals keep theirs.
    images: bool = False
    four_colour: bool = False
    dark: bool = False
    #: A new hand message (a notification) when their turn starts; else edited in place.
    turn_alerts: bool = True
    #: The language they chose (en/es/fr), which wins over their Discord locale; None:
    #: follow Discord (`bot.i18n.pick_language`).
    language: str | None = None


# -- Relations (`store.relations`) ---------------------------------------------------------

RelationKind = Literal["block", "mute", "favorite"]

RELATION_KINDS: tuple[RelationKind, ...] = get_args(RelationKind)


@dataclass(frozen=True, slots=True)
class Relation:
    """`user_id` has `kind`-ed `target_id` (e.g. user 1 blocks user 2)."""

    user_id: int
    target_id: int
    kind: RelationKind
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Favorite:
    """A favorite with what the store knows of them (None if they never played)."""

    target_id: int
    display_name: str | None
    online: bool | None
    created_at: datetime
