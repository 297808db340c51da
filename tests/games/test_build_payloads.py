"""Hands and boards are sent as they were before their builds were made cheaper (issue #33):
the payload of every fixed state of `bench/built_states.py` (each seat's hand, with card
emojis in both colour schemes and as text; the board, with emojis and without), in English,
Spanish and French, hashes as main's did at 77cf976 (`build_payloads.json`)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from bench.build import LOCALES, board, hand, ready_emojis
from bench.built_states import Sample, samples

DIGESTS = Path(__file__).with_name("build_payloads.json")


def payloads(sample: Sample, locale: str) -> list[object]:
    """What Discord receives for one state in one language, every way it is built."""
    emojis = ready_emojis()
    return [
        hand(sample, locale, emojis, four_colour=False),
        hand(sample, locale, emojis, four_colour=True),
        hand(sample, locale, None),
        board(sample, locale, emojis),
        board(sample, locale, None),
    ]


def digest(sample: Sample) -> str:
    # As discord.py writes it: the keys in their order (a payload byte for byte).
    text = json.dumps([payloads(sample, loc) for loc in LOCALES])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_every_hand_and_board_is_sent_as_before() -> None:
    expected = json.loads(DIGESTS.read_text())
    built = list(samples())
    assert len(built) == len(expected)
    changed = [i for i, sample in enumerate(built) if digest(sample) != expected[i]]
    if changed:
        first = built[changed[0]]
        shown = json.dumps(payloads(first, "en"), indent=1, ensure_ascii=False)[:3000]
        raise AssertionError(f"{len(changed)} states sent otherwise; the first:\n{shown}")


if __name__ == "__main__":  # writes the digests (main's tree first on PYTHONPATH)
    DIGESTS.write_text(json.dumps([digest(s) for s in samples()], indent=0) + "\n")
