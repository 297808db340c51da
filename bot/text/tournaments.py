"""Plain-text views (for a Discord code block or embed): round tables, standings, brackets,
in the reader's language (``tournaments.ftl``, the ``view-`` keys).

Names come from the caller (display names change, the state keeps only ids); a missing
name falls back to the id. Lines stay under ~50 characters so phones do not wrap them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import DEFAULT, Language
from bot.i18n import t as say
from bot.tournaments._model import RankLine, TournamentInfo
from bot.tournaments.bracket import MatchState
from bot.tournaments.state import Tournament, forfeit_counts
from bot.tournaments.types import Pairing, PlayerId, ResultKind, Standing, Status

__all__ = [
    "choice_label",
    "bracket_text",
    "rank_detail",
    "round_text",
    "standings_text",
    "record_words",
    "record_text",
    "render_bracket",
    "render_round",
    "render_standings",
]

NAME_WIDTH = 14
EMBED_LIMIT = 3900  # an embed description holds 4096; leave room for the code fence


def _name(names: Mapping[PlayerId, str], p: PlayerId) -> str:
    raw = names.get(p, str(p)).replace("`", "'")
    return raw if len(raw) <= NAME_WIDTH else raw[: NAME_WIDTH - 1] + "…"


def _tag(t: Tournament, names: Mapping[PlayerId, str], p: PlayerId | None) -> str:
    if p is None:
        return "—"
    return f"{_name(names, p)} ({t.seed_of(p)})"


def _table_line(
    t: Tournament, names: Mapping[PlayerId, str], p: Pairing, locale: Language = DEFAULT
) -> str:
    a = _tag(t, names, p.a)
    if p.b is None:
        return say(locale, "view-bye", a=a)
    b = _tag(t, names, p.b)
    res = p.result
    if res is None:
        return say(locale, "view-vs", a=a, b=b)
    if res.kind is ResultKind.DOUBLE_FORFEIT:
        return say(locale, "view-double-forfeit", a=a, b=b)
    winner, loser = (a, b) if res.winner == p.a else (b, a)
    key = "view-beat-forfeit" if res.kind is ResultKind.FORFEIT else "view-beat"
    return say(locale, key, winner=winner, loser=loser)


def render_round(
    t: Tournament,
    names: Mapping[PlayerId, str],
    round_no: int | None = None,
    locale: Language = DEFAULT,
) -> str:
    """The tables of a round (the current one by default), one per line."""
    number = round_no or t.current_round
    if not 1 <= number <= t.current_round:
        return say(locale, "view-no-round")
    total = t.total_rounds
    if total:
        head = say(locale, "view-round-of", round=number, total=total)
    else:
        head = say(locale, "view-round", round=number)
    lines = [head]
    for p in t.rounds[number - 1]:
        label = p.id if t.format.is_elimination else f"T{p.table}"
        lines.append(f"{label:<5} {_table_line(t, names, p, locale)}")
    return "\n".join(lines)


def record_words(wins: int, losses: int, forfeits: int, locale: Language = DEFAULT) -> str:
    """Wins-losses, with the forfeits among them: ``1-1 (1 ff)``."""
    if forfeits:
        return say(locale, "view-record-ff", wins=wins, losses=losses, forfeits=forfeits)
    return f"{wins}-{losses}"


def record_text(s: Standing, forfeits: int, locale: Language = DEFAULT) -> str:
    """A standing's record (see :func:`record_words`)."""
    return record_words(s.wins, s.losses, forfeits, locale)


def _place(s: Standing, ranking: Sequence[Standing]) -> str:
    shared = sum(1 for x in ranking if x.place == s.place) > 1
    return f"{'=' if shared else ''}{s.place}"


def render_standings(
    t: Tournament, names: Mapping[PlayerId, str], locale: Language = DEFAULT
) -> str:
    """The standings table. Swiss/round robin: match points (MP), Buchholz (Bu),
    Sonneborn-Berger (SB), wins-losses (``(1 ff)``: how many of them were forfeits);
    brackets: record and status. ``=`` marks a shared place."""
    ranking = t.standings()
    ff = forfeit_counts(t)
    width = NAME_WIDTH + 5
    player, wl = say(locale, "view-col-player"), say(locale, "view-col-record")
    if t.format.is_elimination:
        lines = [f"{'#':>3}  {player:<{width}} {wl:>5}  {say(locale, 'view-col-status')}"]
        for s in ranking:
            status = say(locale, "view-player-status", status=s.status.value)
            if s.status is Status.ELIMINATED and s.eliminated_round:
                status = say(locale, "view-out-in-round", round=s.eliminated_round)
            record = record_text(s, ff.get(s.player, 0), locale)
            lines.append(
                f"{_place(s, ranking):>3}  {_tag(t, names, s.player):<{width}} {record:>5}  {status}"
            )
        return "\n".join(lines)
    points = say(locale, "view-col-points")
    lines = [f"{'#':>3}  {player:<{width}} {points:>3} {'Bu':>3} {'SB':>3} {wl:>5}"]
    left = " " + say(locale, "view-left")
    for s in ranking:
        mark = left if s.status is Status.WITHDRAWN else ""
        record = record_text(s, ff.get(s.player, 0), locale)
        lines.append(
            f"{_place(s, ranking):>3}  {_tag(t, names, s.player):<{width}} "
            f"{s.match_points:>3} {s.buchholz:>3} {s.sonneborn_berger:>3} {record:>5}{mark}"
        )
    return "\n".join(lines)


def _match_line(
    t: Tournament, names: Mapping[PlayerId, str], s: MatchState, locale: Language = DEFAULT
) -> str | None:
    mid = s.match.id
    if s.pairing is not None:
        return f"{mid:<5} {_table_line(t, names, s.pairing, locale)}"
    if s.match.reset_of is not None and s.decided:
        return f"{mid:<5} {say(locale, 'view-not-needed')}"
    if s.decided:
        if s.winner is None:
            return None  # an empty match between two byes: nothing to show
        return f"{mid:<5} {say(locale, 'view-bye', a=_tag(t, names, s.winner))}"
    a = _tag(t, names, s.a) if s.a_known else say(locale, "view-tbd")
    b = _tag(t, names, s.b) if s.b_known else say(locale, "view-tbd")
    tail = "  " + say(locale, "view-if-reset") if s.match.reset_of else ""
    return f"{mid:<5} {say(locale, 'view-vs', a=a, b=b)}{tail}"


def _section_title(section: str, level: int, locale: Language) -> str:
    if section == "F":
        key = "view-grand-final-reset" if level > 1 else "view-section"
        return say(locale, key, section=section)
    return say(locale, "view-section-round", section=section, round=level)


def render_bracket(
    t: Tournament,
    names: Mapping[PlayerId, str],
    max_chars: int = EMBED_LIMIT,
    locale: Language = DEFAULT,
) -> str:
    """The whole bracket, section by section and round by round. If it is longer than
    ``max_chars``, the earliest fully decided rounds are left out first."""
    blocks: list[tuple[bool, list[str]]] = []  # (all decided, lines)
    current: tuple[str, int] | None = None
    for s in t.bracket_states():
        key = (s.match.section, s.match.level)
        if key != current:
            current = key
            blocks.append((True, [f"— {_section_title(key[0], key[1], locale)}"]))
        line = _match_line(t, names, s, locale)
        done, lines = blocks[-1]
        if line is not None:
            lines.append(line)
        blocks[-1] = (done and s.decided, lines)
    hidden = 0
    while blocks:
        text = "\n".join(line for _, ls in blocks for line in ls)
        note = say(locale, "view-hidden-finished", count=hidden) + "\n" if hidden else ""
        if len(note) + len(text) <= max_chars:
            return note + text
        idx = next((i for i, (done, _) in enumerate(blocks) if done), 0)
        blocks.pop(idx)
        hidden += 1
    return say(locale, "view-hidden", count=hidden)


def rank_detail(line: RankLine, locale: Language = DEFAULT) -> str:
    """A final ranking line's record: ``1-0``, ``1-1 (1 ff)``, or ``2 pts, Bu 3, SB 1, 2-1``."""
    record = record_words(line.wins, line.losses, line.forfeits, locale)
    if line.match_points is None:
        return record
    return say(
        locale,
        "tournament-rank-points",
        points=line.match_points,
        bu=line.buchholz,
        sb=line.sonneborn_berger,
        record=record,
    )


def standings_text(info: TournamentInfo, locale: Language = DEFAULT) -> str | None:
    """The standings table (None before the first round)."""
    if info.snapshot is None:
        return None
    return render_standings(info.snapshot, info.names, locale)


def round_text(info: TournamentInfo, locale: Language = DEFAULT) -> str | None:
    """The current round's tables (None before the first round)."""
    if info.snapshot is None:
        return None
    return render_round(info.snapshot, info.names, None, locale)


def bracket_text(info: TournamentInfo, locale: Language = DEFAULT) -> str | None:
    """The bracket of an elimination tournament (else None)."""
    if info.snapshot is None or not info.snapshot.format.is_elimination:
        return None
    return render_bracket(info.snapshot, info.names, locale=locale)


def choice_label(tournament_id: int, name: str, status: str, locale: Language = DEFAULT) -> str:
    """A tournament as the autocomplete offers it: ``#3 Friday cup (running)``."""
    return f"#{tournament_id} {name} ({say(locale, 'tournament-status-word', status=status)})"
