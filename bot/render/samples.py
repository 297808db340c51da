"""Example pictures: the sample renders in docs/images and the benchmark's inputs.

`python -m bot.render.samples docs/images` writes the sample PNGs.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.engine.cards import Card, parse_cards
from bot.render.emojis import emoji_sheet
from bot.render.models import (
    HandPicture,
    RenderOptions,
    RevealHand,
    RevealPicture,
    RevealScore,
    TablePicture,
)
from bot.render.pictures import render_hand, render_reveal, render_table


def cards(text: str) -> tuple[Card, ...]:
    """`cards("7H 8H 9H")`: a tuple of cards from the usual notation."""
    return tuple(parse_cards(text))


HAND = HandPicture(
    melds=(cards("7H 8H 9H 10H"), cards("JC JD JS")),
    deadwood=cards("2S 5D 9C KS"),
    deadwood_points=26,
    highlight=cards("5D")[0],
)

TABLE = TablePicture(
    discard_pile=cards("3C KD 8S 4H QC 8H"),
    stock_count=21,
    players=(("Ann", 10), ("Bartholomew the Magnificent", 11)),
    to_play=1,
)

# A three-player `classic` round (penalty scoring): Ann knocks with 4 and discards K♦, Bob
# lays off 4♥ 8♥ on her run and undercuts with 3, Cy lays off 9♥ on her nines. The numbers are
# the engine's (tests/render/test_reveal_result.py settles these hands and compares).
REVEAL = RevealPicture(
    hands=(
        RevealHand(
            name="Ann",
            melds=(cards("5H 6H 7H"), cards("9C 9D 9S")),
            deadwood=cards("4C"),
            deadwood_points=4,
            score=RevealScore(
                26, deadwood=4, minus=3, bonus=25, bonus_kind="undercut", penalty=True
            ),
        ),
        RevealHand(
            name="Bob",
            melds=(cards("QC QD QS"),),
            deadwood=cards("AD 2D"),
            deadwood_points=3,
            laid_off=cards("4H 8H"),
        ),
        RevealHand(
            name="Cy",
            melds=(cards("AS 2S 3S"),),
            deadwood=cards("KC TD KS"),
            deadwood_points=30,
            laid_off=cards("9H"),
            score=RevealScore(27, deadwood=30, minus=3, penalty=True),
        ),
    ),
    result="Round 2 · table #7",
    kind="undercut",
    knocker=0,
    winner=1,
    knock_card=cards("KD")[0],
)

# Two players, points scoring: Ann knocks with 2 and discards 8♣; Bob lays off 4♥ 8♥.
REVEAL_KNOCK = RevealPicture(
    hands=(
        RevealHand(
            name="Ann",
            melds=(cards("JC QC KC"), cards("5H 6H 7H"), cards("9C 9D 9S")),
            deadwood=cards("2C"),
            deadwood_points=2,
            score=RevealScore(19, deadwood=21, minus=2),
        ),
        RevealHand(
            name="Bartholomew the Magnificent",
            melds=(cards("QD QH QS"),),
            deadwood=cards("3C AD 2D 7S 8S"),
            deadwood_points=21,
            laid_off=cards("4H 8H"),
        ),
    ),
    result="Round 1 · table #3",
    kind="knock",
    knocker=0,
    winner=0,
    knock_card=cards("8C")[0],
)


def write_samples(folder: Path) -> list[Path]:
    """Render the sample pictures into `folder`; return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    shots = {
        "hand.png": render_hand(HAND),
        "table.png": render_table(TABLE),
        "reveal.png": render_reveal(REVEAL),
        "hand-four-colour.png": render_hand(HAND, RenderOptions(four_colour=True)),
        "hand-dark.png": render_hand(HAND, RenderOptions(dark=True)),
        "table-dark.png": render_table(TABLE, RenderOptions(dark=True, four_colour=True)),
        "reveal-dark.png": render_reveal(REVEAL_KNOCK, RenderOptions(dark=True)),
        "reveal-knock.png": render_reveal(REVEAL_KNOCK),
        "emojis.png": emoji_sheet(),
    }
    paths = []
    for name, data in shots.items():
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    return paths


if __name__ == "__main__":
    for path in write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")):
        print(f"{path} {path.stat().st_size // 1024} KB")
