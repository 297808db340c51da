"""Expert's draw choice at two seats: take the top discard or draw, judged on playouts.

For each guess of the opponent's hand, one stock order is drawn from the cards the seat
cannot see, and the next few turns are played out twice with the same stock: once taking
the top discard, once drawing. Both sides play simply (take the top discard if it melds,
else draw; throw the card whose loss leaves least deadwood), and the opponent takes what
this seat throws when it melds: so the playouts also count the cost of feeding it. A
playout ends at the first gin or after `turns` turns a side, valued in the rule set's
points: a gin scores its bonus and the other hand's deadwood, otherwise the difference in
deadwood (the opponent's minus this seat's). Pure functions on card masks.
"""

from __future__ import annotations

import random

from bot.engine.players._cardbits import bits_of, mask_deadwood
from bot.engine.players._cardbits import improve as _improve
from bot.engine.players._infer import melds_with
from bot.engine.rules import RuleSet

__all__ = ["improve", "race_values"]


def improve(m: int, card: int, keep: int = 0) -> tuple[int, int]:
    """Add `card` to the hand `m` and throw the card (not `keep`) that leaves the least
    deadwood, the highest on ties. Returns the new hand and the card thrown."""
    hand, drop, _ = _improve(m, card, keep)
    return hand, drop


def _race(
    rules: RuleSet, me: int, top: int, opp: int, stock: list[int], pos: int, turns: int
) -> float:
    """Play on from the opponent's turn (`top` the card it may take, `stock[pos:]` the
    stock) for at most `turns` turns a side; own points minus the opponent's."""
    n = len(stock)
    md = mask_deadwood(me)
    od = mask_deadwood(opp)
    if md == 0:
        return float(rules.gin_bonus + od)
    for _ in range(turns):
        if melds_with(opp, top):
            card = top
        elif pos < n:
            card = stock[pos]
            pos += 1
        else:
            break
        opp, top = improve(opp, card)
        od = mask_deadwood(opp)
        if od == 0:
            return -float(rules.gin_bonus + md)
        if melds_with(me, top):
            card = top
        elif pos < n:
            card = stock[pos]
            pos += 1
        else:
            break
        me, top = improve(me, card)
        md = mask_deadwood(me)
        if md == 0:
            return float(rules.gin_bonus + od)
    return float(od - md)


def race_values(
    rules: RuleSet,
    hand: int,
    top: int,
    guesses: list[int],
    unseen: int,
    rng: random.Random,
    turns: int,
) -> tuple[float, float]:
    """Mean playout values (own points minus the opponent's) of taking the top discard
    `top` into the 10-card `hand` and of drawing from the stock instead, over one stock
    order per guess of the opponent's hand (the same order for both choices)."""
    taken, thrown = improve(hand, top, keep=top)
    take = draw = 0.0
    for h in guesses:
        pool = bits_of(unseen & ~h)
        stock = rng.sample(pool, min(len(pool), 2 * turns + 1))
        if not stock:
            continue
        take += _race(rules, taken, thrown, h, stock, 0, turns)
        drawn, thrown2 = improve(hand, stock[0])
        draw += _race(rules, drawn, thrown2, h, stock, 1, turns)
    n = len(guesses) or 1
    return take / n, draw / n
