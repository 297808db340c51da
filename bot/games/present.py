"""Plain-text presentation of the game (what the cogs put into messages).

Everything here is pure: it turns engine views and results into strings. A hand is only
ever formatted from that seat's own `RoundView`, so nothing here can leak hidden cards.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.engine import Card, RuleSet, best_melds, label_cards
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

RESULT_NAMES = {
    "knock": "Knock",
    "gin": "Gin",
    "big_gin": "Big Gin",
    "undercut": "Undercut",
    "draw": "Draw",
    "redeal": "Re-deal",
}


BONUS_NAMES = {"gin": "gin", "big_gin": "big gin", "undercut": "undercut"}


def plural(count: int, one: str, many: str | None = None) -> str:
    """`1 point`, `2 points`, `0 points`."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def cards_text(cards: Sequence[Card]) -> str:
    """`8♥ 9♥ 10♥`, or a dash for none."""
    return label_cards(cards) if cards else "—"


def melds_text(melds: Sequence[Sequence[Card]], deadwood: Sequence[Card]) -> str:
    """Melds then deadwood, separated by bars: `8♥ 9♥ 10♥ | 4♣ 4♦ 4♠ | K♠ 2♦`."""
    parts = [label_cards(m) for m in melds]
    if deadwood:
        parts.append(label_cards(deadwood))
    return " | ".join(parts) if parts else "—"


def hand_text(hand: Sequence[Card]) -> tuple[str, int]:
    """A hand grouped into its best melds and deadwood, with the deadwood count."""
    arrangement = best_melds(hand)
    return melds_text(arrangement.melds, arrangement.deadwood), arrangement.deadwood_points


def event_text(event: Event, names: Sequence[str]) -> str:
    """One public log line, e.g. `Alice took 9♠ from the discard pile`."""
    who = names[event.seat] if event.seat is not None else "The table"
    card = event.card.label if event.card is not None else ""
    match event.kind:
        case "take_upcard":
            return f"{who} took the up-card {card}"
        case "pass":
            return f"{who} passed on the up-card"
        case "draw_stock":
            return f"{who} drew from the stock"
        case "draw_discard":
            return f"{who} took {card} from the discard pile"
        case "discard":
            return f"{who} discarded {card}"
        case "knock":
            return f"{who} knocked"
        case "gin":
            return f"{who} went gin"
        case "big_gin":
            return f"{who} went big gin"
        case "reshuffle":
            return "The discard pile was shuffled into a new stock"
    return f"{who}: {event.kind}"


def recent_turns(
    history: Sequence[Event],
    names: Sequence[str],
    count: int = 4,
    *,
    auto: Collection[int] = (),
    away: Collection[int] = (),
) -> list[str]:
    """The last few turns, each draw joined with its discard:
    `Alice drew from the stock and discarded 9♠`. The latest turn of a seat in `auto` and
    every turn of a seat in `away` (removed) are marked as played automatically."""
    lines: list[tuple[int | None, str]] = []
    pending: Event | None = None
    for event in history:
        if event.kind in (DRAW_STOCK, DRAW_DISCARD, TAKE_UPCARD):
            if pending is not None:
                lines.append((pending.seat, event_text(pending, names)))
            pending = event
            continue
        if (
            pending is not None
            and event.kind in (DISCARD, KNOCK, GIN)
            and event.seat == pending.seat
        ):
            lines.append((event.seat, f"{event_text(pending, names)} and {_second(event, names)}"))
            pending = None
            continue
        if pending is not None:
            lines.append((pending.seat, event_text(pending, names)))
            pending = None
        lines.append((event.seat, event_text(event, names)))
    if pending is not None:
        lines.append((pending.seat, event_text(pending, names)))
    latest = {seat: i for i, (seat, _) in enumerate(lines)}
    out = []
    for i, (seat, text) in enumerate(lines):
        if seat is not None and (seat in away or (seat in auto and latest[seat] == i)):
            text += f" (played automatically: {names[seat]} {'is' if seat in away else 'was'} away)"
        out.append(text)
    return out[-count:]


def _second(event: Event, names: Sequence[str]) -> str:
    text = event_text(event, names)
    return text[len(names[event.seat]) + 1 :] if event.seat is not None else text


def turn_text(view: RoundView, names: Sequence[str]) -> str:
    """Whose turn it is and what they must do."""
    if view.to_move is None:
        return "The round is over."
    who = names[view.to_move]
    if view.phase == "first_turn":
        return f"{who} may take the up-card or pass."
    if view.phase == "draw":
        return f"{who} to draw."
    return f"{who} to discard."


def result_title(result: RoundResult, names: Sequence[str]) -> str:
    """Who ended the round and how: `**Undercut**: Computer knocked and Bob undercut`."""
    title = RESULT_NAMES.get(result.kind, result.kind)
    s = result.settlement
    if s is None:
        why = {"wall": "the stock ran down to the wall", "stall": "the stock stopped shrinking"}
        reason = why.get(result.reason or "", result.reason or "")
        return f"**{title}**: {reason}. Nobody scores."
    card = ""
    if result.knock_card is not None:
        card = f" (knock card {result.knock_card.label})"
    if s.kind == "undercut":
        return f"**{title}**: {names[s.knocker]} knocked{card} and {names[s.winner]} undercut"
    return f"**{title}** by {names[s.knocker]}{card}"


def points_text(part: RoundPoints, scoring: str) -> str:
    """How one seat's round points were made: `29 points (25 gin bonus + 4 deadwood)`, or
    under penalty scoring `37 penalty points (12 deadwood + 25 gin penalty)`."""
    penalty = scoring == "penalty"
    bonus_word = "penalty" if penalty else "bonus"
    pieces = []
    if part.minus:
        pieces.append(f"deadwood {part.deadwood} − {part.minus}")
    elif part.deadwood or not part.bonus:
        pieces.append(f"{part.deadwood} deadwood")
    if part.bonus:
        bonus = f"{part.bonus} {BONUS_NAMES.get(part.bonus_kind or '', '')} {bonus_word}"
        pieces.insert(0 if not penalty else len(pieces), bonus)
    unit = plural(part.points, "penalty point") if penalty else plural(part.points, "point")
    return f"{unit} ({' + '.join(pieces)})"


def score_lines(result: RoundResult, names: Sequence[str], rules: RuleSet) -> list[str]:
    """Who won the round and every score it gave, each with how it was made."""
    s = result.settlement
    if s is None:
        return []
    parts = round_points(s, rules)
    if rules.scoring == "penalty":
        taken = [f"{names[p.seat]} takes {points_text(p, 'penalty')}." for p in parts if p.points]
        return (
            [f"{names[s.winner]} wins the round.", *taken]
            if taken
            else [f"{names[s.winner]} wins the round. Nobody takes penalty points."]
        )
    return [f"{names[s.winner]} scores {points_text(parts[s.winner], 'points')}."]


def result_text(result: RoundResult, names: Sequence[str], rules: RuleSet) -> list[str]:
    """The reveal after a round: who ended it, each hand with melds, lay-offs and deadwood,
    and the points with how they were made."""
    lines = [result_title(result, names)]
    s = result.settlement
    if s is None:
        return lines
    knocker_melds = s.seats[s.knocker].melds
    for seat, seat_result in enumerate(s.seats):
        text = melds_text(seat_result.melds, seat_result.deadwood)
        line = f"{names[seat]}: {text} — deadwood {seat_result.deadwood_points}"
        if seat_result.layoffs:
            laid = ", ".join(
                f"{lo.card.label} on {label_cards(knocker_melds[lo.meld])}"
                for lo in seat_result.layoffs
            )
            line += f" ({names[seat]} laid off {laid})"
        lines.append(line)
    lines.extend(score_lines(result, names, rules))
    return lines


def short_result(result: RoundResult, names: Sequence[str], rules: RuleSet) -> str:
    """One line for a hand message: `Gin by Alice: Alice scores 29 points (...)`."""
    title = result_title(result, names)
    scores = score_lines(result, names, rules)
    return title if not scores else f"{title}. {' '.join(scores)}"


def total_text(seat: int, breakdown: MatchBreakdown | None, total: int, scoring: str) -> str:
    """A seat's final score with its parts: `**280** points (105 round points + 100 game
    bonus + 75 line bonus)`."""
    if scoring == "penalty":
        return f"**{total}** {'penalty point' if total == 1 else 'penalty points'}"
    head = f"**{total}** {'point' if total == 1 else 'points'}"
    if breakdown is None or not breakdown.bonuses or seat >= len(breakdown.seats):
        return head
    part = breakdown.seats[seat]
    pieces = [plural(part.round_points, "round point")]
    if part.shutout:
        pieces.append(f"{part.shutout} shutout (round points doubled)")
    if part.game_bonus:
        pieces.append(f"{part.game_bonus} game bonus")
    if part.line_bonus:
        pieces.append(f"{part.line_bonus} line bonus")
    return f"{head} ({' + '.join(pieces)})" if len(pieces) > 1 else head
