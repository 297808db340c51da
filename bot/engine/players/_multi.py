"""Expert's knock look-ahead at tables of three or four (penalty scoring).

Each opponent's hidden cards are guessed from the per-card model of `_knowledge.py`
(weighted draws without replacement, one opponent after another in turn order); the
cards left over make a stock. On each such deal the rest of the round is played out:
every opponent takes the top discard when it melds, else draws, throws its worst card
and knocks as soon as it may (as most players at a multi-seat table do); this seat
follows a plan "knock once my deadwood is at most x". Only the seat's view and its own
random numbers are used, so twin deals get the same decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine.players._cardbits import bits_of, cards_in, mask_deadwood, meld_capable
from bot.engine.players._infer import melds_with
from bot.engine.players._knowledge import Knowledge
from bot.engine.rules import RuleSet
from bot.engine.scoring import settle_knock

__all__ = ["deal_guesses", "knock_now", "penalties", "playout"]


def deal_guesses(know: Knowledge, rng: random.Random, count: int) -> list[list[int]]:
    """`count` guesses of every opponent's hand (in the order of `know.opponents`): known
    cards plus hidden cards drawn by weight from the unseen ones, without replacement."""
    out: list[list[int]] = []
    unseen = bits_of(know.unseen)
    for _ in range(count):
        free = list(unseen)
        hands: list[int] = []
        for opp in know.opponents:
            need = min(opp.unknown_count, len(free))
            # Efraimidis-Spirakis: keep the `need` largest u ** (1 / weight).
            prob = opp.prob
            keyed = sorted(
                ((rng.random() ** (1.0 / max(1e-6, prob.get(b, 0.0))), b) for b in free),
                reverse=True,
            )
            h = opp.known
            for _key, b in keyed[:need]:
                h |= b
            free = [b for b in free if not b & h]
            hands.append(h)
        out.append(hands)
    return out


def penalties(rules: RuleSet, dws: Sequence[int], knocker: int) -> list[int]:
    """Penalty points of each seat (in `dws`' order) when `knocker` ends the round, from
    deadwood alone (lay-offs left out), by RULES.md's `classic` scoring."""
    n = len(dws)
    k = dws[knocker]
    order = [(knocker + i) % n for i in range(1, n)]
    out = [0] * n
    if k == 0:
        for s in order:
            out[s] = dws[s] + rules.gin_bonus
        return out
    under = [s for s in order if dws[s] <= k]
    if not under:
        for s in order:
            out[s] = dws[s] - k
        return out
    winner = min(under, key=lambda s: (dws[s], order.index(s)))
    for s in range(n):
        if s != winner:
            out[s] = dws[s] - dws[winner]
    out[knocker] += rules.undercut_bonus
    return out


def _value(pen: Sequence[int], me: int) -> float:
    """Own standing from penalties: the others' mean penalty minus this seat's."""
    others = [p for s, p in enumerate(pen) if s != me]
    return sum(others) / len(others) - pen[me]


def knock_now(rules: RuleSet, kept: int, deals: list[list[int]]) -> float:
    """Mean value of knocking with `kept` now against the guessed deals, settled exactly
    (lay-offs onto the knocker's original melds, undercut). Seat 0 is this seat."""
    me = cards_in(kept)
    total = 0.0
    for hands in deals:
        s = settle_knock([me, *(cards_in(h) for h in hands)], 0, rules)
        total += _value(s.points, 0)
    return total / len(deals)


def _improve(m: int, card: int) -> tuple[int, int]:
    """Add `card` and drop the card leaving the least deadwood (highest on ties)."""
    m2 = m | card
    best = 1 << 30
    drop = card
    for b in bits_of(m2):
        v = mask_deadwood(m2 ^ b)
        if v < best or (v == best and b > drop):
            best, drop = v, b
    return m2 ^ drop, drop


def playout(
    rules: RuleSet,
    kept: int,
    opps: list[int],
    thrown: int,
    stock: list[int],
    turns: int,
    xs: list[int],
) -> list[float]:
    """One playout of the waiting line (seat 0 has just thrown `thrown` face up, the
    opponents play in order): the value of each plan "knock once my deadwood is at most x"
    for x in `xs`. A plan still waiting after `turns` rounds of turns, or when the stock
    runs out, scores 0 (the round goes on: no information)."""
    n = len(opps) + 1
    hands = [kept, *opps]
    top = thrown
    pos = 0
    out = [0.0] * len(xs)
    open_ = list(range(len(xs)))
    for _ in range(turns):
        for s in range(1, n):
            h = hands[s]
            if melds_with(h, top):
                card = top
            elif pos < len(stock):
                card = stock[pos]
                pos += 1
            else:
                return out
            h, top = _improve(h, card)
            hands[s] = h
            if mask_deadwood(h) <= rules.knock_limit:
                dws = [mask_deadwood(x) for x in hands]
                v = _value(penalties(rules, dws, s), 0)
                for i in open_:
                    out[i] = v
                return out
        me = hands[0]
        if top & meld_capable(me):
            card = top
        elif pos < len(stock):
            card = stock[pos]
            pos += 1
        else:
            return out
        me, top = _improve(me, card)
        hands[0] = me
        md = mask_deadwood(me)
        still = []
        mine: float | None = None
        for i in open_:
            if md <= xs[i]:
                if mine is None:
                    mine = _value(penalties(rules, [mask_deadwood(x) for x in hands], 0), 0)
                out[i] = mine
            else:
                still.append(i)
        open_ = still
        if not open_:
            return out
    return out
