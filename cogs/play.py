"""`/gin` play commands and the game's buttons: parse the interaction, make one call on its
use case (a table in play: `bot/usecases/play.py`; challenges and lobbies:
`bot/usecases/challenges.py`), say what it returns. No game logic here."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.command_group import gin_command
from bot.circle import Person
from bot.engine import Action
from bot.errors import listed_permissions
from bot.games.errors import GameError
from bot.games.presets import COMPUTER_LEVELS, DEFAULT_LEVEL, DEFAULT_PRESET
from bot.games.tables import TableService
from bot.i18n import Coded, render, t
from bot.text import rules as rules_text
from bot.ui.challenge_presenter import Where
from bot.ui.components import DISPATCHED, DYNAMIC_ITEMS, bind, route, routed, unbind
from bot.ui.ownership import OwnView
from bot.ui.play_presenter import (
    HandReply,
    PlayPresenter,
    age,
    clicked_id,
    on_its_message,
    reply,
    stale_control,
)
from bot.ui.screens import Screens
from bot.usecases.challenges import Ask, ChallengeUseCase
from bot.usecases.play import PlayUseCase
from cogs._answers import InteractionAnswer
from cogs._options import LEVEL_CHOICES, PRESET_CHOICES
from cogs._pace import CHALLENGES, Pace

if TYPE_CHECKING:
    from bot.app.client import GinBot

log = logging.getLogger(__name__)

NEEDED = ("send_messages", "embed_links", "attach_files")
ANSWER_WITHIN = 2.5  # seconds; Discord's deadline is 3


def _name(user: discord.abc.User) -> str:
    return user.display_name


def _person(user: discord.abc.User) -> Person:
    return Person(user.id, user.display_name)


def _where(message: discord.Message | None) -> Where | None:
    return None if message is None else (message.channel.id, message.id)


def too_late(interaction: discord.Interaction) -> bool:
    """Whether the 3 s to answer are (nearly) gone: an overloaded bot then drops the click
    rather than make a move the player can never be told about."""
    return age(interaction) > ANSWER_WITHIN


def hosting_channel(interaction: discord.Interaction, elsewhere: str) -> tuple[int, int]:
    """The server and channel a game would be hosted in; a readable refusal outside a server
    channel (`elsewhere`) or where the bot lacks a permission it needs."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GameError(elsewhere)
    perms = interaction.app_permissions
    missing = [p for p in NEEDED if not getattr(perms, p)]
    if missing:
        raise GameError("reply-missing-permissions", missing=listed_permissions(missing))
    return interaction.guild_id, interaction.channel_id


class Play(commands.Cog):
    """ChallengeUseCase, open tables, computer matches, hands, resigning, the rules."""

    def __init__(
        self,
        bot: GinBot,
        tables: TableService,
        challenges: ChallengeUseCase,
        play: PlayUseCase,
        screens: Screens,
    ) -> None:
        self.bot = bot
        self.tables = tables
        #: The challenges' and lobbies' use case (`bot/usecases/challenges.py`).
        self.challenges = challenges
        #: The moves of a table in play (`bot/usecases/play.py`), shown by `presenter`.
        self.play = play
        self.presenter = PlayPresenter(screens.notifier, screens.outbox, screens.readers)
        self.pictures = screens.pictures
        self.notifier = screens.notifier
        self.outbox = screens.outbox
        self.readers = screens.readers
        self.menu = app_commands.ContextMenu(name="Challenge", callback=self.menu_challenge)
        self.challenge_pace = Pace(*CHALLENGES)

    async def cog_load(self) -> None:
        bind(self.bot, self, *DYNAMIC_ITEMS)
        # A hand's controls are routed by `on_interaction`, the others by discord.py.
        self.bot.add_dynamic_items(*DISPATCHED)
        self.bot.tree.add_command(self.menu)
        # The games in play are recovered, and the expiry armed, by `Services.start`.
        self.tables.subscribe(self.notifier)

    async def cog_unload(self) -> None:
        self.tables.unsubscribe(self.notifier)
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)
        self.bot.remove_dynamic_items(*DISPATCHED)
        unbind(self.bot, *DYNAMIC_ITEMS)

    # ----- slash commands (attached to the shared /gin group) -------------------------

    @app_commands.describe(
        opponent="Who to play",
        rules="Rule preset (default cardgames)",
        target="Points to play to (10-500)",
    )
    @app_commands.choices(rules=PRESET_CHOICES)
    @gin_command(name="challenge", description="Challenge a member to a match.")
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        rules: str | None = None,
        target: app_commands.Range[int, 10, 500] | None = None,
    ) -> None:
        where = hosting_channel(interaction, "reply-challenge-elsewhere")
        self.challenge_pace.take(interaction.user.id)
        await self.presenter.seen(interaction)
        said = await self.challenges.challenge(
            self._reply(interaction),
            where=where,
            challenger=_person(interaction.user),
            opponent=_person(opponent),
            opponent_is_bot=opponent.bot,
            preset=rules,
            target=target,
        )
        await self._say(interaction, said)

    def _reply(self, interaction: discord.Interaction) -> InteractionAnswer:
        return InteractionAnswer(interaction, self.outbox)

    async def _say(self, interaction: discord.Interaction, said: Coded | None) -> None:
        """What a use case returned, said privately in the reader's language (None: the
        answer was given already)."""
        if said is not None:
            lang = await self.readers.language(interaction)
            await reply(interaction, render(said, lang), lang)

    @app_commands.describe(
        rules="Rule preset", seats="Number of seats (2-4; 3-4 need classic)", target="Points"
    )
    @app_commands.choices(rules=PRESET_CHOICES)
    @gin_command(name="table", description="Open a table in this channel for others to join.")
    async def table(
        self,
        interaction: discord.Interaction,
        rules: str | None = None,
        seats: app_commands.Range[int, 2, 4] = 2,
        target: app_commands.Range[int, 10, 500] | None = None,
    ) -> None:
        where = hosting_channel(interaction, "reply-table-elsewhere")
        said = await self.challenges.open_lobby(
            self._reply(interaction),
            where=where,
            host=_person(interaction.user),
            preset=rules,
            target=target,
            seats=seats,
        )
        await self._say(interaction, said)

    @app_commands.describe(
        level="How strong (default normal)", rules="Rule preset", target="Points"
    )
    @app_commands.choices(level=LEVEL_CHOICES, rules=PRESET_CHOICES)
    @gin_command(name="computer", description="Play a match against the computer.")
    async def computer(
        self,
        interaction: discord.Interaction,
        level: str = DEFAULT_LEVEL,
        rules: str | None = None,
        target: app_commands.Range[int, 10, 500] | None = None,
    ) -> None:
        guild_id, channel_id = hosting_channel(interaction, "reply-computer-elsewhere")
        await self.play.computer(
            self._hands(interaction),
            guild_id=guild_id,
            channel_id=channel_id,
            player=(interaction.user.id, _name(interaction.user)),
            level=level,
            preset=rules,
            target=target,
        )

    @gin_command(name="hand", description="Show your hand again, privately.")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.play.hand(self._hands(interaction), interaction.user.id)

    @gin_command(name="resign", description="Concede your current match.")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.play.resign_asked(self._hands(interaction), interaction.user.id)

    @gin_command(name="rules", description="The rules of a preset, briefly.")
    @app_commands.describe(preset=f"Which rules (default {DEFAULT_PRESET})")
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str = DEFAULT_PRESET) -> None:
        lang = await self.readers.language(interaction)
        await interaction.response.send_message(rules_text.summary(preset, lang), ephemeral=True)

    # ----- buttons ------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a hand's controls, routed by its custom id (`bot/ui/components.py`
        `route`); a click discord.py would drop (a control no control reads, or game controls
        no longer on their message): answered (`bot/ui/play_presenter.py`)."""
        custom_id = clicked_id(interaction)
        if not custom_id:
            return
        found = routed(custom_id)
        if found is not None and on_its_message(interaction, custom_id):
            await route(interaction, found)
            return
        table_id = await stale_control(interaction)
        if table_id is not None:
            await self.play.out_of_date(self._hands(interaction), table_id, interaction.user.id)

    def _hands(self, interaction: discord.Interaction) -> HandReply:
        return self.presenter.answer(interaction)

    async def on_action(
        self, interaction: discord.Interaction, table_id: int, version: int, action: Action
    ) -> None:
        if too_late(interaction):
            log.warning("dropped a move on table %s: its interaction is too old", table_id)
            return
        answer = self._hands(interaction)
        try:
            await self.play.act(answer, table_id, interaction.user.id, version, action)
        finally:
            await answer.settle()

    async def on_ask(
        self, interaction: discord.Interaction, table_id: int, version: int, action: Action | None
    ) -> None:
        answer = self._hands(interaction)
        await self.play.ask(answer, table_id, interaction.user.id, version, action)

    async def on_show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        await self.play.show_hand(self._hands(interaction), table_id, interaction.user.id)

    async def on_lobby(self, interaction: discord.Interaction, table_id: int, op: str) -> None:
        lobby = self.challenges
        steps = {"join": lobby.join, "leave": lobby.leave, "start": lobby.start}
        step = steps.get(op, lobby.computer_asked)
        outcome = await step(self._reply(interaction), table_id, _person(interaction.user))
        if isinstance(outcome, Ask):
            await self._ask(interaction, table_id, outcome)
        else:
            await self._say(interaction, outcome)

    async def _ask(self, interaction: discord.Interaction, table_id: int, ask: Ask) -> None:
        """The question a lobby click needs answered first, with its buttons, privately."""
        lang = await self.readers.language(interaction)
        lobby = _where(interaction.message)
        view: OwnView = (
            JoinAnyway(self, table_id, lobby, lang)
            if ask.choices == "join-anyway"
            else ComputerLevels(self, table_id, lobby, lang)
        )
        await interaction.response.send_message(
            render(ask.question, lang), view=view, ephemeral=True
        )

    async def on_challenge(
        self, interaction: discord.Interaction, challenge_id: int, op: str
    ) -> None:
        cases = self.challenges
        steps = {"accept": cases.accept, "decline": cases.decline}
        step = steps.get(op, cases.cancel)
        said = await step(self._reply(interaction), challenge_id, _person(interaction.user))
        await self._say(interaction, said)

    async def on_rematch(self, interaction: discord.Interaction, table_id: int) -> None:
        said = await self.challenges.rematch(
            self._reply(interaction), table_id, _person(interaction.user)
        )
        await self._say(interaction, said)

    async def menu_challenge(self, interaction: discord.Interaction, user: discord.User) -> None:
        """The user context menu's Challenge: a challenge with the default rules."""
        await self.challenge(interaction, user)


class JoinAnyway(OwnView):
    """The question before joining a table where someone the player blocked sits."""

    def __init__(self, cog: Play, table_id: int, lobby: Where | None, language: str) -> None:
        super().__init__(timeout=120)
        self.cog, self.table_id, self.lobby, self.language = cog, table_id, lobby, language
        self.join.label = t(language, "reply-join-anyway")
        self.cancel.label = t(language, "reply-dont-join")

    # Labels in the reader's language, set in __init__.
    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        said = await self.cog.challenges.join_anyway(
            self.table_id, _person(interaction.user), self.lobby
        )
        await interaction.response.edit_message(content=render(said, self.language), view=None)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.edit_message(
            content=t(self.language, "reply-not-joined"), view=None
        )


class ComputerLevels(OwnView):
    """The host picks the level of the computer player to seat (the engine's levels)."""

    def __init__(self, cog: Play, table_id: int, lobby: Where | None, language: str) -> None:
        super().__init__(timeout=120)
        self.cog, self.table_id, self.lobby, self.language = cog, table_id, lobby, language
        for level in COMPUTER_LEVELS:
            button: discord.ui.Button[ComputerLevels] = discord.ui.Button(
                label=t(language, f"choice-{level}").capitalize(),
                style=discord.ButtonStyle.primary
                if level == DEFAULT_LEVEL
                else discord.ButtonStyle.secondary,
            )
            button.callback = self._adder(level)  # type: ignore[method-assign,assignment]
            self.add_item(button)

    def _adder(self, level: str) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def add(interaction: discord.Interaction) -> None:
            said = await self.cog.challenges.add_computer(
                self.table_id, _person(interaction.user), level, self.lobby
            )
            await interaction.response.edit_message(content=render(said, self.language), view=None)

        return add


async def setup(bot: GinBot) -> None:
    services, screens = bot.wired()
    if bot.challenge_case is None or bot.play_case is None:
        raise RuntimeError("extensions load in setup_hook, after the use cases are built")
    await bot.add_cog(Play(bot, services.tables, bot.challenge_case, bot.play_case, screens))


__all__ = ["Play", "setup"]
