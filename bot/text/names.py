"""A computer seat's name in the reader's language.

A computer's seat stores an English name ("Computer (easy)", "Computer 2 (hard)", made by
`bot.games.tables`) and its level; wherever a name is shown it is said again from the level
(and the number, read off the stored name) in the reader's language: "Ordenador (fácil)",
"Ordinateur 2 (difficile)". Old rows work as they are; a computer with another name (none
is made today) keeps it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from bot.games.model import TableState
from bot.i18n import DEFAULT, Language, t
from bot.kernel.memo import remember

#: The names the table service gives its computers (`computer_name`, `add_computer`).
_STORED = re.compile(r"Computer(?: (?P<number>\d+))? \((?P<level>[a-z]+)\)")


def seat_name(name: str, computer: str | None, language: Language = DEFAULT) -> str:
    """`name` as `language`'s reader reads it: a person's as it is, a computer's said from
    its level (`computer`)."""
    if computer is None:
        return name
    key = (name, computer, language)
    said = _SAID.get(key)
    if said is None:
        said = remember(_SAID, key, _said(name, computer, language), _SAID_KEPT)
    return said


#: (stored name, level, language) -> the computer's name as said (a hand says it at every
#: move).
_SAID: dict[tuple[str, str, str], str] = {}
#: Names kept at most (then forgotten at once).
_SAID_KEPT = 1024


def _said(name: str, computer: str, language: Language) -> str:
    stored = _STORED.fullmatch(name)
    if stored is None or stored["level"] != computer:
        return name
    level = t(language, f"choice-{computer}")
    if stored["number"] is None:
        return t(language, "computer-name", level=level)
    return t(language, "computer-name-nth", level=level, number=int(stored["number"]))


def seat_names(
    names: Sequence[str], computers: Sequence[str | None], language: Language = DEFAULT
) -> tuple[str, ...]:
    """`seat_name` of each seat (`computers` may be shorter: the rest are people)."""
    levels = list(computers) + [None] * (len(names) - len(computers))
    return tuple(seat_name(n, c, language) for n, c in zip(names, levels, strict=False))


def named(state: TableState, language: Language = DEFAULT) -> TableState:
    """`state` with its computers' names in `language` (the same object when none changes),
    for a message or picture drawn for a reader of that language."""
    for seat in state.seats:
        if seat.computer is not None:
            break
    else:  # people only (most tables): nothing to say again
        return state
    seats = tuple(
        dataclasses.replace(s, name=shown)
        if s.computer is not None and (shown := seat_name(s.name, s.computer, language)) != s.name
        else s
        for s in state.seats
    )
    if all(a is b for a, b in zip(seats, state.seats, strict=True)):
        return state
    return dataclasses.replace(state, seats=seats)
