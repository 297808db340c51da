"""Plain-text presentation of the game (what the cogs put into messages).

Everything here is pure: it turns engine views and results into strings, in the reader's
language (``locale``: a Discord locale or en/es/fr; words from ``present.ftl``). A hand is
only ever formatted from that seat's own `RoundView`, so nothing here can leak hidden cards.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.engine import Card, RuleSet, best_melds
from bot.engine.actions import (
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    TAKE_UPCARD,
)
from bot.engine.breakdown import MatchBreakdown, RoundPoints, round_points
from bot.engine.round import Event, RoundResult
from bot.engine.view import RoundView
from bot.games.model import shown_knock_card
from bot.i18n import DEFAULT, Language, t
from bot.i18n.cards import label, labels
from bot.kernel.memo import remember

RESULT_KINDS = ("knock", "gin", "big_gin", "undercut", "draw", "redeal")
_DRAWS = frozenset((DRAW_STOCK, DRAW_DISCARD, TAKE_UPCARD))
_ENDS_TURN = frozenset((DISCARD, KNOCK, GIN))
_EVENTS = {
    "take_upcard",
    "pass",
    "draw_stock",
    "draw_discard",
    "discard",
    "knock",
    "gin",
    "big_gin",
}


def result_name(kind: str, locale: Language = DEFAULT) -> str:
    """ "Knock", "Gin", "Big Gin", "Undercut", "Draw", "Re-deal" in the reader's language."""
    return t(locale, f"result-{kind}") if kind in RESULT_KINDS else kind


def plural(count: int, one: str, many: str | None = None) -> str:
    """`1 point`, `2 points`, `0 points` (English words; the catalog has its own plurals)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def cards_text(cards: Sequence[Card], locale: Language = DEFAULT) -> str:
    """`8♥ 9♥ 10♥`, or a dash for none."""
    return labels(cards, locale) if cards else "—"


def melds_text(
    melds: Sequence[Sequence[Card]], deadwood: Sequence[Card], locale: Language = DEFAULT
) -> str:
    """Melds then deadwood, separated by bars: `8♥ 9♥ 10♥ | 4♣ 4♦ 4♠ | K♠ 2♦`."""
    parts = [labels(m, locale) for m in melds]
    if deadwood:
        parts.append(labels(deadwood, locale))
    return " | ".join(parts) if parts else "—"


def hand_text(hand: Sequence[Card], locale: Language = DEFAULT) -> tuple[str, int]:
    """A hand grouped into its best melds and deadwood, with the deadwood count."""
    arrangement = best_melds(hand)
    return (
        melds_text(arrangement.melds, arrangement.deadwood, locale),
        arrangement.deadwood_points,
    )


def _action(event: Event, locale: Language) -> str:
    """What a seat did, without who: `discarded 9♠`."""
    card = label(event.card, locale) if event.card is not None else ""
    return t(locale, f"do-{event.kind}", card=card)


def event_text(event: Event, names: Sequence[str], locale: Language = DEFAULT) -> str:
    """One public log line, e.g. `Alice took 9♠ from the discard pile`."""
    if event.kind == "reshuffle":
        return t(locale, "event-reshuffle")
    who = names[event.seat] if event.seat is not None else t(locale, "the-table")
    if event.kind in _EVENTS:
        return t(locale, "event", who=who, action=_action(event, locale))
    return f"{who}: {event.kind}"


def recent_turns(
    history: Sequence[Event],
    names: Sequence[str],
    count: int = 4,
    *,
    auto: Collection[int] = (),
    away: Collection[int] = (),
    resigned: Collection[int] = (),
    locale: Language = DEFAULT,
) -> list[str]:
    """The last few turns, each draw joined with its discard:
    `Alice drew from the stock and discarded 9♠`. The latest turn of a seat in `auto` and
    every turn of a seat in `away` (removed; `resigned` among them) are marked as played
    automatically."""
    # The turns as (seat, first event, the discard joined to it); only the last `count`
    # are put in words (a hand is built at every move, and a round's history is long).
    turns: list[tuple[int | None, Event, Event | None]] = []
    pending: Event | None = None
    for event in history[_last_turns_from(history, count) :]:
        kind = event.kind
        if kind in _DRAWS:
            if pending is not None:
                turns.append((pending.seat, pending, None))
            pending = event
            continue
        if pending is not None and kind in _ENDS_TURN and event.seat == pending.seat:
            turns.append((event.seat, pending, event))
            pending = None
            continue
        if pending is not None:
            turns.append((pending.seat, pending, None))
            pending = None
        turns.append((event.seat, event, None))
    if pending is not None:
        turns.append((pending.seat, pending, None))
    latest = {seat: i for i, (seat, _, _) in enumerate(turns)} if auto else {}
    kept = turns[-count:]
    out = []
    shown = names if type(names) is tuple else tuple(names)
    for i, (seat, first, second) in enumerate(kept, start=len(turns) - len(kept)):
        # `_turn_text`, its memo read here (three turns a hand, a hand at every move).
        found = _TURNS.get((id(first), id(second), shown, locale))
        if found is not None and found[0] is first and found[1] is second:
            text = found[2]
        else:
            text = _turn_text(first, second, shown, locale)
        if seat is not None and (seat in away or (seat in auto and latest[seat] == i)):
            why = "resigned" if seat in resigned else str(seat in away).lower()
            text = t(locale, "turn-auto", turn=text, name=names[seat], away=why)
        out.append(text)
    return out


def _last_turns_from(history: Sequence[Event], count: int) -> int:
    """Where reading `history` gives its last `count` turns as reading it all would: an
    event after which no draw waits for its discard (a turn is one or two events), at
    least two events a turn before the end."""
    start = max(0, len(history) - 2 * count)
    while start > 0 and history[start - 1].kind in _DRAWS:
        start -= 1
    return start


#: (id(first event), id(joined discard), names, language) -> the two events and the turn in
#: words: a hand shows the same last turns at every move, and events are shared instances
#: (`bot/engine/events.py`). Read by the events' ids (an event's hash is Python calls, its
#: card's too), checked against the events kept.
_TURNS: dict[tuple[int, int, tuple[str, ...], str], tuple[Event, Event | None, str]] = {}
#: Turns kept in words at most (then forgotten at once: they are cheap to write again).
_TURNS_KEPT = 4096


def _turn_text(first: Event, second: Event | None, names: tuple[str, ...], locale: Language) -> str:
    """A turn put in words and kept (`recent_turns` reads `_TURNS` first)."""
    key = (id(first), id(second), names, locale)
    text = event_text(first, names, locale)
    if second is not None:
        text = t(locale, "turn-joined", first=text, second=_action(second, locale))
    remember(_TURNS, key, (first, second, text), _TURNS_KEPT)
    return text


def turn_text(view: RoundView, names: Sequence[str], locale: Language = DEFAULT) -> str:
    """Whose turn it is and what they must do."""
    if view.to_move is None:
        return t(locale, "turn-round-over")
    who = names[view.to_move]
    if view.phase == "first_turn":
        return t(locale, "turn-first", who=who)
    if view.phase == "draw":
        return t(locale, "turn-draw", who=who)
    return t(locale, "turn-discard", who=who)


def result_title(result: RoundResult, names: Sequence[str], locale: Language = DEFAULT) -> str:
    """Who ended the round and how: `**Undercut**: Computer knocked and Bob undercut`."""
    title = result_name(result.kind, locale)
    s = result.settlement
    if s is None:
        reason = result.reason or ""
        if reason in ("wall", "stall"):
            reason = t(locale, f"void-{reason}")
        return t(locale, "title-void", title=title, reason=reason)
    card = ""
    knock_card = shown_knock_card(result)
    if knock_card is not None:
        card = t(locale, "title-knock-card", card=label(knock_card, locale))
    if s.kind == "undercut":
        return t(
            locale,
            "title-undercut",
            title=title,
            knocker=names[s.knocker],
            card=card,
            winner=names[s.winner],
        )
    return t(locale, "title-by", title=title, knocker=names[s.knocker], card=card)


def points_text(part: RoundPoints, scoring: str, locale: Language = DEFAULT) -> str:
    """How one seat's round points were made: `29 points (25 gin bonus + 4 deadwood)`, or
    under penalty scoring `37 penalty points (12 deadwood + 25 gin penalty)`."""
    penalty = scoring == "penalty"
    pieces = []
    if part.minus:
        pieces.append(t(locale, "piece-deadwood-minus", deadwood=part.deadwood, minus=part.minus))
    elif part.deadwood or not part.bonus:
        pieces.append(t(locale, "piece-deadwood", deadwood=part.deadwood))
    if part.bonus:
        bonus = t(
            locale,
            "piece-bonus",
            points=part.bonus,
            kind=part.bonus_kind or "",
            penalty=penalty,
        )
        pieces.insert(0 if not penalty else len(pieces), bonus)
    unit = t(locale, "points", points=part.points, penalty=penalty)
    return t(locale, "with-parts", head=unit, parts=" + ".join(pieces))


def score_lines(
    result: RoundResult, names: Sequence[str], rules: RuleSet, locale: Language = DEFAULT
) -> list[str]:
    """Who won the round and every score it gave, each with how it was made."""
    s = result.settlement
    if s is None:
        return []
    parts = round_points(s, rules)
    if rules.scoring == "penalty":
        taken = [
            t(locale, "score-takes", name=names[p.seat], points=points_text(p, "penalty", locale))
            for p in parts
            if p.points
        ]
        return (
            [t(locale, "score-wins-round", name=names[s.winner]), *taken]
            if taken
            else [t(locale, "score-wins-round-no-penalty", name=names[s.winner])]
        )
    points = points_text(parts[s.winner], "points", locale)
    return [t(locale, "score-scores", name=names[s.winner], points=points)]


def result_text(
    result: RoundResult, names: Sequence[str], rules: RuleSet, locale: Language = DEFAULT
) -> list[str]:
    """The reveal after a round: who ended it, each hand with melds, lay-offs and deadwood,
    and the points with how they were made."""
    lines = [result_title(result, names, locale)]
    s = result.settlement
    if s is None:
        return lines
    knocker_melds = s.seats[s.knocker].melds
    for seat, seat_result in enumerate(s.seats):
        text = melds_text(seat_result.melds, seat_result.deadwood, locale)
        line = t(
            locale,
            "reveal-line",
            name=names[seat],
            cards=text,
            deadwood=seat_result.deadwood_points,
        )
        if seat_result.layoffs:
            laid = ", ".join(
                t(
                    locale,
                    "reveal-layoff",
                    card=label(lo.card, locale),
                    meld=labels(knocker_melds[lo.meld], locale),
                )
                for lo in seat_result.layoffs
            )
            line += t(locale, "reveal-laid-off", name=names[seat], layoffs=laid)
        lines.append(line)
    lines.extend(score_lines(result, names, rules, locale))
    return lines


def short_result(
    result: RoundResult, names: Sequence[str], rules: RuleSet, locale: Language = DEFAULT
) -> str:
    """One line for a hand message: `Gin by Alice: Alice scores 29 points (...)`."""
    title = result_title(result, names, locale)
    scores = score_lines(result, names, rules, locale)
    return title if not scores else f"{title}. {' '.join(scores)}"


def total_text(
    seat: int,
    breakdown: MatchBreakdown | None,
    total: int,
    scoring: str,
    locale: Language = DEFAULT,
) -> str:
    """A seat's final score with its parts: `**280** points (105 round points + 100 game
    bonus + 75 line bonus)`."""
    if scoring == "penalty":
        return t(locale, "total", total=total, penalty=True)
    head = t(locale, "total", total=total, penalty=False)
    if breakdown is None or not breakdown.bonuses or seat >= len(breakdown.seats):
        return head
    part = breakdown.seats[seat]
    pieces = [t(locale, "total-round-points", points=part.round_points)]
    if part.shutout:
        pieces.append(t(locale, "total-shutout", points=part.shutout))
    if part.game_bonus:
        pieces.append(t(locale, "total-game-bonus", points=part.game_bonus))
    if part.line_bonus:
        pieces.append(t(locale, "total-line-bonus", points=part.line_bonus))
    return t(locale, "with-parts", head=head, parts=" + ".join(pieces)) if len(pieces) > 1 else head
