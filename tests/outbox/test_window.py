"""The outbox's model of a bucket (`limits.Window`), on a clock the test moves."""

from __future__ import annotations

from bot.outbox.limits import Window


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_a_channels_edits_go_a_slot_apart_and_never_six_in_discords_window() -> None:
    """5 per 5 s (+0.15 margin), one slot each 1.03 s, counted when sent: the sixth goes
    at the slot after the fifth, after Discord's window (from the first's arrival) reset."""
    clock = Clock()
    window = Window(5, 5.15, clock, spacing=1.03)
    sent = []
    for _ in range(16):
        clock.t += window.delay()
        sent.append(clock.t)
        window.spend()
        clock.t += 0.01  # the request's trip
    gaps = {round(b - a, 2) for a, b in zip(sent, sent[1:], strict=False)}
    assert gaps <= {1.03, 1.04}, gaps
    for k in range(len(sent) - 5):
        assert sent[k + 5] >= sent[k] + 5.15 - 1e-9


def test_a_refusal_pushes_the_next_request_back() -> None:
    clock = Clock()
    window = Window(5, 5.15, clock, spacing=1.03)
    window.spend()
    window.push_back(3.0)
    assert 2.9 <= window.delay() <= 3.0
    clock.t += 3.0
    assert window.delay() == 0.0
