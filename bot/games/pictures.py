"""What the card pictures show, filled from a seat's own view or the public table (pure).

A hand picture is built only from that seat's `RoundView`; the reveal only from the round's
public result, so a picture can show nothing its reader may not know. (The board has no
picture: it is a layout with card emojis, `bot/ui/board_layout.py`.)
"""

from __future__ import annotations

from bot.engine import best_melds
from bot.engine.breakdown import round_points
from bot.engine.view import RoundView
from bot.games.model import TableState, shown_knock_card
from bot.i18n import DEFAULT, Language
from bot.render import HandPicture, RevealHand, RevealPicture, RevealScore


def hand_picture(view: RoundView, locale: Language = DEFAULT) -> HandPicture:
    """`locale`: the reader's language, for the words drawn in."""
    arrangement = best_melds(view.hand)
    return HandPicture(
        melds=arrangement.melds,
        deadwood=arrangement.deadwood,
        deadwood_points=arrangement.deadwood_points,
        highlight=view.drawn,
        locale=locale,
    )


def reveal_picture(
    state: TableState, title: str, locale: Language = DEFAULT
) -> RevealPicture | None:
    """Every hand after a knock, and the result as the engine settled it: who knocked, who
    undercut or won, the knock card, each player's melds, the cards they laid off and their
    deadwood, and each score with its parts (`round_points`); None for a round that ended
    without a knock. `title` is a caption (the round and table)."""
    pub = state.public
    result = pub.result if pub is not None else None
    if result is None or result.settlement is None:
        return None
    s = result.settlement
    parts = round_points(s, state.rules)
    penalty = s.scoring == "penalty"
    hands = []
    for seat, (seat_result, part) in enumerate(zip(s.seats, parts, strict=True)):
        # Points scoring: only the winner scores. Penalty scoring: every loser takes a
        # penalty (even 0 after an undercut on equal deadwood), the winner none.
        shown = seat != s.winner if penalty else seat == s.winner
        score = (
            RevealScore(
                points=part.points,
                deadwood=part.deadwood,
                minus=part.minus,
                bonus=part.bonus,
                bonus_kind=part.bonus_kind,
                penalty=penalty,
            )
            if shown
            else None
        )
        hands.append(
            RevealHand(
                name=state.names[seat],
                melds=seat_result.melds,
                deadwood=seat_result.deadwood,
                deadwood_points=seat_result.deadwood_points,
                laid_off=tuple(lo.card for lo in seat_result.layoffs),
                score=score,
            )
        )
    return RevealPicture(
        hands=tuple(hands),
        result=title,
        kind=s.kind,
        knocker=s.knocker,
        winner=s.winner,
        knock_card=shown_knock_card(result),
        locale=locale,
    )
