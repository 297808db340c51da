"""`/gin` play commands and the game's buttons: parse the interaction, call a service,
render the result. No game logic here."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.command_group import gin_command
from bot.circle import Person
from bot.engine import Action, IllegalAction, RoundView
from bot.errors import listed_permissions, player_message
from bot.games.errors import GameError
from bot.games.model import TableState
from bot.games.presets import COMPUTER_LEVELS, DEFAULT_LEVEL, DEFAULT_PRESET
from bot.games.tables import StaleButton, TableService
from bot.i18n import Coded, render, t
from bot.outbox.write import without_rows
from bot.render import warm_up, workers
from bot.text import rules as rules_text
from bot.text.legacy import NOT_SEATED
from bot.ui import images, messages, ownership
from bot.ui.challenge_presenter import Where
from bot.ui.components import DYNAMIC_ITEMS, bind, refuse_unread, unbind
from bot.ui.hand_layout import custom_ids
from bot.ui.ownership import OwnView
from bot.ui.screens import Screens
from bot.usecases.challenges import Ask, ChallengeUseCase
from cogs._answers import InteractionReply, age
from cogs._options import LEVEL_CHOICES, PRESET_CHOICES
from cogs._pace import CHALLENGES, Pace

if TYPE_CHECKING:
    from bot.app.client import GinBot

log = logging.getLogger(__name__)

NEEDED = ("send_messages", "embed_links", "attach_files")
ANSWER_WITHIN = 2.5  # seconds; Discord's deadline is 3
#: The note on a hand shown again because the clicked control was out of date.
OUT_OF_DATE = Coded("reply-out-of-date")


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


def _words(error: Exception, language: str) -> str:
    return player_message(error, language) or str(error)


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


async def reply(interaction: discord.Interaction, said: str | Exception, language: str) -> None:
    """A short private answer, whether or not the interaction was answered already; an
    error is said in the reader's `language`."""
    text = said if isinstance(said, str) else _words(said, language)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class Play(commands.Cog):
    """ChallengeUseCase, open tables, computer matches, hands, resigning, the rules."""

    def __init__(
        self,
        bot: GinBot,
        tables: TableService,
        challenges: ChallengeUseCase,
        screens: Screens,
    ) -> None:
        self.bot = bot
        self.tables = tables
        #: The challenges' and lobbies' use case (`bot/usecases/challenges.py`).
        self.challenges = challenges
        self.pictures = screens.pictures
        self.notifier = screens.notifier
        self.outbox = screens.outbox
        self.readers = screens.readers
        self.menu = app_commands.ContextMenu(name="Challenge", callback=self.menu_challenge)
        self.challenge_pace = Pace(*CHALLENGES)
        self._warm: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        bind(self.bot, self, *DYNAMIC_ITEMS)
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        self.bot.tree.add_command(self.menu)
        # The games in play are recovered, and the expiry armed, by `Services.start`.
        self.tables.subscribe(self.notifier)
        processes = self.bot.settings.render_processes
        if self.pictures.enabled and processes:
            await workers.start(processes)  # returns once each has drawn its card faces
        elif self.pictures.enabled:
            # Draw the card faces once, off the loop, so the first game's pictures are quick.
            self._warm = asyncio.create_task(asyncio.to_thread(warm_up, images.PUBLIC))

    async def cog_unload(self) -> None:
        self.tables.unsubscribe(self.notifier)
        workers.stop()
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        unbind(self.bot, *DYNAMIC_ITEMS)

    async def _hand(
        self, state: TableState, view: RoundView, user_id: int, *, note: Coded | None = None
    ) -> messages.Message:
        """A hand message; its `note` in the hand's own language (the notifier's)."""
        said = None if note is None else render(note, await self.notifier.language(state, user_id))
        return await self.notifier.hand(state, view, user_id, said)

    async def _seen(self, interaction: discord.Interaction) -> None:
        self.notifier.saw_locale(interaction.user.id, interaction.locale)
        # Once answered, its token carries the player's private messages for a while
        # (bot/outbox/tokens.py).
        self.outbox.remember(interaction)
        # A player who interacts can be DMed again (see docs/playing.md).
        await self.notifier.dms.seen(interaction.user.id)

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
        await self._seen(interaction)
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

    def _reply(self, interaction: discord.Interaction) -> InteractionReply:
        return InteractionReply(interaction, self.outbox)

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
        lang = await self.readers.language(interaction)
        await interaction.response.send_message(
            t(lang, "reply-computer-setting-up", level=t(lang, f"choice-{level}")), ephemeral=True
        )
        started = await self.tables.play_computer(
            guild_id=guild_id,
            channel_id=channel_id,
            player=(interaction.user.id, _name(interaction.user)),
            level=level,
            preset=rules,
            target=target,
        )
        await interaction.edit_original_response(
            content=t(
                lang,
                "reply-computer-on",
                level=t(lang, f"choice-{level}"),
                table=started.state.table_id,
            )
        )

    @gin_command(name="hand", description="Show your hand again, privately.")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self._seen(interaction)
        tables = await self.tables.playing_tables_for(interaction.user.id)
        if not tables:
            raise GameError("reply-not-in-game")
        update = self.tables.hand(tables[0].record.id, interaction.user.id)
        (view,) = update.views.values()
        note = None
        if len(tables) > 1:
            others = ", ".join(f"#{table.record.id}" for table in tables[1:])
            note = Coded("reply-also-at", {"tables": others})
        msg = await self._hand(update.state, view, interaction.user.id, note=note)
        sent = await interaction.response.send_message(ephemeral=True, **msg.send_kwargs())
        self.notifier.private.keep(
            update.state.table_id, interaction.user.id, interaction, sent.message_id, original=True
        )

    @gin_command(name="resign", description="Concede your current match.")
    async def resign(self, interaction: discord.Interaction) -> None:
        tables = await self.tables.playing_tables_for(interaction.user.id)
        if not tables:
            raise GameError("reply-not-in-match")
        lang = await self.readers.language(interaction)
        user_id = interaction.user.id
        if len(tables) > 1:
            choices = [
                (live.record.id, _table_label(live.record, user_id, lang)) for live in tables
            ]
            await interaction.response.send_message(
                t(lang, "reply-resign-which"),
                view=PickResign(self, user_id, choices, lang),
                ephemeral=True,
            )
            return
        confirm = ConfirmResign(self, user_id, tables[0].record, lang)
        await interaction.response.send_message(confirm.question, view=confirm, ephemeral=True)

    @gin_command(name="rules", description="The rules of a preset, briefly.")
    @app_commands.describe(preset=f"Which rules (default {DEFAULT_PRESET})")
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str = DEFAULT_PRESET) -> None:
        lang = await self.readers.language(interaction)
        await interaction.response.send_message(rules_text.summary(preset, lang), ephemeral=True)

    # ----- buttons ------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click on a control no control reads (a malformed id) or on game controls
        that are no longer on their message (a double click racing the edit): discord.py
        drops those, which players would see as "This interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        if await refuse_unread(interaction) or interaction.message is None:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(("gin:a:", "gin:s:", "gin:q:", "gin:b:")):
            return
        if custom_id in custom_ids(interaction.message) or not await ownership.allowed(
            interaction, private=True
        ):
            return
        table_id = int(custom_id.split(":")[2])
        await self._fresh_hand(interaction, table_id, note=OUT_OF_DATE)

    async def on_action(
        self, interaction: discord.Interaction, table_id: int, version: int, action: Action
    ) -> None:
        if too_late(interaction):
            log.warning("dropped a move on table %s: its interaction is too old", table_id)
            return
        # Acknowledge the click at once with a deferred update (type 6), which shows the
        # player nothing: the move is told only by the edit below, after its commit. Waiting
        # for the commit and the picture before answering would let a busy bot's queue eat
        # into the 3 s (measured in bench/load.py, docs/performance.md).
        await interaction.response.defer()
        await self._seen(interaction)
        try:
            update = await self.tables.act(table_id, interaction.user.id, action, version)
        except StaleButton:
            # The clicked message itself shows the hand now, so no out-of-date control stays
            # live on it (it may be a message a restart or a slow DM left behind).
            await self._fresh_hand(
                interaction,
                table_id,
                note=OUT_OF_DATE,
                in_place=True,
            )
            return
        except (GameError, IllegalAction) as exc:
            await self._refuse(interaction, table_id, exc)
            return
        seat = update.state.seat_of(interaction.user.id)
        view = update.views.get(seat.seat) if seat is not None else None
        if view is None or seat is None:
            return
        msg = await self._hand(update.state, view, interaction.user.id)
        self._adopt(interaction, table_id, seat.seat)
        self._answering(interaction)
        try:
            await interaction.edit_original_response(**msg.kwargs())
            self._keep_private(interaction, table_id)
        except discord.HTTPException:
            # The move stands (committed, the table is told); the hand, with its controls,
            # goes in a new private message instead (and /gin hand shows it again).
            log.warning("could not update the hand message after a move on table %s", table_id)
            msg.release()
            await self._hand_anew(interaction, table_id)
        finally:
            msg.release()

    def _answering(self, interaction: discord.Interaction) -> None:
        """The clicked message is about to show the newest state: edits of it still queued
        in the outbox are older, and must not land after."""
        if interaction.message is not None and interaction.channel_id is not None:
            self.outbox.superseded(interaction.channel_id, interaction.message.id)

    async def _refuse(
        self, interaction: discord.Interaction, table_id: int, error: Exception
    ) -> None:
        """A click refused: said privately. A control of a match that is over (a private
        hand older than its token's 15 minutes, or a message a restart left behind) loses
        its controls where the click's own answer can reach it, and the answer says the
        match is over rather than that the table is missing."""
        gone = isinstance(error, GameError) and error.key == "table-not-found"
        if gone and await self.tables.ended(table_id):
            error = GameError("illegal-match-over")
            if interaction.message is not None:
                bare = without_rows(interaction.message)  # a layout keeps its text
                try:
                    if interaction.response.is_done():
                        await interaction.edit_original_response(view=bare)
                    else:
                        await interaction.response.edit_message(view=bare)
                except discord.HTTPException:
                    log.info("could not take the controls of a finished match away")
        await reply(interaction, error, await self.readers.language(interaction))

    def _keep_private(self, interaction: discord.Interaction, table_id: int) -> None:
        """The clicked message is an ephemeral hand: its newest token is kept, so the
        match's end can take its controls away."""
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            self.notifier.private.keep(
                table_id, interaction.user.id, interaction, message.id, original=True
            )

    def _adopt(self, interaction: discord.Interaction, table_id: int, seat: int) -> None:
        """A move clicked on a hand DM: that message is the player's live hand from now on
        (a move from an ephemeral answer leaves the DM's live hand as it is)."""
        message = interaction.message
        if message is not None and interaction.guild_id is None and not message.flags.ephemeral:
            self.notifier.adopt_hand(table_id, seat, (message.channel.id, message.id))

    async def on_ask(
        self, interaction: discord.Interaction, table_id: int, version: int, action: Action | None
    ) -> None:
        """A knock or gin asked for: the clicked hand shows it with a Confirm button (a
        knock: its cards knock). Nothing is played (or stored) until the player confirms.
        None (Back): the hand as it is, without a question."""
        await self._seen(interaction)
        try:
            await self.tables.sync(table_id)  # another process may have moved it on
            update = self.tables.hand(table_id, interaction.user.id)
        except GameError as exc:
            await self._refuse(interaction, table_id, exc)
            return
        (view,) = update.views.values()
        stale = update.state.version != version
        if stale or action is None or action not in view.legal:
            note = OUT_OF_DATE if stale else None
            msg = await self._hand(update.state, view, interaction.user.id, note=note)
        else:
            msg = await self.notifier.hand(update.state, view, interaction.user.id, confirm=action)
        self._answering(interaction)
        try:
            await interaction.response.edit_message(**msg.kwargs())
        finally:
            msg.release()
        self.outbox.remember(interaction)
        self._keep_private(interaction, table_id)

    async def _fresh_hand(
        self,
        interaction: discord.Interaction,
        table_id: int,
        note: Coded | None = None,
        *,
        in_place: bool = False,
    ) -> None:
        """The player's hand now, privately: a new message, or (`in_place`, after a deferred
        answer) the clicked message edited."""
        try:
            await self.tables.sync(table_id)  # another process may have moved it on
            update = self.tables.hand(table_id, interaction.user.id)
        except GameError as exc:
            await self._refuse(interaction, table_id, exc)
            return
        (view,) = update.views.values()
        msg = await self._hand(update.state, view, interaction.user.id, note=note)
        kept = self.notifier.private
        user_id = interaction.user.id
        try:
            if in_place:
                self._answering(interaction)
                await interaction.edit_original_response(**msg.kwargs())
                self._keep_private(interaction, table_id)
            elif interaction.response.is_done():
                sent = await interaction.followup.send(
                    ephemeral=True, wait=True, **msg.send_kwargs()
                )
                kept.keep(table_id, user_id, interaction, sent.id, original=False)
            else:
                answer = await interaction.response.send_message(
                    ephemeral=True, **msg.send_kwargs()
                )
                kept.keep(table_id, user_id, interaction, answer.message_id, original=True)
            self.outbox.remember(interaction)
        except discord.HTTPException:
            if not in_place:
                raise
            log.warning("could not show the hand in place on table %s", table_id)
            msg.release()
            await self._hand_anew(interaction, table_id, note)
        finally:
            msg.release()

    async def _hand_anew(
        self, interaction: discord.Interaction, table_id: int, note: Coded | None = None
    ) -> None:
        """The hand in a new private message, when the clicked one could not be edited: the
        player keeps their controls."""
        try:
            await self._fresh_hand(interaction, table_id, note)
        except discord.HTTPException:
            log.warning("could not send the hand anew on table %s", table_id)

    async def on_show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        await self._seen(interaction)
        try:
            live = await self.tables.sync(table_id)
        except GameError as exc:
            await self._refuse(interaction, table_id, exc)
            return
        if live.record.seat_of(interaction.user.id) is None:
            lang = await self.readers.language(interaction)
            await reply(interaction, t(lang, "reply-only-players-hands"), lang)
            return
        await self._fresh_hand(interaction, table_id)

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


def _others(record: Any, user_id: int) -> list[str]:
    """The names of the other seats still in the match."""
    return [s.display_name for s in record.seats if s.user_id != user_id and not s.removed]


def _table_label(record: Any, user_id: int, language: str) -> str:
    """A table as a button names it: its number, rules and the other players."""
    others = ", ".join(_others(record, user_id))
    return t(language, "reply-resign-table", table=record.id, rules=record.rules, others=others)


class PickResign(OwnView):
    """`/gin resign` at several tables: one button per table, then the confirmation."""

    def __init__(
        self, cog: Play, user_id: int, choices: list[tuple[int, str]], language: str
    ) -> None:
        super().__init__(timeout=60)
        self.cog, self.user_id, self.language = cog, user_id, language
        for table_id, text in choices:
            button: discord.ui.Button[PickResign] = discord.ui.Button(
                label=text[:80], style=discord.ButtonStyle.secondary
            )
            button.callback = self._picker(table_id)  # type: ignore[method-assign,assignment]
            self.add_item(button)

    def _picker(self, table_id: int) -> Callable[[discord.Interaction], Awaitable[None]]:
        async def pick(interaction: discord.Interaction) -> None:
            try:
                live = await self.cog.tables.sync(table_id)  # ended meanwhile: GameError
                if live.record.status != "playing":
                    raise GameError("match-not-in-play")
            except GameError as exc:
                await interaction.response.edit_message(
                    content=_words(exc, self.language), view=None
                )
                return
            confirm = ConfirmResign(self.cog, self.user_id, live.record, self.language)
            await interaction.response.edit_message(content=confirm.question, view=confirm)

        return pick


class ConfirmResign(OwnView):
    """A short-lived confirmation before conceding; it says what happens at that table (two
    seats: the opponent wins; three or four: you leave and the others play on)."""

    def __init__(self, cog: Play, user_id: int, record: Any, language: str) -> None:
        super().__init__(timeout=60)
        self.cog, self.user_id, self.table_id, self.language = cog, user_id, record.id, language
        others = _others(record, user_id)
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
            await self.cog.tables.resign(self.table_id, self.user_id)
        except GameError as exc:
            await interaction.response.edit_message(content=_words(exc, self.language), view=None)
            return
        await interaction.response.edit_message(content=self.done, view=None)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(
            content=t(self.language, "reply-good-luck"), view=None
        )


async def setup(bot: GinBot) -> None:
    services, screens = bot.wired()
    if bot.challenge_case is None:
        raise RuntimeError("extensions load in setup_hook, after the use cases are built")
    await bot.add_cog(Play(bot, services.tables, bot.challenge_case, screens))


__all__ = ["NOT_SEATED", "Play", "setup"]
