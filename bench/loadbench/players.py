"""The scripted players: a table's two members, its setup (challenge, Accept) and its
play, move by move, at a pace."""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.loadbench.watch import Watch
from bench.staleness import BoardWatch, expected
from emulator import Emulator, EmulatorError, Interaction, InteractionFailed, User
from emulator.models import MESSAGE_COMPONENT
from tests.players import live_controls, play_one

#: custom_id prefixes of the game controls on a hand DM (as ``tests/play/driver``).
MOVES = ("gin:a:", "gin:s:")


def is_move(i: Interaction) -> bool:
    """A click or choice on a player's hand DM (the controls ``live_controls`` finds)."""
    return i.type == MESSAGE_COMPONENT and str(i.data.get("custom_id", "")).startswith(MOVES)


@dataclass
class Table:
    challenger: User
    opponent: User
    channel: Any
    ready: bool = False
    moves: int = 0
    stalled: bool = False
    board: BoardWatch = field(init=False)

    def __post_init__(self) -> None:
        self.board = BoardWatch((self.challenger.username.lower(), self.opponent.username.lower()))


@dataclass
class Tally:
    failed: int = 0  # InteractionFailed: no valid acknowledgement within 3 s
    races: list[str] = field(default_factory=list)  # EmulatorError: control gone before the click
    stalled: int = 0  # no controls appeared for either player within the wait
    #: Seconds from a move's acknowledgement to the next player's controls showing up in
    #: their DM (the turn passing; the bot sends that DM after the acknowledgement).
    handoffs: list[float] = field(default_factory=list)
    #: Seconds from the Accept click to the first hand with live controls.
    first_hands: list[float] = field(default_factory=list)
    moves: int = 0


def turn_of(emu: Emulator, t: Table) -> User | None:
    for user in (t.challenger, t.opponent):
        if live_controls(emu, user) is not None:
            return user
    return None


async def setup_table(emu: Emulator, watch: Watch, t: Table, target: int, tally: Tally) -> None:
    try:
        await emu.slash(
            t.challenger, t.channel, "gin challenge", opponent=t.opponent, target=target
        )
        b = t.opponent

        def invite() -> Any:
            return next((m for m in reversed(emu.dms(b)) if "Accept" in m.button_labels), None)

        msg = await watch.until(invite, (b,), 30.0)
        if msg is None:
            tally.stalled += 1
            return
    except InteractionFailed:
        tally.failed += 1
        return  # no challenge message, no invite: this table is lost
    except EmulatorError as exc:
        tally.races.append(str(exc)[:160])
        return
    accepted = emu.clock.now()
    try:
        await emu.click(b, msg, "Accept")
    except InteractionFailed:
        # Counted; the bot may still have dealt the table (it acknowledges after setting
        # it up), so go on and play it if the hands arrive.
        tally.failed += 1
    except EmulatorError as exc:
        tally.races.append(str(exc)[:160])
        return
    t.ready = (
        await watch.until(lambda: turn_of(emu, t), (t.challenger, t.opponent), 30.0) is not None
    )
    if t.ready:
        tally.first_hands.append(emu.clock.now() - accepted)
    else:
        tally.stalled += 1


@dataclass
class Pace:
    """Where a table's moves are counted and until when it plays: the phase in progress.
    With ``--play-on-deal`` a table plays from its deal on, through the setup phase into
    the paced one, so both change under it."""

    tally: Tally
    deadline: float = math.inf


async def play_table(
    emu: Emulator,
    watch: Watch,
    t: Table,
    moves: int,
    think: float,
    pace: Pace,
    rng: random.Random,
) -> None:
    loop = asyncio.get_running_loop()
    made = 0
    last: tuple[User, float] | None = None  # who moved last, and when it was acknowledged
    unshown: float | None = None  # the last move's acknowledgement, its board not yet known
    while made < moves and loop.time() < pace.deadline:
        deadline, tally = pace.deadline, pace.tally
        wait = max(0.1, min(15.0, deadline - loop.time()))
        mover = await watch.until(lambda: turn_of(emu, t), (t.challenger, t.opponent), wait)
        if mover is None:
            if loop.time() < pace.deadline:
                t.stalled = True
                tally.stalled += 1
            return
        tally = pace.tally  # the phase the move's acknowledgement or handoff falls in
        if last is not None and last[0] is not mover:
            tally.handoffs.append(emu.clock.now() - last[1])
        # The board shows turns: a draw shows with the discard that ends the turn.
        if unshown is not None and last is not None and last[0] is not mover:
            controls = live_controls(emu, mover)
            sig = expected(controls, mover.username) if controls is not None else None
            if sig is not None:
                t.board.moves.append((unshown, sig))
        unshown = None
        if think > 0:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        sent = len(emu.interactions)

        def until(predicate: Callable[[], object], timeout: float, who: User = mover) -> Any:  # noqa: ASYNC109
            return watch.until(predicate, (who,), timeout)

        try:
            # play_one waits (through the Watch) for the hand to be edited after a deferral.
            if await play_one(emu, mover, wait=until):
                tally = pace.tally
                made += 1
                t.moves += 1
                tally.moves += 1
                move = next(
                    (i for i in emu.interactions[sent:] if i.user is mover and is_move(i)), None
                )
                acked = move.acked_at if move is not None else None
                last = (mover, acked) if acked is not None else None
                unshown = acked
        except InteractionFailed:
            tally.failed += 1
            made += 1
        except EmulatorError as exc:
            tally.races.append(str(exc)[:160])
            made += 1
