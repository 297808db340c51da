"""How good is a knock rule? Settle hard-against-hard knock decisions both ways.

    .venv/bin/python bench/knock_study.py --deals 700 --workers 2

Plays seeded rounds of `hard` against `hard`. At every decision where a knock is allowed
(gin aside) it records the knock-now value (settled exactly against the opponent's real
hand) and the waiting value (the round played to its end by copies of both players after
discarding the knock card face up), with the estimates of hard and of expert's look-ahead.
It then prints, for hard's own choice and for "knock when knock-now beats the best waiting
plan by m" (expert's rule) per opponent model and margin, the points per decision against
hard's choice with a 95% interval. The figures in docs/computer.md come from this script.
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.engine.actions import BIG_GIN, DISCARD, GIN, KNOCK, Action  # noqa: E402
from bot.engine.players import play_round  # noqa: E402
from bot.engine.players._cardbits import BIT, cards_in, mask_deadwood  # noqa: E402
from bot.engine.players.expert import ExpertParams, ExpertPlayer  # noqa: E402
from bot.engine.players.hard import HardPlayer  # noqa: E402
from bot.engine.round import Round  # noqa: E402
from bot.engine.rules import RuleSet  # noqa: E402
from bot.engine.scoring import settle_knock  # noqa: E402

MODELS = (0, 3)
MARGINS = (0.0, 3.0, 6.0, 10.0)

Row = dict[str, float]


def _study(view_rnd: Round, players: list[HardPlayer], seat: int) -> Row:
    """Both values of one knock decision of `seat` (the round is not changed)."""
    view = view_rnd.view(seat)
    probe = copy.deepcopy(players[seat])
    pic = probe._read(view)
    mask = pic.know.hand
    cards = [a.card for a in view.legal if a.kind == KNOCK and a.card is not None]
    card = min(cards, key=lambda c: (mask_deadwood(mask ^ BIT[c]), -c.points, c))
    kept = mask ^ BIT[card]
    now, laid = probe._knock_value(view, kept, pic.guesses)
    row: Row = {"now": now}
    for model in MODELS:
        expert = ExpertPlayer(0, expert=ExpertParams(opp_knock=model))
        expert._rng = copy.deepcopy(probe._rng)
        row[f"plan{model}"] = expert._plans(view, kept, BIT[card], pic, laid)
    rules = view.rules
    sign = 1 if rules.scoring == "points" else -1
    opp = 1 - seat
    settled = settle_knock([cards_in(kept), list(view_rnd.hand(opp))], 0, rules)
    row["true_now"] = sign * (settled.points[0] - settled.points[1])
    later = view_rnd.copy()
    later.apply(Action(DISCARD, card), seat)
    result = play_round(later, [copy.deepcopy(p) for p in players])
    row["true_wait"] = sign * (result.points[seat] - result.points[opp])
    return row


def study_deal(job: tuple[RuleSet, int]) -> list[Row]:
    rules, deal = job
    players = [HardPlayer(100 + s) for s in range(2)]
    rnd = Round(rules, 2, 50_000 + deal, deal % 2)
    rows: list[Row] = []
    while rnd.to_move is not None:
        seat = rnd.to_move
        view = rnd.view(seat)
        kinds = {a.kind for a in view.legal}
        row = None
        if KNOCK in kinds and not kinds & {GIN, BIG_GIN}:
            row = _study(rnd, players, seat)
        action = players[seat].choose(view, view.legal)
        if row is not None:
            row["hard_knocks"] = float(action.kind == KNOCK)
            rows.append(row)
        rnd.apply(action, seat)
    return rows


def _gain(rows: list[Row], knocks: list[bool]) -> tuple[float, float]:
    diffs = [
        (r["true_now"] if k else r["true_wait"])
        - (r["true_now"] if r["hard_knocks"] else r["true_wait"])
        for r, k in zip(rows, knocks, strict=True)
    ]
    n = len(diffs)
    m = sum(diffs) / n
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / max(1, n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="cardgames")
    parser.add_argument("--deals", type=int, default=700)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rules = RuleSet.preset(args.rules)
    jobs = [(rules, d) for d in range(args.deals)]
    rows: list[Row] = []
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.workers) as pool:
        for part in pool.imap_unordered(study_deal, jobs, chunksize=4):
            rows += part
    n = len(rows)
    if not n:
        print("no knock decisions")
        return
    print(
        f"{n} knock decisions in {args.deals} deals ({rules.name}); hard knocked at "
        f"{sum(int(r['hard_knocks']) for r in rows)}"
    )
    never, ci = _gain(rows, [False] * n)
    always, ci2 = _gain(rows, [True] * n)
    print(f"never knock: {never:+.2f} +/- {ci:.2f}; always knock: {always:+.2f} +/- {ci2:.2f}")
    for model in MODELS:
        cells = []
        for margin in MARGINS:
            g, c = _gain(rows, [r["now"] >= r[f"plan{model}"] + margin for r in rows])
            cells.append(f"margin {margin:g}: {g:+.2f} +/- {c:.2f}")
        print(f"opponent knocks at <= {model}: " + "; ".join(cells))


if __name__ == "__main__":
    main()
