"""Several processes: a private copy of a hand (`/gin hand`) that one process answered keeps
its controls when another process ends the match (its token is only in the first
process's memory), and a click on it is answered, privately, that the match is over, and
takes its controls off (`PlayUseCase._refuse`; docs/deploy.md, "A past round's reveal
after a crash", what stays). The real bot, its Play cog answering through a shared table
service (process zero) and that service's notifier, against the emulator; a second table
service with its own notifier, on the same store, ends the match."""

from __future__ import annotations

from bot.ui.play_presenter import PlayPresenter
from bot.usecases.play import PlayUseCase
from emulator import Message
from tests.games.test_shared import ONE, ZERO, service
from tests.players import live_controls
from tests.shared_store import Clock

from .conftest import World
from .processes import accepted_match, notifier_of
from .referee import boards, live


async def test_a_hand_copy_live_after_the_match_ended_elsewhere_says_it_is_over(
    world: World,
) -> None:
    emu, ch, a, b = world.emu, world.channel, world.alice, world.bob
    services, screens = world.bot.wired()
    clock = Clock()
    zero = service(services.store, clock, [], ZERO)
    shown = notifier_of(world, zero)
    # The bot's clicks and commands answered by process zero.
    cog = world.bot.get_cog("Play")
    assert cog is not None
    cog.play = PlayUseCase(zero)  # type: ignore[attr-defined]
    cog.presenter = PlayPresenter(shown, screens.outbox, screens.readers)  # type: ignore[attr-defined]

    table_id = await accepted_match(world, zero)
    await zero.wait_idle()
    await shown.idle()
    mover = await emu.wait_for(
        lambda: a if live_controls(emu, a) else (b if live_controls(emu, b) else None),
        what="a player to move",
    )
    waiting = b if mover is a else a
    asked = await emu.slash(mover, ch, "gin hand")  # answered by process zero
    copy = asked.response
    assert copy is not None and copy in emu.ephemerals(mover) and live(copy)
    assert shown.private.count(table_id) == 1  # its token kept there, and only there

    one = service(zero.store, clock, [], ONE)
    ended = notifier_of(world, one)
    over = await one.resign(table_id, waiting.id)  # the other process ends the match
    assert over.kind == "match_over"
    for tables, notifier in ((one, ended), (zero, shown)):
        await tables.wait_idle()
        await notifier.idle()
    await screens.outbox.idle()
    await emu.settle()
    (board,) = boards(emu, ch, table_id)
    assert not live(board)  # the board, which the store names, shows the end
    # Process zero was never told: the copy, which only its token reaches, stays live.
    assert live(emu.message(copy.id))
    before = await zero.store.tables.get(table_id)
    assert before is not None and before.status == "finished"

    mark = len(emu.ephemerals(mover))
    await emu.click(mover, copy, "Pass")  # a move it offers (the cached version's)
    await shown.idle()
    await screens.outbox.idle()
    await emu.settle()
    said: list[Message] = [m for m in emu.ephemerals(mover)[mark:] if "over" in m.text]
    assert [m.text for m in said] == ["This match is over."]
    assert not live(emu.message(copy.id))  # the click took its controls off
    assert "couldn't find" not in " ".join(m.text for m in emu.ephemerals(mover))
    after = await zero.store.tables.get(table_id)
    assert after is not None and after.version == before.version  # nothing played
    assert zero.find(table_id) is None  # process zero let the finished table go
    await one.close()
    await zero.close()
