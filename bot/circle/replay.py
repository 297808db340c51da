"""Replaying a logged round through the engine: the deal from its seed, then each move.

Pure (no store): `replay_round` gets the round's rules, seed, dealer and move log and returns
one frame per move. Every hand is shown only when `reveal` is set (the match is over);
before that a frame carries the public table and, at most, the viewer's own hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Card, RuleSet
from bot.engine.actions import Action
from bot.engine.round import Event, Round, RoundResult


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """The table right after move `move_no` (0 = right after the deal)."""

    move_no: int
    seat: int | None
    action: Action | None
    #: What the move did, as the engine logged it (in words: ``bot.text.records.frame_text``).
    events: tuple[Event, ...]
    discard_top: Card | None
    stock_size: int
    to_move: int | None
    #: Every seat's hand, only when the match is over.
    hands: tuple[tuple[Card, ...], ...] | None
    #: The viewer's own hand (when they sat at the table and hands are not revealed).
    own_hand: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class RoundReplay:
    table_id: int
    round_no: int
    seed: int
    dealer: int
    names: tuple[str, ...]
    revealed: bool
    frames: tuple[ReplayFrame, ...]
    #: How the round ended (public once the round is over, hands included), else None.
    result: RoundResult | None
    #: The rules the round was played by (how its points are explained).
    rules: RuleSet | None = None
    #: Each seat's computer level, None for a person (a computer's name is said from it).
    computers: tuple[str | None, ...] = ()

    @property
    def moves(self) -> int:
        return len(self.frames) - 1


def replay_round(
    *,
    table_id: int,
    round_no: int,
    rules: RuleSet,
    seed: int,
    dealer: int,
    names: Sequence[str],
    moves: Sequence[tuple[int, Action]],
    reveal: bool,
    viewer_seat: int | None = None,
    computers: Sequence[str | None] = (),
) -> tuple[RoundReplay, Round]:
    """Deal and play `moves` (seat, action) in order; `IllegalAction` if the log is corrupt.

    Returns the frames and the replayed engine round (for checks against the stored result).
    """
    rnd = Round(rules, len(names), seed, dealer)
    frames = [_frame(rnd, 0, None, None, (), reveal, viewer_seat)]
    for i, (seat, action) in enumerate(moves, start=1):
        seen = len(rnd.history)
        rnd.apply(action, seat)
        events = tuple(rnd.history[seen:])
        frames.append(_frame(rnd, i, seat, action, events, reveal, viewer_seat))
    replay = RoundReplay(
        table_id=table_id,
        round_no=round_no,
        seed=seed,
        dealer=dealer,
        names=tuple(names),
        revealed=reveal,
        frames=tuple(frames),
        result=rnd.result,
        rules=rules,
        computers=tuple(computers),
    )
    return replay, rnd


def _frame(
    rnd: Round,
    move_no: int,
    seat: int | None,
    action: Action | None,
    events: tuple[Event, ...],
    reveal: bool,
    viewer_seat: int | None,
) -> ReplayFrame:
    pile = rnd.discard_pile
    hands = tuple(rnd.hand(s) for s in range(rnd.seats)) if reveal else None
    own = rnd.hand(viewer_seat) if (not reveal and viewer_seat is not None) else None
    return ReplayFrame(
        move_no=move_no,
        seat=seat,
        action=action,
        events=events,
        discard_top=pile[-1] if pile else None,
        stock_size=rnd.stock_size,
        to_move=rnd.to_move,
        hands=hands,
        own_hand=own,
    )
