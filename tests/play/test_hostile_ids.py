"""Malformed control ids (issue 31, item 11): whatever custom id a click carries, the bot
answers privately that the control is out of date and logs it; a control whose template
reads an id is always built from it without an error."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ui.components import DYNAMIC_ITEMS, routed
from cogs.tournaments import SignupButton

from .conftest import World

CONTROLS = (*DYNAMIC_ITEMS, SignupButton)

#: Ids players met or an attacker would try first.
HOSTILE = [
    "gin:a:1:1:explode",
    "gin:a:1:1:discard:S99",
    "gin:a:1:1:discard",
    "gin:a:x:1:pass",
    "gin:a:" + "9" * 5000 + ":1:pass",
    "gin:a:99999999999999999999:1:pass",
    "gin:q:1:1:knock",
    "gin:b:1:x",
    "gin:s:1:1:explode",
    "gin:show:",
    "gin:c:1:launch",
    "gin:tj:1:explode",
    "gin:",
    "gin:r:-1",
]

PARTS = st.one_of(
    st.sampled_from(["a", "q", "s", "show", "t", "c", "r", "tj", "1", "0", "discard", "pass"]),
    st.sampled_from(["gin", "big_gin", "knock", "S7", "H13", "S99", "join", "accept", "-1"]),
    st.from_regex(r"\d{1,25}", fullmatch=True),
    st.text(max_size=12),
)
IDS = st.lists(PARTS, min_size=1, max_size=6).map(lambda parts: "gin:" + ":".join(parts))


def reads(custom_id: str) -> type | None:
    return next(
        (c for c in CONTROLS if c.__discord_ui_compiled_template__.fullmatch(custom_id)), None
    )


@settings(max_examples=400, deadline=None)
@given(IDS)
def test_an_id_a_control_reads_always_builds_that_control(custom_id: str) -> None:
    cls = reads(custom_id)
    if cls is None:
        return
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    item: Any = asyncio.run(cls.from_custom_id(None, None, match))  # type: ignore[arg-type]
    assert isinstance(item, cls)
    found = routed(custom_id)
    if found is None:
        return
    # A hand's control is not built for a click: its class reads the id as the control
    # would have (`route`), and never fails at it.
    assert found[0] is cls
    calls: list[tuple[str, tuple[Any, ...]]] = []

    class Handlers:
        async def on_action(self, *args: Any) -> None:
            calls.append(("action", args[1:]))

        async def on_ask(self, *args: Any) -> None:
            calls.append(("ask", args[1:]))

    clicked = SimpleNamespace(data={"values": ["H8"]})
    asyncio.run(cls.clicked(Handlers(), clicked, found[1]))
    ((_, (table_id, version, action)),) = calls
    assert (table_id, version) == (item.table_id, item.version)
    assert action == getattr(item, "action", None) or action.card.code == "H8"


async def test_every_malformed_id_is_refused_as_out_of_date(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    emu, alice, ch = world.emu, world.alice, world.channel
    await emu.slash(alice, ch, "gin challenge", opponent=world.bob)
    dm = await emu.wait_for_dm(world.bob, lambda m: "Accept" in m.button_labels)

    drawn: list[str] = []

    @settings(
        max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None
    )
    @given(IDS)
    def collect(custom_id: str) -> None:
        if reads(custom_id) is None:
            drawn.append(custom_id)

    collect()
    caplog.set_level(logging.WARNING, logger="gin.ui")
    for custom_id in [*HOSTILE, *drawn]:
        assert reads(custom_id) is None, custom_id
        inter = await emu.forge_component(world.bob, dm, custom_id, raise_on_failure=True)
        await emu.wait_ack(inter)
        assert inter.response is not None, custom_id
        assert inter.response.ephemeral_to is world.bob
        assert inter.response.text == "That control is out of date.", custom_id
    refusals = [r for r in caplog.records if "refused a control" in r.getMessage()]
    assert len(refusals) == len(HOSTILE) + len(drawn)
    # Nothing else went wrong on the way.
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
