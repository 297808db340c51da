"""The tournaments' use case (`bot/usecases/tournaments.py`) on the real services and a real
SQLite store: the checks come before any write or answer, the sign-up message and the thread
are remembered in order, and each interaction returns the sentence its clicker reads. The
Discord side (the interaction's answers, the presenter) is recorded; the real one is played
through the emulator in tests/play/test_tournament*.py."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import pytest

from bot.i18n import Coded
from bot.outbox.write import Payload
from bot.tournaments._model import TournamentInfo
from bot.tournaments.service import TournamentProblem
from bot.usecases.answer import Answer
from bot.usecases.tournaments import Listed, Member, NewTournament, TournamentUseCase

from .conftest import CHANNEL, GUILD, NAMES, ORGANIZER, PLAYERS, Rig

T = TypeVar("T")
SIGNUP_MESSAGE, THREAD, ROLE = 9001, 9002, 42
ADMIN = Member(ORGANIZER, GUILD, CHANNEL, manages_server=True)
CUP = NewTournament("Cup", "swiss", "cardgames", target=10)


class Discord:
    """The interaction's answers and the presenter's work, in the order asked."""

    def __init__(self, *, thread: int | None = THREAD) -> None:
        self.asked: list[tuple[Any, ...]] = []
        self.thread = thread

    async def in_time(self, work: Awaitable[T]) -> T:
        self.asked.append(("in_time",))
        return await work

    async def defer(self) -> None:
        self.asked.append(("defer",))

    clicked: int | None = None
    in_dm = False

    async def post(self, message: Payload) -> int:
        raise AssertionError("the sign-up message is posted by the presenter")

    async def show(self, message: Payload) -> None:
        raise AssertionError("a command has no clicked message")

    async def signup_posted(self, answer: Answer, info: TournamentInfo) -> int:
        assert answer is self
        self.asked.append(("answer with the sign-up", info.id))
        return SIGNUP_MESSAGE

    def signup_changed(self, info: TournamentInfo) -> Awaitable[Any]:
        self.asked.append(("edit the sign-up", info.signup_message_id, info.status))
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    async def open_thread(self, info: TournamentInfo, signup_id: int) -> int | None:
        self.asked.append(("open a thread", signup_id))
        return self.thread


def case_of(rig: Rig, discord: Discord) -> TournamentUseCase:
    return TournamentUseCase(rig.service, discord)


async def test_create_answers_then_keeps_the_signup_message_and_its_thread(rig: Rig) -> None:
    discord = Discord()
    said = await case_of(rig, discord).create(ADMIN, CUP, "allowed", discord)
    assert said is None
    (row,) = await rig.service.recent(GUILD)
    assert discord.asked == [
        ("in_time",),
        ("answer with the sign-up", row.id),
        ("open a thread", SIGNUP_MESSAGE),
    ]
    info = await rig.service.info(row.id)
    assert (info.name, info.organizer_id, info.channel_id) == ("Cup", ORGANIZER, CHANNEL)
    assert (info.signup_message_id, info.thread_id) == (SIGNUP_MESSAGE, THREAD)
    # Typed in the thread, a command finds it.
    assert await rig.service.find(GUILD, THREAD) == row.id


@pytest.mark.parametrize(
    ("place", "thread", "told"),
    [("inside", THREAD, False), ("refused", THREAD, True), ("allowed", None, True)],
)
async def test_without_a_thread_of_its_own_the_organizer_is_told(
    rig: Rig, place: Any, thread: int | None, told: bool
) -> None:
    discord = Discord(thread=thread)
    said = await case_of(rig, discord).create(ADMIN, CUP, place, discord)
    assert said == (Coded("tournament-no-thread", {"name": "Cup"}) if told else None)
    (row,) = await rig.service.recent(GUILD)
    info = await rig.service.info(row.id)
    assert (info.signup_message_id, info.thread_id) == (SIGNUP_MESSAGE, None)
    opened = [a for a in discord.asked if a[0] == "open a thread"]
    assert opened == ([("open a thread", SIGNUP_MESSAGE)] if place == "allowed" else [])


async def test_a_refusal_comes_before_any_write_or_answer(rig: Rig) -> None:
    discord = Discord()
    case = case_of(rig, discord)
    player = Member(PLAYERS[0], GUILD, CHANNEL, role_ids=(ROLE,))
    with pytest.raises(TournamentProblem) as refused:
        await case.create(player, CUP, "allowed", discord)
    assert refused.value.key == "tournament-no-rights"
    assert await rig.service.recent(GUILD) == []
    await case.create(ADMIN, CUP, "inside", discord)
    discord.asked.clear()
    for command in (case.start(player, None, discord), case.cancel(player, None)):
        with pytest.raises(TournamentProblem) as refused:
            await command
        assert refused.value.key == "tournament-no-rights"
    # Not deferred: the refusal is the interaction's answer. Nothing changed either.
    assert discord.asked == []
    (row,) = await rig.service.recent(GUILD)
    assert row.status == "signup"
    outside = Member(ORGANIZER, None, None, manages_server=True)
    for asked in (case.standings(outside, None), case.pause(outside, None)):
        with pytest.raises(TournamentProblem) as refused:
            await asked
        assert refused.value.key == "tournament-in-a-server"
    assert await case.recent(None) == []


async def test_the_organizer_role_runs_a_tournament_from_signup_to_cancel(rig: Rig) -> None:
    discord = Discord()
    case = case_of(rig, discord)
    host = Member(PLAYERS[7], GUILD, CHANNEL, role_ids=(ROLE,))
    assert await case.organizer_role(ADMIN, ROLE) == Coded(
        "tournament-role-set", {"role": "<@&42>"}
    )
    with pytest.raises(TournamentProblem) as refused:
        await case.organizer_role(host, None)
    assert refused.value.key == "tournament-role-admins"

    await case.create(host, CUP, "inside", discord)
    (row,) = await rig.service.recent(GUILD)
    for p in PLAYERS[:5]:
        info = await case.signup(row.id, p, NAMES[p], "join")
    assert len(info.entrants) == 5
    info = await case.signup(row.id, PLAYERS[4], NAMES[PLAYERS[4]], "leave")
    assert [user for user, _ in info.entrants] == PLAYERS[:4]
    assert not (await case.standings(host, None)).started

    discord.asked.clear()
    kicked = await case.kick(host, None, PLAYERS[3], "Dee", discord)
    assert kicked == Coded("tournament-reply-kicked", {"player": "Dee", "name": "Cup"})
    assert discord.asked == [("defer",), ("edit the sign-up", SIGNUP_MESSAGE, "signup")]

    discord.asked.clear()
    started = await case.start(host, row.id, discord)
    assert started == Coded("tournament-reply-started", {"name": "Cup"})
    # Deferred once the checks passed, before the slow part; the sign-up then shows it closed.
    assert discord.asked == [("defer",), ("edit the sign-up", SIGNUP_MESSAGE, "running")]
    assert (await case.standings(host, None)).round_no == 1

    assert await case.pause(host, None) == Coded("tournament-reply-paused", {"name": "Cup"})
    discord.asked.clear()
    assert await case.resume(host, None, discord) == Coded(
        "tournament-reply-resumed", {"name": "Cup"}
    )
    assert discord.asked == [("defer",)]
    discord.asked.clear()
    assert await case.cancel(host, None) == Coded("tournament-reply-cancelled", {"name": "Cup"})
    assert discord.asked == [("edit the sign-up", SIGNUP_MESSAGE, "cancelled")]
    # Over: the standings command still finds it, as the server's most recent one.
    assert (await case.standings(host, None)).status == "cancelled"
    assert await case.recent(GUILD) == [Listed(row.id, "Cup", "cancelled")]
    assert await case.organizer_role(ADMIN, None) == Coded("tournament-role-cleared")
