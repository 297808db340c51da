"""Plain-text views of circle data (what the cog puts into messages). Pure functions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.circle.replay import ReplayFrame, RoundReplay
from bot.circle.service import LeaderboardPage, RatingPage, RelationsView, StatsView
from bot.engine import RuleSet, label_cards
from bot.games.present import result_text
from bot.ratings import Rating, format_rating
from bot.store.models import Favorite, MatchSummary, StatLine

SORT_TITLES = {
    "wins": "matches won",
    "gins": "gins",
    "points": "points scored",
    "streak": "best win streak",
    "played": "matches played",
    "rating": "rating",
}
#: Shown under rating lists: what "±" and "?" mean.
RATING_LEGEND = "± = rating deviation · provisional: the deviation is still large"


def _who(name: str | None, user_id: int, hearts: Mapping[int, str]) -> str:
    heart = hearts.get(user_id, "")
    return f"{name or f'Player {user_id}'}{' ' + heart if heart else ''}"


def stat_lines(line: StatLine) -> list[str]:
    """A record vs one kind of opponent, a few short lines."""
    if not line.matches_played:
        return ["No matches yet."]
    best = f"{line.best_match_points} pts" if line.best_match_points else "—"
    return [
        f"Matches: **{line.matches_played}** played, **{line.matches_won}** won "
        f"({line.win_rate:.0%})",
        f"Rounds won: {line.rounds_won} of {line.rounds_played} · "
        f"avg {line.points_per_round:.1f} pts/round",
        f"Gins: {line.gins} · Big gins: {line.big_gins} · Knocks: {line.knocks}",
        f"Undercuts: {line.undercuts_made} made, {line.undercuts_suffered} suffered · "
        f"Shutouts: {line.shutouts}",
        f"Best match: {best} · Streak: {line.current_streak} now, {line.best_streak} best",
    ]


def rating_text(rating: Rating | None) -> str:
    """``1523 ±87 (12 rated matches)``; "provisional" while RD is large."""
    if rating is None:
        return "unrated (no rated match yet)"
    games = f"{rating.games} rated match{'es' if rating.games != 1 else ''}"
    mark = ", provisional" if rating.provisional else ""
    return f"**{round(rating.rating)} ±{round(rating.rd)}** ({games}{mark})"


def ratings_field(view: StatsView) -> str:
    """The stats' rating field: this server's rating (in a server) and the global one."""
    lines = []
    if view.scope == "server":
        lines.append(f"This server: {rating_text(view.server_rating)}")
    lines.append(f"Global: {rating_text(view.global_rating)}")
    return "\n".join(lines)


def stats_text(view: StatsView) -> tuple[str, list[tuple[str, str]]]:
    """Title and (field name, value) pairs for `/gin records stats`."""
    where = "this server" if view.scope == "server" else "all servers"
    fields = [
        ("Rating (Glicko-2)", ratings_field(view)),
        ("Vs people", "\n".join(stat_lines(view.people))),
        ("Vs the computer", "\n".join(stat_lines(view.computer))),
        ("Favorite rules", view.favorite_rules or "—"),
        ("Achievements", ", ".join(view.achievements) if view.achievements else "None yet."),
    ]
    return f"{view.name}'s record ({where})", fields


def leaderboard_text(page: LeaderboardPage, hearts: Mapping[int, str]) -> str:
    where = "this server" if page.scope == "server" else "all servers"
    head = f"**Leaderboard — {SORT_TITLES[page.sort]}, {where}** (vs people)"
    if not page.entries:
        return head + "\nNobody has finished a match here yet."
    rows = []
    for e in page.entries:
        me = " ◀ you" if e.user_id == page.viewer_id else ""
        rows.append(f"`#{e.rank:>4}` {_who(e.display_name, e.user_id, hearts)} — {e.value}{me}")
    if page.viewer_rank is None:
        mine = "You're not on this leaderboard yet: finish a match against a person."
    else:
        mine = f"Your rank: **#{page.viewer_rank}** of {page.total} ({page.viewer_value})"
    foot = f"Page {page.page + 1} of {page.pages}"
    return "\n".join([head, *rows, "", mine, foot])


def rating_board_text(page: RatingPage, hearts: Mapping[int, str]) -> str:
    """`/gin records leaderboard sort:rating`: rating ± RD per player, provisional ones marked."""
    where = "this server" if page.scope == "server" else "all servers"
    head = f"**Leaderboard — rating, {where}** (rated matches)"
    if not page.entries:
        return head + "\nNobody has played a rated match here yet."
    rows = []
    for e in page.entries:
        me = " ◀ you" if e.user_id == page.viewer_id else ""
        rows.append(
            f"`#{e.rank:>4}` {_who(e.name, e.user_id, hearts)} — {format_rating(e.rating)}{me}"
        )
    if page.viewer_rank is None or page.viewer_rating is None:
        mine = "You're not rated here yet: finish a rated match against a person."
    else:
        mine = (
            f"Your rank: **#{page.viewer_rank}** of {page.total} "
            f"({format_rating(page.viewer_rating)})"
        )
    foot = f"Page {page.page + 1} of {page.pages} · {RATING_LEGEND}"
    return "\n".join([head, *rows, "", mine, foot])


def relations_text(view: RelationsView) -> str:
    def names(people: Sequence[object]) -> str:
        return ", ".join(p.name for p in people) or "nobody"  # type: ignore[attr-defined]

    favs = ", ".join(f.display_name or f"Player {f.target_id}" for f in view.favorites)
    return "\n".join(
        [
            f"You're **{'online' if view.online else 'offline'}**.",
            f"Blocked: {names(view.blocked)}",
            f"Muted: {names(view.muted)}",
            f"Favorites ♥: {favs or 'nobody'}",
        ]
    )


def friends_text(favorites: Sequence[Favorite]) -> str:
    if not favorites:
        return "No favorites yet: add one with `/gin player favorite`."
    lines = ["**Your favorites ♥**"]
    for f in favorites:
        state = "🟢 online" if f.online is not False else "⚪ offline"
        lines.append(f"{f.display_name or f'Player {f.target_id}'} — {state}")
    return "\n".join(lines)


def _date(when: datetime) -> str:
    return f"<t:{int(when.timestamp())}:d>"


def history_text(
    user_id: int, name: str, matches: Sequence[MatchSummary], hearts: Mapping[int, str]
) -> str:
    if not matches:
        return f"{name} has no finished matches yet."
    lines = [f"**{name}'s recent matches**"]
    for m in matches:
        mine = next((s for s in m.seats if s.user_id == user_id), None)
        others = [s for s in m.seats if s is not mine]
        vs = ", ".join(
            _who(s.display_name, s.user_id, hearts) if s.user_id else s.display_name for s in others
        )
        outcome = "won" if mine is not None and mine.won else "lost"
        # The reader's own score first: "lost 45 – 280" reads as mine against theirs.
        score = " – ".join(str(s.score) for s in ([mine] if mine else []) + others)
        lines.append(
            f"`#{m.table_id}` {_date(m.finished_at)} vs {vs}: {outcome} {score}"
            f" ({m.rounds} rounds, {m.rules}{', ' + m.ended_by if m.ended_by != 'score' else ''})"
        )
    lines.append("Replay a round: `/gin records replay match:<#> round:<n>`")
    return "\n".join(lines)


def frame_text(replay: RoundReplay, frame: ReplayFrame, scoring: str = "points") -> str:
    names = replay.names
    head = f"**Match #{replay.table_id}, round {replay.round_no}** — move {frame.move_no} of {replay.moves}"
    lines = [head, frame.text]
    top = frame.discard_top.label if frame.discard_top is not None else "—"
    lines.append(f"Discard pile: {top} · Stock: {frame.stock_size}")
    if frame.hands is not None:
        for seat, hand in enumerate(frame.hands):
            lines.append(f"{names[seat]}: {label_cards(hand) if hand else '—'}")
    elif frame.own_hand is not None:
        lines.append(f"Your hand: {label_cards(frame.own_hand)}")
        lines.append("(Other hands are shown once the match is over.)")
    else:
        lines.append("(Hands are shown once the match is over.)")
    if frame.to_move is not None:
        lines.append(f"{names[frame.to_move]} to play.")
    elif replay.result is not None:
        rules = replay.rules or RuleSet.preset("classic" if scoring == "penalty" else "cardgames")
        lines.extend(result_text(replay.result, names, rules))
    return "\n".join(lines)


NOTHING_STORED = "We store nothing about you."


def export_summary(data: Mapping[str, object]) -> str:
    """What `/gin me forget-me` shows before asking: counts per kind of record."""
    counts = []
    for key in (
        "stats",
        "relations",
        "achievements",
        "ratings",
        "challenges",
        "tables",
        "matches",
        "tournaments",
    ):
        value = data.get(key)
        if isinstance(value, list) and value:
            counts.append(f"{len(value)} {key}")
    player = data.get("player")
    head = "Here is what we store about you (full copy attached)."
    if player is None and not counts:
        return NOTHING_STORED
    return "\n".join(
        [
            head,
            "Profile: " + ("yes" if player else "none"),
            "Records: " + (", ".join(counts) or "none"),
            "Erasing removes all of it. Finished games keep an anonymous seat "
            '("deleted player") so other players\' history still adds up.',
        ]
    )
