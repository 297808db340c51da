"""The test driver's API beside acting as people: building the world, the commands the bot
registered, reading what people see, waiting for the bot, faults and gateway controls.

Each method reads or changes the state's parts (``state.py``); :class:`~emulator.core.Emulator`
is built on this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from .config import Options
from .errors import EmulatorError
from .faults import Fault
from .gateway import INVALID_SESSION, RECONNECT, Gateway, Session
from .ids import shard_of
from .models import Channel, Guild, Interaction, Member, Message, User
from .people import People
from .threads import Thread

if TYPE_CHECKING:
    from .commands import CommandRegistry
    from .interactions import InteractionLog
    from .messages import MessageStore
    from .world import World

T = TypeVar("T")


class Driver(People):
    """What a test does to and reads from the world, besides acting as people."""

    options: Options
    world: World
    registry: CommandRegistry
    message_store: MessageStore
    interaction_log: InteractionLog
    gateway: Gateway
    faults: list[Fault]
    unknown_routes: list[tuple[str, str]]

    # ------------------------------------------------------------------------------------
    # world building (``World``)
    # ------------------------------------------------------------------------------------
    def create_user(
        self,
        username: str,
        *,
        global_name: str | None = None,
        dms_open: bool = True,
        guilds: Iterable[Guild] = (),
    ) -> User:
        """A person; ``guilds`` makes them a member of those servers."""
        return self.world.create_user(
            username, global_name=global_name, dms_open=dms_open, guilds=guilds
        )

    def create_guild(
        self,
        name: str = "Test Server",
        *,
        channels: Iterable[str] = ("general",),
        members: Iterable[User] = (),
        shard: int | None = None,
    ) -> Guild:
        """A server the bot is in, with text channels named ``channels``.

        ``shard``: an id whose events go to that shard of ``shard_count`` (Discord's
        ``(guild_id >> 22) % shard_count``); None: any id.
        """
        if shard is not None and not 0 <= shard < self.options.shard_count:
            raise EmulatorError(
                f"shard {shard} is not one of the {self.options.shard_count} shards"
            )
        where = None if shard is None else (shard, self.options.shard_count)
        return self.world.create_guild(name, channels=channels, members=members, shard=where)

    def rename_guild(self, guild: Guild, name: str) -> None:
        """Rename a server (GUILD_UPDATE reaches the shard that owns it)."""
        self.world.rename_guild(guild, name)

    def shard_of(self, guild: Guild) -> int:
        """The shard of ``shard_count`` that ``guild``'s events go to."""
        return shard_of(guild.id, self.options.shard_count)

    def create_channel(self, guild: Guild, name: str) -> Channel:
        """A new text channel (CHANNEL_CREATE reaches a connected bot)."""
        return self.world.create_channel(guild, name)

    def add_member(self, guild: Guild, user: User) -> Member:
        return self.world.add_member(guild, user)

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        return self.world.dm_channel(user)

    def close_dms(self, user: User) -> None:
        """The user stops accepting DMs from the bot: sends get 403 50007."""
        user.dms_open = False

    def open_dms(self, user: User) -> None:
        user.dms_open = True

    def deny_bot(self, channel: Channel, *permissions: str) -> None:
        """Deny the bot permissions in a channel, e.g. ``deny_bot(ch, "send_messages")``."""
        self.world.deny_bot(channel, *permissions)

    def allow_bot(self, channel: Channel, *permissions: str) -> None:
        self.world.allow_bot(channel, *permissions)

    def bot_permissions(self, channel: Channel) -> int:
        """What the bot may do in ``channel`` (its roles, minus the channel's overwrite)."""
        return self.world.bot_permissions(channel)

    def shares_guild(self, user: User) -> bool:
        return self.world.shares_guild(user)

    def create_thread(self, channel: Channel, name: str, *, by: User) -> Thread:
        """A public thread a person starts in ``channel`` (without a starter message)."""
        return self.world.start_thread(channel, name, by.id)

    def threads(self, channel: Channel) -> list[Thread]:
        """The threads started in ``channel``, oldest first."""
        return self.world.threads_of(channel)

    def thread_of(self, message: Message) -> Thread | None:
        """The thread started from ``message``, if any."""
        return self.world.thread_of(message)

    # ------------------------------------------------------------------------------------
    # commands (``CommandRegistry``)
    # ------------------------------------------------------------------------------------
    def commands(self, guild: Guild | int | None = None) -> list[dict[str, Any]]:
        """Commands the bot registered globally (``guild=None``) or for one server."""
        return self.registry.listing(guild)

    def command_paths(self, guild: Guild | int | None = None) -> list[str]:
        """Every command a person can type, e.g. ``["gin about", "gin ping"]``."""
        return self.registry.paths(guild)

    def allow_command(self, guild: Guild, name: str, user: User) -> None:
        """A server admin's override (Integrations): ``user`` may use ``/name`` in ``guild``
        though they lack the permissions it asks for by default; the bot checks on its side."""
        self.registry.allow(guild, name, user)

    # ------------------------------------------------------------------------------------
    # reading what people see (``MessageStore``, ``InteractionLog``)
    # ------------------------------------------------------------------------------------
    def message(self, message_id: int) -> Message:
        return self.message_store.message(message_id)

    def can_see(self, user: User, msg: Message, *, include_deleted: bool = False) -> bool:
        """Whether ``user`` can see ``msg`` (ephemeral: only its owner; DM: only the recipient)."""
        return self.message_store.can_see(user, msg, include_deleted=include_deleted)

    def messages(self, channel: Channel) -> list[Message]:
        """The channel's public messages, oldest first (no ephemerals, no deleted ones)."""
        return self.message_store.messages(channel)

    def last_message(self, channel: Channel) -> Message | None:
        return self.message_store.last_message(channel)

    def dms(self, user: User) -> list[Message]:
        """The bot's DMs to ``user``, oldest first."""
        return self.message_store.dms(user)

    def last_dm(self, user: User) -> Message | None:
        return self.message_store.last_dm(user)

    def ephemerals(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Ephemeral replies only ``user`` sees, oldest first (optionally in one channel)."""
        return self.message_store.ephemerals(user, channel)

    def last_ephemeral(self, user: User) -> Message | None:
        return self.message_store.last_ephemeral(user)

    def visible_to(self, user: User) -> list[Message]:
        """Every message ``user`` can see now: public ones in their servers, DMs, ephemerals."""
        return self.message_store.visible_to(user)

    def texts_seen_by(self, user: User) -> list[str]:
        """The text of every version of every message ever shown to ``user`` (privacy checks)."""
        return self.message_store.texts_seen_by(user)

    def ack_latencies(self) -> list[float]:
        """Seconds from each interaction to its acknowledgement (acknowledged ones only)."""
        return self.interaction_log.ack_latencies()

    def unacknowledged(self) -> list[Interaction]:
        """Interactions the bot never acknowledged in time."""
        return self.interaction_log.unacknowledged()

    def assert_no_unknown_routes(self) -> None:
        assert not self.unknown_routes, (
            f"the bot called routes the emulator does not know: {self.unknown_routes}"
        )

    # ------------------------------------------------------------------------------------
    # waiting (``Changes``)
    # ------------------------------------------------------------------------------------
    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,  # noqa: ASYNC109
        *,
        what: str | None = None,
    ) -> T:
        """Return ``predicate()`` once it is truthy; checked after every change. ``TimeoutError`` otherwise."""
        return await self.state.changes.wait_for(predicate, timeout, what=what)

    async def _wait_newest(
        self,
        listing: Callable[[], list[Message]],
        predicate: Callable[[Message], object] | None,
        timeout: float,  # noqa: ASYNC109
        what: str,
    ) -> Message:
        """The newest message of `listing()` matching `predicate`, waiting for one."""

        def find() -> Message | None:
            return next((m for m in reversed(listing()) if predicate is None or predicate(m)), None)

        return await self.wait_for(find, timeout, what=what)

    async def wait_for_dm(
        self,
        user: User,
        predicate: Callable[[Message], object] | None = None,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The newest DM to ``user`` matching ``predicate`` (waiting for it if needed)."""
        return await self._wait_newest(
            lambda: self.dms(user), predicate, timeout, f"a DM to {user.username}"
        )

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], object] | None = None,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The newest public message in ``channel`` matching ``predicate`` (waiting for it if needed)."""
        return await self._wait_newest(
            lambda: self.messages(channel), predicate, timeout, f"a message in {channel!r}"
        )

    async def wait_for_ephemeral(
        self,
        user: User,
        predicate: Callable[[Message], object] | None = None,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The newest ephemeral reply to ``user`` matching ``predicate``."""
        return await self._wait_newest(
            lambda: self.ephemerals(user),
            predicate,
            timeout,
            f"an ephemeral reply to {user.username}",
        )

    async def settle(
        self,
        quiet: float = 0.1,
        timeout: float = 10.0,  # noqa: ASYNC109
    ) -> None:
        """Wait until the bot has made no request for ``quiet`` seconds (a heuristic for "idle")."""
        await self.state.changes.settle(quiet, timeout)

    async def wait_until_connected(
        self,
        timeout: float = 10.0,  # noqa: ASYNC109
        *,
        shard: int | None = None,
    ) -> Session:
        """Wait for a bot session that has identified and is connected.

        ``shard``: one that identified as that shard (of any count); None: any session.
        """

        def connected() -> Session | None:
            return next(
                (
                    s
                    for s in self.gateway.live_sessions()
                    if s.conn is not None and (shard is None or s.shard[0] == shard)
                ),
                None,
            )

        return await self.wait_for(connected, timeout, what="a gateway session")

    async def wait_ack(self, inter: Interaction, *, raise_on_failure: bool = True) -> Interaction:
        """Wait until the bot acknowledges ``inter`` or its 3 s deadline passes."""
        return await self.interaction_log.wait_ack(inter, raise_on_failure=raise_on_failure)

    async def wait_answer(
        self,
        inter: Interaction,
        *,
        raise_on_failure: bool = True,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> Interaction:
        """Wait until the bot's answer to ``inter`` is final (:attr:`Interaction.answered`):
        what ``slash``, ``click``... wait for by default, for one sent with ``wait=False``."""
        return await self.interaction_log.wait_answer(
            inter, raise_on_failure=raise_on_failure, timeout=timeout
        )

    # ------------------------------------------------------------------------------------
    # faults and gateway controls
    # ------------------------------------------------------------------------------------
    def inject_fault(
        self,
        route: str,
        *,
        status: int = 429,
        times: int = 1,
        retry_after: float = 0.1,
        global_: bool = False,
        via: bool = True,
        code: int = 0,
        message: str | None = None,
    ) -> Fault:
        """Answer the next ``times`` requests matching ``route`` with ``status``.

        ``route`` is ``"METHOD /template"`` or ``"METHOD /concrete/path"`` with ``*`` wildcards,
        e.g. ``"POST /channels/{channel_id}/messages"`` or ``"* /webhooks/*"``. 429s carry
        ``retry_after`` and a ``Via`` header (``via=False`` mimics a Cloudflare ban).
        """
        fault = Fault(route, status, times, retry_after, global_, via, code, message)
        self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        self.faults.clear()

    async def reconnect_gateway(self) -> int:
        """Send op 7 RECONNECT: the client drops the socket and RESUMEs."""
        return await self.gateway.send_op(RECONNECT, None)

    async def invalidate_session(self, *, resumable: bool = False) -> int:
        """Send op 9 INVALID_SESSION; unless ``resumable`` the client must IDENTIFY again."""
        sessions = self.gateway.live_sessions()
        sent = await self.gateway.send_op(INVALID_SESSION, resumable)
        if not resumable:
            for session in sessions:
                session.resumable = False
        return sent

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close every gateway socket with ``code`` (4000: the client resumes).

        4009 (session timed out) ends the sessions too, as Discord does: the client's RESUME
        gets INVALID_SESSION and it IDENTIFYs again; events meanwhile are lost.
        """
        if code == 4009:
            for session in self.gateway.live_sessions():
                session.resumable = False
        await self.gateway.close_all(code, "Dropped by the emulator.")
