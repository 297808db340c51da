"""Full rounds per second played by two baseline players (`python bench/engine_rounds.py`).

`bench/engine.py` calls `main()` (or `rounds_per_second()` for the figure alone).
"""

from __future__ import annotations

import argparse
import sys
import time

from bot.engine.players import BaselinePlayer, play_round
from bot.engine.round import Round
from bot.engine.rules import RuleSet


def rounds_per_second(rounds: int = 2000, preset: str = "cardgames", seats: int = 2) -> float:
    """Play `rounds` seeded rounds (seeds 0.., the deal alternating) and return rounds/s."""
    rules = RuleSet.preset(preset)
    players = [BaselinePlayer() for _ in range(seats)]
    start = time.perf_counter()
    for seed in range(rounds):
        play_round(Round(rules, seats, seed, seed % seats), players)
    return rounds / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    """Print the figure; `argv` defaults to no options (callers' own argv is left alone)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--preset", default="cardgames")
    parser.add_argument("--seats", type=int, default=2)
    args = parser.parse_args([] if argv is None else argv)
    rate = rounds_per_second(args.rounds, args.preset, args.seats)
    print(
        f"rounds/s ({args.preset}, {args.seats} baseline players, {args.rounds} rounds): "
        f"{rate:.0f} (target >= 300)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
