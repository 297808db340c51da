"""``/gin resign``'s questions: which table (at several), then are you sure. Their buttons
call the play use case (`bot/usecases/play.py`, through `Resigning`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.errors import player_message
from bot.games.errors import GameError
from bot.i18n import t
from bot.text.names import seat_name
from bot.ui.ownership import OwnView
from bot.usecases.play import Resigning


def words(error: Exception, language: str) -> str:
    """`error` as the player reads it, in `language`."""
    return player_message(error, language) or str(error)


def _others(record: Any, user_id: int, language: str) -> list[str]:
    """The names of the other seats still in the match, as `language`'s reader reads them."""
    return [
        seat_name(s.display_name, s.computer_level, language)
        for s in record.seats
        if s.user_id != user_id and not s.removed
    ]


def table_label(record: Any, user_id: int, language: str) -> str:
    """A table as a button names it: its number, rules and the other players."""
    others = ", ".join(_others(record, user_id, language))
    return t(language, "reply-resign-table", table=record.id, rules=record.rules, others=others)


class PickResign(OwnView):
    """`/gin resign` at several tables: one button per table, then the confirmation."""

    def __init__(
        self, case: Resigning, user_id: int, choices: list[tuple[int, str]], language: str
    ) -> None:
        super().__init__(timeout=60)
        self.case, self.user_id, self.language = case, user_id, language
        for table_id, text in choices:
            button: discord.ui.Button[PickResign] = discord.ui.Button(
                label=text[:80], style=discord.ButtonStyle.secondary
            )
            button.callback = self._picker(table_id)  # type: ignore[method-assign,assignment]
            self.add_item(button)

    def _picker(self, table_id: int) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def pick(interaction: discord.Interaction) -> None:
            try:
                record = await self.case.resign_pick(table_id)
            except GameError as exc:
                await interaction.response.edit_message(
                    content=words(exc, self.language), view=None
                )
                return
            confirm = ConfirmResign(self.case, self.user_id, record, self.language)
            await interaction.response.edit_message(content=confirm.question, view=confirm)

        return pick


class ConfirmResign(OwnView):
    """A short-lived confirmation before conceding; it says what happens at that table (two
    seats: the opponent wins; three or four: you leave and the others play on)."""

    def __init__(self, case: Resigning, user_id: int, record: Any, language: str) -> None:
        super().__init__(timeout=60)
        self.case, self.user_id, self.table_id, self.language = case, user_id, record.id, language
        others = _others(record, user_id, language)
        # One other player left in (two seats, or the rest are out already): they win.
        self.two = len(others) <= 1
        names = ", ".join(others)
        if self.two:
            self.question = t(language, "reply-resign-ask", table=record.id, opponent=names)
            self.done = t(language, "reply-resigned", opponent=names)
        else:
            self.question = t(language, "reply-resign-ask-many", table=record.id, others=names)
            self.done = t(language, "reply-resigned-many", table=record.id, others=names)
        self.confirm.label = t(language, "reply-resign-button")
        self.keep.label = t(language, "reply-keep-playing")

    # Labels in the reader's language, set in __init__.
    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        try:
            await self.case.resign(self.table_id, self.user_id)
        except GameError as exc:
            await interaction.response.edit_message(content=words(exc, self.language), view=None)
            return
        await interaction.response.edit_message(content=self.done, view=None)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(
            content=t(self.language, "reply-good-luck"), view=None
        )
