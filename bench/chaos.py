"""Chaos: matches played through the emulator while ``python -m bot`` is killed at random.

    nice -n 10 .venv/bin/python bench/chaos.py [--kills 50] [--tables 4] [--max-up 6] [--seed 1]

Not part of the test suite (it takes minutes). The emulator runs in this process with one
channel and two scripted players per table; the players play through what Discord shows them
(``tests/play/driver``: the live controls of their DMs and private replies, a click, then the
bot's answer). The bot is one ``python -m bot`` subprocess (``tests/e2e/botproc.BotProcess``,
pictures drawn by its worker process as in production). Each cycle starts the bot, lets the
players go on for a random time drawn uniformly from 0 to ``--max-up`` seconds (so some kills
land during start-up: login, migrations, table recovery, command sync, the gateway), then
kills it with SIGKILL and starts it again at once. A finished match is followed by a new
challenge at the same table. After the last kill the bot must come back once more; it is then
stopped with SIGINT and the database is checked.

Printed:

- **kills survived**: kills after which the next start served again (or was itself killed by
  the script before it could); a start that exits by itself, or does not serve a move within
  ``--patience`` seconds, is a failure and its log is printed;
- **moves shown then lost** (target 0): a move is *shown* when the bot edited the clicked hand
  message (or sent the hand anew) with controls of a newer table version; at the end the
  store must hold that very move (the move log's ``seq`` is the version it produced, with the
  same action);
- **restart-to-playable** p50/max: from spawning the process to the first move the bot
  answered and showed after it (only starts that got there before their kill). While the bot
  has no gateway connection the players wait instead of clicking (Discord shows the bot
  offline), so a click lost with the old process does not add its 3 s to the figure;
  **restart-to-ready**: from the spawn to the readiness line;
- **live hands per player after a restart** (target: always 1): once a start is ready, the
  players pause, the bot's writes settle, and each player's hand DMs that still carry a
  table's controls are counted per table (starts killed before that are not counted);
- **messages duplicated** (target 0): a round's reveal (``Round N · table #T``) or a match's
  summary (``Match over · table #T``) posted more than once, and players left with more than
  one message with live controls for the same table at the end. Hands and boards posted
  afresh after a restart are by design (docs/playing.md) and only counted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.store import open_store  # noqa: E402
from emulator import Channel, Emulator, EmulatorError, InteractionFailed, Message, User  # noqa: E402
from emulator.botproc import BotProcess, clean_environ  # noqa: E402
from emulator.models import walk_components  # noqa: E402
from tests.players import choose, confirm_button, live_controls, live_hands  # noqa: E402

REVEAL = re.compile(r"Round (\d+) · table #(\d+)")
SUMMARY = re.compile(r"Match over · table #(\d+)")
MOVES = ("gin:a:", "gin:s:")


def versions_in(components: list[dict[str, object]]) -> list[int]:
    """Table versions named by the game controls among `components`."""
    out = []
    for c in walk_components(components):
        cid = str(c.get("custom_id") or "")
        if cid.startswith(MOVES):
            out.append(int(cid.split(":")[3]))
    return out


@dataclass
class Shown:
    table_id: int
    seq: int  # the version the move produced, as the answer showed it
    kind: str
    user: str


@dataclass
class Table:
    a: User
    b: User
    channel: Channel
    matches: int = 0
    seen_invites: set[int] = field(default_factory=set)
    last_shown: float = field(default_factory=time.monotonic)
    longest_wait: float = 0.0


@dataclass
class Run:
    emu: Emulator
    bot: BotProcess
    rng: random.Random
    shown: list[Shown] = field(default_factory=list)
    clicks: Counter[str] = field(default_factory=Counter)
    spawned_at: float = 0.0
    playable_at: float | None = None
    stop: bool = False
    #: The players wait (the live hands are being counted).
    paused: bool = False
    #: Starts so far (a count made across a kill is dropped).
    starts: int = 0

    def note_move(self) -> None:
        if self.playable_at is None and self.bot.running:
            self.playable_at = time.monotonic()


async def move(run: Run, t: Table, user: User) -> bool:
    """One move for `user` if they have live controls; records what the bot showed."""
    emu = run.emu
    if not any(s.conn is not None for s in emu.gateway.live_sessions()):
        # The bot is offline (Discord shows it so): people wait rather than click into the void.
        await asyncio.sleep(0.02)
        return True
    msg = live_controls(emu, user)
    if msg is None:
        return False
    edits, sent_at = len(msg.history), time.monotonic()
    try:
        # A knock or gin asked for is confirmed, as a person would (else the knock is asked
        # again and again and the match never ends).
        confirm = confirm_button(msg)
        inter = await (
            emu.click(user, msg, custom_id=confirm) if confirm else choose(emu, user, msg)
        )
    except InteractionFailed:
        run.clicks["unanswered"] += 1  # the bot is down: a person would click again
        return True
    except (EmulatorError, LookupError):
        run.clicks["vanished"] += 1  # the controls changed under the click
        return True
    if inter is None:
        return False
    custom_id = str(inter.data.get("custom_id"))
    _, _, table, version, kind = custom_id.split(":")[:5]
    if inter.ack_type != 6:
        run.clicks[f"answered {inter.ack_type}"] += 1
        return True
    with contextlib.suppress(TimeoutError):
        await emu.wait_for(lambda: len(msg.history) > edits or inter.followups, 5.0)
    if len(msg.history) > edits:
        answer = msg.versions()[edits + 1]
        text, components = answer.text, answer.components
    elif inter.followups:
        text, components = inter.followups[0].text, inter.followups[0].components
    else:
        run.clicks["acknowledged, never shown"] += 1
        return True
    newer = [v for v in versions_in(components) if v > int(version)]
    if "out of date" in text or not newer:
        run.clicks["refreshed"] += 1
        return True
    run.clicks["shown"] += 1
    if sent_at >= run.spawned_at:
        run.note_move()
    run.shown.append(Shown(int(table), max(newer), kind, user.username))
    now = time.monotonic()
    t.longest_wait = max(t.longest_wait, now - t.last_shown)
    t.last_shown = now
    return True


async def new_match(run: Run, t: Table, target: int) -> None:
    emu = run.emu
    try:
        await emu.slash(t.a, t.channel, "gin challenge", opponent=t.b, target=target)
        invite = await emu.wait_for_dm(
            t.b, lambda m: "Accept" in m.button_labels and m.id not in t.seen_invites, timeout=5
        )
        await emu.click(t.b, invite, "Accept")
        t.seen_invites.add(invite.id)
        await emu.wait_for(lambda: live_controls(emu, t.a) or live_controls(emu, t.b), timeout=10.0)
        t.matches += 1
    except (InteractionFailed, TimeoutError, EmulatorError, LookupError):
        await asyncio.sleep(0.5)  # the bot is down or busy: try again


async def table_loop(run: Run, t: Table, think: float, target: int) -> None:
    emu = run.emu
    while not run.stop:
        if run.paused:
            await asyncio.sleep(0.05)
            continue
        over = sum(bool(SUMMARY.search(m.text)) for m in emu.messages(t.channel))
        if t.matches <= over and not (live_controls(emu, t.a) or live_controls(emu, t.b)):
            await new_match(run, t, target)
            continue
        moved = await move(run, t, t.a) or await move(run, t, t.b)
        await asyncio.sleep(run.rng.uniform(0.5, 1.5) * think if moved else 0.05)


def machine() -> str:
    model = "unknown CPU"
    with contextlib.suppress(OSError):
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
        model = next(
            (ln.split(":", 1)[1].strip() for ln in out.splitlines() if "Model name" in ln), model
        )
    return f"{os.cpu_count()} cores (nproc), {model}, Python {platform.python_version()}"


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


async def wait_playable(run: Run, patience: float) -> bool:
    """Until a move was shown since the spawn; False if the bot exited or took too long."""
    deadline = time.monotonic() + patience
    while run.playable_at is None:
        if not run.bot.running or time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def time_ready(bot: BotProcess, spawned_at: float, into: list[float]) -> None:
    """Seconds from the spawn to the readiness line, unless this start is killed first."""
    with contextlib.suppress(RuntimeError, TimeoutError):
        await bot.wait_ready(timeout=120)
        into.append(time.monotonic() - spawned_at)


async def count_hands(run: Run, tables: list[Table], into: Counter[int]) -> None:
    """Once this start is ready: the players pause, the writes settle, and each player's
    live hands per table are counted into `into` (how many players had 0, 1, 2... of them)."""
    start = run.starts
    with contextlib.suppress(RuntimeError, TimeoutError):
        await run.bot.wait_ready(timeout=120)
    if start != run.starts or not run.bot.running:
        return
    run.paused = True
    try:
        with contextlib.suppress(TimeoutError):
            await run.emu.settle(quiet=0.5, timeout=10)
        counts = [
            len(msgs)
            for t in tables
            for user in (t.a, t.b)
            for msgs in live_hands(run.emu, user).values()
        ]
        if start == run.starts and run.bot.running:
            into.update(counts)
    finally:
        run.paused = False


async def chaos(args: argparse.Namespace) -> int:
    # A killed bot drops its connections mid-request; aiohttp logs each one as an error.
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="gin-chaos-") as tmp:
        async with Emulator() as emu:
            names = [f"chaos-{k}" for k in range(args.tables)]
            guild = emu.create_guild("Chaos Club", channels=tuple(names))
            tables = [
                Table(
                    emu.create_user(f"player{2 * k}", guilds=[guild]),
                    emu.create_user(f"player{2 * k + 1}", guilds=[guild]),
                    guild.channel(names[k]),
                )
                for k in range(args.tables)
            ]
            database = Path(tmp) / "gin.sqlite3"
            env = {
                **clean_environ(),
                **emu.bot_env(guild),
                "GIN_DATABASE": str(database),
                "GIN_LOG_LEVEL": "INFO",
                "GIN_GUILD_READY_TIMEOUT": "0.1",
                "GIN_TURN_SECONDS": "3600",
                "GIN_ROUND_PAUSE": "0",
                "PYTHONUNBUFFERED": "1",
                "PYTHONPATH": str(ROOT),
            }
            workdir = Path(tmp) / "bot"
            workdir.mkdir()
            bot = BotProcess(env, workdir)
            run = Run(emu, bot, rng)
            run.spawned_at = time.monotonic()
            await bot.start(timeout=60)
            players = [
                asyncio.create_task(table_loop(run, t, args.think, args.target)) for t in tables
            ]
            failures: list[tuple[int | str, int | None, str]] = []
            survived = killed_early = 0
            to_playable: list[float] = []
            to_ready: list[float] = []
            readiness: asyncio.Task[None] | None = None
            hands_after: Counter[int] = Counter()
            counting: asyncio.Task[None] | None = None
            try:
                for kill in range(1, args.kills + 1):
                    await asyncio.sleep(rng.uniform(0, args.max_up))
                    if not bot.running:
                        failures.append((kill, bot.returncode, bot.output()[-3000:]))
                    elif run.playable_at is not None:
                        to_playable.append(run.playable_at - run.spawned_at)
                    else:
                        killed_early += 1
                    await bot.kill()
                    run.starts += 1
                    if readiness is not None:
                        await readiness
                    if counting is not None:
                        await counting
                    run.playable_at = None
                    run.spawned_at = time.monotonic()
                    await bot.start(wait_ready=False)
                    readiness = asyncio.create_task(time_ready(bot, run.spawned_at, to_ready))
                    counting = asyncio.create_task(count_hands(run, tables, hands_after))
                    if kill % 10 == 0:
                        print(f"  {kill} kills, {len(run.shown)} moves shown", flush=True)
                # The last start must serve again.
                if await wait_playable(run, args.patience):
                    to_playable.append(run.playable_at - run.spawned_at)  # type: ignore[operator]
                else:
                    failures.append(("final", bot.returncode, bot.output()[-3000:]))
                survived = args.kills - len(failures)
                await asyncio.sleep(2.0)  # a little more play on the last start
            finally:
                run.stop = True
                for task in players:
                    task.cancel()
                await asyncio.gather(*players, return_exceptions=True)
                status = await bot.stop(timeout=60) if bot.running else bot.returncode
                if readiness is not None:
                    await readiness
                if counting is not None:
                    await counting
            lost = await lost_moves(database, run.shown)
            dup_details: list[str] = []
            duplicated, reposted, found = duplicates(emu, tables, dup_details)
            tracebacks = bot.log().count("Traceback")

    print(f"machine: {machine()}")
    print(
        f"{args.kills} kills over {args.tables} tables (uptime per start U(0, {args.max_up:g}) s, "
        f"seed {args.seed}); {killed_early} kills landed before the start served a move"
    )
    print(f"kills survived: {survived}/{args.kills}")
    print(f"moves shown then lost: {len(lost)} of {len(run.shown)} shown")
    for miss in lost[:10]:
        print(f"  lost: {miss}")
    print(
        f"restart-to-playable: p50 {pct(to_playable, 50):.2f} s, max "
        f"{max(to_playable, default=float('nan')):.2f} s ({len(to_playable)} starts)"
    )
    print(
        f"restart-to-ready (readiness line): p50 {pct(to_ready, 50):.2f} s, max "
        f"{max(to_ready, default=float('nan')):.2f} s ({len(to_ready)} starts)"
    )
    restarts_counted = sum(hands_after.values())
    print(
        "live hands per player and table after a restart (target: always 1): "
        + (
            ", ".join(f"{n}: {hands_after[n]} times" for n in sorted(hands_after))
            if restarts_counted
            else "none counted"
        )
    )
    print(
        f"messages duplicated: {duplicated} (checked: {found[0]} reveals, {found[1]} match "
        f"summaries, the live controls of every DM; {reposted} hand DMs and boards in all, "
        "posted afresh after each restart by design)"
    )
    for line in dup_details:
        print(f"  duplicated: {line}")
    print(f"clicks: {dict(run.clicks)}; matches started: {sum(t.matches for t in tables)}")
    print(f"final stop: exit status {status}; tracebacks in the bot's logs: {tracebacks}")
    print(
        f"longest wait for a move shown, per table (kills included): "
        f"{max(t.longest_wait for t in tables):.1f} s"
    )
    silent = [f for f in failures if f[1] is not None and "CRITICAL" not in f[2]]
    print(f"starts that exited by themselves: {len(failures)} ({len(silent)} without saying why)")
    for kill, code, tail in failures:
        print(f"--- failed start after kill {kill} (exit status {code}):\n{tail}")
    bad = bool(failures or lost or duplicated or set(hands_after) - {1})
    return 1 if bad else 0


async def lost_moves(database: Path, shown: list[Shown]) -> list[Shown]:
    store = await open_store(database)
    try:
        logs: dict[int, dict[int, str]] = {}
        lost = []
        for s in shown:
            if s.table_id not in logs:
                moves = await store.tables.moves(s.table_id)
                logs[s.table_id] = {
                    m.seq: str(json.loads(m.action_json).get("kind")) for m in moves
                }
            if logs[s.table_id].get(s.seq) != s.kind:
                lost.append(s)
        assert await store.integrity_check() == "ok"
        return lost
    finally:
        await store.close()


def duplicates(
    emu: Emulator, tables: list[Table], details: list[str]
) -> tuple[int, int, tuple[int, int]]:
    """(one-time messages posted twice + duplicate live controls, hand DMs and boards in all,
    (reveals, summaries) seen); what was duplicated goes into `details`."""
    reveals: Counter[tuple[str, str]] = Counter()
    summaries: Counter[str] = Counter()
    boards: Counter[str] = Counter()
    for t in tables:
        for m in emu.messages(t.channel):
            if found := REVEAL.search(m.text):
                reveals[(found.group(2), found.group(1))] += 1
            elif found := SUMMARY.search(m.text):
                summaries[found.group(1)] += 1
            elif "Show my hand" in m.button_labels:
                boards[m.text.split("\n")[0]] += 1
    dup = sum(n - 1 for n in reveals.values()) + sum(n - 1 for n in summaries.values())
    details += [
        f"reveal of round {r} at table #{t} posted {n} times"
        for (t, r), n in reveals.items()
        if n > 1
    ]
    details += [f"summary of table #{t} posted {n} times" for t, n in summaries.items() if n > 1]
    for t in tables:
        for user in (t.a, t.b):
            live: dict[int, list[Message]] = {}
            for msg in emu.dms(user):
                for table in {int(v.split(":")[2]) for v in _ids(msg)}:
                    live.setdefault(table, []).append(msg)
            for table, msgs in live.items():
                if len(msgs) > 1:
                    dup += len(msgs) - 1
                    details.append(
                        f"{user.username} holds {len(msgs)} DMs with live controls for table "
                        f"#{table}: versions {[sorted(set(versions_in(m.components))) for m in msgs]}"
                    )
    hands = sum(len(emu.dms(u)) for t in tables for u in (t.a, t.b))
    return dup, hands + sum(boards.values()), (sum(reveals.values()), sum(summaries.values()))


def _ids(msg: Message) -> list[str]:
    ids = [b.custom_id for b in msg.buttons() if b.custom_id and not b.disabled]
    ids += [s.custom_id for s in msg.selects() if not s.disabled]
    return [i for i in ids if i.startswith(MOVES)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--max-up", type=float, default=6.0, help="max seconds between kills")
    parser.add_argument("--think", type=float, default=0.2, help="seconds between moves")
    parser.add_argument("--target", type=int, default=100, help="match target (points)")
    parser.add_argument("--patience", type=float, default=60.0, help="seconds to serve again")
    parser.add_argument("--seed", type=int, default=1)
    sys.exit(asyncio.run(chaos(parser.parse_args())))


if __name__ == "__main__":
    main()
