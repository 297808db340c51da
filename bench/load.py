"""Load benchmark: many Gin Rummy tables played at once against ONE ``python -m bot``.

    .venv/bin/python bench/load.py --tables 10 100 500 [--moves-per-table N] [--seconds S]
        [--think T] [--burst-moves N] [--setup-rate R] [--profile-bot DIR]
        [--profile-bot-cpu DIR]
        [--tables-per-channel N] [--no-limits]

For each level (a fresh emulator, bot process and temp database per level, so memory and
errors belong to that level alone):

1. the emulator runs in this process with one server, one channel per 25 tables
   (``--tables-per-channel``) and two members per table, enforcing Discord's REST rate
   limits (``emulator/ratelimits.py``; ``--no-limits``: every call answered at once); ``python -m bot`` starts against it (``tests/e2e/botproc.BotProcess``);
2. **setup**: ``/gin challenge`` by one player, **Accept** on the DM by the other, until both
   hands are dealt; ``--setup-rate`` tables per second (default 25), or ``0`` for every
   challenge in the same instant (a burst of N, then N accepts);
3. **paced play**: every table plays concurrently, each move made like ``tests/play/driver``
   (``play_one``: the player's live DM controls only) after a think time drawn uniformly from
   0.5-1.5 x ``--think`` seconds, up to ``--moves-per-table`` moves or ``--seconds`` seconds;
   ``--play-on-deal``: each table starts playing as soon as its hands arrive (during setup,
   as people do) and plays on until the paced phase's ``--seconds`` end, so the paced phase
   measures every table live at a steady pace rather than all of them starting in its first
   seconds (hands dealt minutes before, all played at once: a burst no server sees);
4. **burst play**: the same tables, ``--burst-moves`` more moves each with no think time at
   all (a saturation test: throughput, and what latency does when the machine is flooded).

Printed per phase: interactions/s, p50/p90/p99/max time from the interaction to its
acknowledgement (``Interaction.latency``: measured by the emulator, so it includes the
gateway hop, the bot's work, its store commit and the callback's HTTP request); **hand
updated**, the end-to-end figure for moves: from the click being sent to the clicked hand DM
being edited by the bot (``Interaction.update_latency``: callback 7, or the bot's later PATCH
of ``@original`` / the message after a type 6 deferral; never edited counts as infinite);
CPU seconds per interaction of the bot and of this process (emulator + scripted players);
and errors (``emu.errors``: every 4xx/5xx served, unacknowledged or refused callbacks,
failed clicks, unknown routes, tracebacks in the bot's log). The bot's CPU, time waiting for
a CPU and VmRSS are summed over its process and every process below it (e.g. a picture
worker pool; found and measured with psutil, processes may come and go) and printed
as main + workers. Memory: that sum before the tables are set up and after each phase; per
table = (after - before) / N (pages a forked worker shares with the bot count twice).

``--processes N`` (issue 18): N bot processes, shards 0..N-1 of N, over one PostgreSQL
database (a throwaway server as the tests start one, ``tests/store/pgserver.py``, with its
production settings; or ``--database URL``, an existing server's, one database per level
made there). The emulator routes by shard: the server's events (the challenges) go to the
last shard's process, every DM (the accepts, every move) to shard 0's, and the timers (the
deals between rounds) to whichever claims them. CPU and memory are summed over every bot
process and their workers ("main" is the bot processes together).

Discord's limits (issue #30), per phase: REST calls per move by route, global-limited and
exempt (interaction callbacks and webhooks) apart, 429s retries included; the limits' 429s by
bucket and scope; invalid requests (401/403/429); the peak of global-limited calls in one
second; **board staleness** (the acknowledgement of a turn's last move, the discard or a
pass, to the public board showing it or a later turn, ``bench/staleness.py``; the board shows
turns, not the draw within one); **turn handoff** (a move's acknowledgement to the next
player's live controls); **Accept to the first hand**; moves per minute; **bytes sent to
Discord** per move (request bodies, JSON or multipart with the pictures; issue #33),
global-limited and exempt apart; the **busiest seconds**, each by what its global-limited
calls wrote (a hand DM, a channel's "Tables in play", a table's board, another post in a
channel such as a reveal), and how many seconds came within 10% of the peak. "16 tables in
one channel": ``--tables 16 --tables-per-channel 16 --think 4``. ``--rest-share F`` sets
``GIN_REST_SHARE`` (each process's share of the token's budget): 200 tables at 0.5 press
the global budget as 400 at 1, but the DM-open bucket is shared too (2 a second), so setup
needs ``--setup-rate 1``.

``--profile-bot DIR`` runs the whole bot under cProfile (wall-clock: on a loaded machine it
counts the time spent waiting for a core); ``--profile-bot-cpu DIR`` profiles its main thread
in CPU seconds over the paced phase only (``bench/cpu_profile.py``, started and stopped by
signals around the phase): ``DIR/bot-N.cpu.prof`` and a summary beside it, ``.prof.txt``.
The profiler slows pure-Python code about 3.5 times, so the CPU per interaction printed by a
profiled run is not the bot's: read its shares, and the figures of a run without it.

Targets (issue 5): p99 <= 50 ms at 500 tables, no errors, every interaction acknowledged in
time, <= 100 KiB per table. Everything shares this machine's cores: the emulator and the
scripted users run here and compete with the bot; the figures say so.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import math
import os
import platform
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.staleness import BoardWatch, expected  # noqa: E402
from emulator import Emulator, EmulatorError, Interaction, InteractionFailed, User  # noqa: E402
from emulator.botproc import BotProcess, clean_environ  # noqa: E402
from emulator.models import MESSAGE_COMPONENT  # noqa: E402
from emulator.ratelimits import is_exempt  # noqa: E402
from tests.players import live_controls, play_one  # noqa: E402
from tests.store.pgserver import PgServer  # noqa: E402

T = TypeVar("T")
ACK_DEADLINE = 3.0
REFUSALS = ("out of date", "not your turn", "couldn't find", "Sorry", "isn't in play")
#: custom_id prefixes of the game controls on a hand DM (as ``tests/play/driver``).
MOVES = ("gin:a:", "gin:s:")


# ----- measuring -----------------------------------------------------------------------


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def ms(seconds: float) -> str:
    """Milliseconds for a latency; an unacknowledged interaction counts as infinite."""
    return "never" if math.isinf(seconds) else f"{seconds * 1000:.1f} ms"


def _process(pid: int) -> psutil.Process | None:
    try:
        return psutil.Process(pid)
    except psutil.Error:
        return None


def rss_kib(pid: int) -> int:
    """Resident memory of a process, KiB (0 if it is gone or a zombie)."""
    proc = _process(pid)
    try:
        return proc.memory_info().rss // 1024 if proc is not None else 0
    except psutil.Error:
        return 0


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(user + system CPU of a process, all its threads; the same of its children that ended
    and were waited for, theirs included), seconds; zeros if it is gone."""
    proc = _process(pid)
    try:
        times = proc.cpu_times() if proc is not None else None
    except psutil.Error:
        times = None
    if times is None:
        return 0.0, 0.0
    return times.user + times.system, times.children_user + times.children_system


def sched(pid: int) -> tuple[float, float]:
    """(seconds on a CPU, seconds runnable but waiting for a CPU) summed over a process's
    threads, from /proc/<pid>/task/*/schedstat: the wait is the cost of sharing the cores."""
    run = wait = 0
    for _, r, w in thread_schedstats(pid):
        run += r
        wait += w
    return run / 1e9, wait / 1e9


def thread_schedstats(pid: int) -> list[tuple[int, int, int]]:
    """(thread id, ns on a CPU, ns waiting for one) for each thread of a live process.

    Read from /proc: psutil has each thread's CPU time but not its time waiting for a CPU."""
    out: list[tuple[int, int, int]] = []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out  # the process ended
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat", encoding="ascii") as f:
                fields = f.read().split()
        except OSError:
            continue  # the thread ended
        out.append((int(tid), int(fields[0]), int(fields[1])))
    return out


def descendants(pid: int) -> list[int]:
    """Every live process below ``pid`` (children, their children...); processes that come
    and go between reads are skipped."""
    proc = _process(pid)
    try:
        return [kid.pid for kid in proc.children(recursive=True)] if proc is not None else []
    except psutil.Error:
        return []


@dataclass
class Usage:
    """Cumulative figures of the bot's process tree at one instant: the main process and,
    separately, all its descendants (the "workers": e.g. a picture-render process pool)."""

    main_cpu: float
    workers_cpu: float
    main_wait: float
    workers_wait: float
    main_rss: int  # KiB
    workers_rss: int  # KiB, summed over live descendants (shared pages count in each)
    workers: int  # live descendants

    @property
    def cpu(self) -> float:
        return self.main_cpu + self.workers_cpu

    @property
    def wait(self) -> float:
        return self.main_wait + self.workers_wait

    @property
    def rss(self) -> int:
        return self.main_rss + self.workers_rss

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.main_cpu + other.main_cpu,
            self.workers_cpu + other.workers_cpu,
            self.main_wait + other.main_wait,
            self.workers_wait + other.workers_wait,
            self.main_rss + other.main_rss,
            self.workers_rss + other.workers_rss,
            self.workers + other.workers,
        )

    def __sub__(self, before: Usage) -> Usage:
        return Usage(
            self.main_cpu - before.main_cpu,
            self.workers_cpu - before.workers_cpu,
            self.main_wait - before.main_wait,
            self.workers_wait - before.workers_wait,
            self.main_rss - before.main_rss,
            self.workers_rss - before.workers_rss,
            self.workers,
        )


class ProcessTree:
    """CPU, time waiting for a CPU and RSS of the bot plus every process below it.

    CPU is exact for processes that come and go: a live process counts its own time plus
    that of its ended, waited-for children (``cutime``/``cstime``, which the kernel adds to
    the parent when it reaps a child). Waiting time has no such roll-up, so each thread's
    last reading is remembered: :meth:`sample` once a second while a phase runs keeps what
    threads that have since ended had waited (up to a second of a vanished thread's wait
    can be missed)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        #: (pid, tid) -> the newest (ns on a CPU, ns waiting) seen; ended threads stay.
        self._threads: dict[tuple[int, int], tuple[int, int]] = {}
        self._retired = {True: 0, False: 0}  # ns waited by ended threads whose id came back

    def sample(self) -> Usage:
        kids = descendants(self.pid)
        main_own, main_reaped = cpu_seconds(self.pid)
        workers_cpu = main_reaped
        for kid in kids:
            own, reaped = cpu_seconds(kid)
            workers_cpu += own + reaped
        for proc in (self.pid, *kids):
            for tid, run, wait in thread_schedstats(proc):
                old = self._threads.get((proc, tid))
                if old is not None and run < old[0]:  # a reused id: keep what the old one had
                    self._retired[proc == self.pid] += old[1]
                self._threads[(proc, tid)] = (run, wait)
        main_wait = self._retired[True]
        workers_wait = self._retired[False]
        for (proc, _), (_, wait) in self._threads.items():
            if proc == self.pid:
                main_wait += wait
            else:
                workers_wait += wait
        return Usage(
            main_own,
            workers_cpu,
            main_wait / 1e9,
            workers_wait / 1e9,
            rss_kib(self.pid),
            sum(rss_kib(k) for k in kids),
            len(kids),
        )


def machine() -> str:
    model = "unknown CPU"
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
        model = next(
            (ln.split(":", 1)[1].strip() for ln in out.splitlines() if "Model name" in ln), model
        )
    except OSError:
        pass
    return f"{os.cpu_count()} cores (nproc), {model}, Python {platform.python_version()}"


# ----- waiting cheaply -----------------------------------------------------------------


@dataclass(eq=False)
class _Waiter:
    predicate: Callable[[], Any]
    users: tuple[User, ...]
    future: asyncio.Future[Any]
    timer: asyncio.TimerHandle | None = None


class Watch:
    """Waits on conditions about what users see, for thousands of waiters at once.

    ``Emulator.wait_for`` re-runs every predicate after every change (hundreds per second),
    which with 1,000 waiters would load this process, and so the cores the bot shares with
    it. Here the emulator calls :meth:`_changed` when a message only one user sees (a DM to
    them, an ephemeral reply) is created, edited or deleted
    (``Emulator.watch_private_views``), and only the waiters of the users that changed are
    re-checked, once per turn of the event loop; every waiter is also re-checked once a
    second, a fallback for anything else a predicate might read."""

    FALLBACK = 1.0

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self._waiters: set[_Waiter] = set()
        self._by_user: dict[int, set[_Waiter]] = {}
        self._dirty: set[int] = set()
        self._scheduled = False
        self._sweeper: asyncio.Task[None] | None = None
        self.stop = emu.watch_private_views(self._changed)

    async def until(
        self,
        predicate: Callable[[], T | None],
        users: tuple[User, ...],
        timeout: float,  # noqa: ASYNC109
    ) -> T | None:
        """``predicate()`` once truthy, or None after ``timeout`` seconds."""
        result = predicate()
        if result:
            return result
        loop = asyncio.get_running_loop()
        waiter = _Waiter(predicate, users, loop.create_future())
        waiter.timer = loop.call_later(timeout, self._settle, waiter, None)
        waiter.future.add_done_callback(lambda _: self._forget(waiter))
        self._waiters.add(waiter)
        for user in users:
            self._by_user.setdefault(user.id, set()).add(waiter)
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep())
        value: T | None = await waiter.future
        return value

    def _changed(self, user: User) -> None:
        if user.id not in self._by_user:
            return
        self._dirty.add(user.id)
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._check_dirty)

    def _check_dirty(self) -> None:
        self._scheduled = False
        dirty, self._dirty = self._dirty, set()
        waiters = {w for uid in dirty for w in self._by_user.get(uid, ())}
        for waiter in waiters:
            self._check(waiter)

    def _check(self, waiter: _Waiter) -> None:
        if waiter.future.done():
            return
        result = waiter.predicate()
        if result:
            self._settle(waiter, result)

    def _settle(self, waiter: _Waiter, value: Any) -> None:
        if not waiter.future.done():
            waiter.future.set_result(value)

    def _forget(self, waiter: _Waiter) -> None:
        if waiter.timer is not None:
            waiter.timer.cancel()
        self._waiters.discard(waiter)
        for user in waiter.users:
            group = self._by_user.get(user.id)
            if group is not None:
                group.discard(waiter)
                if not group:
                    del self._by_user[user.id]

    async def _sweep(self) -> None:
        while self._waiters:
            await asyncio.sleep(self.FALLBACK)
            for waiter in list(self._waiters):
                self._check(waiter)


# ----- the players -----------------------------------------------------------------------


@dataclass
class Table:
    challenger: User
    opponent: User
    channel: Any
    ready: bool = False
    moves: int = 0
    stalled: bool = False
    board: BoardWatch = field(init=False)

    def __post_init__(self) -> None:
        self.board = BoardWatch((self.challenger.username.lower(), self.opponent.username.lower()))


@dataclass
class Tally:
    failed: int = 0  # InteractionFailed: no valid acknowledgement within 3 s
    races: list[str] = field(default_factory=list)  # EmulatorError: control gone before the click
    stalled: int = 0  # no controls appeared for either player within the wait
    #: Seconds from a move's acknowledgement to the next player's controls showing up in
    #: their DM (the turn passing; the bot sends that DM after the acknowledgement).
    handoffs: list[float] = field(default_factory=list)
    #: Seconds from the Accept click to the first hand with live controls.
    first_hands: list[float] = field(default_factory=list)
    moves: int = 0


def turn_of(emu: Emulator, t: Table) -> User | None:
    for user in (t.challenger, t.opponent):
        if live_controls(emu, user) is not None:
            return user
    return None


async def setup_table(emu: Emulator, watch: Watch, t: Table, target: int, tally: Tally) -> None:
    try:
        await emu.slash(
            t.challenger, t.channel, "gin challenge", opponent=t.opponent, target=target
        )
        b = t.opponent

        def invite() -> Any:
            return next((m for m in reversed(emu.dms(b)) if "Accept" in m.button_labels), None)

        msg = await watch.until(invite, (b,), 30.0)
        if msg is None:
            tally.stalled += 1
            return
    except InteractionFailed:
        tally.failed += 1
        return  # no challenge message, no invite: this table is lost
    except EmulatorError as exc:
        tally.races.append(str(exc)[:160])
        return
    accepted = emu.clock.now()
    try:
        await emu.click(b, msg, "Accept")
    except InteractionFailed:
        # Counted; the bot may still have dealt the table (it acknowledges after setting
        # it up), so go on and play it if the hands arrive.
        tally.failed += 1
    except EmulatorError as exc:
        tally.races.append(str(exc)[:160])
        return
    t.ready = (
        await watch.until(lambda: turn_of(emu, t), (t.challenger, t.opponent), 30.0) is not None
    )
    if t.ready:
        tally.first_hands.append(emu.clock.now() - accepted)
    else:
        tally.stalled += 1


@dataclass
class Pace:
    """Where a table's moves are counted and until when it plays: the phase in progress.
    With ``--play-on-deal`` a table plays from its deal on, through the setup phase into
    the paced one, so both change under it."""

    tally: Tally
    deadline: float = math.inf


async def play_table(
    emu: Emulator,
    watch: Watch,
    t: Table,
    moves: int,
    think: float,
    pace: Pace,
    rng: random.Random,
) -> None:
    loop = asyncio.get_running_loop()
    made = 0
    last: tuple[User, float] | None = None  # who moved last, and when it was acknowledged
    unshown: float | None = None  # the last move's acknowledgement, its board not yet known
    while made < moves and loop.time() < pace.deadline:
        deadline, tally = pace.deadline, pace.tally
        wait = max(0.1, min(15.0, deadline - loop.time()))
        mover = await watch.until(lambda: turn_of(emu, t), (t.challenger, t.opponent), wait)
        if mover is None:
            if loop.time() < pace.deadline:
                t.stalled = True
                tally.stalled += 1
            return
        tally = pace.tally  # the phase the move's acknowledgement or handoff falls in
        if last is not None and last[0] is not mover:
            tally.handoffs.append(emu.clock.now() - last[1])
        # The board shows turns: a draw shows with the discard that ends the turn.
        if unshown is not None and last is not None and last[0] is not mover:
            controls = live_controls(emu, mover)
            sig = expected(controls, mover.username) if controls is not None else None
            if sig is not None:
                t.board.moves.append((unshown, sig))
        unshown = None
        if think > 0:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        sent = len(emu.interactions)

        def until(predicate: Callable[[], object], timeout: float, who: User = mover) -> Any:  # noqa: ASYNC109
            return watch.until(predicate, (who,), timeout)

        try:
            # play_one waits (through the Watch) for the hand to be edited after a deferral.
            if await play_one(emu, mover, wait=until):
                tally = pace.tally
                made += 1
                t.moves += 1
                tally.moves += 1
                move = next(
                    (i for i in emu.interactions[sent:] if i.user is mover and is_move(i)), None
                )
                acked = move.acked_at if move is not None else None
                last = (mover, acked) if acked is not None else None
                unshown = acked
        except InteractionFailed:
            tally.failed += 1
            made += 1
        except EmulatorError as exc:
            tally.races.append(str(exc)[:160])
            made += 1


# ----- one level ---------------------------------------------------------------------------


def refused(i: Interaction) -> bool:
    """The bot answered the click with a refusal only its player sees ("out of date"...),
    as the reply (callback 4) or as a followup after a deferral."""
    return any(m.ephemeral and any(r in m.text for r in REFUSALS) for m in i.messages)


def is_move(i: Interaction) -> bool:
    """A click or choice on a player's hand DM (the controls ``live_controls`` finds)."""
    return i.type == MESSAGE_COMPONENT and str(i.data.get("custom_id", "")).startswith(MOVES)


def seconds3(values: list[float]) -> str:
    """p50 / p99 / max in seconds; never (inf) counts as the slowest."""
    if not values:
        return "-"
    top = max(values)
    worst = "never" if math.isinf(top) else f"{top:.2f}"
    return f"{pct(values, 50):.2f} / {pct(values, 99):.2f} / {worst} s"


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


@dataclass
class Phase:
    name: str
    seconds: float
    interactions: int
    latencies: list[float]
    unacked: int
    refused_callbacks: int
    refused_moves: int
    ack_types: Counter[int]
    errors: Counter[str]
    bot: Usage  # the bot's process tree, during the phase
    bench_cpu: float
    bench_wait: float
    after: Usage  # the bot's process tree at the end of the phase (RSS)
    #: Moves (clicks on hand DMs, refusals left out): seconds from the interaction to the
    #: clicked hand DM being edited (callback 7, or the bot's later PATCH after a type 6
    #: deferral); never edited: infinite.
    updates: list[float]
    tally: Tally
    rest: Counter[str]
    rest_complete: bool
    worst: str
    kinds: str
    limits: Limits

    def line(self) -> str:
        n = max(1, self.interactions)
        lat = self.latencies
        hand = [x * 1000 for x in self.tally.handoffs]
        handoff = (
            f"          turn handoff (ack -> next player's DM controls): "
            f"p50 {pct(hand, 50):.0f} ms, p99 {pct(hand, 99):.0f} ms, max {max(hand):.0f} ms\n"
            if hand
            else ""
        )
        upd = self.updates
        never = sum(1 for x in upd if math.isinf(x))
        updated = (
            f"          hand updated (move sent -> its hand DM edited by the bot) over {len(upd)} "
            f"moves: p50 {ms(pct(upd, 50))}, p90 {ms(pct(upd, 90))}, p99 {ms(pct(upd, 99))}, "
            f"max {ms(max(upd))}; never edited {never}\n"
            if upd
            else ""
        )
        b = self.bot
        return (
            f"  {self.name:<7} {self.interactions:6d} interactions in {self.seconds:6.1f} s = "
            f"{self.interactions / self.seconds:6.1f}/s | ack p50 {ms(pct(lat, 50))}, "
            f"p90 {ms(pct(lat, 90))}, p99 {ms(pct(lat, 99))}, max {ms(max(lat, default=0))} | "
            f"hand updated p50/p99 {f'{ms(pct(upd, 50))} / {ms(pct(upd, 99))}' if upd else '-'}\n"
            f"          CPU per interaction: bot {b.cpu / n * 1000:.2f} ms (main "
            f"{b.main_cpu / n * 1000:.2f} + workers {b.workers_cpu / n * 1000:.2f}), "
            f"emulator+players {self.bench_cpu / n * 1000:.2f} ms "
            f"(bot {b.cpu / self.seconds * 100:.0f}% of a core, "
            f"here {self.bench_cpu / self.seconds * 100:.0f}%); waiting for a CPU: "
            f"bot {b.wait / n * 1000:.2f} ms (main {b.main_wait / n * 1000:.2f} + workers "
            f"{b.workers_wait / n * 1000:.2f}), here {self.bench_wait / n * 1000:.2f} ms; "
            f"bot worker processes at the end {self.after.workers}\n"
            f"          unacknowledged {self.unacked}, late/duplicate callbacks "
            f"{self.refused_callbacks}, failed clicks {self.tally.failed}, "
            f"refused moves {self.refused_moves}, click races {len(self.tally.races)}, "
            f"stalled tables {self.tally.stalled}, HTTP errors {sum(self.errors.values())} "
            f"{dict(self.errors) if self.errors else ''}| ack types {dict(sorted(self.ack_types.items()))}\n"
            + handoff
            + updated
            + f"          slowest seconds (start s: n, p99 ms): {self.worst}\n"
            + f"          ack p50/p99 by kind: {self.kinds}\n"
            + self.limits.lines(self.tally, self.seconds, self.interactions)
            + f"          REST calls by the bot per interaction: {sum(self.rest.values()) / n:.2f}"
            f"{'' if self.rest_complete else ' (last 50,000 calls only)'}: "
            + ", ".join(f"{k} {v / n:.2f}" for k, v in self.rest.most_common(6))
        )


class Trees:
    """Several bots' process trees (``--processes``), sampled as one."""

    def __init__(self, pids: list[int]) -> None:
        self.trees = [ProcessTree(pid) for pid in pids]

    def sample(self) -> Usage:
        usages = [tree.sample() for tree in self.trees]
        total = usages[0]
        for usage in usages[1:]:
            total = total + usage
        return total


class Level:
    def __init__(
        self, emu: Emulator, tables: list[Table], bot: BotProcess, *others: BotProcess
    ) -> None:
        self.emu, self.bot, self.tables = emu, bot, tables
        self.pid = bot.proc.pid if bot.proc is not None else 0
        pids = [self.pid, *(o.proc.pid for o in others if o.proc is not None)]
        self.tree: ProcessTree | Trees = ProcessTree(self.pid) if not others else Trees(pids)

    async def _sample_tree(self) -> None:
        """Read the bot's process tree once a second (threads that end keep their wait)."""
        while True:
            await asyncio.sleep(1.0)
            self.tree.sample()

    async def measure(self, name: str, run: Callable[[Tally], Any], settle: bool = True) -> Phase:
        emu = self.emu
        i0, e0 = len(emu.interactions), len(emu.errors)
        stats = emu.ratelimits.stats
        refused0, invalid0 = stats.refused.copy(), stats.invalid
        bot0, cpu_here0 = self.tree.sample(), time.process_time()
        wait_here0 = sched(os.getpid())[1]
        t0 = time.perf_counter()
        at0 = emu.clock.now()
        tally = Tally()
        sampler = asyncio.create_task(self._sample_tree())
        try:
            await run(tally)
        finally:
            sampler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sampler
        seconds = time.perf_counter() - t0
        bot, cpu_here = self.tree.sample() - bot0, time.process_time() - cpu_here0
        wait_here = sched(os.getpid())[1] - wait_here0
        # Let the last notifications land before the RSS reading (not timed); tables that
        # play on (`--play-on-deal`) never let the bot go quiet.
        if settle:
            await emu.settle(quiet=0.3, timeout=60)
        after = self.tree.sample()
        inters = emu.interactions[i0:]
        refused_moves = sum(1 for i in inters if refused(i))
        updates = [
            math.inf if i.update_latency is None else i.update_latency
            for i in inters
            if is_move(i) and i.ack_type in (None, 6, 7) and not refused(i)
        ]
        errors = Counter(f"{r.status} {r.code} {r.method} {r.route}" for r in emu.errors[e0:])
        rest = Counter(f"{r.method} {r.route}" for r in emu.requests if r.at >= at0)
        limited = [r for r in emu.requests if r.at >= at0 and not is_exempt(r.route)]
        per_second = Counter(int(r.at) for r in limited)
        sizes = (
            sum(r.size for r in limited),
            sum(r.size for r in emu.requests if r.at >= at0 and is_exempt(r.route)),
        )
        limits = Limits(
            emu.rate_limits,
            Counter({k: v for k, v in rest.items() if not is_exempt(k.split(" ", 1)[1])}),
            Counter({k: v for k, v in rest.items() if is_exempt(k.split(" ", 1)[1])}),
            stats.refused - refused0,
            stats.invalid - invalid0,
            max(per_second.values(), default=0),
            sizes,
            busiest(emu, limited, per_second, {t.channel.id for t in self.tables}),
            emu,
            self.tables,
            at0,
            emu.clock.now(),
        )
        complete = not emu.requests or emu.requests[0].at < at0
        # Per one-second window (tail bunching: GC, checkpoints, bursts) and per kind.
        windows: dict[int, list[float]] = {}
        kinds: dict[str, list[float]] = {}
        for i in inters:
            if i.latency is None:
                continue
            windows.setdefault(int(i.created_at - at0), []).append(i.latency * 1000)
            cid = str(i.data.get("custom_id") or i.data.get("name") or "?")
            kind = ":".join(cid.split(":")[:2]) + (":" + cid.split(":")[-1] if ":c:" in cid else "")
            kinds.setdefault(kind, []).append(i.latency * 1000)
        worst_w = sorted(windows.items(), key=lambda kv: -pct(kv[1], 99))[:4]
        worst = ", ".join(f"{k}: {len(v)}, {pct(v, 99):.0f}" for k, v in sorted(worst_w))
        kind_s = ", ".join(
            f"{k} ({len(v)}) {pct(v, 50):.0f}/{pct(v, 99):.0f}" for k, v in sorted(kinds.items())
        )
        return Phase(
            name,
            seconds,
            len(inters),
            # Never acknowledged: counted as infinitely late, so percentiles don't flatter.
            [i.latency if i.latency is not None else math.inf for i in inters],
            sum(1 for i in inters if i.ack_type is None),
            sum(len(i.refused) for i in inters),
            refused_moves,
            Counter(i.ack_type or 0 for i in inters),
            errors,
            bot,
            cpu_here,
            wait_here,
            after,
            updates,
            tally,
            rest,
            complete,
            worst,
            kind_s,
            limits,
        )


async def profile_written(path: Path, timeout: float = 60.0) -> None:  # noqa: ASYNC109
    """Wait for `bench/cpu_profile.py` to write its profile (it renames it when complete)."""
    deadline = time.monotonic() + timeout
    while not await asyncio.to_thread(path.exists):
        if time.monotonic() > deadline:
            print(f"no CPU profile written at {path}", flush=True)
            return
        await asyncio.sleep(0.2)
    print(f"CPU profile of the paced phase: {path} (summary: {path}.txt)", flush=True)


class ProfiledBot(BotProcess):
    """``python -m cProfile -o FILE -m bot``: the unmodified bot under cProfile."""

    def __init__(self, env: dict[str, str], workdir: Path, profile: Path) -> None:
        super().__init__(env, workdir, python_args=("-m", "cProfile", "-o", str(profile)))
        self.profile = profile


@contextlib.asynccontextmanager
async def steady_heap(every: float = 0.5) -> Any:
    """Keep this process's garbage collector from pausing the emulator.

    The emulator keeps every message, edit and interaction; a full collection walked all of
    them, stopping this process (and so the acknowledgements it timestamps) for 130-400 ms
    at 500 tables, which showed up as the bot's latency. Freezing what exists twice a second
    leaves the collector only the newest objects; the cyclic garbage frozen with them is
    collected when the level ends.
    """

    async def freeze() -> None:
        while True:
            gc.freeze()
            await asyncio.sleep(every)

    task = asyncio.create_task(freeze())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        gc.unfreeze()
        gc.collect()


async def run_level(n: int, args: argparse.Namespace) -> dict[str, Any]:
    async with steady_heap():
        return await _run_level(n, args)


async def new_database(server_url: str, n: int) -> str:
    """A fresh database for one level on the PostgreSQL server at ``server_url``."""
    name = f"gin_load_{os.getpid()}_{n}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    return server_url.rsplit("/", 1)[0] + "/" + name


async def _run_level(n: int, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed + n)
    procs = args.processes
    with tempfile.TemporaryDirectory(prefix=f"gin-load-{n}-") as tmp:
        per_channel = args.tables_per_channel
        sharded = {"shard_count": procs} if procs > 1 else {}
        async with Emulator(rate_limits=not args.no_limits, **sharded) as emu:
            channels = [f"gin-{k}" for k in range((n + per_channel - 1) // per_channel)]
            # Several processes: the server on the last shard, its DMs (the moves) on shard 0.
            on_shard = {"shard": procs - 1} if procs > 1 else {}
            guild = emu.create_guild("Load Club", channels=tuple(channels), **on_shard)
            tables = [
                Table(
                    emu.create_user(f"player{2 * i}", guilds=[guild]),
                    emu.create_user(f"player{2 * i + 1}", guilds=[guild]),
                    guild.channel(channels[i // per_channel]),
                )
                for i in range(n)
            ]
            env = {
                **clean_environ(),
                **emu.bot_env(guild),
                "GIN_DATABASE": (
                    await new_database(args.pg_url, n)
                    if procs > 1
                    else str(Path(tmp) / "gin.sqlite3")
                ),
                "GIN_LOG_LEVEL": "INFO",
                "GIN_GUILD_READY_TIMEOUT": "0.1",
                # Long turn timers: no automatic moves while the scripted players think.
                "GIN_TURN_SECONDS": "3600",
                "GIN_ROUND_PAUSE": str(args.round_pause),
                "GIN_PICTURES": args.pictures,
                "PYTHONUNBUFFERED": "1",
                # A share of the token's global budget (a smaller world with the same
                # pressure: 200 tables at 0.5 are 400 at 1).
                **({"GIN_REST_SHARE": str(args.rest_share)} if args.rest_share else {}),
                # The bot runs the same source tree as this script (e.g. a `git archive`
                # snapshot of main), not whatever the editable install points at.
                # BENCH_PYTHONPATH: more folders for the bot (e.g. a sitecustomize.py that
                # logs its garbage collections while measuring).
                "PYTHONPATH": os.pathsep.join(
                    p for p in (str(ROOT), os.environ.get("BENCH_PYTHONPATH", "")) if p
                ),
            }
            workdir = Path(tmp) / "bot"
            workdir.mkdir()
            cpu_prof: Path | None = None
            if args.profile_bot:
                prof = Path(args.profile_bot) / f"bot-{n}.prof"
                prof.parent.mkdir(parents=True, exist_ok=True)
                bot: BotProcess = ProfiledBot(env, workdir, prof)
            elif args.profile_bot_cpu:
                cpu_prof = Path(args.profile_bot_cpu) / f"bot-{n}.cpu.prof"
                cpu_prof.parent.mkdir(parents=True, exist_ok=True)
                cpu_prof.unlink(missing_ok=True)
                runner = str(ROOT / "bench" / "cpu_profile.py")
                bot = BotProcess(env, workdir, python_args=(runner, str(cpu_prof)))
            else:
                bot = BotProcess(env, workdir)
            others: list[BotProcess] = []
            if procs > 1:
                bot.env.update(GIN_SHARDS="0", GIN_SHARD_COUNT=str(procs))
                for shard in range(1, procs):
                    other_dir = Path(tmp) / f"bot{shard}"
                    other_dir.mkdir()
                    others.append(
                        BotProcess(
                            {**env, "GIN_SHARDS": str(shard), "GIN_SHARD_COUNT": str(procs)},
                            other_dir,
                        )
                    )
            await bot.start(timeout=60)
            for other in others:
                await other.start(timeout=60)
            level = Level(emu, tables, bot, *others)
            print(f"{n} tables: bot pid {level.pid}, this process {os.getpid()}", flush=True)
            watch = Watch(emu)
            await emu.settle(quiet=0.5, timeout=30)
            before = level.tree.sample()  # RSS of the bot and its processes before the tables
            load0 = os.getloadavg()

            pace = Pace(Tally())
            playing: list[asyncio.Task[None]] = []

            async def setup(tally: Tally) -> None:
                pace.tally = tally

                async def one(k: int, t: Table) -> None:
                    if args.setup_rate > 0:  # staggered arrivals; 0: all in the same instant
                        await asyncio.sleep(k / args.setup_rate)
                    await setup_table(emu, watch, t, args.target, tally)
                    if args.play_on_deal and t.ready:
                        # Its players start as soon as their hands arrive, as people do.
                        playing.append(
                            asyncio.create_task(
                                play_table(emu, watch, t, 10**9, args.think, pace, rng)
                            )
                        )

                await asyncio.gather(*(one(k, t) for k, t in enumerate(tables)))

            async def paced(tally: Tally) -> None:
                pace.tally = tally
                pace.deadline = asyncio.get_running_loop().time() + args.seconds
                if args.play_on_deal:
                    await asyncio.gather(*playing)
                    return
                await asyncio.gather(
                    *(
                        play_table(emu, watch, t, args.moves_per_table, args.think, pace, rng)
                        for t in tables
                        if t.ready
                    )
                )

            async def burst(tally: Tally) -> None:
                sprint = Pace(tally, asyncio.get_running_loop().time() + args.seconds)
                await asyncio.gather(
                    *(
                        play_table(emu, watch, t, args.burst_moves, 0.0, sprint, rng)
                        for t in tables
                        if t.ready and not t.stalled
                    )
                )

            phases = [await level.measure("setup", setup, settle=not args.play_on_deal)]
            if cpu_prof is not None:
                os.kill(level.pid, signal.SIGUSR1)  # the paced phase only
            phases.append(await level.measure("paced", paced))
            if cpu_prof is not None:
                os.kill(level.pid, signal.SIGUSR2)
                await profile_written(cpu_prof)
            if args.burst_moves > 0:
                phases.append(await level.measure("burst", burst))
            load1 = os.getloadavg()
            # Board edits discord.py is still pacing (a bucket resets within 5 s) land first.
            await emu.settle(quiet=6.0, timeout=120)
            status = await bot.stop(timeout=60)
            log_text = bot.output()
            for other in others:
                status = max(status, await other.stop(timeout=60))
                log_text += other.output()
            problems = [
                m
                for m in re.finditer(r"^.* (ERROR|WARNING|CRITICAL) .*$", log_text, re.M)
                if "voice will NOT be supported" not in m.group(0)  # discord.py at start-up
                # discord.py's keep-alive thread sets _last_send only after the heartbeat was
                # sent; a loopback ACK can arrive first, and the "latency" is then one whole
                # heartbeat interval (41.25 s): not a real delay.
                and not re.search(r"Can't keep up.* 41\.\ds behind", m.group(0))
            ]
            return {
                "tables": n,
                "ready": sum(t.ready for t in tables),
                "moves": sum(t.moves for t in tables),
                "before": before,
                "phases": phases,
                "unknown_routes": list(emu.unknown_routes),
                "unacked_total": len(emu.unacknowledged()),
                "exit": status,
                "tracebacks": log_text.count("Traceback"),
                "log_problems": Counter(m.group(1) for m in problems),
                "log_lines": [m.group(0) for m in problems][:5],
                "load": (load0, load1),
                "rest_calls": len(emu.requests),
            }


def report(r: dict[str, Any]) -> str:
    n = r["tables"]
    out = [
        f"{n} tables ({r['ready']} set up, {r['moves']} moves played; "
        f"load average {r['load'][0][0]:.1f} before, {r['load'][1][0]:.1f} after)"
    ]
    out.extend(p.line() for p in r["phases"])
    before: Usage = r["before"]
    end: Usage = r["phases"][-1].after
    mem = ", ".join(
        f"after {p.name} {(p.after.rss - before.rss) / n:.1f} KiB/table" for p in r["phases"]
    )
    out.append(
        f"  memory (VmRSS of the bot + its processes): {before.rss / 1024:.1f} MiB before the "
        f"tables (main {before.main_rss / 1024:.1f} + {before.workers} workers "
        f"{before.workers_rss / 1024:.1f}), {end.rss / 1024:.1f} MiB at the end (main "
        f"{end.main_rss / 1024:.1f} + {end.workers} workers {end.workers_rss / 1024:.1f}); {mem}"
    )
    out.append(
        f"  unknown routes {len(r['unknown_routes'])}, unacknowledged overall "
        f"{r['unacked_total']}, bot exit {r['exit']}, tracebacks in its log {r['tracebacks']}, "
        f"log {dict(r['log_problems']) or 'clean'}"
    )
    for ln in r["log_lines"]:
        out.append(f"  bot log: {ln[:200]}")
    races = [x for p in r["phases"] for x in p.tally.races]
    if races:
        out.append(f"  click races (first 3): {races[:3]}")
    return "\n".join(out)


def summary_table(results: list[dict[str, Any]]) -> str:
    rows = [
        "| tables | phase | interactions | per s | ack p50 | ack p99 | max | not acked in 3 s "
        "| hand updated p50 / p99 | other errors | bot CPU / waiting for a CPU per interaction "
        "| bot KiB/table |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in results:
        n = r["tables"]
        for p in r["phases"]:
            lat = p.latencies
            n_int = max(1, p.interactions)
            other = (
                sum(p.errors.values())
                - p.refused_callbacks
                + p.tally.failed
                - p.unacked
                + len(p.tally.races)
                + p.tally.stalled
                + p.refused_moves
            )
            hand = f"{ms(pct(p.updates, 50))} / {ms(pct(p.updates, 99))}" if p.updates else "-"
            rows.append(
                f"| {n} | {p.name} | {p.interactions} | {p.interactions / p.seconds:.0f} | "
                f"{ms(pct(lat, 50))} | {ms(pct(lat, 99))} | {ms(max(lat, default=0))} | "
                f"{p.unacked} | {hand} | {max(0, other)} | {p.bot.cpu / n_int * 1000:.1f} / "
                f"{p.bot.wait / n_int * 1000:.1f} ms | {(p.after.rss - r['before'].rss) / n:.0f} |"
            )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--moves-per-table", type=int, default=20, help="paced moves per table")
    parser.add_argument("--seconds", type=float, default=60.0, help="cap on each play phase")
    parser.add_argument(
        "--play-on-deal",
        action="store_true",
        help="each table plays from its deal on (through setup) until the paced phase ends, "
        "not all tables from the paced phase's first second; --moves-per-table is ignored",
    )
    parser.add_argument(
        "--think", type=float, default=4.0, help="mean think time before each paced move (s)"
    )
    parser.add_argument(
        "--burst-moves", type=int, default=10, help="moves per table with no think time (0: skip)"
    )
    parser.add_argument(
        "--setup-rate",
        type=float,
        default=25.0,
        help="tables challenged per second during setup (0: every challenge at the same instant)",
    )
    parser.add_argument(
        "--tables-per-channel", type=int, default=25, help="tables sharing one channel"
    )
    parser.add_argument(
        "--no-limits",
        action="store_true",
        help="the emulator answers every REST call at once (no Discord rate limits)",
    )
    parser.add_argument("--target", type=int, default=500, help="match target (points)")
    parser.add_argument("--round-pause", type=float, default=0.0, help="GIN_ROUND_PAUSE (s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rest-share",
        type=float,
        default=None,
        help="GIN_REST_SHARE: each bot process's share of the token's global REST budget",
    )
    parser.add_argument(
        "--pictures", choices=("on", "off"), default="on", help="GIN_PICTURES: card pictures"
    )
    parser.add_argument("--profile-bot", metavar="DIR", help="run the bot under cProfile")
    parser.add_argument(
        "--profile-bot-cpu",
        metavar="DIR",
        help="profile the bot's main thread in CPU time over the paced phase only",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="bot processes (shards 0..N-1 of N) over one PostgreSQL database; 1: SQLite",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="--processes: an existing PostgreSQL server (a database per level is made there)",
    )
    args = parser.parse_args()
    if args.profile_bot and args.profile_bot_cpu:
        parser.error("--profile-bot and --profile-bot-cpu: one profiler at a time")
    if args.profile_bot:  # the bot runs in another working directory
        args.profile_bot = str(Path(args.profile_bot).resolve())
    if args.profile_bot_cpu:
        args.profile_bot_cpu = str(Path(args.profile_bot_cpu).resolve())
    asyncio.run(run(args))


async def run(args: argparse.Namespace) -> None:
    print(f"machine: {machine()}")
    print(
        f"load: setup {f'{args.setup_rate:g} tables/s' if args.setup_rate else 'all at once'}, "
        + (
            "each table playing from its deal on until the paced phase ends "
            if args.play_on_deal
            else f"{args.moves_per_table} paced moves per table "
        )
        + f"(think {0.5 * args.think:g}-"
        f"{1.5 * args.think:g} s), then {args.burst_moves} with no think time; "
        f"each phase capped at {args.seconds:g} s; match target {args.target}, round pause "
        f"{args.round_pause:g} s, turn timer 3600 s; {args.tables_per_channel} tables a channel; "
        f"Discord's rate limits {'off' if args.no_limits else 'on'}"
    )
    results = []
    with contextlib.ExitStack() as stack:
        if args.processes > 1:
            if args.database:
                args.pg_url = args.database
            else:
                # Production settings (fsync and synchronous_commit on): `durable=True`.
                server = stack.enter_context(PgServer(durable=True))
                args.pg_url = server.url()
            print(f"{args.processes} bot processes on PostgreSQL, one shard each")
        for n in args.tables:
            r = await run_level(n, args)
            results.append(r)
            print(report(r), flush=True)
    print()
    print(summary_table(results))


if __name__ == "__main__":
    main()
