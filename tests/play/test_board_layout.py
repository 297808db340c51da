"""The board as one Components V2 layout (issue 33), through the real bot and the emulator:
a board an older version sent as an embed becomes the layout at its next edit, and a round's
board, once the next round's is up, keeps its facts without its button."""

from __future__ import annotations

import asyncio

from emulator import Emulator, User
from emulator.models import walk_components

from .conftest import World
from .driver import live_controls, play_one

V2 = 1 << 15


async def _step(emu: Emulator, a: User, b: User) -> None:
    """One move of whoever has controls, or a moment for the bot to hand them over."""
    if not (await play_one(emu, a) or await play_one(emu, b)):
        await asyncio.sleep(0.02)


async def _board(world: World) -> int:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, emu.last_message(ch), "Accept")
    board = await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    await emu.wait_for(lambda: live_controls(emu, a) or live_controls(emu, b), what="a hand")
    return board.id


async def test_an_old_embed_board_becomes_the_layout_at_the_next_move(world: World) -> None:
    emu, a, b = world.emu, world.alice, world.bob
    board_id = await _board(world)
    board = emu.message(board_id)
    assert board.flags & V2 and board.embeds == [] and board.attachments == []
    # As an older version left it: an embed with its fields, a classic row, no V2 flag.
    board.flags &= ~V2
    board.embeds = [{"title": "Gin Rummy · table #1", "fields": [{"name": "Stock", "value": "31"}]}]
    board.components = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "Show my hand", "custom_id": "gin:show:1"}
            ],
        }
    ]
    edits = len(board.history)
    for _ in range(200):
        if len(board.history) > edits:
            break
        await _step(emu, a, b)
    assert board.flags & V2 and board.embeds == [] and board.content == ""
    assert "Discard pile" in board.text and "Show my hand" in board.button_labels


async def test_the_round_before_keeps_its_facts_without_its_button(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    first = await _board(world)
    boards = lambda: [m for m in emu.messages(ch) if m.flags & V2 and "Stock" in m.text]  # noqa: E731
    tables = world.bot.services.tables  # type: ignore[union-attr]
    (live,) = [tables.find(i) for i in tables.live_ids()]
    # Click until the engine has scored round 1, not until round 2's board shows: the next
    # deal does not wait for the channel, so clicking on could finish round 2 meanwhile.
    for _ in range(600):
        if live is not None and live.match is not None and live.match.results:
            break
        await _step(emu, a, b)
    else:
        raise AssertionError("round 1 never ended")
    await emu.wait_for(lambda: len(boards()) > 1, what="round 2's board")
    await tables.wait_idle()
    await emu.wait_for(lambda: emu.message(first).button_labels == [], what="the old button")
    old = emu.message(first)
    assert old.flags & V2 and "Round 1" in old.text and "Discard pile" in old.text
    assert "Round 2" in boards()[-1].text and "Show my hand" in boards()[-1].button_labels
    # The round's reveal is a layout too: its picture (a knock's) in a media gallery.
    reveal = next(m for m in emu.messages(ch) if "Round 1 · table #" in m.text and m.flags & V2)
    assert reveal.embeds == [] and "Scores" in reveal.text
    galleries = [c for c in walk_components(reveal.components) if c.get("type") == 12]
    if reveal.attachments:
        assert [f.filename for f in reveal.attachments] == ["reveal.png"]
        (gallery,) = galleries
        assert gallery["items"][0]["media"]["url"].endswith("reveal.png")
        assert gallery["items"][0]["description"]
    else:  # a round that ended without a knock has no picture
        assert galleries == []
