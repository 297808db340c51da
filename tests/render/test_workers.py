"""Pictures drawn in worker processes are the same pictures, and a dead worker costs none."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.engine import parse_cards
from bot.render import HandPicture, RenderOptions, render_hand, render_hand_async, workers
from bot.render.pictures import CACHE


@pytest.fixture(autouse=True)
def _uncached() -> Iterator[None]:
    CACHE.clear()  # each picture asked for below is drawn, not taken from the cache
    yield
    CACHE.clear()


@pytest.fixture
async def pool() -> AsyncIterator[None]:
    await workers.start(1)
    yield
    workers.stop()


def _hand(text: str) -> HandPicture:
    cards = parse_cards(text)
    return HandPicture(melds=(tuple(cards[:3]),), deadwood=tuple(cards[3:]), highlight=cards[-1])


def _state(pid: int) -> str | None:
    """The process's state letter (Z: a zombie), None once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return None


def _wait_gone(pid: int) -> bool:
    # Not a speed check: the worker gets a generous while to notice.
    for _ in range(600):
        if _state(pid) in (None, "Z"):
            return True
        time.sleep(0.05)
    return False


async def test_a_worker_process_draws_the_same_picture(pool: None) -> None:
    assert workers.running() == 1
    assert workers.warm()  # `start` returned once the card faces were drawn
    pic = _hand("H7 H8 H9 S2 D5 CK")
    drawn = await render_hand_async(pic, RenderOptions(dark=True))
    CACHE.clear()
    assert drawn == render_hand(pic, RenderOptions(dark=True))  # drawn here, in this process


async def test_the_workers_run_no_thread_in_the_bot() -> None:
    before = set(threading.enumerate())
    await workers.start(2)
    try:
        pics = [_hand("H7 H8 H9 S2 D5 CK"), _hand("C2 C3 C4 D9 DQ SA")]
        for pic in pics:
            assert await render_hand_async(pic) == render_hand(pic)
        assert len(workers.pids()) == 2
        assert set(threading.enumerate()) == before
    finally:
        workers.stop()


async def test_an_error_in_the_worker_is_raised_in_the_bot(pool: None) -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        await workers.run(int, "not a number")  # type: ignore[arg-type]
    assert await workers.run(bytes, 3) == b"\0\0\0"  # type: ignore[arg-type]


async def _reaped(pid: int) -> bool:
    # The loop reaps a dead worker, a few ms after it sees it die if not at once.
    for _ in range(600):
        if _state(pid) is None:
            return True
        await asyncio.sleep(0.05)
    return False


async def test_a_killed_worker_is_replaced_and_no_picture_is_lost(
    pool: None, caplog: pytest.LogCaptureFixture
) -> None:
    await render_hand_async(_hand("H7 H8 H9 S2 D5 CK"))
    pids = workers.pids()
    assert pids and os.getpid() not in pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
        assert _wait_gone(pid)  # dead before the loop notices: the next request meets a closed pipe
    pic = _hand("C2 C3 C4 D9 DQ SA")
    assert await render_hand_async(pic) == render_hand(pic)
    # The next pictures are drawn by new workers.
    assert await render_hand_async(_hand("S3 S4 S5 H2 HQ DK")) == render_hand(
        _hand("S3 S4 S5 H2 HQ DK")
    )
    fresh = set(workers.pids())
    assert fresh and not fresh & set(pids)
    assert [r.levelname for r in caplog.records if r.name == workers.__name__] == ["WARNING"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback
    assert all([await _reaped(pid) for pid in pids])  # not left as zombies


async def test_stopped_workers_are_reaped() -> None:
    await workers.start(2)
    pids = workers.pids()
    assert len(pids) == 2
    workers.stop()
    assert workers.running() == 0 and workers.pids() == []
    assert [_state(pid) for pid in pids] == [None, None]
    pic = _hand("S3 S4 S5 H2 HQ DK")
    assert await render_hand_async(pic) == render_hand(pic)  # in a thread


@pytest.mark.parametrize("starting", [True, False], ids=["still starting", "drawing"])
def test_a_worker_whose_bot_is_gone_exits(starting: bool) -> None:
    # A bot that starts a worker, says its pid, and is killed (SIGKILL: no clean-up at all).
    script = (
        "import asyncio, sys, time\n"
        "from bot.render import workers, render_hand_async, HandPicture\n"
        "from bot.engine import parse_cards\n"
        "async def main():\n"
        "    await workers.start(1)\n"
        "    if sys.argv[1] == 'draw':\n"
        "        await render_hand_async(HandPicture(melds=(), deadwood=tuple(parse_cards('H7 S2'))))\n"
        "    print(workers.pids()[0], flush=True)\n"
        "    time.sleep(60)\n"
        "asyncio.run(main())\n"
    )
    bot = subprocess.Popen(
        [sys.executable, "-c", script, "start" if starting else "draw"], stdout=subprocess.PIPE
    )
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert _state(worker) not in (None, "Z")
    finally:
        bot.kill()
        bot.wait()
    assert _wait_gone(worker)


async def test_pictures_owed_by_stopped_workers_are_drawn_in_threads() -> None:
    await workers.start(1)
    texts = ["H7 H8 H9 S2 D5 CQ", "C2 C3 C4 D9 DQ SK", "S3 S4 S5 H2 HQ DQ"]
    owed = [asyncio.ensure_future(render_hand_async(_hand(text))) for text in texts]
    # Until all three are asked of the worker (none can be answered before the loop runs
    # again, and nothing awaits between the check and the stop).
    for _ in range(1000):
        if workers.owed() == len(texts):
            break
        await asyncio.sleep(0)
    assert workers.owed() == len(texts)
    workers.stop()
    assert workers.owed() == 0
    drawn = await asyncio.wait_for(asyncio.gather(*owed), 30)
    assert drawn == [render_hand(_hand(text)) for text in texts]


async def test_a_worker_that_cannot_start_leaves_pictures_to_threads(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    await workers.start(1)
    assert workers.running() == 0
    assert "cannot start a picture worker" in caplog.text
    pic = _hand("S3 S4 S5 H2 HQ DK")
    assert await render_hand_async(pic) == render_hand(pic)


def _minor_faults(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[7])


async def test_a_worker_reuses_its_memory_from_picture_to_picture(pool: None) -> None:
    # Each picture's canvas and PNG rows (0.2-0.6 MB) are freed when it is sent. Mapped
    # afresh or trimmed from the heap every time, their pages were faulted in anew for each
    # picture (~250 page faults, a third of the worker's time); kept, they cost none.
    (pid,) = workers.pids()
    deck = parse_cards("SA S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK HA H2 H3 H4 H5 H6 H7 H8 H9 HT")
    hands = [_hand(" ".join(str(c) for c in deck[i : i + 11])) for i in range(12)]
    for pic in hands[:4]:  # the first pictures size the heap
        await render_hand_async(pic)
    before = _minor_faults(pid)
    for pic in hands[4:]:
        await render_hand_async(pic)
    faults = (_minor_faults(pid) - before) / len(hands[4:])
    assert faults < 30, faults  # 131 with the old 128 KiB threshold, 0 now


async def test_a_worker_started_elsewhere_runs_this_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `python -m` puts the working directory first on the path: another `bot` package
    # there must not be the one the worker runs.
    (tmp_path / "bot").mkdir()
    (tmp_path / "bot" / "__init__.py").write_text("raise SystemExit(3)\n")
    monkeypatch.chdir(tmp_path)
    await workers.start(1)
    try:
        assert workers.running() == 1
        assert workers.warm()
    finally:
        workers.stop()
