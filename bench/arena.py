"""Two computer players play N matches on the same seeded deals, seats swapped.

    .venv/bin/python bench/arena.py --a hard --b normal --rules cardgames --matches 2000

Each deal (a match seed) is played twice: A at seat 0 and B at seat 1, then the other way
round, so both players get the same cards and the luck of the deal cancels out. With
`--seats 3` (or 4, `classic`) each deal is played once with A at each seat and B at all the
others; a fair share of the matches is then 1/3 (1/4). Prints match
and round win rates with 95% confidence intervals (Wilson), points per round and time per
decision (p50, p99) per player. A player is a level name ("easy", "normal", "hard",
"expert") or, for experiments, `hard:field=value,...` with fields of `HardParams` or
`InferParams` (`expert:...` also takes those of `ExpertParams`).

`--paired BASE` plays single rounds instead, for changes too small to show in match counts:
each of `--deals` deals is played with A at either seat against B, and again with BASE in
A's place on the same deal with the same players' seeds. A round in which no decision
differs comes out the same, so the paired difference (A's points per round minus BASE's,
with a 95% interval) is far tighter than two separate runs:

    .venv/bin/python bench/arena.py --a expert:second_draw=1.0 --paired expert --b hard --rules playingcards --deals 500

`--panel` judges A against the panel of opponents (`bench/panel.py`: easy, normal, hard and
test-only styles no level is tuned on), with BASE (`--paired`, default hard) on the same
deals and seeds: per deal and seat `--rounds` rounds in a row with the same players, so a
player that reads its opponent over a match may, and per rule set of `--rules` (a list)
the points per round of A and BASE against each opponent, A minus BASE (paired, 95%
interval) and the mean over the panel:

    nice -n 19 .venv/bin/python bench/arena.py --panel --a expert --paired hard --rules cardgames,playingcards,classic --deals 125 --workers 1

`--by-round` adds, per opponent, A minus BASE in the 1st, 2nd, ... round of the sessions
(what a player that reads its opponent knew differs from round to round).

`--first-deal K` starts the panel's deals at K, so a run cut short can be continued on the
deals it did not reach (the same seed gives the same deals and players' seeds).

Decision times are measured around `choose()` alone (the engine's own work is not counted),
in worker processes that each run one match at a time, as wall-clock time and as the CPU time
of the worker's thread. With `--workers` no higher than the number of cores and nothing else
running, the two agree; on a busy machine the wall-clock figures include waiting for a core,
while the CPU figures still show the work of one decision.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import sys
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from panel import PANEL, make_style  # noqa: E402

from bot.engine.match import Match  # noqa: E402
from bot.engine.players import Player, play_round, round_ended  # noqa: E402
from bot.engine.players._infer import InferParams  # noqa: E402
from bot.engine.players.expert import ExpertParams, ExpertPlayer  # noqa: E402
from bot.engine.players.hard import HardParams, HardPlayer  # noqa: E402
from bot.engine.players.levels import make_player  # noqa: E402
from bot.engine.round import Round, derive_seed  # noqa: E402
from bot.engine.rules import RuleSet  # noqa: E402


def build_player(spec: str, seed: int) -> Player:
    """A player from a spec: a level name, or `hard:field=value,...` (fields of HardParams
    and InferParams), or `expert:field=value,...` (those and ExpertParams)."""
    level, _, extra = spec.partition(":")
    if not extra:
        style = make_style(level, seed)
        return style if style is not None else make_player(level, seed)
    if level not in ("hard", "expert"):
        raise ValueError("only hard and expert take parameters")
    groups: list[dict[str, Any]] = [{}, {}, {}]
    classes: tuple[type, ...] = (HardParams, InferParams, ExpertParams)
    kinds = [{f.name: f.type for f in fields(cls)} for cls in classes]
    for item in extra.split(","):
        key, _, raw = item.partition("=")
        for values, known in zip(groups, kinds, strict=True):
            if key in known:
                values[key] = float(raw) if "float" in str(known[key]) else int(raw)
                break
        else:
            raise ValueError(f"no parameter {key!r} in HardParams, InferParams, ExpertParams")
    hard, infer = HardParams(**groups[0]), InferParams(**groups[1])
    if level == "expert":
        # InferParams fields replace expert's own weights (which follow the rule set).
        given = infer if groups[1] else None
        return ExpertPlayer(seed, hard, given, ExpertParams(**groups[2]))
    if groups[2]:
        raise ValueError("ExpertParams fields are for expert only")
    return HardPlayer(seed, hard, infer)


@dataclass
class MatchRecord:
    """One match from A's side."""

    a_won: bool
    a_score: int
    #: B's score, the mean over B's seats when there are several.
    b_score: float
    #: Per round (re-deals left out): (A's points, B's points (mean per B seat), winner
    #: "A"/"B"/"").
    rounds: list[tuple[int, float, str]] = field(default_factory=list)
    #: Per decision: wall-clock seconds and the process's CPU seconds spent in `choose()`.
    a_times: list[float] = field(default_factory=list)
    b_times: list[float] = field(default_factory=list)
    a_cpu: list[float] = field(default_factory=list)
    b_cpu: list[float] = field(default_factory=list)
    #: Share of B's seats that won the match (one B seat: 0 or 1).
    b_won: float = 0.0


def play_match(
    rules: RuleSet, a_spec: str, b_spec: str, seed: int, deal: int, a_seat: int, seats: int = 2
) -> MatchRecord:
    """Play one match of the deal `deal`, A sitting at `a_seat` and B at every other seat;
    return it from A's side (B's figures are the mean over its seats)."""
    match_seed = derive_seed(seed, "arena", deal)
    players: list[Player] = [
        build_player(
            a_spec if s == a_seat else b_spec,
            derive_seed(seed, "player", deal, s, "AB"[s != a_seat]),
        )
        for s in range(seats)
    ]
    times: list[list[float]] = [[] for _ in range(seats)]
    cpu: list[list[float]] = [[] for _ in range(seats)]
    match = Match(rules, seats, match_seed)
    clock = time.perf_counter
    cpu_clock = time.thread_time
    while True:
        rnd = match.round
        while True:
            seat = rnd.to_move
            if seat is None:
                break
            view = rnd.view(seat)
            legal = view.legal
            c0 = cpu_clock()
            t0 = clock()
            action = players[seat].choose(view, legal)
            t1 = clock()
            cpu[seat].append(cpu_clock() - c0)
            times[seat].append(t1 - t0)
            rnd.apply(action, seat)
        round_ended(rnd, players)
        if match.over:
            break
        match.next_round()
    scores = match.scores
    others = [s for s in range(seats) if s != a_seat]
    record = MatchRecord(
        a_won=match.winner == a_seat,
        a_score=scores[a_seat],
        b_score=sum(scores[s] for s in others) / len(others),
        a_times=times[a_seat],
        b_times=[t for s in others for t in times[s]],
        a_cpu=cpu[a_seat],
        b_cpu=[t for s in others for t in cpu[s]],
        b_won=sum(match.winner == s for s in others) / len(others),
    )
    for res in match.results:
        if res.kind == "redeal":
            continue
        who = "" if res.winner is None else ("A" if res.winner == a_seat else "B")
        b_points = sum(res.points[s] for s in others) / len(others)
        record.rounds.append((res.points[a_seat], b_points, who))
    return record


def _play_deal(job: tuple[RuleSet, str, str, int, int, int]) -> list[MatchRecord]:
    rules, a_spec, b_spec, seed, deal, seats = job
    return [play_match(rules, a_spec, b_spec, seed, deal, a_seat, seats) for a_seat in range(seats)]


def play_paired(
    rules: RuleSet, a_spec: str, base_spec: str, b_spec: str, seed: int, deal: int
) -> list[tuple[int, int]]:
    """One two-seat round of the deal `deal` per seat of A, played against B by A and again
    by BASE on the same deal with the same seeds. Returns, per seat, (A's points minus B's,
    BASE's points minus B's); under penalty scoring the sign is turned so that more is
    better there too."""
    sign = 1 if rules.scoring == "points" else -1
    out = []
    for a_seat in range(2):
        nets = []
        for spec in (a_spec, base_spec):
            players = [
                build_player(
                    spec if s == a_seat else b_spec,
                    derive_seed(seed, "player", deal, s, "AB"[s != a_seat]),
                )
                for s in range(2)
            ]
            rnd = Round(rules, 2, derive_seed(seed, "paired", deal), dealer=deal % 2)
            res = play_round(rnd, players)
            nets.append(sign * (res.points[a_seat] - res.points[1 - a_seat]))
        out.append((nets[0], nets[1]))
    return out


def _play_paired(job: tuple[RuleSet, str, str, str, int, int]) -> list[tuple[int, int]]:
    return play_paired(*job)


def run_paired(
    a: str, base: str, b: str, rules: RuleSet, deals: int, seed: int, workers: int
) -> list[tuple[int, int]]:
    """`play_paired` over `deals` deals: (A's net, BASE's net) per round."""
    jobs = [(rules, a, base, b, seed, d) for d in range(deals)]
    if workers <= 1:
        return [pair for job in jobs for pair in _play_paired(job)]
    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with ctx.Pool(workers) as pool:
        return [pair for pairs in pool.imap(_play_paired, jobs, chunksize=4) for pair in pairs]


def report_paired(a: str, base: str, b: str, rules: RuleSet, pairs: list[tuple[int, int]]) -> str:
    a_net, a_ci = mean_ci([float(x) for x, _ in pairs])
    base_net, base_ci = mean_ci([float(y) for _, y in pairs])
    diff, diff_ci = mean_ci([float(x - y) for x, y in pairs])
    same = sum(1 for x, y in pairs if x == y)
    return "\n".join(
        [
            f"paired rounds: A={a} and BASE={base}, each against B={b}, rules {rules.name}, "
            f"{len(pairs)} rounds ({len(pairs) // 2} deals, each seat)",
            f"points per round against B: A {a_net:+.3f} (+/- {a_ci:.2f}), "
            f"BASE {base_net:+.3f} (+/- {base_ci:.2f})",
            f"A minus BASE: {diff:+.3f} per round (+/- {diff_ci:.3f}, paired); "
            f"{same} of {len(pairs)} rounds gave both the same points",
        ]
    )


def play_session(
    rules: RuleSet, a_spec: str, base_spec: str, b_spec: str, seed: int, deal: int, rounds: int
) -> tuple[list[tuple[int, int]], list[tuple[float, float]]]:
    """`--panel`: per seat of A, `rounds` two-seat rounds in a row against B with the same
    players (so a player that learns its opponent may), played by A and again by BASE on
    the same deals and seeds. Returns (A's net, BASE's net) per round (better is more,
    as in `play_paired`) and A's decision times in seconds (wall clock, thread CPU)."""
    sign = 1 if rules.scoring == "points" else -1
    out: list[tuple[int, int]] = []
    times: list[tuple[float, float]] = []
    clock = time.perf_counter
    cpu_clock = time.thread_time
    for a_seat in range(2):
        nets: list[list[int]] = []
        for spec in (a_spec, base_spec):
            players = [
                build_player(
                    spec if s == a_seat else b_spec,
                    derive_seed(seed, "player", deal, s, "AB"[s != a_seat]),
                )
                for s in range(2)
            ]
            row = []
            for k in range(rounds):
                rnd = Round(rules, 2, derive_seed(seed, "panel", deal, k), dealer=(deal + k) % 2)
                while (seat := rnd.to_move) is not None:
                    view = rnd.view(seat)
                    c0 = cpu_clock()
                    t0 = clock()
                    action = players[seat].choose(view, view.legal)
                    if seat == a_seat and spec is a_spec:
                        times.append((clock() - t0, cpu_clock() - c0))
                    rnd.apply(action, seat)
                round_ended(rnd, players)
                res = rnd.result
                assert res is not None
                row.append(sign * (res.points[a_seat] - res.points[1 - a_seat]))
            nets.append(row)
        out += list(zip(nets[0], nets[1], strict=True))
    return out, times


def _play_session(
    job: tuple[RuleSet, str, str, str, int, int, int],
) -> tuple[str, str, list[tuple[int, int]], list[tuple[float, float]]]:
    rules, a, base, b, seed, deal, rounds = job
    pairs, times = play_session(rules, a, base, b, seed, deal, rounds)
    return rules.name, b, pairs, times


def run_panel(
    a: str,
    base: str,
    opponents: list[str],
    presets: list[RuleSet],
    deals: int,
    rounds: int,
    seed: int,
    workers: int,
    progress: bool = False,
    first: int = 0,
) -> tuple[dict[tuple[str, str], list[tuple[int, int]]], list[tuple[float, float]]]:
    """`play_session` for each rule set, opponent and deal: the pairs per (rule set name,
    opponent) and A's decision times. With `progress`, the report so far is printed every
    10 deals (a long run that is cut short keeps what it finished)."""
    # Deal by deal through the opponents, so a run cut short has as many rounds of each.
    jobs = [
        (r, a, base, b, seed, d, rounds)
        for r in presets
        for d in range(first, first + deals)
        for b in opponents
    ]
    pairs: dict[tuple[str, str], list[tuple[int, int]]] = {}
    times: list[tuple[float, float]] = []
    if workers <= 1:
        results = map(_play_session, jobs)
    else:
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        pool = ctx.Pool(workers)
        results = pool.imap(_play_session, jobs, chunksize=2)
    every = 10 * len(opponents)
    for i, (name, b, got, t) in enumerate(results):
        pairs.setdefault((name, b), []).extend(got)
        times += t
        if progress and (i + 1) % every == 0:
            deals_done = (i % (deals * len(opponents)) + 1) // len(opponents)
            print(f"--- {name}, after {deals_done} deals", flush=True)
            print(report_panel(a, base, pairs, times, rounds), flush=True)
    if workers > 1:
        pool.close()
    return pairs, times


def report_panel(
    a: str,
    base: str,
    pairs: dict[tuple[str, str], list[tuple[int, int]]],
    times: list[tuple[float, float]],
    rounds: int,
    by_round: bool = False,
) -> str:
    """Points per round of A and BASE against each panel opponent, A minus BASE (paired,
    95% interval), and the mean over the panel per rule set. With `by_round`, also A minus
    BASE in the session's 1st, 2nd, ... round (what a reading player knew differs)."""
    lines = [
        f"panel: A={a}, BASE={base}; {rounds} rounds in a row per deal and seat, "
        f"same deals and seeds for both; points per round (A's or BASE's minus the opponent's)",
        f"machine: {os.cpu_count()} cores, Python {platform.python_version()}",
    ]
    for name in dict.fromkeys(n for n, _ in pairs):
        lines.append(
            f"{name}: {'opponent':<14} {'rounds':>6} {'A':>7} {'BASE':>7} {'A-BASE':>7} (95% CI)"
        )
        a_means, base_means, diffs, cis = [], [], [], []
        for (n, b), got in pairs.items():
            if n != name:
                continue
            am, _ = mean_ci([float(x) for x, _ in got])
            bm, _ = mean_ci([float(y) for _, y in got])
            d, ci = mean_ci([float(x - y) for x, y in got])
            a_means.append(am)
            base_means.append(bm)
            diffs.append(d)
            cis.append(ci)
            lines.append(f"{'':{len(name) + 2}}{_panel_line(b, got)}")
            if by_round:
                lines.append(f"{'':{len(name) + 4}}{_by_round_line(got, rounds)}")
        k = len(diffs)
        mean_d = sum(diffs) / k
        # The opponents' rounds are independent: the mean's half-width combines theirs.
        half = math.sqrt(sum(c * c for c in cis)) / k
        lines.append(
            f"{'':{len(name) + 2}}{'panel mean':<14} {'':>6} {sum(a_means) / k:>+7.2f} "
            f"{sum(base_means) / k:>+7.2f} {mean_d:>+7.2f} ({mean_d - half:+.2f} to {mean_d + half:+.2f})"
        )
    wall = sorted(w for w, _ in times)
    cpu = sorted(c for _, c in times)
    lines.append(
        f"decision time A ({a}), {len(wall)} decisions: "
        f"wall p50 {percentile(wall, 0.5) * 1e3:.2f} ms, p99 {percentile(wall, 0.99) * 1e3:.2f} ms, "
        f"max {wall[-1] * 1e3 if wall else 0:.1f} ms; "
        f"cpu p50 {percentile(cpu, 0.5) * 1e3:.2f} ms, p99 {percentile(cpu, 0.99) * 1e3:.2f} ms, "
        f"max {cpu[-1] * 1e3 if cpu else 0:.1f} ms"
    )
    return "\n".join(lines)


def _panel_line(b: str, got: list[tuple[int, int]]) -> str:
    """One opponent's rounds, A's and BASE's points per round, and A minus BASE (95%)."""
    am, _ = mean_ci([float(x) for x, _ in got])
    bm, _ = mean_ci([float(y) for _, y in got])
    d, ci = mean_ci([float(x - y) for x, y in got])
    return (
        f"{b:<14} {len(got):>6} {am:>+7.2f} {bm:>+7.2f} {d:>+7.2f} ({d - ci:+.2f} to {d + ci:+.2f})"
    )


def _by_round_line(got: list[tuple[int, int]], rounds: int) -> str:
    """A minus BASE (95%) per round of the sessions (`got` holds each session's rounds in
    order, `rounds` at a time)."""
    parts = []
    for k in range(rounds):
        d, ci = mean_ci([float(x - y) for x, y in got[k::rounds]])
        parts.append(f"{k + 1}: {d:+.2f} ± {ci:.2f}")
    return "by round: " + ", ".join(parts)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0), 0.0
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def run(
    a: str,
    b: str,
    rules: RuleSet,
    matches: int,
    seed: int,
    workers: int,
    progress: bool = False,
    seats: int = 2,
) -> list[MatchRecord]:
    """Play `matches` matches (rounded up to a multiple of `seats`: each deal once with A
    at each seat)."""
    deals = (matches + seats - 1) // seats
    jobs = [(rules, a, b, seed, d, seats) for d in range(deals)]
    records: list[MatchRecord] = []
    if workers <= 1:
        for i, job in enumerate(jobs):
            records += _play_deal(job)
            if progress and (i + 1) % 50 == 0:
                won = sum(r.a_won for r in records)
                print(f"  {len(records)} matches, A won {won / len(records):.1%}", flush=True)
        return records
    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with ctx.Pool(workers) as pool:
        for i, pair in enumerate(pool.imap_unordered(_play_deal, jobs, chunksize=4)):
            records += pair
            if progress and (i + 1) % 100 == 0:
                won = sum(r.a_won for r in records)
                print(f"  {len(records)} matches, A won {won / len(records):.1%}", flush=True)
    return records


def report(
    a: str, b: str, rules: RuleSet, records: list[MatchRecord], elapsed: float, seats: int = 2
) -> str:
    n = len(records)
    won = sum(r.a_won for r in records)
    lo, hi = wilson(won, n)
    rounds = [rd for r in records for rd in r.rounds]
    decided = [rd for rd in rounds if rd[2]]
    a_rounds = sum(1 for rd in decided if rd[2] == "A")
    rlo, rhi = wilson(a_rounds, len(decided))
    net, net_ci = mean_ci([float(rd[0] - rd[1]) for rd in rounds])
    a_ppr = sum(rd[0] for rd in rounds) / max(1, len(rounds))
    b_ppr = sum(rd[1] for rd in rounds) / max(1, len(rounds))
    lines = [
        f"arena: A={a} vs B={b}, rules {rules.name}, target {rules.target}, "
        f"{n} matches ({n // seats} deals, A at each of {seats} seats), {elapsed:.0f} s",
        f"machine: {os.cpu_count()} cores, Python {platform.python_version()}",
        f"matches: A wins {won / n:.1%} (95% CI {lo:.1%} to {hi:.1%})",
        f"rounds:  {len(rounds)} played ({len(rounds) / n:.1f} per match), "
        f"{len(rounds) - len(decided)} draws; A wins {a_rounds / max(1, len(decided)):.1%} "
        f"of decided rounds (95% CI {rlo:.1%} to {rhi:.1%})",
        f"{'penalty points (lower is better)' if rules.scoring == 'penalty' else 'points'} "
        f"per round: A {a_ppr:.2f}, B {b_ppr:.2f}, A-B {net:+.2f} (+/- {net_ci:.2f})",
        *(
            [
                f"matches per seat: A {won / n:.1%}, each B seat "
                f"{sum(r.b_won for r in records) / n:.1%} (a fair share is {1 / seats:.1%})"
            ]
            if seats > 2
            else []
        ),
        f"match score: A {sum(r.a_score for r in records) / n:.1f}, "
        f"B {sum(r.b_score for r in records) / n:.1f} (mean grand totals)",
    ]
    for label, spec, wall, cpu in (
        ("A", a, [t for r in records for t in r.a_times], [t for r in records for t in r.a_cpu]),
        ("B", b, [t for r in records for t in r.b_times], [t for r in records for t in r.b_cpu]),
    ):
        wall.sort()
        cpu.sort()
        lines.append(
            f"decision time {label} ({spec}), {len(wall)} decisions: "
            f"wall p50 {percentile(wall, 0.5) * 1e3:.2f} ms, p99 {percentile(wall, 0.99) * 1e3:.2f} ms, "
            f"max {wall[-1] * 1e3 if wall else 0:.1f} ms; "
            f"cpu p50 {percentile(cpu, 0.5) * 1e3:.2f} ms, p99 {percentile(cpu, 0.99) * 1e3:.2f} ms, "
            f"max {cpu[-1] * 1e3 if cpu else 0:.1f} ms"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="hard", help="player A (level or hard:field=value,...)")
    parser.add_argument("--b", default="normal", help="player B")
    parser.add_argument("--rules", default="cardgames", help="rule preset")
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--target", type=int, default=None, help="match target (default: preset)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument(
        "--seats", type=int, default=2, help="players per table: A at one seat, B at the others"
    )
    parser.add_argument(
        "--paired", default=None, help="BASE: paired single rounds of A and BASE against B"
    )
    parser.add_argument("--deals", type=int, default=500, help="deals for --paired, --panel")
    parser.add_argument(
        "--panel",
        action="store_true",
        help="A and BASE (--paired) against each panel opponent; --rules may be a list",
    )
    parser.add_argument(
        "--opponents", default=",".join(PANEL), help="--panel: the opponents (comma-separated)"
    )
    parser.add_argument("--rounds", type=int, default=4, help="--panel: rounds per deal and seat")
    parser.add_argument(
        "--first-deal", type=int, default=0, help="--panel: deals from this one (continue a run)"
    )
    parser.add_argument(
        "--by-round",
        action="store_true",
        help="--panel: also A minus BASE in each round of the sessions (1st, 2nd, ...)",
    )
    args = parser.parse_args(argv)
    if args.panel:
        presets = [RuleSet.preset(n) for n in args.rules.split(",")]
        if args.target is not None:
            presets = [r.replace(target=args.target) for r in presets]
        panel, times = run_panel(
            args.a,
            args.paired or "hard",
            args.opponents.split(","),
            presets,
            args.deals,
            args.rounds,
            args.seed,
            args.workers,
            args.progress,
            args.first_deal,
        )
        print(report_panel(args.a, args.paired or "hard", panel, times, args.rounds, args.by_round))
        return
    rules = RuleSet.preset(args.rules)
    if args.target is not None:
        rules = rules.replace(target=args.target)
    if args.paired is not None:
        pairs = run_paired(args.a, args.paired, args.b, rules, args.deals, args.seed, args.workers)
        print(report_paired(args.a, args.paired, args.b, rules, pairs))
        return
    start = time.perf_counter()
    records = run(
        args.a, args.b, rules, args.matches, args.seed, args.workers, args.progress, args.seats
    )
    print(report(args.a, args.b, rules, records, time.perf_counter() - start, args.seats))


if __name__ == "__main__":
    main()
