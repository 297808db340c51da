"""The table chat's one presenter: a line said to the channel goes through the outbox (the
players read it in their own hand messages, which the table's notifier edits), each reader
in their own language (a quick reaction is a catalog key until then)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable

import discord

from bot.i18n import Coded, Language, render, t
from bot.outbox import Outbox, Priority
from bot.outbox.write import Raw

NO_MENTIONS = discord.AllowedMentions.none()


class ChatPresenter:
    def __init__(
        self,
        outbox: Outbox,
        server_language: Callable[[int | None], Language],
        language_of: Callable[[int, Language], Awaitable[Language]],
    ) -> None:
        self.outbox = outbox
        self.server_language = server_language
        #: A player's DM language given their server's (`Readers.language_of`): the one
        #: their hand message, where they read the line, is written in.
        self.language_of = language_of

    @staticmethod
    def line(name: str, text: str | Coded, language: Language) -> str:
        """What `name` said as the players read it in `language`, in the channel and in
        their hand messages (which the table's notifier shows as it is)."""
        return t(language, "chat-line", name=name, text=render(text, language))

    async def by_language(
        self, readers: Iterable[int], guild_id: int | None
    ) -> dict[Language, frozenset[int]]:
        """`readers` grouped by the language of their hand messages."""
        server = self.server_language(guild_id)
        groups: dict[Language, set[int]] = {}
        for user_id in readers:
            language = await self.language_of(user_id, server)
            groups.setdefault(language, set()).add(user_id)
        return {language: frozenset(group) for language, group in groups.items()}

    def to_channel(
        self, channel_id: int, guild_id: int | None, name: str, text: str | Coded
    ) -> None:
        """The line in the table's channel, in the server's language, after everything else
        the bot writes."""
        shown = self.line(name, text, self.server_language(guild_id))
        said = Raw({"content": shown, "allowed_mentions": NO_MENTIONS})
        self.outbox.post(channel_id, said, Priority.REST)
