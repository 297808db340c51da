"""The same information as the pictures, as text (screen readers, images turned off)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.cards import Card
from bot.render.models import HandPicture, RevealHand, RevealPicture, TablePicture


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.label for c in cards)


def _groups(
    melds: tuple[tuple[Card, ...], ...], deadwood: tuple[Card, ...], deadwood_points: int
) -> str:
    parts = [_cards(m) for m in melds]
    if deadwood:
        parts.append(f"deadwood {_cards(deadwood)} ({deadwood_points})")
    else:
        parts.append(f"deadwood {deadwood_points}")
    return " | ".join(parts)


def hand_text(pic: HandPicture) -> str:
    """`8♥ 9♥ 10♥ | J♣ J♦ J♠ | deadwood K♠ 4♦ (14)`, plus the card just drawn if any."""
    text = _groups(pic.melds, pic.deadwood, pic.deadwood_points)
    return f"{text} · new {pic.highlight.label}" if pic.highlight is not None else text


def table_text(pic: TablePicture) -> str:
    """`Discard 8♥ (5) · Stock 21 · Ann 10, ▶ Bob 11`."""
    top = pic.discard_pile[-1].label if pic.discard_pile else "empty"
    seats = ", ".join(
        f"{'▶ ' if i == pic.to_play else ''}{name} {count}"
        for i, (name, count) in enumerate(pic.players)
    )
    return f"Discard {top} ({len(pic.discard_pile)}) · Stock {pic.stock_count} · {seats}"


def _reveal_line(hand: RevealHand) -> str:
    head = " · ".join(x for x in (hand.name, hand.role) if x)
    if hand.points is not None:
        head += f" ({hand.points:+d})"
    line = f"{head}: {_groups(hand.melds, hand.deadwood, hand.deadwood_points)}"
    return f"{line} · laid off {_cards(hand.laid_off)}" if hand.laid_off else line


def reveal_text(pic: RevealPicture) -> str:
    """One line per hand, then the result."""
    lines = [_reveal_line(h) for h in pic.hands]
    if pic.result:
        lines.append(pic.result)
    return "\n".join(lines)
