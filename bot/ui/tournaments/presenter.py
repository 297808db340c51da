"""The one presenter of the tournaments: it observes the tournament service and writes what
changed (the sign-up message, a round's announcement, notes, the standings, the final
ranking, DMs about blocked pairings) through the one outbox; and it posts a tournament's sign-up
message and opens its thread for the use case (`bot/usecases/tournaments.py`)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any, Literal

import discord

from bot.i18n import t
from bot.outbox import Outbox, Priority
from bot.outbox.write import Raw
from bot.text.tournaments import rank_detail
from bot.tournaments._model import TournamentInfo, TournamentUpdate
from bot.tournaments.service import TournamentService
from bot.ui.dms import DirectMessages
from bot.ui.readers import Readers
from bot.usecases.answer import Answer

from .messages import PATH, signup_embed, signup_view, standings_embed

log = logging.getLogger(__name__)

#: A tournament's thread archives after a week without messages.
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080


class TournamentPresenter:
    """Shows every tournament in its thread (or its channel), in the server's language."""

    def __init__(
        self,
        client: discord.Client,
        service: TournamentService,
        readers: Readers,
        outbox: Outbox,
        dms: DirectMessages,
        *,
        path: str = PATH,
    ) -> None:
        self.client = client
        self.service = service
        self.readers = readers
        self.outbox = outbox
        self.dms = dms
        #: How players type the tournament commands (shown on the sign-up message).
        self.path = path
        #: One standings message at a time per tournament (see `show_standings`).
        self._standings_locks: dict[int, asyncio.Lock] = {}

    # ----- for the use case ---------------------------------------------------------------

    async def signup_posted(self, answer: Answer, info: TournamentInfo) -> int:
        """The sign-up message, public, in the server's language, as the organizer's
        answer: its id."""
        board = self.readers.server_language(info.guild_id)
        view = signup_view(info.id, board)
        return await answer.post(Raw({"embed": signup_embed(info, board, self.path), "view": view}))

    def signup_changed(self, info: TournamentInfo) -> asyncio.Future[Any]:
        """Show `info` on its sign-up message: the edit is queued (a newer one of the same
        message, queued, wins); the future is done when Discord has it."""
        if info.signup_message_id is None:
            done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        board = self.readers.server_language(info.guild_id)
        view = signup_view(info.id, board) if info.status == "signup" else None
        kwargs = {"embed": signup_embed(info, board, self.path), "view": view}
        return self.outbox.edit(info.channel_id, info.signup_message_id, Raw(kwargs), Priority.REST)

    async def open_thread(self, info: TournamentInfo, signup_id: int) -> int | None:
        """A public thread started from the sign-up message (outside the outbox: once per
        tournament); None when Discord refuses it (logged)."""
        channel = self.client.get_partial_messageable(
            info.channel_id, guild_id=info.guild_id, type=discord.ChannelType.text
        )
        try:
            thread = await channel.get_partial_message(signup_id).create_thread(
                name=f"🏆 {info.name}", auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except (discord.HTTPException, ValueError):  # ValueError: the server is not known
            log.warning("could not open a thread for tournament %s", info.id)
            return None
        return thread.id

    # ----- the service's observer ---------------------------------------------------------

    async def show(self, update: TournamentUpdate) -> None:
        """Announce what changed in the tournament's thread (or channel)."""
        info = update.info
        board = self.readers.server_language(info.guild_id)
        if update.kind == "signup":
            # Read it afresh: a queued join must not paint over "sign-up closed". Not
            # waited for: joins in a row coalesce in the outbox into one edit (the newest
            # wins), and what follows (a round's announcement) does not wait a second per
            # join behind them.
            self.signup_changed(await self.service.info(info.id))
        elif update.kind == "round_started":
            await self._round_started(update, board)
        elif update.kind in ("result", "kicked"):
            note = update.note
            if note:
                words = note.text(board)
                await self._send(info.home_id, content=f"**{info.name}**: {words}")
            if update.kind == "result":
                await self.show_standings(info, board)
        elif update.kind == "finished":
            await self.show_standings(info, board, final=True)
            await self._finished(update, board)
        else:
            text = t(board, "tournament-announce", change=update.kind, name=info.name)
            await self._send(info.home_id, content=text)

    async def show_standings(
        self, info: TournamentInfo, board: str, *, final: bool = False
    ) -> None:
        """Post the standings, or edit the tournament's standings message."""
        # Two results can be announced at once. One at a time, each drawn from the
        # tournament as it is now: the second edits the message the first sent, where it
        # used to send a second one (left behind with the older standings).
        lock = self._standings_locks.setdefault(info.id, asyncio.Lock())
        async with lock:
            if final:
                self._standings_locks.pop(info.id, None)
                await self._final_standings(info, board)
            else:
                await self._standings(info, board)

    async def _final_standings(self, info: TournamentInfo, board: str) -> None:
        embed = standings_embed(info, board, final=True)
        if info.standings_message_id is None and info.standings_posting:
            return  # the process posting it draws the final standings once posted
        if info.standings_message_id is not None and await self._edit(
            info.home_id, info.standings_message_id, embed=embed
        ):
            return
        await self._send(info.home_id, embed=embed)

    async def _standings(self, info: TournamentInfo, board: str) -> None:
        """After a result: edit the standings message, or post it if this process claims
        it (of processes taking results at once, one posts it, the others edit it)."""
        fresh = await self.service.info(info.id)
        if fresh.status in ("finished", "cancelled"):
            # Over: "finished" draws (or drew) the final standings.
            self._standings_locks.pop(info.id, None)
            return
        embed = _standings_now(fresh, info.round_no, board)
        slot = await self.service.claim_standings(info.id)
        if slot.message_id is not None:
            if await self._edit(info.home_id, slot.message_id, embed=embed):
                return
            # Gone (deleted): a new one replaces it.
            slot = await self.service.claim_standings(info.id, replacing=slot.message_id)
            if slot.message_id is not None:
                await self._edit(info.home_id, slot.message_id, embed=embed)
        if not slot.post:
            return  # another process is posting it: it draws them again once posted
        sent = await self._send(info.home_id, embed=embed)
        await self.service.set_standings_message(info.id, None if sent is None else sent.id)
        if sent is None:
            return
        # Results other processes took while this one posted were left to it: drawn again
        # (finished meanwhile: "finished" left the final standings to it too).
        now = await self.service.info(info.id)
        over = now.snapshot is not None and now.snapshot.finished
        again = standings_embed(now, board, final=True) if over else None
        if again is None and now.status in ("running", "paused"):
            again = _standings_now(now, info.round_no, board)
        if again is not None and again.to_dict() != embed.to_dict():
            await self._edit(info.home_id, sent.id, embed=again)

    async def _round_started(self, update: TournamentUpdate, board: str) -> None:
        info = update.info
        if info.total_rounds:
            head = t(
                board,
                "tournament-round-of",
                name=info.name,
                round=info.round_no,
                total=info.total_rounds,
            )
        else:
            head = t(board, "tournament-round", name=info.name, round=info.round_no)
        lines = [head]
        for table in update.tables:
            if len(table.players) == 1:
                lines.append(t(board, "tournament-bye", player=f"<@{table.players[0]}>"))
            elif table.table_id is not None and table.result is None:
                a, b = table.players
                lines.append(
                    t(board, "tournament-table", a=f"<@{a}>", b=f"<@{b}>", table=table.table_id)
                )
        if info.deadline_ts is not None:
            when = int(info.deadline_ts)
            lines.append(
                t(board, "tournament-deadline", time=f"<t:{when}:t>", relative=f"<t:{when}:R>")
            )
        await self._send(info.home_id, content="\n".join(lines)[:2000])
        for key, blocker, blocked in update.blocked:
            for who in (blocker, blocked):
                await self._dm(
                    who, board, "tournament-blocked", name=info.name, round=info.round_no, key=key
                )

    async def _finished(self, update: TournamentUpdate, board: str) -> None:
        info = update.info
        winners = [r for r in update.ranking if r.place == 1]
        joined = f" {t(board, 'tournament-and')} ".join(f"<@{r.user_id}>" for r in winners)
        who = joined or t(board, "tournament-nobody")
        lines = [t(board, "tournament-over", name=info.name, winners=who), "```"]
        for r in update.ranking:
            lines.append(f"{r.place:>3}. {r.name[:20]:<20} {rank_detail(r, board)}")
        lines.append("```")
        await self._send(info.home_id, content="\n".join(lines)[:2000])
        await self.signup_changed(info)

    # ----- writing ------------------------------------------------------------------------

    async def _send(self, channel_id: int, **kwargs: Any) -> discord.Message | None:
        """Post through the outbox; None when Discord refused (logged there)."""
        return await self.outbox.post(channel_id, Raw(kwargs), Priority.REST)

    async def _edit(self, channel_id: int, message_id: int, **kwargs: Any) -> bool:
        """Edit through the outbox (a newer edit of the message, queued, wins)."""
        return (
            await self.outbox.edit(channel_id, message_id, Raw(kwargs), Priority.REST) is not None
        )

    async def _dm(self, user_id: int, server: str, key: str, /, **values: Any) -> None:
        """A DM in its reader's language (their choice, else their Discord's, else the
        server's)."""
        text = t(await self.readers.language_of(user_id, server), key, **values)
        await self.dms.tell(user_id, text)


def _standings_now(now: TournamentInfo, round_no: int, board: str) -> discord.Embed:
    """The standings as they are now, under the round the result belongs to: the next
    round may have started meanwhile ("after round 2" would be untrue)."""
    return standings_embed(replace(now, round_no=min(now.round_no, round_no)), board)
