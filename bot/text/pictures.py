"""The words of the pictures: the labels drawn in, and the same information as text (screen
readers, images turned off), in the picture's language (``pic.locale``; ``pictures.ftl``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.cards import Card
from bot.i18n import DEFAULT, Language, t
from bot.i18n.cards import labels, rank_index
from bot.render.models import HandPicture, RevealPicture, RevealScore, TablePicture

RESULT_KINDS = ("knock", "gin", "big_gin", "undercut")


def _cards(cards: Iterable[Card], locale: Language) -> str:
    return labels(cards, locale)


# ----- labels drawn in the pictures --------------------------------------------------------


def corner_index(rank: int, locale: Language = DEFAULT) -> str:
    """The rank printed in a card's corners as the reader's deck prints it: "Q" in English
    and Spanish, "D" in French (`bot.i18n.cards.rank_index`, the one source of it)."""
    return rank_index(rank, locale)


def meld_label(meld: Sequence[Card], locale: Language = DEFAULT) -> str:
    """`Set` (same rank) or `Run`."""
    return t(locale, "pic-set" if len({c.rank for c in meld}) == 1 else "pic-run")


def deadwood_label(points: int, locale: Language = DEFAULT) -> str:
    """`Deadwood 14`."""
    return t(locale, "pic-deadwood", points=points)


def knock_card_label(locale: Language = DEFAULT) -> str:
    return t(locale, "pic-knock-card")


def stock_label(count: int, locale: Language = DEFAULT) -> str:
    return t(locale, "pic-stock", count=count)


def discard_label(count: int, locale: Language = DEFAULT) -> str:
    return t(locale, "pic-discard", count=count)


# ----- as text --------------------------------------------------------------------------------


def _groups(
    melds: tuple[tuple[Card, ...], ...],
    deadwood: tuple[Card, ...],
    deadwood_points: int,
    locale: Language,
) -> str:
    parts = [_cards(m, locale) for m in melds]
    if deadwood:
        cards = _cards(deadwood, locale)
        parts.append(t(locale, "alt-deadwood-cards", cards=cards, points=deadwood_points))
    else:
        parts.append(t(locale, "alt-deadwood", points=deadwood_points))
    return " | ".join(parts)


def hand_text(pic: HandPicture) -> str:
    """`8♥ 9♥ 10♥ | J♣ J♦ J♠ | deadwood K♠ 4♦ (14)`, plus the card just drawn if any."""
    text = _groups(pic.melds, pic.deadwood, pic.deadwood_points, pic.locale)
    if pic.highlight is None:
        return text
    return t(pic.locale, "alt-new", text=text, card=_cards((pic.highlight,), pic.locale))


def table_text(pic: TablePicture) -> str:
    """`Discard 8♥ (5) · Stock 21 · Ann 10, ▶ Bob 11`."""
    pile = pic.discard_pile
    top = _cards(pile[-1:], pic.locale) if pile else t(pic.locale, "alt-empty")
    seats = ", ".join(
        f"{'▶ ' if i == pic.to_play else ''}{name} {count}"
        for i, (name, count) in enumerate(pic.players)
    )
    return t(pic.locale, "alt-table", top=top, pile=len(pile), stock=pic.stock_count, seats=seats)


def score_parts(score: RevealScore, locale: Language = DEFAULT) -> tuple[str, str]:
    """A seat's round points and how they were made, as (head, how): `("+29", "= 25 gin
    bonus + 4 deadwood")`, `("+13", "= 18 − 5 deadwood")`, or under penalty scoring
    `("penalty 37", "= 12 deadwood + 25 gin")`: a penalty never reads as a gain."""
    s = score
    kind = s.bonus_kind or ""
    if s.minus:
        deadwood = t(locale, "score-deadwood-minus", deadwood=s.deadwood, minus=s.minus)
    else:
        deadwood = t(locale, "score-deadwood", deadwood=s.deadwood)
    terms = [deadwood] if s.deadwood or s.minus or not s.bonus else []
    if s.penalty:
        terms += [t(locale, "score-penalty-term", points=s.bonus, kind=kind)] if s.bonus else []
        return t(locale, "score-penalty", points=s.points), "= " + " + ".join(terms)
    terms = ([t(locale, "score-bonus-term", points=s.bonus, kind=kind)] if s.bonus else []) + terms
    return f"{s.points:+d}", "= " + " + ".join(terms)


def score_text(score: RevealScore, locale: Language = DEFAULT) -> str:
    """`+29 = 25 gin bonus + 4 deadwood`, `penalty 12 = 18 − 6 deadwood` (see `score_parts`)."""
    return " ".join(score_parts(score, locale))


def _name(pic: RevealPicture, seat: int | None) -> str:
    return pic.hands[seat].name if seat is not None and 0 <= seat < len(pic.hands) else "?"


def result_headline(pic: RevealPicture, names: Sequence[str] | None = None) -> tuple[str, str]:
    """The result as (label, who): `("Undercut", "Ann knocked, Bob undercut and wins")`;
    `("", "")` for a picture without a result. `names` replaces the hands' names (the
    picture passes them cut to fit)."""
    if pic.kind not in RESULT_KINDS:
        return "", ""
    label = t(pic.locale, f"result-{pic.kind}")

    def name(seat: int | None) -> str:
        if names is not None and seat is not None and 0 <= seat < len(names):
            return names[seat]
        return _name(pic, seat)

    knocker, winner = name(pic.knocker), name(pic.winner)
    if pic.kind == "undercut":
        return label, t(pic.locale, "headline-undercut", knocker=knocker, winner=winner)
    if pic.winner is not None and pic.winner != pic.knocker:
        return label, t(
            pic.locale, "headline-other-wins", kind=pic.kind, knocker=knocker, winner=winner
        )
    return label, t(pic.locale, "headline-wins", kind=pic.kind, knocker=knocker)


def role_text(pic: RevealPicture, seat: int) -> str:
    """The caption after a player's name: `knocked`, `gin · wins`, `undercut · wins`..."""
    parts = []
    if pic.kind and seat == pic.knocker:
        parts.append(t(pic.locale, "role-knocker", kind=pic.kind))
    if pic.kind == "undercut" and seat == pic.winner:
        parts.append(t(pic.locale, "role-undercut"))
    if pic.kind and seat == pic.winner:
        parts.append(t(pic.locale, "role-wins"))
    if pic.hands[seat].role:
        parts.append(pic.hands[seat].role)
    return " · ".join(parts)


def laid_off_label(pic: RevealPicture, name: str | None = None) -> str:
    """`Laid off on Ann` (the knocker, or `name` for her), or `Laid off` when the picture
    does not say who knocked."""
    if pic.knocker is None:
        return t(pic.locale, "pic-laid-off")
    on = name if name is not None else _name(pic, pic.knocker)
    return t(pic.locale, "pic-laid-off-on", name=on)


def _reveal_line(pic: RevealPicture, seat: int) -> str:
    hand = pic.hands[seat]
    locale = pic.locale
    head = " · ".join(x for x in (hand.name, role_text(pic, seat)) if x)
    if hand.score is not None:
        head += f" ({score_text(hand.score, locale)})"
    parts = [_cards(m, locale) for m in hand.melds]
    if hand.laid_off:
        cards = _cards(hand.laid_off, locale)
        if pic.knocker is not None:
            on = _name(pic, pic.knocker)
            parts.append(t(locale, "alt-laid-off-on", name=on, cards=cards))
        else:
            parts.append(t(locale, "alt-laid-off", cards=cards))
    parts.append(_groups((), hand.deadwood, hand.deadwood_points, locale))
    line = t(locale, "labelled", label=head, value=" | ".join(parts))
    if seat == pic.knocker and pic.knock_card is not None:
        line += t(locale, "alt-knock-card", card=_cards((pic.knock_card,), locale))
    return line


def reveal_text(pic: RevealPicture) -> str:
    """The result, one line per hand, then the caption."""
    label, who = result_headline(pic)
    lines = [t(pic.locale, "labelled", label=label, value=who)] if label else []
    lines += [_reveal_line(pic, seat) for seat in range(len(pic.hands))]
    if pic.result:
        lines.append(pic.result)
    return "\n".join(lines)
