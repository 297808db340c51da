"""The moves of a table in play: one method per interaction (a move clicked, a knock or gin
asked for, a hand shown again, ``/gin hand``, ``/gin resign``, ``/gin computer``). Each takes plain values (the
table, the clicker, the move), calls the table service, chooses what the clicker sees (their
hand now, with a note or a question; a refusal) and hands it to the clicker's `HandAnswer`,
which the presenter (`bot/ui/play_presenter.py`) implements over the interaction.

A move is answered by the edit of the clicked message after its commit, which is also its
acknowledgement when it is ready soon enough (`HandAnswer.defer` plans one in time if not);
when that edit fails the move stands and the hand goes in a new private message instead.
Refusals the player can read (`GameError`) raised by a command reach the cog's one error
handler, which answers privately.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from typing import Literal, Protocol

from bot.engine import Action, IllegalAction, RoundView
from bot.games.errors import GameError
from bot.games.model import TableState, TableUpdate
from bot.games.tables import StaleButton, TableService
from bot.i18n import Coded
from bot.store.models import Table

#: The note on a hand shown again because the clicked control was out of date.
OUT_OF_DATE = Coded("reply-out-of-date")

#: How a hand reaches the clicker: ``clicked`` (the clicked message, answering the click),
#: ``in_place`` (the clicked message, after a deferred answer), ``moved`` (``in_place``
#: after a move: a DM becomes the player's live hand), ``new`` (a new private message) or
#: ``command`` (a slash command's own answer).
Shown = Literal["clicked", "in_place", "moved", "new", "command"]


class Resigning(Protocol):
    """What the resign question's buttons ask of the use case."""

    async def resign_pick(self, table_id: int) -> Table:
        """The table picked to resign from, still in play; else a readable refusal."""
        ...

    async def resign(self, table_id: int, user_id: int) -> None:
        """Concede the match at `table_id`."""
        ...


class HandAnswer(Protocol):
    """The clicker's side of one interaction with a table in play."""

    async def seen(self) -> None:
        """The player interacted: their language, their token and open DMs are noted."""
        ...

    async def defer(self) -> None:
        """See that the click is acknowledged within Discord's 3 s, showing nothing: by the
        answer itself if it comes soon, else by an acknowledgement sent before it."""
        ...

    async def show(
        self,
        state: TableState,
        view: RoundView,
        *,
        how: Shown,
        note: Coded | None = None,
        confirm: Action | None = None,
        seat: int | None = None,
    ) -> bool:
        """The clicker's hand (`confirm`: with a knock or gin to confirm; `seat`: theirs,
        after a move). False when the clicked message could not be edited (``in_place``,
        ``moved``): the hand is to go anew."""
        ...

    async def quietly(self, table_id: int, work: Awaitable[None]) -> None:
        """`work` (a hand sent anew), a refusal by Discord logged rather than raised."""
        ...

    async def refuse(self, error: Exception, *, match_over: bool = False) -> None:
        """`error` said privately; `match_over`: the clicked controls are taken away."""
        ...

    async def say(self, said: Coded) -> None:
        """A short private answer."""
        ...

    async def said_instead(self, said: Coded) -> None:
        """The private answer `say` gave now reads `said`."""
        ...

    async def ask_resign(self, case: Resigning, tables: Sequence[Table]) -> None:
        """Which table to resign from (several), or the confirmation (one)."""
        ...


class PlayUseCase:
    """Every interaction with a table in play, built once beside the services."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables

    async def act(
        self, answer: HandAnswer, table_id: int, user_id: int, version: int, action: Action
    ) -> None:
        """A move clicked: played, and the clicked hand shows the table after it."""
        # Planned before anything else: a busy bot's queue must not eat into the 3 s; most
        # moves are answered well before, by the edit itself (measured in bench/load.py,
        # docs/performance.md).
        await answer.defer()
        await answer.seen()
        try:
            update = await self.tables.act(table_id, user_id, action, version)
        except StaleButton:
            # The clicked message itself shows the hand now, so no out-of-date control stays
            # live on it (it may be a message a restart or a slow DM left behind).
            await self._fresh(answer, table_id, user_id, OUT_OF_DATE, in_place=True)
            return
        except (GameError, IllegalAction) as exc:
            await self._refuse(answer, table_id, exc)
            return
        seat = update.state.seat_of(user_id)
        view = update.views.get(seat.seat) if seat is not None else None
        if view is None or seat is None:
            return
        if not await answer.show(update.state, view, how="moved", seat=seat.seat):
            # The move stands (committed, the table is told); the hand, with its controls,
            # goes in a new private message instead (and /gin hand shows it again).
            await self._anew(answer, table_id, user_id)

    async def ask(
        self,
        answer: HandAnswer,
        table_id: int,
        user_id: int,
        version: int,
        action: Action | None,
    ) -> None:
        """A knock or gin asked for: the clicked hand shows it with a Confirm button (a
        knock: its cards knock). Nothing is played (or stored) until the player confirms.
        None (Back): the hand as it is, without a question."""
        await answer.seen()
        update = await self._hand_now(answer, table_id, user_id)
        if update is None:
            return
        (view,) = update.views.values()
        stale = update.state.version != version
        if stale or action is None or action not in view.legal:
            note = OUT_OF_DATE if stale else None
            await answer.show(update.state, view, how="clicked", note=note)
        else:
            await answer.show(update.state, view, how="clicked", confirm=action)

    async def computer(
        self,
        answer: HandAnswer,
        *,
        guild_id: int,
        channel_id: int,
        player: tuple[int, str],
        level: str,
        preset: str | None,
        target: int | None,
    ) -> None:
        """`/gin computer`: told at once that the table is being set up (the deal and a
        computer's first move take a moment), then which table it is. A refusal reaches
        the cog's error handler."""
        chosen = Coded(f"choice-{level}")
        await answer.say(Coded("reply-computer-setting-up", {"level": chosen}))
        started = await self.tables.play_computer(
            guild_id=guild_id,
            channel_id=channel_id,
            player=player,
            level=level,
            preset=preset,
            target=target,
        )
        table = started.state.table_id
        await answer.said_instead(Coded("reply-computer-on", {"level": chosen, "table": table}))

    async def show_hand(self, answer: HandAnswer, table_id: int, user_id: int) -> None:
        """The board's Show hand: the clicker's hand, privately, if they sit there."""
        await answer.seen()
        try:
            live = await self.tables.sync(table_id)
        except GameError as exc:
            await self._refuse(answer, table_id, exc)
            return
        if live.record.seat_of(user_id) is None:
            await answer.say(Coded("reply-only-players-hands"))
            return
        await self._fresh(answer, table_id, user_id)

    async def out_of_date(self, answer: HandAnswer, table_id: int, user_id: int) -> None:
        """A click on game controls no longer on their message (a double click racing the
        edit): the hand now, privately, with the out-of-date note."""
        await self._fresh(answer, table_id, user_id, OUT_OF_DATE)

    async def hand(self, answer: HandAnswer, user_id: int) -> None:
        """``/gin hand``: the hand at the player's newest table; the others named."""
        await answer.seen()
        tables = await self.tables.playing_tables_for(user_id)
        if not tables:
            raise GameError("reply-not-in-game")
        update = self.tables.hand(tables[0].record.id, user_id)
        (view,) = update.views.values()
        note = None
        if len(tables) > 1:
            others = ", ".join(f"#{table.record.id}" for table in tables[1:])
            note = Coded("reply-also-at", {"tables": others})
        await answer.show(update.state, view, how="command", note=note)

    # ----- resigning ----------------------------------------------------------------------

    async def resign_asked(self, answer: HandAnswer, user_id: int) -> None:
        """``/gin resign``: the question first (which table, then are you sure)."""
        tables = await self.tables.playing_tables_for(user_id)
        if not tables:
            raise GameError("reply-not-in-match")
        await answer.ask_resign(self, [live.record for live in tables])

    async def resign_pick(self, table_id: int) -> Table:
        live = await self.tables.sync(table_id)  # ended meanwhile: GameError
        if live.record.status != "playing":
            raise GameError("match-not-in-play")
        return live.record

    async def resign(self, table_id: int, user_id: int) -> None:
        await self.tables.resign(table_id, user_id)

    # ----- the hand shown again -----------------------------------------------------------

    async def _fresh(
        self,
        answer: HandAnswer,
        table_id: int,
        user_id: int,
        note: Coded | None = None,
        *,
        in_place: bool = False,
    ) -> None:
        """The player's hand now, privately: a new message, or (`in_place`, after a deferred
        answer) the clicked message edited."""
        update = await self._hand_now(answer, table_id, user_id)
        if update is None:
            return
        (view,) = update.views.values()
        how: Shown = "in_place" if in_place else "new"
        if not await answer.show(update.state, view, how=how, note=note):
            await self._anew(answer, table_id, user_id, note)

    async def _hand_now(
        self, answer: HandAnswer, table_id: int, user_id: int
    ) -> TableUpdate | None:
        """The player's hand as the table is now; None when refused (said to them)."""
        try:
            await self.tables.sync(table_id)  # another process may have moved it on
            return self.tables.hand(table_id, user_id)
        except GameError as exc:
            await self._refuse(answer, table_id, exc)
            return None

    async def _anew(
        self, answer: HandAnswer, table_id: int, user_id: int, note: Coded | None = None
    ) -> None:
        """The hand in a new private message, when the clicked one could not be edited: the
        player keeps their controls."""
        await answer.quietly(table_id, self._fresh(answer, table_id, user_id, note))

    async def _refuse(self, answer: HandAnswer, table_id: int, error: Exception) -> None:
        """A click refused. A control of a match that is over (a private hand older than its
        token's 15 minutes, or a message a restart left behind) loses its controls, and the
        answer says the match is over rather than that the table is missing."""
        gone = isinstance(error, GameError) and error.key == "table-not-found"
        if gone and await self.tables.ended(table_id):
            await answer.refuse(GameError("illegal-match-over"), match_over=True)
            return
        await answer.refuse(error)
