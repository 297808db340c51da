"""The outbox: every write the bot makes to Discord outside an interaction's own answer
goes through here (posts, edits, deletes, DMs, DM opens).

Each write waits in its bucket's lane (`lane.py`), within the outbox's model of Discord's
limits (`limits.py`, `gate.py`), and goes by the reader's interaction token when one
reaches it (`tokens.py`). Queued edits of one message coalesce (latest state wins); a
refused (429) or failed (5xx) write is retried in its place, so a message's writes are
never lost nor reordered. A write that finally fails is logged; the game goes on.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import discord

from bot.outbox import routes
from bot.outbox.gate import Gate
from bot.outbox.lane import Lane
from bot.outbox.limits import DELETE, DM_OPEN, EDIT, POST, Limits, Window
from bot.outbox.tokens import Latest, Tokens
from bot.outbox.write import Payload, Priority, Write, quiet

log = logging.getLogger(__name__)

#: Tries of a write Discord refuses (429) or fails (5xx), beyond discord.py's own retries.
TRIES = 6
#: A token that no longer works (expired 401, unknown message 404, 403): the bot's own then.
TOKEN_REFUSED = (401, 403, 404)
#: Lanes kept before the idle ones are forgotten.
PRUNE_AT = 5_000


class Outbox:
    def __init__(
        self,
        client: discord.Client,
        limits: Limits | None = None,
        *,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.client = client
        self.limits = limits or Limits()
        self.now = now
        self.tokens = Tokens(lambda: self.now())
        count, per = self.limits.global_
        self.gate = Gate(Window(count, per + self.limits.margin, lambda: self.now()))
        self.dm_opens = DmOpens(self)
        self._lanes: dict[tuple[str, int], Lane] = {}
        self._seq = itertools.count()
        self._prune_at = PRUNE_AT
        #: Writes sent: by (kind, "interaction" or "bot").
        self.sent: Counter[tuple[str, str]] = Counter()
        self.retried: Counter[int] = Counter()  # by HTTP status
        self.failed = 0

    # ----- what the rest of the bot calls ------------------------------------------------

    def post(
        self,
        channel_id: int,
        message: Payload,
        priority: int = Priority.REST,
        *,
        user_id: int | None = None,
        loud: bool = False,
    ) -> asyncio.Future[discord.Message | None]:
        """Post `message` (a DM when `user_id`, the reader, is given); the future gives the
        sent message, or None when Discord refused it (`loud`: raises the error)."""
        return self._queue(POST, channel_id, None, message, priority, user_id, loud=loud)

    def edit(
        self,
        channel_id: int,
        message_id: int,
        message: Payload,
        priority: int = Priority.REST,
        *,
        user_id: int | None = None,
    ) -> asyncio.Future[Any]:
        """Edit a message (newest content wins over queued edits of it)."""
        return self._queue(EDIT, channel_id, message_id, message, priority, user_id)

    def delete(
        self,
        channel_id: int,
        message_id: int,
        priority: int = Priority.REST,
        *,
        user_id: int | None = None,
    ) -> asyncio.Future[Any]:
        """Delete a message; its queued edits are dropped."""
        lane = self._lanes.get((EDIT, channel_id))
        if lane is not None:
            lane.drop_edits(message_id)
        return self._queue(DELETE, channel_id, message_id, None, priority, user_id)

    async def open_dm(self, user_id: int, priority: int = Priority.TURN) -> int:
        """Open (or find) the bot's DM channel with a user: its id. Raises HTTPException."""
        channel = await self._queue(DM_OPEN, 0, None, None, priority, user_id, loud=True)
        return int(channel.id)

    def edit_by(
        self,
        latest: Latest,
        message_id: int,
        message: Payload,
        *,
        original: bool,
        priority: int = Priority.REST,
    ) -> asyncio.Future[Any]:
        """Edit a message only `latest`'s token reaches (an ephemeral answer: its own
        ``@original`` when `original`, else a followup): queued with its channel's edits
        (the newest content wins, a direct answer supersedes it), carried by that token."""
        return self._queue(
            EDIT,
            latest.channel_id or 0,
            message_id,
            message,
            priority,
            None,
            via=(latest, original),
        )

    def remember(self, interaction: discord.Interaction[Any]) -> None:
        """A player's newest interaction, whose token may carry their DMs once answered."""
        self.tokens.remember(interaction)

    def superseded(self, channel_id: int, message_id: int) -> None:
        """The message is being edited directly (the clicker's own answer, newer than
        anything queued): its queued edits are dropped, so none lands after it."""
        lane = self._lanes.get((EDIT, channel_id))
        if lane is not None:
            lane.drop_edits(message_id)

    # ----- what the operator and the bench read ----------------------------------------

    def depth(self) -> int:
        """Writes waiting (not those on the wire)."""
        return sum(lane.depth() for lane in self._lanes.values())

    def oldest_age(self) -> float:
        """Seconds the oldest waiting write has waited (0: none waits)."""
        born = [w.born for lane in self._lanes.values() for w in lane.items]
        return self.now() - min(born) if born else 0.0

    def by_route(self) -> dict[str, int]:
        """Writes sent by kind (post, edit, delete, dm_open)."""
        out: Counter[str] = Counter()
        for (kind, _), n in self.sent.items():
            out[kind] += n
        return dict(out)

    def by_token(self) -> dict[str, int]:
        """Writes sent by the token that carried them ("interaction" or "bot")."""
        out: Counter[str] = Counter()
        for (_, token), n in self.sent.items():
            out[token] += n
        return dict(out)

    async def idle(self) -> None:
        """Wait until nothing is queued nor on the wire (tests, shutdown)."""
        while True:
            busy = [
                lane.worker
                for lane in self._lanes.values()
                if lane.worker is not None and not lane.worker.done()
            ]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    def close(self) -> None:
        """Stop: what still waits is dropped (its waiters get None)."""
        self.gate.close()
        for lane in self._lanes.values():
            if lane.worker is not None:
                lane.worker.cancel()
            for write in lane.items:
                write.settle(None)
            lane.items.clear()
            lane.edits.clear()

    # ----- the machinery -----------------------------------------------------------------

    def _queue(
        self,
        kind: str,
        channel_id: int,
        message_id: int | None,
        message: Payload | None,
        priority: int,
        user_id: int | None,
        *,
        loud: bool = False,
        via: tuple[Latest, bool] | None = None,
    ) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        future.add_done_callback(quiet)
        write = Write(
            kind,
            channel_id,
            message_id,
            message,
            int(priority),
            next(self._seq),
            self.now(),
            user_id=user_id,
            private=user_id is not None,
            waiters=[future],
            loud=loud,
            via=via,
        )
        self._lane(kind, channel_id).put(write)
        return future

    def _lane(self, kind: str, channel_id: int) -> Lane:
        lane = self._lanes.get((kind, channel_id))
        if lane is None:
            if len(self._lanes) >= self._prune_at:
                self._prune()
            count, per = self.limits.of(kind)
            # Edits coalesce: one per slot keeps each as fresh as the budget allows.
            spacing = (per + self.limits.margin) / count if kind == EDIT else 0.0
            window = Window(count, per + self.limits.margin, lambda: self.now(), spacing=spacing)
            if kind == DM_OPEN:  # its limit is borrowed (`DmOpens`): it outlives the lane
                window = self.dm_opens.window
            lane = self._lanes[(kind, channel_id)] = Lane(self, kind, channel_id, window)
        return lane

    def _prune(self) -> None:
        """Forget the lanes with nothing queued nor sent within their window (one per DM
        channel would otherwise pile up over the weeks)."""
        for key, lane in list(self._lanes.items()):
            if (
                not lane.items
                and (lane.worker is None or lane.worker.done())
                and lane.window.idle()
            ):
                del self._lanes[key]
        self._prune_at = max(PRUNE_AT, 2 * len(self._lanes))

    def token_route(self, write: Write) -> tuple[Latest, bool] | None:
        """The reader's token and whether as ``@original``, when it can carry `write`."""
        if write.via is not None:
            return write.via
        if write.user_id is None or write.kind == DM_OPEN:
            return None
        if write.kind == POST:
            latest = self.tokens.in_channel(write.user_id, write.channel_id)
            return None if latest is None else (latest, False)
        assert write.message_id is not None
        return self.tokens.reaching(write.user_id, write.message_id)

    async def carry(self, lane: Lane, write: Write, route: tuple[Latest, bool] | None) -> None:
        """Send one write (by `route`, the token `Lane._pick` found, else the bot's),
        retrying in place; settle its waiters."""
        tries = 0
        by_token = route is not None
        while True:
            if tries or not by_token:  # a retry: the token may have been dropped meanwhile
                route = self.token_route(write) if by_token else None
            try:
                if route is not None:
                    if not lane.sending(write):
                        return
                    result = await routes.by_token(self.client, route[0], write, route[1])
                    self.sent[(write.kind, "interaction")] += 1
                else:
                    await self._room(lane, write)
                    try:
                        if not lane.sending(write):
                            return  # dropped while it waited
                        # Counted as it leaves: discord.py answers the request that empties
                        # a bucket only once the bucket resets, and counting from that
                        # answer cost the channel a slot in every five (the margin covers
                        # the trip).
                        lane.window.spend()
                        result = await routes.by_bot(self.client, write)
                    finally:
                        self.gate.left()
                    self.sent[(write.kind, "bot")] += 1
            except discord.HTTPException as exc:
                if write.via is not None and exc.status in TOKEN_REFUSED:
                    self._failed(write, exc)  # no other token reaches the message
                    return
                if route is not None and exc.status in TOKEN_REFUSED:
                    # Expired, or the message is out of its reach: the bot's token instead.
                    self.tokens.forget(write.user_id or 0, route[0])
                    by_token = False
                    continue
                tries += 1
                if (exc.status == 429 or exc.status >= 500) and tries < TRIES:
                    self.retried[exc.status] += 1
                    wait = _retry_after(exc, tries)
                    if exc.status == 429 and route is None:
                        lane.window.push_back(wait)
                    await asyncio.sleep(wait)
                    continue
                self._failed(write, exc)
                return
            except asyncio.CancelledError:
                write.settle(None)
                raise
            except Exception as exc:  # a bad payload must not stop the lane
                log.exception("outbox: %s in channel %s failed", write.kind, write.channel_id)
                self._failed(write, exc)
                return
            write.settle(result)
            return

    async def _room(self, lane: Lane, write: Write) -> None:
        """Wait for the bucket (after a token fell through) and the global budget."""
        # Only this lane's worker spends its window: one wait is enough.
        delay = lane.window.delay()
        if delay > 0:
            await asyncio.sleep(delay)
        await self.gate.enter(write.priority, write.seq)

    def _failed(self, write: Write, exc: Exception) -> None:
        self.failed += 1
        if write.loud:
            write.settle(error=exc)
            return
        log.info("outbox: %s in channel %s failed: %s", write.kind, write.channel_id, exc)
        write.settle(None)


class DmOpens:
    """The bot-wide DM-open bucket as this process spends it, for a `budget.Budget` to
    steer (like the gate): the window outlives the lane, which is pruned when idle."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        count, per = outbox.limits.dm_open
        self.window = Window(count, per + outbox.limits.margin, lambda: outbox.now())

    @property
    def waiting(self) -> int:
        lane = self.outbox._lanes.get((DM_OPEN, 0))
        return 0 if lane is None else len(lane.items)

    def set_limit(self, limit: int) -> None:
        self.window.limit = limit


def _retry_after(exc: discord.HTTPException, tries: int) -> float:
    """Discord's `retry_after` for a 429, else a growing pause (5xx)."""
    backoff = min(0.5 * 2.0**tries, 8.0)
    response = getattr(exc, "response", None)
    retry: object = response.headers.get("Retry-After") if response is not None else None
    text = getattr(exc, "text", "")
    if retry is None and "retry_after" in text:
        try:
            retry = json.loads(text).get("retry_after")
        except ValueError:
            retry = None
    try:
        return backoff if retry is None else max(float(str(retry)), 0.05)
    except ValueError:
        return backoff
