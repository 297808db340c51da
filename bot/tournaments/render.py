"""Plain-text views (for a Discord code block or embed): round tables, standings, brackets.

Names come from the caller (display names change, the state keeps only ids); a missing
name falls back to the id. Lines stay under ~50 characters so phones do not wrap them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .bracket import MatchState
from .state import Tournament
from .types import Pairing, PlayerId, ResultKind, Standing, Status
from .words import plural

__all__ = ["forfeit_counts", "record_text", "render_bracket", "render_round", "render_standings"]

NAME_WIDTH = 14
EMBED_LIMIT = 3900  # an embed description holds 4096; leave room for the code fence


def _name(names: Mapping[PlayerId, str], p: PlayerId) -> str:
    raw = names.get(p, str(p)).replace("`", "'")
    return raw if len(raw) <= NAME_WIDTH else raw[: NAME_WIDTH - 1] + "…"


def _tag(t: Tournament, names: Mapping[PlayerId, str], p: PlayerId | None) -> str:
    if p is None:
        return "—"
    return f"{_name(names, p)} ({t.seed_of(p)})"


def _table_line(t: Tournament, names: Mapping[PlayerId, str], p: Pairing) -> str:
    a = _tag(t, names, p.a)
    if p.b is None:
        return f"{a}  bye"
    b = _tag(t, names, p.b)
    res = p.result
    if res is None:
        return f"{a}  vs  {b}"
    if res.kind is ResultKind.DOUBLE_FORFEIT:
        return f"{a} & {b}: neither played, both lose"
    winner, loser = (a, b) if res.winner == p.a else (b, a)
    suffix = " (forfeit)" if res.kind is ResultKind.FORFEIT else ""
    return f"{winner} def. {loser}{suffix}"


def render_round(t: Tournament, names: Mapping[PlayerId, str], round_no: int | None = None) -> str:
    """The tables of a round (the current one by default), one per line."""
    number = round_no or t.current_round
    if not 1 <= number <= t.current_round:
        return "No round has been paired yet."
    total = t.total_rounds
    head = f"Round {number}" + (f" of {total}" if total else "")
    lines = [head]
    for p in t.rounds[number - 1]:
        label = p.id if t.format.is_elimination else f"T{p.table}"
        lines.append(f"{label:<5} {_table_line(t, names, p)}")
    return "\n".join(lines)


def forfeit_counts(t: Tournament) -> dict[PlayerId, int]:
    """Tables each player had decided without play (a forfeit won or lost, or a double
    forfeit): shown next to their record as ``(1 ff)``."""
    counts: dict[PlayerId, int] = {}
    for rnd in t.rounds:
        for p in rnd:
            res = p.result
            if p.b is None or res is None:
                continue
            if res.kind in (ResultKind.FORFEIT, ResultKind.DOUBLE_FORFEIT):
                for x in (p.a, p.b):
                    counts[x] = counts.get(x, 0) + 1
    return counts


def record_text(s: Standing, forfeits: int) -> str:
    """Wins-losses, with the forfeits among them: ``1-1 (1 ff)``."""
    return f"{s.wins}-{s.losses}" + (f" ({forfeits} ff)" if forfeits else "")


def _place(s: Standing, ranking: Sequence[Standing]) -> str:
    shared = sum(1 for x in ranking if x.place == s.place) > 1
    return f"{'=' if shared else ''}{s.place}"


def render_standings(t: Tournament, names: Mapping[PlayerId, str]) -> str:
    """The standings table. Swiss/round robin: match points (MP), Buchholz (Bu),
    Sonneborn-Berger (SB), wins-losses (``(1 ff)``: how many of them were forfeits);
    brackets: record and status. ``=`` marks a shared place."""
    ranking = t.standings()
    ff = forfeit_counts(t)
    width = NAME_WIDTH + 5
    if t.format.is_elimination:
        lines = [f"{'#':>3}  {'Player':<{width}} {'W-L':>5}  Status"]
        for s in ranking:
            status = s.status.value
            if s.status is Status.ELIMINATED and s.eliminated_round:
                status = f"out in round {s.eliminated_round}"
            record = record_text(s, ff.get(s.player, 0))
            lines.append(
                f"{_place(s, ranking):>3}  {_tag(t, names, s.player):<{width}} {record:>5}  {status}"
            )
        return "\n".join(lines)
    lines = [f"{'#':>3}  {'Player':<{width}} {'MP':>3} {'Bu':>3} {'SB':>3} {'W-L':>5}"]
    for s in ranking:
        mark = " (left)" if s.status is Status.WITHDRAWN else ""
        record = record_text(s, ff.get(s.player, 0))
        lines.append(
            f"{_place(s, ranking):>3}  {_tag(t, names, s.player):<{width}} "
            f"{s.match_points:>3} {s.buchholz:>3} {s.sonneborn_berger:>3} {record:>5}{mark}"
        )
    return "\n".join(lines)


_SECTION = {"W": "Winners", "L": "Losers", "F": "Grand final"}


def _match_line(t: Tournament, names: Mapping[PlayerId, str], s: MatchState) -> str | None:
    mid = s.match.id
    if s.pairing is not None:
        return f"{mid:<5} {_table_line(t, names, s.pairing)}"
    if s.match.reset_of is not None and s.decided:
        return f"{mid:<5} not needed"
    if s.decided:
        if s.winner is None:
            return None  # an empty match between two byes: nothing to show
        return f"{mid:<5} {_tag(t, names, s.winner)}  bye"
    a = _tag(t, names, s.a) if s.a_known else "TBD"
    b = _tag(t, names, s.b) if s.b_known else "TBD"
    tail = "  (if the losers' champion wins GF1)" if s.match.reset_of else ""
    return f"{mid:<5} {a}  vs  {b}{tail}"


def render_bracket(
    t: Tournament, names: Mapping[PlayerId, str], max_chars: int = EMBED_LIMIT
) -> str:
    """The whole bracket, section by section and round by round. If it is longer than
    ``max_chars``, the earliest fully decided rounds are left out first."""
    blocks: list[tuple[bool, list[str]]] = []  # (all decided, lines)
    current: tuple[str, int] | None = None
    for s in t.bracket_states():
        key = (s.match.section, s.match.level)
        if key != current:
            current = key
            title = _SECTION[key[0]] if key[0] == "F" else f"{_SECTION[key[0]]} round {key[1]}"
            if key[0] == "F" and key[1] > 1:
                title = "Grand final reset"
            blocks.append((True, [f"— {title}"]))
        line = _match_line(t, names, s)
        done, lines = blocks[-1]
        if line is not None:
            lines.append(line)
        blocks[-1] = (done and s.decided, lines)
    hidden = 0
    while blocks:
        text = "\n".join(line for _, ls in blocks for line in ls)
        note = f"({plural(hidden, 'finished round')} hidden)\n" if hidden else ""
        if len(note) + len(text) <= max_chars:
            return note + text
        idx = next((i for i, (done, _) in enumerate(blocks) if done), 0)
        blocks.pop(idx)
        hidden += 1
    return f"({plural(hidden, 'round')} hidden)"
