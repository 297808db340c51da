"""An unfinished tournament in memory: the store's row, the logic, and the bookkeeping
saved with it (``state_json``)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from bot.store.models import Tournament as TournamentRow

from ..state import Tournament

STATE_VERSION = 1


@dataclass(eq=False)
class LiveTournament:
    """An unfinished tournament in memory: the store's row, the logic, and bookkeeping
    that is saved with it (``state_json``)."""

    row: TournamentRow
    settings: dict[str, Any]
    t: Tournament | None = None
    names: dict[int, str] = field(default_factory=dict)
    #: Pairing key -> players who made a move at that table (the no-show rule).
    present: dict[str, set[int]] = field(default_factory=dict)
    #: Pairing key -> game table id.
    tables: dict[str, int] = field(default_factory=dict)
    deadline: float | None = None  # epoch seconds
    paused_left: float | None = None
    standings_message_id: int | None = None
    #: When a process claimed the posting of the standings message (epoch seconds), until
    #: it remembers the message (`Standings`); None when nobody is posting it.
    standings_claim: float | None = None
    #: The last round whose announcement was claimed (saved before it is told): a round
    #: is announced once, whatever process opens it.
    announced: int = 0
    #: The tournament's own thread (announcements, standings, tables), if it has one.
    thread_id: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    next_round: asyncio.Task[None] | None = None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    def state_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "tournament": None if self.t is None else self.t.to_dict(),
            "present": {k: sorted(v) for k, v in self.present.items()},
            "tables": dict(self.tables),
            "deadline": self.deadline,
            "paused_left": self.paused_left,
            "standings_message_id": self.standings_message_id,
            "standings_claim": self.standings_claim,
            "announced": self.announced,
            "thread_id": self.thread_id,
        }

    def load_state(self, raw: str | None) -> None:
        if not raw:
            return
        data = json.loads(raw)
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"unknown tournament service state {data.get('version')!r}")
        saved = data.get("tournament")
        self.t = None if saved is None else Tournament.from_dict(saved)
        self.present = {k: set(v) for k, v in data.get("present", {}).items()}
        self.tables = {k: int(v) for k, v in data.get("tables", {}).items()}
        self.deadline = data.get("deadline")
        self.paused_left = data.get("paused_left")
        self.standings_message_id = data.get("standings_message_id")
        self.standings_claim = data.get("standings_claim")
        # Saved before rounds were claimed for their announcement: the current one was.
        t = self.t
        self.announced = data.get("announced", t.current_round if t and t.started else 0)
        self.thread_id = data.get("thread_id")

    def cancel_timer(self) -> None:
        if self.timer is not None and self.timer is not asyncio.current_task():
            self.timer.cancel()
        self.timer = None

    def cancel_tasks(self) -> None:
        self.cancel_timer()
        if self.next_round is not None and self.next_round is not asyncio.current_task():
            self.next_round.cancel()
        self.next_round = None
