"""What building a hand and a board costs in CPU time (issue #33, docs/performance.md).

    PYTHONPATH=TREE python bench/build.py [--builds 3000] [--repeat 5]

Each build is what a move costs the bot for one message: the hand (`hand_message`, its card
buttons given their emojis as the notifier does) or the board (`table_message`), serialised
as discord.py sends it (`to_components`), then released. The states are fixed
(`bench/built_states.py`, those of two players under the default rules, as the load
bench's), cycled in order, in English, Spanish and French; the best of
`--repeat` runs of `--builds` builds is printed in µs of `time.process_time` a build. Run it
with PYTHONPATH set to each tree to compare two trees on the same interpreter.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable

from bench.built_states import Sample, samples
from bot.games.card_emojis import CardEmojis
from bot.render.emojis import emoji_set
from bot.ui import board_layout, hand_layout, images

LOCALES = ("en", "es", "fr")


def ready_emojis() -> CardEmojis:
    """Card emojis as once uploaded (ids made up)."""
    emojis = CardEmojis()
    arts = emoji_set()
    emojis.adopt(arts, {art.name: 1000 + i for i, art in enumerate(arts.distinct())})
    return emojis


def hand(
    sample: Sample, locale: str, emojis: CardEmojis | None, *, four_colour: bool = False
) -> list[dict[str, object]]:
    """One hand as sent: its components' payload."""
    message = hand_layout.hand_message(
        sample.state,
        sample.view,
        note=sample.note,
        favorites=sample.favorites,
        confirm=sample.confirm,
        chat=sample.chat,
        locale=locale,
    )
    if emojis is not None:
        images.with_card_emojis(message, emojis, four_colour)
    assert message.view is not None
    sent: list[dict[str, object]] = message.view.to_components()
    message.release()
    return sent


def board(sample: Sample, locale: str, emojis: CardEmojis | None) -> list[dict[str, object]]:
    """One board as sent: its components' payload."""
    message = board_layout.table_message(sample.state, locale=locale, emojis=emojis)
    assert message.view is not None
    sent: list[dict[str, object]] = message.view.to_components()
    message.release()
    return sent


def best(
    build: Callable[[Sample, str, CardEmojis | None], object],
    cases: list[tuple[Sample, str]],
    emojis: CardEmojis | None,
    builds: int,
    repeat: int,
) -> float:
    """The best run's µs of CPU a build."""
    runs = []
    for _ in range(repeat):
        todo = list(itertools.islice(itertools.cycle(cases), builds))
        start = time.process_time()
        for sample, locale in todo:
            build(sample, locale, emojis)
        runs.append((time.process_time() - start) / builds * 1e6)
    return min(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builds", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    # The load bench's tables: two players, the default rules.
    cases = [
        (s, loc)
        for s in samples()
        if s.state.rules.name == "cardgames" and s.state.seat_count == 2
        for loc in LOCALES
    ]
    live = [(s, loc) for s, loc in cases if not s.view.over]
    emojis = ready_emojis()
    for name, build, chosen, cards in (
        ("hand, card emojis", hand, live, emojis),
        ("hand, text cards", hand, live, None),
        ("board, card emojis", board, cases, emojis),
    ):
        took = best(build, chosen, cards, args.builds, args.repeat)
        print(f"{name:20} {took:7.1f} µs a build (best of {args.repeat} x {args.builds})")


if __name__ == "__main__":
    main()
