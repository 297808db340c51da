"""`bot.ops.heap.settle`: what is alive is left out of later collections; old cycles still go."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.ops import heap


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> Node:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()  # the rest of the test session collects as usual
    gc.set_threshold(*thresholds)


def test_what_is_alive_is_left_out_of_later_collections() -> None:
    alive = Node()
    assert gc.is_tracked(alive) and any(o is alive for o in gc.get_objects())
    heap.settle()
    assert gc.get_freeze_count() > 0
    assert not any(o is alive for o in gc.get_objects())  # no generation holds it
    after = Node()
    assert any(o is after for o in gc.get_objects())


def test_a_cycle_that_dies_frozen_is_collected_by_the_next_settle() -> None:
    held = cycle()
    gone = weakref.ref(held)
    heap.settle()  # frozen while alive
    del held  # now garbage, which only a collection can free
    gc.collect()
    assert gone() is not None  # a collection does not look at frozen objects
    heap.settle()
    assert gone() is None
