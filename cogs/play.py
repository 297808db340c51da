"""`/gin` play commands and the game's buttons: parse the interaction, call a service,
render the result. No game logic here."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.circle.achievements import achievement_text
from bot.engine import IllegalAction
from bot.engine.actions import Action
from bot.engine.view import RoundView
from bot.games import rules_text
from bot.games.challenges import make_rules
from bot.games.errors import NOT_SEATED, GameError
from bot.games.model import TableState, TableUpdate
from bot.games.tables import StaleButton
from bot.render import warm_up, workers
from bot.services import Services, services_of
from bot.store import Challenge
from bot.ui import images, messages, ownership
from bot.ui.components import DYNAMIC_ITEMS
from bot.ui.dms import DMClosed
from bot.ui.notifier import Notifier
from bot.ui.ownership import OwnView
from cogs._answers import answer_with_message
from cogs._group import gin_command

log = logging.getLogger(__name__)

Preset = Literal["cardgames", "playingcards", "classic"]
Level = Literal["easy", "normal", "hard", "expert"]
NEEDED = ("send_messages", "embed_links", "attach_files")
ANSWER_WITHIN = 2.5  # seconds; Discord's deadline is 3


def _name(user: discord.abc.User) -> str:
    return user.display_name


def too_late(interaction: discord.Interaction) -> bool:
    """Whether the 3 s to answer are (nearly) gone: an overloaded bot then drops the click
    rather than make a move the player can never be told about."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return age > ANSWER_WITHIN


def hosting_channel(interaction: discord.Interaction, elsewhere: str) -> tuple[int, int]:
    """The server and channel a game would be hosted in; a readable refusal outside a server
    channel (`elsewhere`) or where the bot lacks a permission it needs."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GameError(elsewhere)
    perms = interaction.app_permissions
    missing = [p.replace("_", " ") for p in NEEDED if not getattr(perms, p)]
    if missing:
        raise GameError(f"I can't host a game here: I need {', '.join(missing)} in this channel.")
    return interaction.guild_id, interaction.channel_id


async def reply(interaction: discord.Interaction, text: str) -> None:
    """A short private answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class Play(commands.Cog):
    """Challenges, open tables, computer matches, hands, resigning, the rules."""

    def __init__(self, bot: commands.Bot, services: Services) -> None:
        self.bot = bot
        self.services = services
        self.tables = services.tables
        self.challenges = services.challenges
        self.store = services.store
        self.circle = services.circle
        enabled = getattr(getattr(bot, "settings", None), "pictures", True)
        self.pictures = images.Pictures(services.store, enabled=enabled)
        self.notifier = Notifier(bot, services.store, self.pictures, unlocks=self._unlocks)
        self._expiry: asyncio.Task[None] | None = None
        self._warm: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tables.subscribe(self.notifier)
        await self.tables.recover()
        self._expiry = asyncio.create_task(self.challenges.expire_loop(self._expired))
        processes = getattr(getattr(self.bot, "settings", None), "render_processes", 0)
        if self.pictures.enabled and processes:
            await workers.start(processes)  # each worker draws its card faces as it starts
        elif self.pictures.enabled:
            # Draw the card faces once, off the loop, so the first game's pictures are quick.
            self._warm = asyncio.create_task(asyncio.to_thread(warm_up, images.PUBLIC))

    async def cog_unload(self) -> None:
        if self._expiry is not None:
            self._expiry.cancel()
        workers.stop()
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    async def _hand(
        self, state: TableState, view: RoundView, user_id: int, *, note: str | None = None
    ) -> messages.Message:
        return await self.notifier.hand(state, view, user_id, note)

    async def _unlocks(self, table_id: int) -> list[tuple[int, str]]:
        """What a finished match earned, to show in each player's final hand message."""
        if self.circle is None:
            return []
        earned = await self.circle.on_match_recorded(table_id)
        return [(user_id, achievement_text(a)) for user_id, a in earned]

    async def _seen(self, interaction: discord.Interaction) -> None:
        # A player who interacts can be DMed again (see docs/playing.md).
        await self.notifier.dms.seen(interaction.user.id)

    # ----- slash commands (attached to the shared /gin group) -------------------------

    @app_commands.describe(
        opponent="Who to play",
        rules="Rule preset (default cardgames)",
        target="Points to play to (10-500)",
    )
    @gin_command(name="challenge", description="Challenge a member to a match.")
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        rules: Preset | None = None,
        target: app_commands.Range[int, 10, 500] | None = None,
    ) -> None:
        guild_id, channel_id = hosting_channel(
            interaction, "Challenges are made in a server channel."
        )
        await self._seen(interaction)
        ch = await self.challenges.create(
            guild_id=guild_id,
            channel_id=channel_id,
            challenger=(interaction.user.id, _name(interaction.user)),
            opponent=(opponent.id, _name(opponent)),
            opponent_is_bot=opponent.bot,
            preset=rules,
            target=target,
        )
        public = self._challenge_message(ch, interaction.user, opponent)
        message_id = await answer_with_message(interaction, **public.send_kwargs())
        public.release()
        await self.store.challenges.set_messages(ch.id, message_id=message_id)
        dm = self._challenge_message(ch, interaction.user, opponent, for_opponent=True)
        try:
            dm_sent = await self.notifier.dms.send(opponent.id, **dm.send_kwargs())
            await self.store.challenges.set_messages(
                ch.id, dm_channel_id=dm_sent.channel.id, dm_message_id=dm_sent.id
            )
        except (DMClosed, discord.HTTPException):
            log.info("challenge %s: could not DM the opponent", ch.id)
        finally:
            dm.release()

    def _challenge_message(
        self,
        ch: Challenge,
        challenger: discord.abc.User | str,
        opponent: discord.abc.User | None,
        *,
        status: str | None = None,
        for_opponent: bool = False,
    ) -> messages.Message:
        name = challenger if isinstance(challenger, str) else _name(challenger)
        mention = opponent.mention if opponent is not None else f"<@{ch.opponent_id}>"
        preset = make_rules_name(ch.rules)
        return messages.challenge_message(
            ch.id,
            name,
            mention,
            preset,
            ch.target,
            int(ch.expires_at.timestamp()),
            status=status,
            for_opponent=for_opponent,
        )

    @app_commands.describe(
        rules="Rule preset", seats="Number of seats (2-4; 3-4 need classic)", target="Points"
    )
    @gin_command(name="table", description="Open a table in this channel for others to join.")
    async def table(
        self,
        interaction: discord.Interaction,
        rules: Preset | None = None,
        seats: app_commands.Range[int, 2, 4] = 2,
        target: app_commands.Range[int, 10, 500] | None = None,
    ) -> None:
        guild_id, channel_id = hosting_channel(
            interaction, "Tables are opened in a server channel."
        )
        ruleset = make_rules(rules, target)
        await self.store.players.upsert(interaction.user.id, _name(interaction.user))
        live = await self.tables.open_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host=(interaction.user.id, _name(interaction.user)),
            rules=ruleset,
            seats=seats,
        )
        state = self.tables.state(live)
        lobby = messages.lobby_message(state)
        await self.store.tables.set_message(
            state.table_id, await answer_with_message(interaction, **lobby.send_kwargs())
        )
        lobby.release()
        live.record = await self.store.tables.get(state.table_id) or live.record

    @app_commands.describe(
        level="How strong (default normal)", rules="Rule preset", target="Points"
    )
    @gin_command(name="computer", description="Play a match against the computer.")
    async def computer(
        self,
        interaction: discord.Interaction,
        level: Level = "normal",
        rules: Preset | None = None,
        target: app_commands.Range[int, 10, 500] | None = None,
    ) -> None:
        guild_id, channel_id = hosting_channel(
            interaction, "Computer matches are played in a server channel."
        )
        ruleset = make_rules(rules, target)
        me = (interaction.user.id, _name(interaction.user))
        await self.store.players.upsert(*me)
        await interaction.response.send_message(
            f"One moment, we're setting up your game against the computer ({level})...",
            ephemeral=True,
        )
        live = await self.tables.open_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host=me,
            rules=ruleset,
            seats=2,
            seated=((me[0], me[1], None), (None, f"Computer ({level})", level)),
        )
        await self.tables.start(live.record.id, me[0])
        await interaction.edit_original_response(
            content=f"Your match against the computer ({level}) is on at table "
            f"#{live.record.id}: your hand comes by direct message. Good luck!"
        )

    @gin_command(name="hand", description="Show your hand again, privately.")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self._seen(interaction)
        tables = self.tables.playing_tables_of(interaction.user.id)
        if not tables:
            raise GameError("You're not in a game right now.")
        update = self.tables.hand(tables[0].record.id, interaction.user.id)
        (view,) = update.views.values()
        note = None
        if len(tables) > 1:
            others = ", ".join(f"#{t.record.id}" for t in tables[1:])
            note = f"You also play at tables {others}: use **Show my hand** there."
        msg = await self._hand(update.state, view, interaction.user.id, note=note)
        await interaction.response.send_message(ephemeral=True, **msg.send_kwargs())

    @gin_command(name="resign", description="Concede your current match.")
    async def resign(self, interaction: discord.Interaction) -> None:
        tables = self.tables.playing_tables_of(interaction.user.id)
        if not tables:
            raise GameError("You're not in a match right now.")
        table_id = tables[0].record.id
        confirm = ConfirmResign(self, interaction.user.id, table_id)
        await interaction.response.send_message(
            f"Resign your match at table #{table_id}? Your opponent wins it.",
            view=confirm,
            ephemeral=True,
        )

    @gin_command(name="settings", description="Card pictures: on or off, four-colour deck, dark.")
    @app_commands.describe(
        images="Show card pictures (text is always there)",
        four_colour="Four-colour deck: clubs green, diamonds blue",
        dark="Dark background",
        turn_alerts="A new message when your turn starts (off: your hand is edited quietly)",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        images: Literal["on", "off"] | None = None,
        four_colour: bool | None = None,
        dark: bool | None = None,
        turn_alerts: bool | None = None,
    ) -> None:
        await self.store.players.upsert(interaction.user.id, _name(interaction.user))
        current = await self.store.players.update_settings(
            interaction.user.id,
            images=None if images is None else images == "on",
            four_colour=four_colour,
            dark=dark,
            turn_alerts=turn_alerts,
        )
        text = (
            f"Card pictures: **{'on' if current.images else 'off'}** · four-colour deck: "
            f"**{'on' if current.four_colour else 'off'}** · dark background: "
            f"**{'on' if current.dark else 'off'}** · turn alerts: "
            f"**{'on' if current.turn_alerts else 'off'}**."
        )
        await interaction.response.send_message(text, ephemeral=True)

    @gin_command(name="rules", description="The rules of a preset, briefly.")
    @app_commands.describe(preset="Which rules (default cardgames)")
    async def rules(self, interaction: discord.Interaction, preset: Preset = "cardgames") -> None:
        await interaction.response.send_message(rules_text.summary(preset), ephemeral=True)

    # ----- buttons ------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click on game controls that are no longer on their message (a double
        click racing the edit): discord.py drops those, which players would see as "This
        interaction failed"."""
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(("gin:a:", "gin:s:", "gin:q:")):
            return
        on_message = {
            getattr(child, "custom_id", None)
            for row in interaction.message.components
            for child in getattr(row, "children", [row])
        }
        if custom_id in on_message or not await ownership.allowed(interaction, private=True):
            return
        table_id = int(custom_id.split(":")[2])
        await self._fresh_hand(
            interaction, table_id, note="That button was out of date; here is your hand now."
        )

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
                note="That button was out of date; here is your hand now.",
                in_place=True,
            )
            return
        except (GameError, IllegalAction) as exc:
            await reply(interaction, str(exc))
            return
        seat = update.state.seat_of(interaction.user.id)
        view = update.views.get(seat.seat) if seat is not None else None
        if view is None or seat is None:
            return
        msg = await self._hand(update.state, view, interaction.user.id)
        self._adopt(interaction, table_id, seat.seat)
        try:
            await interaction.edit_original_response(**msg.kwargs())
        except discord.HTTPException:
            # The move stands (committed, the table is told); the hand, with its controls,
            # goes in a new private message instead (and /gin hand shows it again).
            log.warning("could not update the hand message after a move on table %s", table_id)
            msg.release()
            await self._hand_anew(interaction, table_id)
        finally:
            msg.release()

    def _adopt(self, interaction: discord.Interaction, table_id: int, seat: int) -> None:
        """A move clicked on a hand DM: that message is the player's live hand from now on
        (a move from an ephemeral answer leaves the DM's live hand as it is)."""
        message = interaction.message
        if message is not None and interaction.guild_id is None and not message.flags.ephemeral:
            self.notifier.adopt_hand(table_id, seat, (message.channel.id, message.id))

    async def on_ask(
        self, interaction: discord.Interaction, table_id: int, version: int, action: Action
    ) -> None:
        """A knock or gin asked for: the clicked hand shows it with a Confirm button. Nothing
        is played (or stored) until the player confirms."""
        await self._seen(interaction)
        try:
            update = self.tables.hand(table_id, interaction.user.id)
        except GameError as exc:
            await reply(interaction, str(exc))
            return
        (view,) = update.views.values()
        stale = update.state.version != version
        if stale or action not in view.legal:
            note = "That button was out of date; here is your hand now." if stale else None
            msg = await self._hand(update.state, view, interaction.user.id, note=note)
        else:
            msg = await self.notifier.hand(update.state, view, interaction.user.id, confirm=action)
        try:
            await interaction.response.edit_message(**msg.kwargs())
        finally:
            msg.release()

    async def _fresh_hand(
        self,
        interaction: discord.Interaction,
        table_id: int,
        note: str | None = None,
        *,
        in_place: bool = False,
    ) -> None:
        """The player's hand now, privately: a new message, or (`in_place`, after a deferred
        answer) the clicked message edited."""
        try:
            update = self.tables.hand(table_id, interaction.user.id)
        except GameError as exc:
            await reply(interaction, str(exc))
            return
        (view,) = update.views.values()
        msg = await self._hand(update.state, view, interaction.user.id, note=note)
        try:
            if in_place:
                await interaction.edit_original_response(**msg.kwargs())
            elif interaction.response.is_done():
                await interaction.followup.send(ephemeral=True, **msg.send_kwargs())
            else:
                await interaction.response.send_message(ephemeral=True, **msg.send_kwargs())
        except discord.HTTPException:
            if not in_place:
                raise
            log.warning("could not show the hand in place on table %s", table_id)
            msg.release()
            await self._hand_anew(interaction, table_id, note)
        finally:
            msg.release()

    async def _hand_anew(
        self, interaction: discord.Interaction, table_id: int, note: str | None = None
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
            live = self.tables.get(table_id)
        except GameError as exc:
            await reply(interaction, str(exc))
            return
        if live.record.seat_of(interaction.user.id) is None:
            await reply(interaction, "Only the players at this table can see their hands.")
            return
        await self._fresh_hand(interaction, table_id)

    async def on_lobby(self, interaction: discord.Interaction, table_id: int, op: str) -> None:
        user = interaction.user
        try:
            if op == "join":
                seated = [s.user_id for s in self.tables.get(table_id).record.seats]
                await self.circle.check_join(user.id, seated)
                if await self.circle.blocked_at_table(user.id, seated):
                    await interaction.response.send_message(
                        "This table has a player you have blocked. Join anyway?",
                        view=JoinAnyway(self, table_id, interaction.message),
                        ephemeral=True,
                    )
                    return
                update = await self._join(table_id, user)
            elif op == "leave":
                update = await self.tables.leave(table_id, user.id)
            elif op == "start":
                update = await self.tables.start(table_id, user.id)
            else:
                n = sum(1 for s in self.tables.get(table_id).record.seats if s.computer_level) + 1
                update = await self.tables.add_computer(
                    table_id, user.id, "normal", f"Computer {n}"
                )
        except GameError as exc:
            await reply(interaction, str(exc))
            return
        if update.kind in ("lobby", "closed"):
            msg = messages.lobby_message(update.state, closed=update.note)
        else:
            msg = messages.lobby_message(update.state, closed="The game has started: good luck!")
        await interaction.response.edit_message(**msg.kwargs())
        msg.release()

    async def _join(self, table_id: int, user: discord.abc.User) -> TableUpdate:
        await self.store.players.upsert(user.id, _name(user))
        return await self.tables.join(table_id, user.id, _name(user))

    async def on_challenge(
        self, interaction: discord.Interaction, challenge_id: int, op: str
    ) -> None:
        user = interaction.user
        try:
            if op == "accept":
                # Setting a table up takes several writes: answer first, within the 3 s.
                await interaction.response.defer()
                pending = await self.store.challenges.get(challenge_id)
                if pending is None:
                    raise GameError("Sorry, we couldn't find that challenge.")
                challenger = await self._player_name(pending.challenger_id)
                names = {user.id: _name(user), pending.challenger_id: challenger}
                ch, started = await self.challenges.accept(challenge_id, user.id, names)
                status = (
                    f"Accepted: the match is on at table #{started.state.table_id}. "
                    "Each player gets their cards by direct message."
                )
                msg = self._challenge_message(
                    ch, challenger, None, status=status, for_opponent=interaction.guild_id is None
                )
                await interaction.edit_original_response(**msg.kwargs())
                await self._edit_challenge(ch, status, skip=interaction.message)
                return
            if op == "decline":
                ch = await self.challenges.decline(challenge_id, user.id)
                status = f"{_name(user)} declined."
            else:
                ch = await self.challenges.cancel(challenge_id, user.id)
                status = "Cancelled by the challenger."
        except GameError as exc:
            await reply(interaction, str(exc))
            return
        msg = self._challenge_message(
            ch,
            await self._player_name(ch.challenger_id),
            None,
            status=status,
            for_opponent=interaction.guild_id is None,
        )
        await interaction.response.edit_message(**msg.kwargs())
        await self._edit_challenge(ch, status, skip=interaction.message)
        if op == "decline":
            await self._tell(ch.challenger_id, f"{_name(user)} declined your Gin Rummy challenge.")

    async def _player_name(self, user_id: int) -> str:
        player = await self.store.players.get(user_id)
        return player.display_name if player else f"<@{user_id}>"

    async def _edit_challenge(
        self, ch: Challenge, status: str, skip: discord.Message | None = None
    ) -> None:
        challenger = await self._player_name(ch.challenger_id)
        targets = [
            (ch.channel_id, ch.message_id, False),
            (ch.dm_channel_id, ch.dm_message_id, True),
        ]
        for channel_id, message_id, for_opponent in targets:
            if (
                channel_id is None
                or message_id is None
                or (skip is not None and skip.id == message_id)
            ):
                continue
            msg = self._challenge_message(
                ch, challenger, None, status=status, for_opponent=for_opponent
            )
            try:
                channel = self.bot.get_partial_messageable(channel_id)
                await channel.get_partial_message(message_id).edit(**msg.kwargs())
            except discord.HTTPException:
                log.info("could not edit challenge %s message %s", ch.id, message_id)

    async def _tell(self, user_id: int, text: str) -> None:
        await self.notifier.dms.tell(user_id, text)

    async def _expired(self, ch: Challenge) -> None:
        await self._edit_challenge(ch, "Expired: nobody answered in time.")
        await self._tell(ch.challenger_id, "Your Gin Rummy challenge expired without an answer.")

    async def on_rematch(self, interaction: discord.Interaction, table_id: int) -> None:
        record = await self.store.tables.get(table_id)
        mine = record.seat_of(interaction.user.id) if record is not None else None
        if record is None or mine is None:
            await reply(interaction, "Only the players of that match can ask for a rematch.")
            return
        others = [s for s in record.seats if s.seat_no != mine.seat_no]
        try:
            if all(s.computer_level for s in others) and len(others) == 1:
                me = (interaction.user.id, _name(interaction.user))
                live = await self.tables.open_table(
                    guild_id=record.guild_id,
                    channel_id=record.channel_id,
                    host=me,
                    rules=make_rules_from_json(record.rules_json),
                    seats=2,
                    seated=(
                        (me[0], me[1], None),
                        (None, others[0].display_name, others[0].computer_level),
                    ),
                )
                await interaction.response.send_message("Rematch! Dealing now...", ephemeral=True)
                await self.tables.start(live.record.id, me[0])
                return
            if len(others) != 1 or others[0].user_id is None:
                raise GameError(
                    "Open a new table with /gin table for a rematch of more than two players."
                )
            opponent = others[0]
            assert opponent.user_id is not None
            ch = await self.challenges.create(
                guild_id=record.guild_id,
                channel_id=record.channel_id,
                challenger=(interaction.user.id, _name(interaction.user)),
                opponent=(opponent.user_id, opponent.display_name),
                opponent_is_bot=False,
                preset=record.rules,
                target=record.target if 10 <= record.target <= 500 else None,
            )
        except GameError as exc:
            await reply(interaction, str(exc))
            return
        msg = self._challenge_message(ch, interaction.user, None)
        message_id = await answer_with_message(interaction, **msg.send_kwargs())
        msg.release()
        await self.store.challenges.set_messages(ch.id, message_id=message_id)


class JoinAnyway(OwnView):
    """The question before joining a table where someone the player blocked sits."""

    def __init__(self, cog: Play, table_id: int, lobby: discord.Message | None) -> None:
        super().__init__(timeout=120)
        self.cog, self.table_id, self.lobby = cog, table_id, lobby

    @discord.ui.button(label="Join anyway", style=discord.ButtonStyle.danger)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        try:
            update = await self.cog._join(self.table_id, interaction.user)
        except GameError as exc:
            await interaction.response.edit_message(content=str(exc), view=None)
            return
        await interaction.response.edit_message(content="You joined the table.", view=None)
        if self.lobby is not None:
            closed = None if update.kind == "lobby" else "The game has started: good luck!"
            msg = messages.lobby_message(update.state, closed=closed)
            try:
                await self.lobby.edit(**msg.kwargs())
            except discord.HTTPException:
                log.info("could not update the lobby of table %s", self.table_id)

    @discord.ui.button(label="Don't join", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.edit_message(content="You didn't join.", view=None)


class ConfirmResign(OwnView):
    """A short-lived confirmation before conceding."""

    def __init__(self, cog: Play, user_id: int, table_id: int) -> None:
        super().__init__(timeout=60)
        self.cog, self.user_id, self.table_id = cog, user_id, table_id

    @discord.ui.button(label="Resign", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        try:
            await self.cog.tables.resign(self.table_id, self.user_id)
        except GameError as exc:
            await interaction.response.edit_message(content=str(exc), view=None)
            return
        await interaction.response.edit_message(content="You resigned the match.", view=None)

    @discord.ui.button(label="Keep playing", style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content="Good luck!", view=None)


def make_rules_name(rules_json: str) -> str:
    import json

    try:
        return str(json.loads(rules_json).get("name", "cardgames"))
    except (ValueError, AttributeError):
        return rules_json


def make_rules_from_json(rules_json: str) -> Any:
    import json

    from bot.engine import RuleSet

    return RuleSet.from_dict(json.loads(rules_json))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot, await services_of(bot)))


__all__ = ["NOT_SEATED", "Play", "setup"]
