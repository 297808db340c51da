"""ChatUseCase: `/gin say` and the quick reactions, one method per interaction."""

from __future__ import annotations

from bot.circle import CircleError, CircleService
from bot.games.tables import LiveTable, TableService
from bot.i18n import Coded
from bot.ui.chat_presenter import ChatPresenter


class ChatUseCase:
    """A line or a reaction at the speaker's newest table in play: the players who did not
    mute the speaker read it in their hand messages; the channel too, unless a seated player
    muted them (the channel copy would reach that player)."""

    def __init__(self, tables: TableService, circle: CircleService, present: ChatPresenter) -> None:
        self.tables = tables
        self.circle = circle
        self.present = present

    async def _newest(self, user_id: int) -> LiveTable:
        tables = await self.tables.playing_tables_for(user_id)
        if not tables:
            raise CircleError("reply-chat-not-playing")
        return max(tables, key=lambda t: t.record.id)

    async def may_speak(self, user_id: int) -> None:
        """Refused (`CircleError`) unless the player is at a table in play."""
        await self._newest(user_id)

    async def say(
        self, user_id: int, name: str, text: str | None = None, reaction: int | None = None
    ) -> Coded:
        """`text`, or the canned line `reaction`, said by `user_id` (shown as `name`); what
        the speaker is told."""
        live = await self._newest(user_id)
        seated = [s.user_id for s in live.record.seats if not s.removed]
        if reaction is not None:
            line = await self.circle.reaction(user_id, reaction, seated)
        else:
            line = await self.circle.chat(user_id, text or "", seated)
        record = live.record
        if line.to_channel:
            self.present.to_channel(record.channel_id, record.guild_id, name, line.text)
        readers = frozenset(line.recipients) | {user_id}
        # One update per language: each reader reads the line in their hand's language.
        for language, group in (await self.present.by_language(readers, record.guild_id)).items():
            self.tables.chat(
                record.id, user_id, self.present.line(name, line.text, language), group
            )
        return Coded("reply-chat-sent", {"table": live.record.id})
