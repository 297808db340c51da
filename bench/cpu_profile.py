"""Run a module under cProfile timed in CPU seconds, between two signals.

    python bench/cpu_profile.py OUT.prof -m bot

SIGUSR1 starts profiling the main thread with ``time.process_time`` (CPU, not wall-clock:
on a loaded machine wall-clock counts the time spent waiting for a core); SIGUSR2 stops it
and writes OUT.prof (``pstats``), then OUT.prof.txt (the top functions by own and by
cumulative time). ``bench/load.py --profile-bot-cpu DIR`` runs the bot this way and sends
the signals around the paced phase only, so start-up and setup are left out.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import runpy
import signal
import sys
import time
from pathlib import Path
from types import FrameType

#: Functions listed in the text summary, per ordering.
TOP = 60


def main() -> None:
    if len(sys.argv) < 4 or sys.argv[2] != "-m":
        raise SystemExit(__doc__)
    out, module = Path(sys.argv[1]), sys.argv[3]
    profile = cProfile.Profile(time.process_time)
    started: list[float] = []

    def start(signum: int, frame: FrameType | None) -> None:
        started.append(time.process_time())
        profile.enable()

    def stop(signum: int, frame: FrameType | None) -> None:
        profile.disable()
        seconds = time.process_time() - started[-1] if started else 0.0
        profile.dump_stats(str(out) + ".part")
        text = io.StringIO()
        text.write(f"CPU seconds of the process while profiled: {seconds:.2f}\n")
        stats = pstats.Stats(str(out) + ".part", stream=text)
        stats.sort_stats("tottime").print_stats(TOP)
        stats.sort_stats("cumulative").print_stats(TOP)
        Path(str(out) + ".txt").write_text(text.getvalue(), encoding="utf-8")
        Path(str(out) + ".part").replace(out)  # complete: the bench waits for this name

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    sys.argv = [module, *sys.argv[4:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
