"""Plain-text views of circle data (what the cog puts into messages), in the reader's
language (``records.ftl``). Pure functions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.circle.replay import ReplayFrame, RoundReplay
from bot.circle.service import LeaderboardPage, RatingPage, RelationsView, StatsView
from bot.engine import RuleSet
from bot.i18n import DEFAULT, Language, t
from bot.i18n.cards import label, labels
from bot.ratings import Rating, format_rating
from bot.store.models import Favorite, MatchSummary, StatLine
from bot.text.achievements import titles
from bot.text.hands import event_text, result_text
from bot.text.names import seat_name, seat_names

SORTS = ("wins", "gins", "points", "streak", "played", "rating")


def sort_title(sort: str, locale: Language = DEFAULT) -> str:
    """ "matches won", "best win streak"... for a leaderboard's heading."""
    return t(locale, f"sort-{sort}") if sort in SORTS else sort


def rating_legend(locale: Language = DEFAULT) -> str:
    """Shown under rating lists: what "±" and "?" mean."""
    return t(locale, "rating-legend")


def _who(name: str | None, user_id: int, hearts: Mapping[int, str]) -> str:
    # A player without a name is "Player 123" in every language: a stored fallback name.
    heart = hearts.get(user_id, "")
    return f"{name or f'Player {user_id}'}{' ' + heart if heart else ''}"


def stat_lines(line: StatLine, locale: Language = DEFAULT) -> list[str]:
    """A record vs one kind of opponent, a few short lines."""
    if not line.matches_played:
        return [t(locale, "stats-none")]
    best = (
        t(locale, "stats-best-points", points=line.best_match_points)
        if line.best_match_points
        else "—"
    )
    return [
        t(
            locale,
            "stats-matches",
            played=line.matches_played,
            won=line.matches_won,
            rate=f"{line.win_rate:.0%}",
        ),
        t(
            locale,
            "stats-rounds",
            won=line.rounds_won,
            played=line.rounds_played,
            average=_decimal(line.points_per_round, locale),
        ),
        t(locale, "stats-gins", gins=line.gins, big_gins=line.big_gins, knocks=line.knocks),
        t(
            locale,
            "stats-undercuts",
            made=line.undercuts_made,
            suffered=line.undercuts_suffered,
            shutouts=line.shutouts,
        ),
        t(
            locale,
            "stats-best",
            best=best,
            current=line.current_streak,
            streak=line.best_streak,
        ),
    ]


def _decimal(value: float, locale: Language) -> str:
    """One decimal, with the language's decimal mark ("12.5", "12,5")."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if t(locale, "decimal-mark") == "," else text


def rating_text(rating: Rating | None, locale: Language = DEFAULT) -> str:
    """``1523 ±87 (12 rated matches)``; "provisional" while RD is large."""
    if rating is None:
        return t(locale, "rating-none")
    return t(
        locale,
        "rating",
        rating=round(rating.rating),
        rd=round(rating.rd),
        games=rating.games,
        provisional=rating.provisional,
    )


def ratings_field(view: StatsView, locale: Language = DEFAULT) -> str:
    """The stats' rating field: this server's rating (in a server) and the global one."""
    lines = []
    if view.scope == "server":
        lines.append(t(locale, "rating-server", rating=rating_text(view.server_rating, locale)))
    lines.append(t(locale, "rating-global", rating=rating_text(view.global_rating, locale)))
    return "\n".join(lines)


def stats_text(view: StatsView, locale: Language = DEFAULT) -> tuple[str, list[tuple[str, str]]]:
    """Title and (field name, value) pairs for `/gin records stats`."""
    named = titles(view.achievements, locale)
    achievements = ", ".join(named) if named else t(locale, "none-yet")
    fields = [
        (t(locale, "stats-field-rating"), ratings_field(view, locale)),
        (t(locale, "stats-field-people"), "\n".join(stat_lines(view.people, locale))),
        (t(locale, "stats-field-computer"), "\n".join(stat_lines(view.computer, locale))),
        (t(locale, "stats-field-rules"), view.favorite_rules or "—"),
        (t(locale, "stats-field-achievements"), achievements),
    ]
    return t(locale, "stats-title", name=view.name, server=view.scope == "server"), fields


def leaderboard_text(
    page: LeaderboardPage, hearts: Mapping[int, str], locale: Language = DEFAULT
) -> str:
    server = page.scope == "server"
    head = t(locale, "board-head", sort=sort_title(page.sort, locale), server=server)
    if not page.entries:
        return head + "\n" + t(locale, "board-empty")
    rows = []
    for e in page.entries:
        me = t(locale, "board-you") if e.user_id == page.viewer_id else ""
        rows.append(f"`#{e.rank:>4}` {_who(e.display_name, e.user_id, hearts)} — {e.value}{me}")
    if page.viewer_rank is None:
        mine = t(locale, "board-not-on")
    else:
        mine = t(
            locale,
            "board-your-rank",
            rank=page.viewer_rank,
            total=page.total,
            value=str(page.viewer_value),
        )
    foot = t(locale, "board-page", page=page.page + 1, pages=page.pages)
    return "\n".join([head, *rows, "", mine, foot])


def rating_board_text(
    page: RatingPage, hearts: Mapping[int, str], locale: Language = DEFAULT
) -> str:
    """`/gin records leaderboard sort:rating`: rating ± RD per player, provisional ones marked."""
    head = t(locale, "rating-board-head", server=page.scope == "server")
    if not page.entries:
        return head + "\n" + t(locale, "rating-board-empty")
    rows = []
    for e in page.entries:
        me = t(locale, "board-you") if e.user_id == page.viewer_id else ""
        rows.append(
            f"`#{e.rank:>4}` {_who(e.name, e.user_id, hearts)} — {format_rating(e.rating)}{me}"
        )
    if page.viewer_rank is None or page.viewer_rating is None:
        mine = t(locale, "rating-board-not-on")
    else:
        mine = t(
            locale,
            "board-your-rank",
            rank=page.viewer_rank,
            total=page.total,
            value=format_rating(page.viewer_rating),
        )
    foot = t(locale, "board-page", page=page.page + 1, pages=page.pages)
    return "\n".join([head, *rows, "", mine, f"{foot} · {rating_legend(locale)}"])


def relations_text(view: RelationsView, locale: Language = DEFAULT) -> str:
    nobody = t(locale, "nobody-lower")

    def names(people: Sequence[object]) -> str:
        return ", ".join(p.name for p in people) or nobody  # type: ignore[attr-defined]

    favs = ", ".join(f.display_name or f"Player {f.target_id}" for f in view.favorites)
    return "\n".join(
        [
            t(locale, "relations-presence", online=view.online),
            t(locale, "relations-blocked", names=names(view.blocked)),
            t(locale, "relations-muted", names=names(view.muted)),
            t(locale, "relations-favorites", names=favs or nobody),
        ]
    )


def friends_text(favorites: Sequence[Favorite], locale: Language = DEFAULT) -> str:
    if not favorites:
        return t(locale, "friends-none")
    lines = [t(locale, "friends-head")]
    for f in favorites:
        state = t(locale, "friends-online", online=f.online is not False)
        lines.append(f"{f.display_name or f'Player {f.target_id}'} — {state}")
    return "\n".join(lines)


def _date(when: datetime) -> str:
    return f"<t:{int(when.timestamp())}:d>"


def history_text(
    user_id: int,
    name: str,
    matches: Sequence[MatchSummary],
    hearts: Mapping[int, str],
    locale: Language = DEFAULT,
) -> str:
    if not matches:
        return t(locale, "history-none", name=name)
    lines = [t(locale, "history-head", name=name)]
    for m in matches:
        mine = next((s for s in m.seats if s.user_id == user_id), None)
        others = [s for s in m.seats if s is not mine]
        vs = ", ".join(
            _who(s.display_name, s.user_id, hearts)
            if s.user_id
            else seat_name(s.display_name, s.computer_level, locale)
            for s in others
        )
        # The reader's own score first: "lost 45 – 280" reads as mine against theirs.
        score = " – ".join(str(s.score) for s in ([mine] if mine else []) + others)
        lines.append(
            t(
                locale,
                "history-line",
                table=m.table_id,
                date=_date(m.finished_at),
                vs=vs,
                won=mine is not None and mine.won,
                score=score,
                rounds=m.rounds,
                rules=m.rules,
                ended=m.ended_by,
            )
        )
    lines.append(t(locale, "history-replay"))
    return "\n".join(lines)


def _frame_said(replay: RoundReplay, frame: ReplayFrame, locale: Language) -> str:
    """What the frame's move did: the deal, its events (a draw and a discard...) in words,
    else the action's own label."""
    if frame.action is None:
        return t(locale, "replay-deal")
    names = seat_names(replay.names, replay.computers, locale)
    said = "; ".join(event_text(e, names, locale) for e in frame.events)
    return said or frame.action.label


def frame_text(
    replay: RoundReplay, frame: ReplayFrame, scoring: str = "points", locale: Language = DEFAULT
) -> str:
    names = seat_names(replay.names, replay.computers, locale)
    head = t(
        locale,
        "replay-head",
        table=replay.table_id,
        round=replay.round_no,
        move=frame.move_no,
        moves=replay.moves,
    )
    lines = [head, _frame_said(replay, frame, locale)]
    top = label(frame.discard_top, locale) if frame.discard_top is not None else "—"
    lines.append(t(locale, "replay-piles", top=top, stock=frame.stock_size))
    if frame.hands is not None:
        for seat, hand in enumerate(frame.hands):
            shown = labels(hand, locale) if hand else "—"
            lines.append(t(locale, "labelled", label=names[seat], value=shown))
    elif frame.own_hand is not None:
        lines.append(t(locale, "replay-your-hand", cards=labels(frame.own_hand, locale)))
        lines.append(t(locale, "replay-others-later"))
    else:
        lines.append(t(locale, "replay-hands-later"))
    if frame.to_move is not None:
        lines.append(t(locale, "replay-to-play", name=names[frame.to_move]))
    elif replay.result is not None:
        rules = replay.rules or RuleSet.preset("classic" if scoring == "penalty" else "cardgames")
        lines.extend(result_text(replay.result, names, rules, locale))
    return "\n".join(lines)


_RECORDS = (
    "stats",
    "relations",
    "achievements",
    "ratings",
    "challenges",
    "tables",
    "matches",
    "tournaments",
)


def nothing_to_export(data: Mapping[str, object]) -> bool:
    """Whether the bot stores nothing about the player (never played, or erased)."""
    stored = any(isinstance(data.get(key), list) and data.get(key) for key in _RECORDS)
    return data.get("player") is None and not stored


def export_summary(data: Mapping[str, object], locale: Language = DEFAULT) -> str:
    """What `/gin me forget-me` shows before asking: counts per kind of record."""
    if nothing_to_export(data):
        return t(locale, "export-nothing")
    counts = []
    for key in _RECORDS:
        value = data.get(key)
        if isinstance(value, list) and value:
            counts.append(t(locale, "export-count", count=len(value), kind=key))
    player = data.get("player")
    return "\n".join(
        [
            t(locale, "export-head"),
            t(locale, "export-profile", profile=bool(player)),
            t(locale, "export-records", records=", ".join(counts) or t(locale, "none-lower")),
            t(locale, "export-erase"),
        ]
    )
