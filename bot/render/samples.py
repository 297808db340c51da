"""Example pictures: the sample renders in docs/images and the benchmark's inputs.

`python -m bot.render.samples docs/images` writes the sample PNGs.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.engine.cards import Card, parse_cards
from bot.render.models import HandPicture, RenderOptions, RevealHand, RevealPicture, TablePicture
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

REVEAL = RevealPicture(
    hands=(
        RevealHand(
            name="Ann",
            melds=(cards("3S 4S 5S 6S 7S"), cards("9D 9C 9H"), cards("JH QH KH")),
            deadwood=cards("2C"),
            deadwood_points=2,
            laid_off=cards("3S 7S"),
            role="knocked",
            points=26,
        ),
        RevealHand(
            name="Bob",
            melds=(cards("TC TD TS"),),
            deadwood=cards("AS 4D 6C 7D KC"),
            deadwood_points=28,
            role="laid off 3♠ 7♠",
            points=0,
        ),
    ),
    result="Ann knocks with 2 · Bob has 28 after lay-offs · Ann scores 26",
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
        "reveal-dark.png": render_reveal(REVEAL, RenderOptions(dark=True)),
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
