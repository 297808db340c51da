"""Pictures drawn in worker processes are the same pictures, and a dead worker costs none."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest

from bot.engine import parse_cards
from bot.render import HandPicture, RenderOptions, render_hand, render_hand_async, workers
from bot.render.pictures import CACHE


@pytest.fixture
def pool() -> Iterator[None]:
    workers.start(1)
    yield
    workers.stop()


def _hand(text: str) -> HandPicture:
    cards = parse_cards(text)
    return HandPicture(melds=(tuple(cards[:3]),), deadwood=tuple(cards[3:]), highlight=cards[-1])


async def test_a_worker_process_draws_the_same_picture(pool: None) -> None:
    assert workers.running() == 1
    pic = _hand("H7 H8 H9 S2 D5 CK")
    drawn = await render_hand_async(pic, RenderOptions(dark=True))
    CACHE.clear()
    assert drawn == render_hand(pic, RenderOptions(dark=True))  # drawn here, in this process


async def test_a_killed_worker_is_replaced_and_no_picture_is_lost(pool: None) -> None:
    await render_hand_async(_hand("H7 H8 H9 S2 D5 CK"))
    pids = list(workers._pool._processes)  # type: ignore[union-attr]
    assert pids and os.getpid() not in pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    pic = _hand("C2 C3 C4 D9 DQ SA")
    assert await render_hand_async(pic) == render_hand(pic)
    # The next pictures are drawn by new workers.
    assert await render_hand_async(_hand("S3 S4 S5 H2 HQ DK")) == render_hand(
        _hand("S3 S4 S5 H2 HQ DK")
    )
    fresh = set(workers._pool._processes)  # type: ignore[union-attr]
    assert fresh and not fresh & set(pids)


def test_a_worker_whose_bot_is_gone_exits() -> None:
    # As if the bot died while the worker was still starting: its parent is not the bot.
    script = (
        "from bot.render.workers import _worker_ready\n"
        "import time\n"
        "_worker_ready(1)\n"
        "time.sleep(60)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], timeout=20, check=False)
    assert done.returncode == 0
