"""The same information as the pictures, as text (screen readers, images turned off)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.cards import Card
from bot.render.models import HandPicture, RevealPicture, RevealScore, TablePicture

RESULT_LABELS = {"knock": "Knock", "gin": "Gin", "big_gin": "Big Gin", "undercut": "Undercut"}
_BONUS_NAMES = {"gin": "gin", "big_gin": "big gin", "undercut": "undercut"}


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


def score_parts(score: RevealScore) -> tuple[str, str]:
    """A seat's round points and how they were made, as (head, how): `("+29", "= 25 gin
    bonus + 4 deadwood")`, `("+13", "= 18 − 5 deadwood")`, or under penalty scoring
    `("penalty 37", "= 12 deadwood + 25 gin")`: a penalty never reads as a gain."""
    s = score
    kind = _BONUS_NAMES.get(s.bonus_kind or "", s.bonus_kind or "")
    deadwood = f"{s.deadwood} − {s.minus} deadwood" if s.minus else f"{s.deadwood} deadwood"
    terms = [deadwood] if s.deadwood or s.minus or not s.bonus else []
    if s.penalty:
        terms += [f"{s.bonus} {kind}"] if s.bonus else []
        return f"penalty {s.points}", "= " + " + ".join(terms)
    terms = ([f"{s.bonus} {kind} bonus"] if s.bonus else []) + terms
    return f"{s.points:+d}", "= " + " + ".join(terms)


def score_text(score: RevealScore) -> str:
    """`+29 = 25 gin bonus + 4 deadwood`, `penalty 12 = 18 − 6 deadwood` (see `score_parts`)."""
    return " ".join(score_parts(score))


def _name(pic: RevealPicture, seat: int | None) -> str:
    return pic.hands[seat].name if seat is not None and 0 <= seat < len(pic.hands) else "?"


def result_headline(pic: RevealPicture, names: Sequence[str] | None = None) -> tuple[str, str]:
    """The result as (label, who): `("Undercut", "Ann knocked, Bob undercut and wins")`;
    `("", "")` for a picture without a result. `names` replaces the hands' names (the
    picture passes them cut to fit)."""
    label = RESULT_LABELS.get(pic.kind, "")
    if not label:
        return "", ""

    def name(seat: int | None) -> str:
        if names is not None and seat is not None and 0 <= seat < len(names):
            return names[seat]
        return _name(pic, seat)

    knocker, winner = name(pic.knocker), name(pic.winner)
    if pic.kind == "undercut":
        return label, f"{knocker} knocked, {winner} undercut and wins"
    did = {"knock": "knocked", "gin": "went gin", "big_gin": "went big gin"}[pic.kind]
    if pic.winner is not None and pic.winner != pic.knocker:
        return label, f"{knocker} {did}, {winner} wins"
    return label, f"{knocker} {did} and wins"


def role_text(pic: RevealPicture, seat: int) -> str:
    """The caption after a player's name: `knocked`, `gin · wins`, `undercut · wins`..."""
    parts = []
    if pic.kind and seat == pic.knocker:
        parts.append({"gin": "gin", "big_gin": "big gin"}.get(pic.kind, "knocked"))
    if pic.kind == "undercut" and seat == pic.winner:
        parts.append("undercut")
    if pic.kind and seat == pic.winner:
        parts.append("wins")
    if pic.hands[seat].role:
        parts.append(pic.hands[seat].role)
    return " · ".join(parts)


def laid_off_label(pic: RevealPicture, name: str | None = None) -> str:
    """`Laid off on Ann` (the knocker, or `name` for her), or `Laid off` when the picture
    does not say who knocked."""
    if pic.knocker is None:
        return "Laid off"
    return f"Laid off on {name if name is not None else _name(pic, pic.knocker)}"


def _reveal_line(pic: RevealPicture, seat: int) -> str:
    hand = pic.hands[seat]
    head = " · ".join(x for x in (hand.name, role_text(pic, seat)) if x)
    if hand.score is not None:
        head += f" ({score_text(hand.score)})"
    parts = [_cards(m) for m in hand.melds]
    if hand.laid_off:
        on = f" on {_name(pic, pic.knocker)}" if pic.knocker is not None else ""
        parts.append(f"laid off{on} {_cards(hand.laid_off)}")
    if hand.deadwood:
        parts.append(f"deadwood {_cards(hand.deadwood)} ({hand.deadwood_points})")
    else:
        parts.append(f"deadwood {hand.deadwood_points}")
    line = f"{head}: {' | '.join(parts)}"
    if seat == pic.knocker and pic.knock_card is not None:
        line += f" · knock card {pic.knock_card.label}"
    return line


def reveal_text(pic: RevealPicture) -> str:
    """The result, one line per hand, then the caption."""
    label, who = result_headline(pic)
    lines = [f"{label}: {who}"] if label else []
    lines += [_reveal_line(pic, seat) for seat in range(len(pic.hands))]
    if pic.result:
        lines.append(pic.result)
    return "\n".join(lines)
