"""What Discord's rate limits did in a phase (issue #30): REST calls and bytes per move,
429s, the busiest seconds, board staleness."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from bench.loadbench.figures import seconds3
from bench.loadbench.players import Table, Tally
from emulator import Emulator

_IDS = re.compile(r"/channels/(\d+)/messages(?:/(\d+))?")


def what_call(emu: Emulator, r: Any, channels: set[int]) -> str:
    """A global-limited call by what it wrote: a hand (DM), a channel's "Tables in play"
    message, a table's board, another post in a channel (a reveal, a result), or the route."""
    found = _IDS.match(r.path)
    if found is None:
        return f"{r.method} {r.route}"
    if int(found.group(1)) not in channels:
        return f"{r.method} dm"
    target = emu.message_store.get(int(found.group(2))) if found.group(2) else None
    if target is None:
        return f"{r.method} channel"
    title = next((e.get("title") for e in target.embeds), None)
    return f"{r.method} {'in-play' if title == 'Tables in play' else 'board'}"


def busiest(
    emu: Emulator, limited: list[Any], per_second: Counter[int], channels: set[int], n: int = 4
) -> str:
    """The `n` busiest seconds, each by what its global-limited calls wrote."""
    top = sorted(per_second, key=lambda s: -per_second[s])[:n]
    out = []
    for second in sorted(top):
        kinds = Counter(what_call(emu, r, channels) for r in limited if int(r.at) == second)
        mix = ", ".join(f"{k} {v}" for k, v in kinds.most_common(5))
        out.append(f"[{per_second[second]} at {second}: {mix}]")
    if not per_second:
        return "-"
    full = sum(1 for v in per_second.values() if v >= 0.9 * max(per_second.values()))
    return " ".join(out) + f"; seconds within 10% of the peak: {full} of {len(per_second)}"


@dataclass
class Limits:
    """What Discord's rate limits did in a phase (issue #30)."""

    on: bool
    global_calls: Counter[str]  # "METHOD /route" -> calls counted against the global limit
    exempt_calls: Counter[str]  # interaction callbacks and webhooks
    refused: Counter[tuple[str, str]]  # (bucket, scope) -> 429s served by the limits
    invalid: int
    peak_global: int  # global-limited calls in the busiest second
    #: Request bodies sent to Discord (JSON or multipart with files): global-limited, exempt.
    sent_bytes: tuple[int, int]
    #: The busiest seconds' global-limited calls by what they wrote (`what_call`).
    peaks: str
    emu: Emulator
    tables: list[Table]
    since: float  # the phase's start and end, clock.now()
    until: float

    @property
    def staleness(self) -> list[float]:
        """Seconds from each move of the phase to the board showing it. Read when the
        report is printed: a board edit discord.py was still pacing at the phase's end
        has landed by then (the level waits for the bot to go quiet before stopping it)."""
        return [
            gap
            for t in self.tables
            for (acked, _), gap in zip(
                t.board.moves, t.board.staleness(self.emu, t.channel), strict=True
            )
            if self.since <= acked < self.until
        ]

    def lines(self, tally: Tally, seconds: float, interactions: int) -> str:
        # Setup makes no moves: its calls are per interaction (a challenge, an Accept).
        per = tally.moves or max(1, interactions)
        unit = "move" if tally.moves else "interaction"

        def per_move(calls: Counter[str]) -> str:
            head = f"{sum(calls.values()) / per:.2f}"
            rest = ", ".join(f"{k} {v / per:.2f}" for k, v in calls.most_common(5))
            return f"{head} ({rest})" if rest else head

        refused = ", ".join(f"{b} [{s}] {n}" for (b, s), n in self.refused.most_common(6))
        return (
            f"          Discord's limits {'ON' if self.on else 'OFF'}: {tally.moves} moves = "
            f"{tally.moves / seconds * 60:.0f} per minute | board staleness p50/p99/max "
            f"{seconds3(self.staleness)} over {len(self.staleness)} moves | turn handoff "
            f"{seconds3(tally.handoffs)} | Accept to first hand max "
            f"{f'{max(tally.first_hands):.2f} s' if tally.first_hands else '-'}\n"
            f"          REST calls per {unit}: global-limited {per_move(self.global_calls)}; "
            f"exempt {per_move(self.exempt_calls)}\n"
            f"          bytes sent to Discord per {unit}: {sum(self.sent_bytes) / per / 1024:.1f} KiB "
            f"(global-limited {self.sent_bytes[0] / per / 1024:.1f}, exempt "
            f"{self.sent_bytes[1] / per / 1024:.1f})\n"
            f"          busiest seconds (global-limited calls by what they wrote): {self.peaks}\n"
            f"          peak global-limited calls in one second {self.peak_global}; 429s "
            f"{sum(self.refused.values())} {f'({refused})' if refused else ''}; invalid "
            f"requests (401/403/429) {self.invalid}\n"
        )
