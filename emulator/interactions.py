"""Interactions sent to the bot: their payloads, the log of them, and their acknowledgements."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any, Literal, TypeAlias

from .changes import Changes
from .clock import Clock
from .config import Options
from .errors import AnswerNotFilled, EmulatorError, InteractionFailed
from .ids import interaction_token
from .messages import MAX_ATTACHMENT_BYTES
from .models import DM, DM_PERMISSIONS, Channel, Interaction, Message, User
from .world import World

#: How long the driver's ``slash``, ``click``... wait: True until the answer is final (a
#: deferred reply filled in, see :attr:`Interaction.answered`), ``"ack"`` until the bot
#: acknowledges, False not at all.
Wait: TypeAlias = bool | Literal["ack"]


class InteractionLog:
    """Every interaction sent to the bot, by id and by token, and which are being answered."""

    def __init__(self, world: World, changes: Changes, options: Options) -> None:
        self.world = world
        self.changes = changes
        self.options = options
        #: Every interaction sent to the bot, oldest first.
        self.all: list[Interaction] = []
        self._by_id: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self._acking: set[int] = set()

    @property
    def clock(self) -> Clock:
        return self.world.clock

    def by_id(self, interaction_id: int) -> Interaction | None:
        return self._by_id.get(interaction_id)

    def by_token(self, token: str) -> Interaction | None:
        return self._by_token.get(token)

    # --- acknowledgements (the callback route) ----------------------------------------------
    def being_acknowledged(self, inter: Interaction) -> bool:
        """Whether a callback for ``inter`` is being handled right now."""
        return inter.id in self._acking

    @contextlib.contextmanager
    def acknowledging(self, inter: Interaction) -> Iterator[None]:
        """While a callback for ``inter`` is handled (a second one at once is refused)."""
        self._acking.add(inter.id)
        try:
            yield
        finally:
            self._acking.discard(inter.id)

    def ack_latencies(self) -> list[float]:
        """Seconds from each interaction to its acknowledgement (acknowledged ones only)."""
        return [i.latency for i in self.all if i.latency is not None]

    def unacknowledged(self) -> list[Interaction]:
        """Interactions the bot never acknowledged in time."""
        now = self.clock.now()
        return [
            i
            for i in self.all
            if i.ack_type is None and now - i.created_at > self.options.ack_deadline
        ]

    # --- sending ----------------------------------------------------------------------------
    def new(
        self,
        kind: int,
        user: User,
        channel: Channel | None,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        command_name: str | None = None,
        forged: bool = False,
    ) -> Interaction:
        """An interaction of ``kind`` by ``user`` in ``channel`` (None: their DM), not sent yet.

        ``forged``: ``user`` may act in someone else's DM (security tests)."""
        channel = channel if channel is not None else self.world.dm_channel(user)
        guild = channel.guild
        if guild is not None and user.id not in guild.members:
            raise EmulatorError(f"{user.username} is not a member of {guild.name}")
        if channel.type == DM and channel.recipient is not user and not forged:
            raise EmulatorError(f"{user.username} cannot act in {channel!r}")
        iid = self.world.snowflakes.next()
        return Interaction(
            id=iid,
            token=interaction_token(iid),
            application_id=self.world.application_id,
            type=kind,
            user=user,
            channel=channel,
            guild=guild,
            data=data,
            created_at=0.0,
            message=message,
            command_name=command_name,
        )

    def payload(self, inter: Interaction) -> dict[str, Any]:
        """The INTERACTION_CREATE payload the bot receives for ``inter``."""
        channel = inter.channel
        channel_data = channel.to_dict()
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(inter.application_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "locale": inter.user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": MAX_ATTACHMENT_BYTES,
            "app_permissions": str(self.world.bot_permissions(channel)),
            "channel_id": str(channel.id),
        }
        guild = inter.guild
        if guild is not None:
            member = guild.members[inter.user.id]
            channel_data["permissions"] = str(member.permissions)
            payload.update(
                guild_id=str(guild.id),
                guild=guild.to_partial(),
                guild_locale=guild.locale,
                context=0,
                authorizing_integration_owners={"0": str(guild.id)},
                member={**member.to_dict(), "permissions": str(member.permissions)},
            )
        else:
            channel_data["permissions"] = str(DM_PERMISSIONS)
            payload.update(
                user=inter.user.to_dict(), context=1, authorizing_integration_owners={"0": "0"}
            )
        payload["channel"] = channel_data
        if inter.message is not None:
            payload["message"] = inter.message.to_dict()
        return payload

    async def send(
        self, inter: Interaction, *, wait: Wait = True, raise_on_failure: bool = True
    ) -> Interaction:
        """Send ``inter`` to the bot; with ``wait``, until it is answered (:meth:`wait_answer`;
        ``"ack"``: only acknowledged, :meth:`wait_ack`)."""
        payload = self.payload(inter)
        inter.created_at = self.clock.now()
        self.all.append(inter)
        self._by_id[inter.id] = inter
        self._by_token[inter.token] = inter
        self.world.events.dispatch("INTERACTION_CREATE", payload, guild=inter.guild)
        self.changes.notify()
        if wait == "ack":
            await self.wait_ack(inter, raise_on_failure=raise_on_failure)
        elif wait:
            await self.wait_answer(inter, raise_on_failure=raise_on_failure)
        return inter

    async def wait_answer(
        self,
        inter: Interaction,
        *,
        raise_on_failure: bool = True,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> Interaction:
        """Wait until the bot's answer to ``inter`` is final (:attr:`Interaction.answered`):
        acknowledged (see :meth:`wait_ack`), and a deferred reply filled in within
        ``timeout`` (default ``Options.answer_timeout``) seconds, else :class:`AnswerNotFilled`."""
        await self.wait_ack(inter, raise_on_failure=raise_on_failure)
        if inter.answered or inter.ack_type is None:
            return inter
        limit = self.options.answer_timeout if timeout is None else timeout
        try:
            await self.changes.wait_for(lambda: inter.answered, limit)
        except TimeoutError:
            if raise_on_failure:
                raise AnswerNotFilled(inter, limit) from None
        return inter

    async def wait_ack(self, inter: Interaction, *, raise_on_failure: bool = True) -> Interaction:
        """Wait until the bot acknowledges ``inter`` or its 3 s deadline passes."""
        deadline = self.options.ack_deadline
        while not inter.acked.is_set():
            remaining = inter.created_at + deadline - self.clock.now()
            if remaining <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(inter.acked.wait(), remaining + 0.05)
        if inter.ack_type is None and raise_on_failure:
            raise InteractionFailed(inter, deadline)
        return inter
