"""CPU, time waiting for a CPU and memory of the bot's processes (and the machine's
description): the bench's own accounting, read with psutil and /proc."""

from __future__ import annotations

import os
import platform
import subprocess
from dataclasses import dataclass

import psutil


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
