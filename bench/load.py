"""Load benchmark: many Gin Rummy tables played at once against ONE ``python -m bot``.

    .venv/bin/python bench/load.py --tables 10 100 500 [--moves-per-table N] [--seconds S]
        [--think T] [--burst-moves N] [--setup-rate R] [--profile-bot DIR]
        [--profile-bot-cpu DIR]
        [--tables-per-channel N] [--no-limits]

For each level (a fresh emulator, bot process and temp database per level, so memory and
errors belong to that level alone):

1. the emulator runs in this process with one server, one channel per 25 tables
   (``--tables-per-channel``) and two members per table, enforcing Discord's REST rate
   limits (``emulator/ratelimits.py``; ``--no-limits``: every call answered at once); ``python -m bot`` starts against it (``emulator/botproc.BotProcess``);
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
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.loadbench.level import run_level  # noqa: E402
from bench.loadbench.report import report, summary_table  # noqa: E402
from bench.loadbench.usage import machine  # noqa: E402
from tests.store.pgserver import PgServer  # noqa: E402


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
