"""Single- and double-elimination brackets as a static graph of matches.

The graph depends only on the field size and the format, so it is rebuilt rather than stored;
who plays where follows from the seeds and from the results held in the pairings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, replace

from .types import Pairing, PlayerId, ResultKind

__all__ = [
    "BracketMatch",
    "MatchState",
    "bracket_size",
    "build_bracket",
    "final_match_id",
    "resolve",
    "seed_order",
]

# A slot's source: ("seed", 3), ("win", "W1.2") or ("lose", "W1.2").
Source = tuple[str, int | str]


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A node of the bracket. ``section`` is ``W`` (winners), ``L`` (losers) or ``F`` (grand
    final); ``level`` is the round within that section. A ``reset`` match (``GF2``) is only
    played if the losers' bracket champion wins ``GF1``."""

    id: str
    section: str
    level: int
    sources: tuple[Source, Source]
    reset_of: str | None = None
    depth: int = 0
    """The earliest tournament round the match can be played in: one more than its
    deepest source. Holding matches to it keeps players who had byes in step with the
    field, so a bracket round is always a tournament round."""


@dataclass(frozen=True, slots=True)
class MatchState:
    """What is known about a match now. ``a_known``/``b_known``: the occupant is decided
    (``a``/``b`` None then means an empty slot: a bye). ``decided``: the match has an outcome,
    played or automatic (``auto``: a walkover, an empty match or an unneeded reset)."""

    match: BracketMatch
    a: PlayerId | None
    b: PlayerId | None
    a_known: bool
    b_known: bool
    decided: bool
    winner: PlayerId | None
    loser: PlayerId | None
    auto: bool
    pairing: Pairing | None

    @property
    def ready(self) -> bool:
        """Both players known and present, and not yet scheduled: it can be paired now."""
        return (
            self.pairing is None
            and not self.decided
            and self.a_known
            and self.b_known
            and self.a is not None
            and self.b is not None
        )


def bracket_size(n: int) -> int:
    """The smallest power of two holding ``n`` players."""
    size = 1
    while size < n:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order, so that 1 meets ``size`` first and 1 and 2 can only meet in
    the final: ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def build_bracket(n: int, double: bool) -> list[BracketMatch]:
    """The matches of an ``n``-player bracket in dependency order (a match only refers to
    matches before it). Seeds above ``n`` are empty slots, i.e. byes for the top seeds."""
    if n < 2:
        raise ValueError("a bracket needs at least two players")
    size = bracket_size(n)
    k = size.bit_length() - 1  # winners' bracket rounds
    order = seed_order(size)
    matches: list[BracketMatch] = []
    for i in range(size // 2):
        matches.append(
            BracketMatch(
                f"W1.{i + 1}", "W", 1, (("seed", order[2 * i]), ("seed", order[2 * i + 1]))
            )
        )
    for r in range(2, k + 1):
        for i in range(size >> r):
            matches.append(
                BracketMatch(
                    f"W{r}.{i + 1}",
                    "W",
                    r,
                    (("win", f"W{r - 1}.{2 * i + 1}"), ("win", f"W{r - 1}.{2 * i + 2}")),
                )
            )
    if not double:
        return _with_depths(matches)

    lb_champion: Source
    if k == 1:
        lb_champion = ("lose", "W1.1")
    else:
        for i in range(size // 4):
            matches.append(
                BracketMatch(
                    f"L1.{i + 1}",
                    "L",
                    1,
                    (("lose", f"W1.{2 * i + 1}"), ("lose", f"W1.{2 * i + 2}")),
                )
            )
        level = 1
        for j in range(2, k + 1):
            # Drop-in round: survivors of the losers' bracket meet the losers of winners'
            # round j. Every other round the drop order is reversed so that players who met
            # in the winners' bracket do not meet again at once.
            count = size >> j
            drops = list(range(1, count + 1))
            if j % 2 == 0:
                drops.reverse()
            level += 1
            for i in range(count):
                matches.append(
                    BracketMatch(
                        f"L{level}.{i + 1}",
                        "L",
                        level,
                        (("win", f"L{level - 1}.{i + 1}"), ("lose", f"W{j}.{drops[i]}")),
                    )
                )
            if j < k:
                level += 1
                for i in range(count // 2):
                    matches.append(
                        BracketMatch(
                            f"L{level}.{i + 1}",
                            "L",
                            level,
                            (
                                ("win", f"L{level - 1}.{2 * i + 1}"),
                                ("win", f"L{level - 1}.{2 * i + 2}"),
                            ),
                        )
                    )
        lb_champion = ("win", f"L{level}.1")
    wb_champion: Source = ("win", f"W{k}.1")
    matches.append(BracketMatch("GF1", "F", 1, (wb_champion, lb_champion)))
    matches.append(BracketMatch("GF2", "F", 2, (wb_champion, lb_champion), reset_of="GF1"))
    return _with_depths(matches)


def _with_depths(matches: list[BracketMatch]) -> list[BracketMatch]:
    depth: dict[str, int] = {}
    out: list[BracketMatch] = []
    for m in matches:
        feeds = [depth[str(ref)] for kind, ref in m.sources if kind != "seed"]
        if m.reset_of is not None:
            feeds.append(depth[m.reset_of])
        depth[m.id] = 1 + max(feeds, default=0)
        out.append(replace(m, depth=depth[m.id]))
    return out


def final_match_id(bracket: Sequence[BracketMatch]) -> str:
    """The match whose winner is the champion (``GF2`` in double elimination)."""
    return bracket[-1].id


def resolve(
    bracket: Sequence[BracketMatch],
    seeds: Sequence[PlayerId],
    pairings: Mapping[str, Pairing],
    withdrawn: Set[PlayerId],
) -> dict[str, MatchState]:
    """Work out every match's occupants and outcome from the seeds and recorded pairings.

    ``seeds[0]`` is seed 1. Scheduled matches keep the players they were paired with; for
    matches not yet scheduled a withdrawn player leaves an empty slot (a walkover). A double
    forfeit sends nobody on: both players leave the bracket.
    """
    states: dict[str, MatchState] = {}

    def occupant(src: Source) -> tuple[bool, PlayerId | None]:
        kind, ref = src
        if kind == "seed":
            assert isinstance(ref, int)
            return True, (seeds[ref - 1] if ref <= len(seeds) else None)
        st = states[str(ref)]
        if not st.decided:
            return False, None
        return True, (st.winner if kind == "win" else st.loser)

    a: PlayerId | None
    b: PlayerId | None
    for m in bracket:
        p = pairings.get(m.id)
        if p is not None:
            res = p.result
            winner = None if res is None else res.winner
            loser = None
            if res is not None and res.kind in (ResultKind.WIN, ResultKind.FORFEIT):
                loser = p.b if res.winner == p.a else p.a
            states[m.id] = MatchState(
                m, p.a, p.b, True, True, res is not None, winner, loser, False, p
            )
            continue
        if m.reset_of is not None:
            first = states[m.reset_of]
            if not first.decided:
                states[m.id] = MatchState(
                    m, None, None, False, False, False, None, None, False, None
                )
                continue
            if first.winner is None or first.winner != first.b:
                # The winners' bracket champion won GF1 (or nobody did): no reset is needed.
                states[m.id] = MatchState(
                    m, first.a, first.b, True, True, True, first.winner, None, True, None
                )
                continue
            a_known, a, b_known, b = True, first.a, True, first.b
        else:
            (a_known, a), (b_known, b) = occupant(m.sources[0]), occupant(m.sources[1])
        if a in withdrawn:
            a = None
        if b in withdrawn:
            b = None
        if a_known and b_known and (a is None or b is None):
            states[m.id] = MatchState(
                m, a, b, True, True, True, a if b is None else b, None, True, None
            )
        else:
            states[m.id] = MatchState(m, a, b, a_known, b_known, False, None, None, False, None)
    return states
