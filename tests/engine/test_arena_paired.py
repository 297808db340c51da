"""bench/arena.py --paired: the same deal and seeds for A and BASE, so only their decisions
differ."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from bot.engine.actions import DRAW_DISCARD, KNOCK, TAKE_UPCARD
from bot.engine.players import play_round
from bot.engine.round import Round, derive_seed
from bot.engine.rules import RuleSet


def _arena() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / "arena.py"
    spec = importlib.util.spec_from_file_location("arena_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ARENA = _arena()


def test_the_same_player_on_both_sides_of_a_pair_scores_the_same() -> None:
    rules = RuleSet.preset("cardgames")
    pairs = ARENA.run_paired("hard", "hard", "normal", rules, 3, 5, 1)
    assert len(pairs) == 6
    assert all(a == base for a, base in pairs)
    assert "6 of 6 rounds gave both the same points" in ARENA.report_paired(
        "hard", "hard", "normal", rules, pairs
    )


def test_a_pair_replays_the_deal_and_counts_penalties_as_losses() -> None:
    rules = RuleSet.preset("classic")
    seed, deal = 5, 2
    pairs = ARENA.play_paired(rules, "normal", "easy", "normal", seed, deal)
    for a_seat, (a_net, _) in enumerate(pairs):
        players = [
            ARENA.build_player("normal", derive_seed(seed, "player", deal, s, "AB"[s != a_seat]))
            for s in range(2)
        ]
        rnd = Round(rules, 2, derive_seed(seed, "paired", deal), dealer=deal % 2)
        res = play_round(rnd, players)
        # Penalty scoring: the points are what each seat takes, so A's net is B's minus A's.
        assert a_net == res.points[1 - a_seat] - res.points[a_seat]


def test_different_players_make_different_pairs() -> None:
    rules = RuleSet.preset("cardgames")
    pairs = ARENA.run_paired("hard", "easy", "normal", rules, 8, 5, 1)
    assert any(a != base for a, base in pairs)
    diff = sum(a - base for a, base in pairs) / len(pairs)
    assert f"A minus BASE: {diff:+.3f}" in ARENA.report_paired(
        "hard", "easy", "normal", rules, pairs
    )


def test_the_panel_pairs_rounds_in_a_row_and_reports_each_opponent_and_the_mean() -> None:
    presets = [RuleSet.preset("cardgames"), RuleSet.preset("classic")]
    opponents = ["gin_hunter", "early_knocker", "highest", "no_upcard"]
    pairs, times = ARENA.run_panel("normal", "normal", opponents, presets, 1, 2, 7, 1)
    # Per rule set and opponent: 1 deal x 2 seats x 2 rounds, the same player on both sides.
    assert set(pairs) == {(r.name, b) for r in presets for b in opponents}
    assert all(len(got) == 4 and all(a == base for a, base in got) for got in pairs.values())
    assert times
    text = ARENA.report_panel("normal", "normal", pairs, times, 2)
    for name in ("cardgames", "classic"):
        assert f"{name}: opponent" in text
    assert text.count("panel mean") == 2
    assert "+0.00 (+0.00 to +0.00)" in text
    assert "by round" not in text


def test_the_panel_splits_a_cell_by_the_round_of_its_sessions() -> None:
    """Two sessions of three rounds: A gains 1 in each first round, 0 in each second and
    loses 2 in each third (A's and BASE's points given in session order)."""
    got = [(5, 4), (3, 3), (0, 2), (2, 1), (-1, -1), (4, 6)]
    text = ARENA.report_panel("a", "base", {("cardgames", "highest"): got}, [(0.0, 0.0)], 3, True)
    line = next(x for x in text.splitlines() if "by round" in x)
    assert line.split("by round: ")[1] == "1: +1.00 ± 0.00, 2: +0.00 ± 0.00, 3: -2.00 ± 0.00"


def test_the_panel_styles_play_as_described() -> None:
    """The gin hunter never knocks early; the stock-only style never takes a discard."""
    from panel import make_style  # bench/ is on the path once the arena is loaded

    rules = RuleSet.preset("cardgames")
    for deal in range(6):
        players = [make_style("gin_hunter", deal), make_style("no_upcard", deal)]
        assert players[0] is not None and players[1] is not None
        rnd = Round(rules, 2, 900 + deal, deal % 2)
        play_round(rnd, [players[0], players[1]])
        for e in rnd.history:
            if e.seat == 1:
                assert e.kind not in (TAKE_UPCARD, DRAW_DISCARD)
            if e.seat == 0 and e.kind == KNOCK:
                # Its knocks come only with the stock nearly down to the wall.
                assert rnd.stock_size <= rules.wall_cards + 4
