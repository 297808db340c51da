"""Board staleness for the load bench (issue #30): how long after a turn the public board shows it.

A turn is known by what the next player's live controls show after its last move (the
discard pile's top card, the stock's size, whose turn: ``hand_message``); the board shows
the same three (``table_message``: the "Discard pile", "Stock" and "Round" fields). Each
version of a table's boards is matched to the newest turn it shows; a turn counts as shown by
the first version showing it or a later one (a board that skips a state still catches up),
a version after the last recorded turn showing another one included (the table's last move,
which ends the run, is never recorded: without it the last turns read "never").
In a busy channel the moves are shown by its one "Tables in play" message, a line per table
(``bot/ui/busy.py``): that line counts as the table's board.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from emulator import Emulator, Message
from emulator.models import walk_components

_HAND = re.compile(r"\*\*Discard pile:\*\* (.+?) · \*\*Stock:\*\* (\d+)")
_TOP = re.compile(r"\*\*(.+?)\*\*")

#: (top of the discard pile, stock size, who is to move, whether it is the up-card offer):
#: two passes on the up-card give the first player the turn again with the same pile and
#: stock, to draw this time, a turn of its own.
Signature = tuple[str, int, str, bool]


def _offer(turn: str) -> bool:
    """The turn is the up-card offer ("… take the up-card or pass.")."""
    return "the up-card or pass" in turn


def expected(controls: Message, mover: str) -> Signature | None:
    """What the board should show once it has caught up: read from a player's live controls."""
    found = _HAND.search(controls.text)
    if found is None:
        return None
    return found.group(1), int(found.group(2)), mover.lower(), _offer(controls.text)


_EMOJI = re.compile(r"<a?:\w+:\d+>\s*")


def board_fields(embeds: list[dict[str, Any]], components: list[dict[str, Any]]) -> dict[str, str]:
    """A board's facts by name: a classic embed's fields, or a layout's text displays
    (``**Name**`` over the value, ``bot/ui/board_layout.py``), card emojis left out."""
    if embeds:
        found = {f.get("name", ""): f.get("value", "") for f in embeds[0].get("fields", [])}
    else:
        found = {}
        for comp in walk_components(components):
            head, _, value = str(comp.get("content", "")).partition("\n")
            if comp.get("type") == 10 and head.startswith("**") and head.endswith("**"):
                found[head[2:-2]] = value
    return {k: _EMOJI.sub("", v) for k, v in found.items()}


def shown(fields: dict[str, str], names: tuple[str, str]) -> Signature | None:
    """What one version of a board shows, or None if it is not a board in play."""
    pile, stock = fields.get("Discard pile"), fields.get("Stock")
    turn = next((v for k, v in fields.items() if k.startswith("Round ")), None)
    if pile is None or stock is None or turn is None:
        return None
    top = _TOP.match(pile)
    # The bot shows display names capitalised ("Player0" for player0): compared in lower case.
    mover = next((n for n in names if turn.lower().startswith(f"{n} ")), None)
    if top is None or mover is None:
        return None
    return top.group(1), int(stock.split()[0]), mover, _offer(turn)


_LINE = re.compile(r"Discard pile: (.+?) · Stock: (\d+) · (.+)$")


def shown_in_play(embed: dict[str, Any], names: tuple[str, str]) -> Signature | None:
    """What a busy channel's "Tables in play" message shows of this table (its line names
    both players; ``bot/ui/busy.py``), or None."""
    if embed.get("title") != "Tables in play":
        return None
    for line in str(embed.get("description", "")).splitlines():
        if not all(re.search(rf"\b{re.escape(n)}\b", line, re.I) for n in names):
            continue
        found = _LINE.search(line)
        if found is None:
            return None
        turn = found.group(3).lower()
        mover = next((n for n in names if turn.startswith(f"{n} ")), None)
        if mover is None:
            return None
        return found.group(1), int(found.group(2)), mover, _offer(turn)
    return None


def is_board_of(msg: Message, names: tuple[str, str]) -> bool:
    if msg.ephemeral:
        return False
    fields = board_fields(msg.embeds, msg.components)
    seats = fields.get("Cards in hand", "")
    return sorted(part.split(":")[0].lower() for part in seats.split(", ")) == sorted(names)


@dataclass
class BoardWatch:
    """One table's moves: (acknowledged at, what the board should then show), in order.

    ``names``: the two players' usernames in lower case."""

    names: tuple[str, str]
    moves: list[tuple[float, Signature]] = field(default_factory=list)

    def staleness(self, emu: Emulator, channel: Any) -> list[float]:
        """Seconds from each move to a board showing it (or a later move); inf: never."""
        if not self.moves:
            return []
        wall_minus_clock = emu.clock.time() - emu.clock.now()
        versions: list[tuple[float, Signature]] = []
        for msg in emu.messages(channel):
            in_play = (msg.embed or {}).get("title") == "Tables in play"
            if not in_play and not is_board_of(msg, self.names):
                continue
            times = [msg.created - wall_minus_clock, *msg.edit_times]
            for at, version in zip(times, msg.versions(), strict=False):
                if in_play:
                    sig = shown_in_play(version.embeds[0], self.names) if version.embeds else None
                else:
                    sig = shown(board_fields(version.embeds, version.components), self.names)
                if sig is not None:
                    versions.append((at, sig))
        versions.sort(key=lambda v: v[0])
        # The newest move each version shows (moves only move forwards).
        shown_at: list[tuple[float, int]] = []
        first = 0
        for at, sig in versions:
            # A board edited a moment before the click's acknowledgement still shows it.
            k = next(
                (
                    i
                    for i in range(first, len(self.moves))
                    if self.moves[i][1] == sig and self.moves[i][0] <= at + 0.5
                ),
                None,
            )
            if k is not None:
                shown_at.append((at, k))
                first = k
            elif at >= self.moves[-1][0] and sig != self.moves[-1][1]:
                # A turn after the last one recorded (a table's last move is not: nobody
                # read the next player's controls after it): every recorded move is shown.
                shown_at.append((at, len(self.moves) - 1))
        out = []
        for m, (acked, _) in enumerate(self.moves):
            when = next((at for at, k in shown_at if k >= m), math.inf)
            out.append(max(0.0, when - acked))
        return out
