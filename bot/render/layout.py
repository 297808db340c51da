"""Laying out cards in labelled groups (melds, deadwood), and the hand picture."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.cards import Card
from bot.i18n import DEFAULT, Language
from bot.render import theme as t
from bot.render.compose import RING, Picture
from bot.render.fonts import fit, text_width
from bot.render.models import (
    HandPicture,
    RenderOptions,
    RevealPicture,
)
from bot.text.pictures import (
    corner_index,
    deadwood_label,
    knock_card_label,
    laid_off_label,
    meld_label,
)

HAND_SIZE = (960, 248)
MARGIN = 24
_GAPS = (28, 14)  # between groups: roomy, then tight
_MAX_STEP = 66  # overlap step inside a group when there is room
_MIN_STEP = 46  # the corner index ("10") ends at x = 43; any less and the next card cuts it
_RAISE = 14  # how far the highlighted card sits above the others
LABEL = 28  # group label font size
HAND_Y = _RAISE + RING + 8  # top of the cards in the hand picture


@dataclass(frozen=True, slots=True)
class Group:
    cards: tuple[Card, ...]
    label: str
    dim: bool = False


@dataclass(frozen=True, slots=True)
class Placed:
    card: Card
    x: int
    y: int
    dim: bool
    shown: int  # how much of the card's width the next card leaves visible
    before_raised: bool = False  # the next card in its group is raised


def _arrange(
    groups: Sequence[Group], step: int, gap: int, x: int, y: int, raised: Card | None
) -> tuple[list[Placed], list[tuple[int, Group]], int]:
    """Lay the groups out from `x`: cards, label positions, and the right edge of it all.

    A label sits left-aligned under its cards. One wider than its cards (`Deadwood 26` under a
    single card) is right-aligned to them instead and hangs left under the previous group,
    whose own label (Run, Set) is short, never closer than 12 px to it. A group without cards
    (the `Deadwood 0` of a hand with none) is just its label, hung the same way.
    """
    placed: list[Placed] = []
    labels: list[tuple[int, Group]] = []
    label_end = cards_end = right = x - gap
    for n, group in enumerate(groups):
        label_w = text_width(group.label, LABEL)
        if not group.cards:
            label_x = max(cards_end - label_w, label_end + 12, x if n == 0 else 0)
        else:
            left = right + gap if n else x
            for i, card in enumerate(group.cards):
                last = i == len(group.cards) - 1
                placed.append(
                    Placed(
                        card,
                        left + i * step,
                        y - _RAISE if card == raised else y,
                        group.dim,
                        t.CARD_W if last else step,
                        not last and group.cards[i + 1] == raised,
                    )
                )
            cards_end = left + t.CARD_W + step * (len(group.cards) - 1)
            want = left if label_w <= cards_end - left or n == 0 else cards_end - label_w
            label_x = max(want, label_end + 12) if n else want
        labels.append((label_x, group))
        label_end = label_x + label_w
        right = max(cards_end, label_end)
    return placed, labels, right


def _spacing(groups: Sequence[Group], width: int) -> tuple[int, int]:
    """The roomiest (step, gap) that fits the groups in `width`: the overlap tightens first,
    then the gaps between groups; never below `_MIN_STEP` (a wider canvas takes the rest)."""
    for gap in _GAPS:
        if _arrange(groups, _MIN_STEP, gap, 0, 0, None)[2] > width:
            continue
        # The row only widens as the step grows: the roomiest if it fits (a Gin hand's usual
        # case), else the largest step that fits, found by halving.
        if _arrange(groups, _MAX_STEP, gap, 0, 0, None)[2] <= width:
            return _MAX_STEP, gap
        lo, hi = _MIN_STEP, _MAX_STEP - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if _arrange(groups, mid, gap, 0, 0, None)[2] <= width:
                lo = mid
            else:
                hi = mid - 1
        return lo, gap
    return _MIN_STEP, _GAPS[-1]


def needed_width(groups: Sequence[Group]) -> int:
    """The canvas width a row of `groups` needs at its tightest."""
    return _arrange(groups, _MIN_STEP, _GAPS[-1], 0, 0, None)[2] + 2 * MARGIN


def place(
    groups: Sequence[Group], width: int, y: int, raised: Card | None
) -> tuple[list[Placed], list[tuple[int, Group]]]:
    """Lay the groups out centred in `width`, cards' tops at `y` (`raised` a little higher)."""
    inner = width - 2 * MARGIN
    step, gap = _spacing(groups, inner)
    used = _arrange(groups, step, gap, 0, 0, None)[2]
    placed, labels, _ = _arrange(groups, step, gap, MARGIN + max(0, (inner - used) // 2), y, raised)
    return placed, labels


def draw_groups(
    canvas: Picture,
    groups: Sequence[Group],
    y: int,
    options: RenderOptions,
    marks: dict[Card, t.RGB],
    raised: Card | None,
    locale: Language = DEFAULT,
) -> None:
    """Draw the groups in a centred row with cards at `y`, labels underneath.

    `marks` outlines cards in a colour; `raised` lifts one card so it stands out of its group.
    """
    colours = t.theme(options)
    placed, labels = place(groups, canvas.size[0], y, raised)
    for p in placed:
        if p.card in marks:
            # Cut the outline where the next card starts, so it cannot seem to enclose that one
            # too; a raised card shows its whole top edge, so it keeps the whole outline.
            width = t.CARD_W if p.card == raised else p.shown
            canvas.ring(marks[p.card], p.x, p.y, width)
        # A marked card keeps full colour even among deadwood, so it stays easy to spot.
        dim = p.dim and p.card not in marks
        index = corner_index(p.card.rank, locale)
        canvas.sprite(("face", p.card, dim, not p.before_raised, index), p.x, p.y)
    for x, group in labels:
        canvas.text(
            (x, y + t.CARD_H + 10 + LABEL * 3 // 4),
            group.label,
            LABEL,
            colours.muted if group.dim else colours.text,
        )


def hand_groups(
    melds: Sequence[Sequence[Card]],
    deadwood: Sequence[Card],
    deadwood_points: int,
    count_if_none: bool = True,
    locale: Language = DEFAULT,
) -> list[Group]:
    groups = [Group(tuple(meld), meld_label(meld, locale)) for meld in melds]
    if deadwood:
        groups.append(Group(tuple(deadwood), deadwood_label(deadwood_points, locale), dim=True))
    elif count_if_none:
        # No deadwood cards: the count still shows, as its own label after the melds.
        groups.append(Group((), deadwood_label(deadwood_points, locale)))
    return groups


def reveal_groups(pic: RevealPicture, seat: int) -> list[Group]:
    """A reveal row: melds, the cards this player laid off (labelled with whose melds they
    went on), deadwood and, in the knocker's row, the knock card."""
    hand = pic.hands[seat]
    groups = [Group(tuple(meld), meld_label(meld, pic.locale)) for meld in hand.melds]
    if hand.laid_off:
        knocker = None
        if pic.knocker is not None and 0 <= pic.knocker < len(pic.hands):
            knocker = fit(pic.hands[pic.knocker].name, LABEL, 220)
        groups.append(Group(hand.laid_off, laid_off_label(pic, knocker)))
    # A hand without deadwood shows no `Deadwood 0`: its role (gin) or its melds say so.
    groups += hand_groups(
        (), hand.deadwood, hand.deadwood_points, count_if_none=False, locale=pic.locale
    )
    if seat == pic.knocker and pic.knock_card is not None:
        groups.append(Group((pic.knock_card,), knock_card_label(pic.locale)))
    return groups


def hand_png(pic: HandPicture, options: RenderOptions) -> bytes:
    groups = hand_groups(pic.melds, pic.deadwood, pic.deadwood_points, locale=pic.locale)
    size = (max(HAND_SIZE[0], needed_width(groups)), HAND_SIZE[1])
    canvas = Picture(size, options)
    marks = {pic.highlight: t.HIGHLIGHT} if pic.highlight is not None else {}
    draw_groups(canvas, groups, HAND_Y, options, marks, pic.highlight, pic.locale)
    return canvas.png()


def hand_positions(pic: HandPicture) -> dict[Card, tuple[int, int]]:
    """Where `render_hand` puts each card: the top-left corner of its face, in pixels."""
    groups = hand_groups(pic.melds, pic.deadwood, pic.deadwood_points, locale=pic.locale)
    width = max(HAND_SIZE[0], needed_width(groups))
    placed, _ = place(groups, width, HAND_Y, pic.highlight)
    return {p.card: (p.x, p.y) for p in placed}
