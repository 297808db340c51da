"""Tables in play made from fixed seeds, for the hand and board builds' benchmark
(`bench/build.py`) and the test that their payloads are what they were
(`tests/games/test_build_payloads.py`).

Each match is played by the engine's own deterministic player; a table's state is taken as
the table service makes it (`bot/games/tables/_state.py`), with the seats, names, computers,
deadline and automatic turns a real table has, so every line of a hand and a board is met.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from bot.engine import RoundView
from bot.engine.actions import GIN, KNOCK, Action
from bot.engine.match import Match
from bot.engine.players import BaselinePlayer
from bot.engine.rules import PRESETS
from bot.games.model import PublicRound, SeatInfo, TableState

#: (preset, seats, seed, the seats played by computers (their level)).
TABLES = (
    ("cardgames", 2, 11, {1: "hard"}),
    ("cardgames", 2, 21, {}),
    ("cardgames", 2, 31, {}),
    ("playingcards", 2, 12, {}),
    ("classic", 3, 13, {2: "easy"}),
    ("classic", 4, 14, {1: "normal", 3: "expert"}),
)
NAMES = ("Alice", "Bob", "Chloé", "Dmitri")


@dataclass(frozen=True)
class Sample:
    """One moment of a table, as one seat sees it; `confirm` a knock or gin waiting."""

    state: TableState
    view: RoundView
    confirm: Action | None = None
    favorites: frozenset[int] = frozenset()
    chat: tuple[str, ...] = ()
    note: str | None = None


def _seats(seats: int, computers: dict[int, str]) -> tuple[SeatInfo, ...]:
    out = []
    for s in range(seats):
        level = computers.get(s)
        if level is None:
            out.append(SeatInfo(s, 100 + s, NAMES[s]))
        else:
            number = f" {s + 1}" if len(computers) > 1 else ""
            out.append(SeatInfo(s, None, f"Computer{number} ({level})", level))
    return tuple(out)


def _state(match: Match, table_id: int, seats: tuple[SeatInfo, ...], step: int) -> TableState:
    if match.seats > 2 and step > 20:
        # The last seat left: resigned in a match of four, removed (away) in one of three.
        last = dataclasses.replace(seats[-1], removed=True, resigned=match.seats == 4)
        seats = (*seats[:-1], last)
    done = [r for r in match.rounds[:-1] if r.result is not None]
    return TableState(
        table_id=table_id,
        guild_id=1,
        channel_id=2,
        message_id=3,
        host_id=100,
        status="playing" if not match.over else "finished",
        rules=match.rules,
        target=match.rules.target,
        seat_count=match.seats,
        seats=seats,
        version=step + 1,
        scores=match.scores,
        public=PublicRound.of(match.round.view(0), len(match.rounds)),
        turn_deadline_ts=1_800_000_000.0 + step if step % 3 else None,
        auto=frozenset({0}) if step % 7 == 3 else frozenset(),
        previous=done[-1].result if done else None,
        match_over=match.over,
        breakdown=match.breakdown if match.over else None,
    )


def samples(every: int = 5, rounds: int = 3) -> Iterator[Sample]:
    """Every `every`-th move of the first `rounds` rounds of each table, every seat's view
    of it; a knock or gin offered is also shown waiting for its confirmation, and a round's
    end is always taken."""
    player = BaselinePlayer()
    for table_id, (preset, count, seed, computers) in enumerate(TABLES, start=40):
        rules = PRESETS[preset]
        match = Match(rules, count, seed)
        seats = _seats(count, computers)
        step = 0
        while True:
            rnd = match.round
            if rnd.over or step % every == 0:
                state = _state(match, table_id, seats, step)
                for seat in range(count):
                    view = rnd.view(seat)
                    yield Sample(
                        state,
                        view,
                        favorites=frozenset({101}) if step % 2 else frozenset(),
                        chat=("**Bob**: gg",) if step % 4 == 1 else (),
                        note="Not your turn." if step % 6 == 5 else None,
                    )
                    asks = [a for a in view.legal if a.kind in (KNOCK, GIN)]
                    if asks:
                        yield Sample(state, view, confirm=asks[0])
            if rnd.over:
                if match.over or len(match.rounds) >= rounds:
                    break
                match.next_round()
                step += 1
                continue
            seat = rnd.to_move
            assert seat is not None
            view = rnd.view(seat)
            match.apply(player.choose(view, view.legal), seat)
            step += 1
        final = dataclasses.replace(_state(match, table_id, seats, step), match_over=True)
        yield Sample(final, match.round.view(0))
