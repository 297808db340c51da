"""What the card pictures show, filled from a seat's own view or the public table (pure).

A hand picture is built only from that seat's `RoundView`; the table picture only from
`PublicRound`, so a picture can show nothing its reader may not know.
"""

from __future__ import annotations

from bot.engine import Card, best_melds
from bot.engine.view import RoundView
from bot.games.model import TableState
from bot.render import HandPicture, RevealHand, RevealPicture, TablePicture


def hand_picture(view: RoundView) -> HandPicture:
    arrangement = best_melds(view.hand)
    return HandPicture(
        melds=arrangement.melds,
        deadwood=arrangement.deadwood,
        deadwood_points=arrangement.deadwood_points,
        highlight=view.drawn,
    )


def table_picture(state: TableState) -> TablePicture | None:
    pub = state.public
    if pub is None:
        return None
    return TablePicture(
        discard_pile=pub.discard_pile,
        stock_count=pub.stock_size,
        players=tuple(zip(state.names, pub.hand_sizes, strict=False)),
        to_play=pub.to_move,
    )


def reveal_picture(state: TableState, title: str) -> RevealPicture | None:
    """Every hand after a knock: melds (the knocker's with the cards laid off on them),
    deadwood and the points; None for a round that ended without a knock."""
    pub = state.public
    result = pub.result if pub is not None else None
    if result is None or result.settlement is None:
        return None
    s = result.settlement
    knocker_melds: list[list[Card]] = [list(m) for m in s.seats[s.knocker].melds]
    laid: list[Card] = []
    for seat in s.seats:
        for lo in seat.layoffs:
            knocker_melds[lo.meld].append(lo.card)
            laid.append(lo.card)
    hands = []
    for index, seat in enumerate(s.seats):
        is_knocker = index == s.knocker
        melds = (
            [sorted(m, key=lambda c: (c.rank, c.suit)) for m in knocker_melds]
            if is_knocker
            else seat.melds
        )
        role = {"gin": "gin", "big_gin": "big gin"}.get(s.kind, "knocked") if is_knocker else ""
        hands.append(
            RevealHand(
                name=state.names[index],
                melds=tuple(tuple(m) for m in melds),
                deadwood=seat.deadwood,
                deadwood_points=seat.deadwood_points,
                laid_off=tuple(laid) if is_knocker else (),
                role=role,
                points=s.points[index],
            )
        )
    return RevealPicture(hands=tuple(hands), result=title)
