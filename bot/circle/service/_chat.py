"""Table chat: a line cleaned, and who gets it."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import Coded

from ._model import MAX_CHAT, REACTIONS, ChatLine, CircleError
from ._part import Part


def clean_chat(text: str) -> str:
    """One line of table chat: trimmed, one line, no mass mentions; a longer one than
    MAX_CHAT characters is refused with the limit (never cut without saying so)."""
    line = " ".join(text.split())
    if not line:
        raise CircleError("circle-say-something")
    if len(line) > MAX_CHAT:
        raise CircleError("circle-chat-too-long", limit=MAX_CHAT, length=len(line))
    return line.replace("@everyone", "@\u200beveryone").replace("@here", "@\u200bhere")


class Chat(Part):
    """Table chat and quick reactions."""

    async def chat(self, speaker_id: int, text: str, seated: Iterable[int | None]) -> ChatLine:
        """Who gets a table chat line: the other seated players except those who muted the
        speaker. Muting is silent: the speaker is never told who skipped their line."""
        return await self._relayed(speaker_id, clean_chat(text), seated)

    async def reaction(self, speaker_id: int, index: int, seated: Iterable[int | None]) -> ChatLine:
        """A quick reaction, relayed as a chat line; its text stays a catalog key (`Coded`),
        so each reader reads it in their own language."""
        if not 0 <= index < len(REACTIONS):
            raise CircleError("circle-no-reaction")
        return await self._relayed(speaker_id, REACTIONS[index], seated)

    async def _relayed(
        self, speaker_id: int, line: str | Coded, seated: Iterable[int | None]
    ) -> ChatLine:
        others = list(dict.fromkeys(u for u in seated if u is not None and u != speaker_id))
        muters = await self.store.relations.sources_among(speaker_id, "mute", others)
        return ChatLine(
            speaker_id,
            line,
            tuple(u for u in others if u not in muters),
            to_channel=not muters,
        )
