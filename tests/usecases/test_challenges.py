"""The challenges' use case: refusals come back as what to say, a challenge and its players
are written together or not at all, and the use case keeps which message shows what."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from bot.app.client import GinBot
from bot.circle import Person
from bot.i18n import Coded
from bot.outbox.write import Payload
from bot.usecases.challenges import Ask, ChallengeUseCase
from emulator import User

from ..play.conftest import quiet
from .conftest import World

T = TypeVar("T")


@dataclass
class BotReply:
    """The clicker's answer as the bot's own writes: a post in the channel (what an
    interaction's answer becomes) and the clicked message edited in place."""

    bot: GinBot
    channel_id: int
    clicked: int | None = None
    in_dm: bool = False
    posted: list[int] = field(default_factory=list)
    deferred: bool = False

    async def in_time(self, work: Awaitable[T]) -> T:
        return await work

    async def defer(self) -> None:
        self.deferred = True

    async def post(self, message: Payload) -> int:
        channel = self.bot.get_partial_messageable(self.channel_id)
        try:
            sent = await channel.send(**message.send_kwargs())
        finally:
            message.release()
        self.posted.append(sent.id)
        return sent.id

    async def show(self, message: Payload) -> None:
        assert self.clicked is not None
        clicked = self.bot.get_partial_messageable(self.channel_id).get_partial_message(
            self.clicked
        )
        await clicked.edit(**message.kwargs())


def cases(world: World) -> ChallengeUseCase:
    assert world.bot.challenge_case is not None
    return world.bot.challenge_case


def person(user: User) -> Person:
    return Person(user.id, user.global_name or user.username)


async def challenge(world: World, reply: BotReply, a: User, b: User) -> Coded | None:
    return await cases(world).challenge(
        reply,
        where=(world.channel.guild.id, world.channel.id),
        challenger=person(a),
        opponent=person(b),
        opponent_is_bot=False,
    )


async def test_a_challenge_is_posted_dmed_and_both_messages_remembered(world: World) -> None:
    emu, a, b = world.emu, world.alice, world.bob
    reply = BotReply(world.bot, world.channel.id)
    assert await challenge(world, reply, a, b) is None
    store = world.bot.services.store  # type: ignore[union-attr]
    (ch,) = await store.challenges.pending_for(a.id)
    (public,) = reply.posted
    assert ch.message_id == public and "Accept" in emu.message(public).button_labels
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    assert (ch.dm_channel_id, ch.dm_message_id) == (invite.channel.id, invite.id)
    assert {p.display_name for p in (await store.players.get_many([a.id, b.id])).values()} == {
        person(a).name,
        person(b).name,
    }


async def test_a_refused_challenge_is_said_and_nothing_is_posted(world: World) -> None:
    a = world.alice
    reply = BotReply(world.bot, world.channel.id)
    assert await challenge(world, reply, a, a) == Coded("challenge-self")
    assert reply.posted == []
    assert await world.bot.services.store.challenges.pending_for(a.id) == []  # type: ignore[union-attr]


async def test_a_challenge_refused_midway_writes_none_of_its_players(world: World) -> None:
    """The store refuses the challenge after the players' rows are written in its
    transaction (a pending challenge between them): neither row stays."""
    a, b = world.alice, world.bob
    store = world.bot.services.store  # type: ignore[union-attr]
    expires = datetime.now(UTC) + timedelta(minutes=5)
    await store.challenges.create(1, 2, a.id, b.id, rules="{}", target=100, expires_at=expires)
    reply = BotReply(world.bot, world.channel.id)
    said = await challenge(world, reply, b, a)
    assert said == Coded("challenge-pending", {"name": person(a).name})
    assert await store.players.get_many([a.id, b.id]) == {}
    assert reply.posted == []


async def test_a_refused_challenge_keeps_a_known_players_name(world: World) -> None:
    a, b = world.alice, world.bob
    reply = BotReply(world.bot, world.channel.id)
    assert await challenge(world, reply, a, b) is None
    store = world.bot.services.store  # type: ignore[union-attr]
    renamed = Person(b.id, "bobby")
    said = await cases(world).challenge(
        reply,
        where=(world.channel.guild.id, world.channel.id),
        challenger=renamed,
        opponent=person(a),
        opponent_is_bot=False,
    )
    assert said is not None and said.key == "challenge-pending"
    assert (await store.players.get(b.id)).display_name == person(b).name  # type: ignore[union-attr]


async def test_decline_edits_the_clicked_copy_and_the_other_then_tells_the_challenger(
    world: World,
) -> None:
    emu, a, b = world.emu, world.alice, world.bob
    assert await challenge(world, BotReply(world.bot, world.channel.id), a, b) is None
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    store = world.bot.services.store  # type: ignore[union-attr]
    (ch,) = await store.challenges.pending_for(a.id)
    click = BotReply(world.bot, invite.channel.id, clicked=invite.id, in_dm=True)
    assert await cases(world).decline(click, ch.id, person(b)) is None
    assert "bob declined" in emu.message(invite.id).text.lower()
    assert ch.message_id is not None
    await emu.wait_for(lambda: "declined" in emu.message(ch.message_id).text)  # type: ignore[arg-type]
    assert emu.message(ch.message_id).buttons() == []
    await emu.wait_for_dm(a, lambda m: "declined your Gin Rummy challenge" in m.text)
    # Answered once: a second click is refused, and nothing is edited again.
    assert await cases(world).cancel(click, ch.id, person(a)) == Coded(
        "challenge-already", {"status": "declined"}
    )


async def test_expiry_retires_both_copies(world: World) -> None:
    emu, a, b = world.emu, world.alice, world.bob
    assert await challenge(world, BotReply(world.bot, world.channel.id), a, b) is None
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    store = world.bot.services.store  # type: ignore[union-attr]
    (ch,) = await store.challenges.pending_for(a.id)
    (expired,) = await store.challenges.expire_due(datetime.now(UTC) + timedelta(hours=1))
    await cases(world).expired(expired)
    await quiet(emu, world.bot)
    assert "Expired" in emu.message(invite.id).text
    assert "Expired" in emu.message(ch.message_id).text  # type: ignore[arg-type]
    await emu.wait_for_dm(a, lambda m: "expired" in m.text)


async def test_joining_where_a_blocked_player_sits_asks_first(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(b, ch, "gin player block", player=a)
    opened = await emu.slash(a, ch, "gin table")
    assert opened.response is not None
    lobby = emu.last_message(ch)
    assert lobby is not None
    tables = world.bot.services.tables  # type: ignore[union-attr]
    (table,) = tables.tables_of(a.id)
    table_id = table.record.id
    reply = BotReply(world.bot, ch.id, clicked=lobby.id)
    asked = await cases(world).join(reply, table_id, person(b))
    assert asked == Ask(Coded("reply-blocked-ask"), "join-anyway")
    assert [s.user_id for s in (await tables.sync(table_id)).record.seats] == [a.id]
    said = await cases(world).join_anyway(table_id, person(b), (ch.id, lobby.id))
    assert said == Coded("reply-joined")
    await quiet(emu, world.bot)
    assert person(b).name in emu.message(lobby.id).text
