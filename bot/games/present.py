"""Plain-text presentation of the game (what the cogs put into messages).

Everything here is pure: it turns engine views and results into strings. A hand is only
ever formatted from that seat's own `RoundView`, so nothing here can leak hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Card, best_melds, label_cards
from bot.engine.actions import (
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    TAKE_UPCARD,
)
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


def recent_turns(history: Sequence[Event], names: Sequence[str], count: int = 4) -> list[str]:
    """The last few turns, each draw joined with its discard:
    `Alice drew from the stock and discarded 9♠`."""
    lines: list[str] = []
    pending: Event | None = None
    for event in history:
        if event.kind in (DRAW_STOCK, DRAW_DISCARD, TAKE_UPCARD):
            if pending is not None:
                lines.append(event_text(pending, names))
            pending = event
            continue
        if (
            pending is not None
            and event.kind in (DISCARD, KNOCK, GIN)
            and event.seat == pending.seat
        ):
            lines.append(f"{event_text(pending, names)} and {_second(event, names)}")
            pending = None
            continue
        if pending is not None:
            lines.append(event_text(pending, names))
            pending = None
        lines.append(event_text(event, names))
    if pending is not None:
        lines.append(event_text(pending, names))
    return lines[-count:]


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


def result_text(result: RoundResult, names: Sequence[str], scoring: str) -> list[str]:
    """The reveal after a round: each hand with melds, lay-offs and deadwood, and the points."""
    title = RESULT_NAMES.get(result.kind, result.kind)
    if result.settlement is None:
        why = {"wall": "the stock ran down to the wall", "stall": "the stock stopped shrinking"}
        reason = why.get(result.reason or "", result.reason or "")
        return [f"**{title}**: {reason}. Nobody scores."]
    s = result.settlement
    lines = [f"**{title}** by {names[s.knocker]}"]
    if result.knock_card is not None:
        lines[0] += f" (knock card {result.knock_card.label}, face down)"
    knocker_melds = s.seats[s.knocker].melds
    for seat, seat_result in enumerate(s.seats):
        text = melds_text(seat_result.melds, seat_result.deadwood)
        line = f"{names[seat]}: {text} — deadwood {seat_result.deadwood_points}"
        if seat_result.layoffs:
            laid = ", ".join(
                f"{lo.card.label} on {label_cards(knocker_melds[lo.meld])}"
                for lo in seat_result.layoffs
            )
            line += f" (laid off {laid})"
        lines.append(line)
    if scoring == "penalty":
        taken = [f"{names[i]} +{p}" for i, p in enumerate(s.points) if p]
        lines.append(
            f"{names[s.winner]} wins the round. Penalty points: {', '.join(taken) or 'none'}."
        )
    else:
        lines.append(f"{names[s.winner]} scores {s.points[s.winner]} points.")
    return lines
