"""Which card emojis the application has, by card: the ids Discord gave the set of
`bot.render.emojis` (uploaded at start by `bot.ui.emoji_upload`). No Discord types here.

Discord is the store of record for the ids: each start reads them back from the
application's emojis, so nothing about them is kept in the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine.cards import Card
from bot.render.emojis import EmojiSet


@dataclass(frozen=True, slots=True)
class EmojiRef:
    """An application emoji: what a message needs to show it."""

    name: str
    id: int

    @property
    def mention(self) -> str:
        """How message text shows it: ``<:gin_qs_1a2b3c:123>``."""
        return f"<:{self.name}:{self.id}>"


class CardEmojis:
    """The card emojis once every one of them is on Discord; until then (or when the
    upload failed) none, and cards are shown as text with their suit symbols."""

    def __init__(self) -> None:
        self._set: EmojiSet | None = None
        self._ids: dict[str, int] = {}

    @property
    def ready(self) -> bool:
        return self._set is not None

    def adopt(self, emojis: EmojiSet, ids: Mapping[str, int]) -> None:
        """The set is on Discord with these ids (name -> id); every emoji must have one."""
        missing = [art.name for art in emojis.distinct() if art.name not in ids]
        if missing:
            raise ValueError(f"card emojis without an id: {', '.join(missing[:3])}")
        self._ids = {art.name: ids[art.name] for art in emojis.distinct()}
        self._set = emojis

    def clear(self) -> None:
        """Back to text cards (the emojis are gone, or about to be)."""
        self._set, self._ids = None, {}

    def card(self, card: Card, four_colour: bool = False) -> EmojiRef | None:
        """The card's emoji in the player's colour scheme; None while there are none."""
        if self._set is None:
            return None
        name = self._set.face(card, four_colour).name
        return EmojiRef(name, self._ids[name])

    def back(self) -> EmojiRef | None:
        if self._set is None:
            return None
        name = self._set.back.name
        return EmojiRef(name, self._ids[name])
