"""Shows table updates in Discord: the public table message, the reveal, the private hands.

Every Discord call here may fail (closed DMs, deleted messages, outages); a failure is
logged and the game goes on. Players whose DMs are closed are remembered in the store and
not retried until they interact again.
"""

from __future__ import annotations

import logging

import discord

from bot.games.model import TableState, TableUpdate
from bot.store import Store
from bot.ui import images, messages
from bot.ui.dms import DirectMessages, DMClosed

log = logging.getLogger(__name__)


class Notifier:
    """The table service's observer on the Discord side."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        pictures: images.Pictures | None = None,
    ) -> None:
        self.client = client
        self.store = store
        self.dms = DirectMessages(client, store)
        self.pictures = pictures or images.Pictures(store)
        # (table, seat) -> (DM channel id, message id) of the hand message in use.
        self.hands: dict[tuple[int, int], tuple[int, int]] = {}
        self._turn_shown: dict[tuple[int, int], bool] = {}
        self._told_closed: set[tuple[int, int]] = set()
        self._looked_up: set[tuple[int, int]] = set()
        self._favorites: dict[tuple[int, int], frozenset[int]] = {}

    async def __call__(self, update: TableUpdate) -> None:
        state = update.state
        kind = update.kind
        if kind in ("lobby", "closed"):
            await self._edit_public(state, messages.lobby_message(state, closed=update.note))
            return
        if kind == "move" and state.public is not None and state.public.phase == "discard":
            # A draw: the same player discards next, and the table shows whole turns ("drew
            # from the stock and discarded 9♠"), so everyone else is updated after the discard.
            return
        if kind == "round_start":
            await self._new_public(state)
        elif kind in ("move", "round_over", "match_over", "removed"):
            table = await self.pictures.table(messages.table_message(state), state)
            await self._edit_public(state, table)
        if kind == "round_over":
            reveal = messages.reveal_message(state)
            title = reveal.embed.title if reveal.embed is not None else ""
            await self._send_channel(
                state.channel_id, await self.pictures.reveal(reveal, state, title or "")
            )
        if kind == "match_over" and update.summary is not None:
            await self._send_channel(
                state.channel_id, messages.summary_message(state, update.summary)
            )
        if kind == "removed" and update.note:
            await self._send_channel(state.channel_id, messages.Message(update.note, None, None))
        if kind == "reminder":
            await self._remind(state, update.note or "")
            return
        await self._update_hands(update)

    # ----- public messages ------------------------------------------------------------

    async def _new_public(self, state: TableState) -> None:
        message = await self.pictures.table(messages.table_message(state), state)
        sent = await self._send_channel(state.channel_id, message)
        if sent is not None:
            await self.store.tables.set_message(state.table_id, sent.id)

    async def _edit_public(self, state: TableState, message: messages.Message) -> None:
        if state.message_id is None:
            message.release()
            return
        channel = self.client.get_partial_messageable(state.channel_id)
        try:
            await channel.get_partial_message(state.message_id).edit(**message.kwargs())
        except discord.HTTPException:
            log.warning("could not edit the table message of table %s", state.table_id)
        finally:
            message.release()

    async def _send_channel(
        self, channel_id: int, message: messages.Message
    ) -> discord.Message | None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            return await channel.send(**message.send_kwargs())
        except discord.HTTPException:
            log.warning("could not post in channel %s", channel_id)
            return None
        finally:
            message.release()

    # ----- private hands --------------------------------------------------------------

    async def _update_hands(self, update: TableUpdate) -> None:
        state = update.state
        for seat_no, view in update.views.items():
            seat = state.seats[seat_no]
            if seat.user_id is None or seat.user_id == update.actor:
                self._turn_shown[(state.table_id, seat_no)] = view.my_turn
                continue
            key = (state.table_id, seat_no)
            hearts = await self.favorites(state, seat.user_id)
            message = await self.pictures.hand(
                messages.hand_message(state, view, favorites=hearts), view, seat.user_id
            )
            turn_starts = view.my_turn and not self._turn_shown.get(key, False)
            self._turn_shown[key] = view.my_turn
            current = self.hands.get(key) or await self._stored_hand(state.table_id, seat_no)
            if current is not None and not turn_starts and update.kind != "round_start":
                await self._edit_dm(current, message)
                continue
            if current is not None:
                # A new message notifies the player; the old one loses its controls.
                await self._strip_dm(current)
            await self._send_dm(state, seat_no, seat.user_id, message)

    async def favorites(self, state: TableState, user_id: int) -> frozenset[int]:
        """Who at this table the player marked as a favorite (read once per table)."""
        key = (state.table_id, user_id)
        found = self._favorites.get(key)
        if found is None:
            others = [s.user_id for s in state.seats if s.user_id not in (None, user_id)]
            marked = await self.store.relations.targets_among(user_id, "favorite", others)
            found = self._favorites[key] = frozenset(marked)
        return found

    async def _stored_hand(self, table_id: int, seat_no: int) -> tuple[int, int] | None:
        """The hand message the store remembers (after a restart), looked up once."""
        key = (table_id, seat_no)
        if key in self._looked_up:
            return None
        self._looked_up.add(key)
        record = await self.store.tables.get(table_id)
        seat = next((s for s in record.seats if s.seat_no == seat_no), None) if record else None
        if seat is None or seat.dm_channel_id is None or seat.dm_message_id is None:
            return None
        self.hands[key] = (seat.dm_channel_id, seat.dm_message_id)
        return self.hands[key]

    async def _strip_dm(self, where: tuple[int, int]) -> None:
        channel = self.client.get_partial_messageable(where[0], type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(where[1]).edit(view=None)
        except discord.HTTPException:
            log.info("could not remove the controls of a hand message in DM %s", where[0])

    async def _edit_dm(self, where: tuple[int, int], message: messages.Message) -> None:
        channel = self.client.get_partial_messageable(where[0], type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(where[1]).edit(**message.kwargs())
        except discord.HTTPException:
            log.info("could not edit a hand message in DM channel %s", where[0])
        finally:
            message.release()

    async def _send_dm(
        self, state: TableState, seat_no: int, user_id: int, message: messages.Message
    ) -> None:
        try:
            sent = await self.dms.send(user_id, **message.send_kwargs())
        except DMClosed:
            message.release()
            await self._tell_closed(state, user_id)
            return
        except discord.HTTPException:
            log.warning("could not DM player %s", user_id)
            message.release()
            return
        message.release()
        self.hands[(state.table_id, seat_no)] = (sent.channel.id, sent.id)
        await self.store.tables.set_seat_message(state.table_id, seat_no, sent.channel.id, sent.id)

    async def _tell_closed(self, state: TableState, user_id: int) -> None:
        key = (state.table_id, user_id)
        if key in self._told_closed:
            return
        self._told_closed.add(key)
        text = (
            f"<@{user_id}>, I can't send you direct messages. Use **Show my hand** on the "
            "table message to see your cards and play."
        )
        await self._send_channel(state.channel_id, messages.Message(text, None, None))

    async def _remind(self, state: TableState, seconds_left: str) -> None:
        pub = state.public
        if pub is None or pub.to_move is None:
            return
        seat = state.seats[pub.to_move]
        if seat.user_id is None:
            return
        text = f"⏰ Your turn at table #{state.table_id}: {seconds_left} s left before an automatic move."
        if not await self.dms.tell(seat.user_id, text):
            mention = messages.Message(f"<@{seat.user_id}> {text}", None, None)
            await self._send_channel(state.channel_id, mention)
