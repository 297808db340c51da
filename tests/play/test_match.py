"""A whole match in Discord: challenge, DMs, clicks, reveal, final score, stats, privacy."""

from __future__ import annotations

import asyncio

from bot.store import open_store
from emulator import Emulator, User

from .conftest import World
from .driver import live_controls, play_one


def hidden_labels(world: World, table_id: int, seat: int) -> set[str]:
    """Labels of the cards `seat` holds that nobody else may know (the test's oracle)."""
    match = world.bot.services.tables.get(table_id).match  # type: ignore[attr-defined]
    rnd = match.round
    known = set(rnd.view(seat).known_cards[seat])
    return {c.label for c in rnd.hand(seat) if c not in known}


def seen_by(emu: Emulator, user: User) -> str:
    return "\n".join(emu.texts_seen_by(user))


async def test_challenge_to_final_score(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b, target=10)
    challenge = emu.last_message(ch)
    assert challenge is not None and "challenges" in challenge.text
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    assert "challenges you to a match" in invite.text and b.mention not in invite.text
    await emu.click(b, invite, "Accept")
    await emu.wait_for(lambda: "the match is on at table" in emu.message(invite.id).text)
    assert "challenges you" in emu.message(invite.id).text
    await emu.wait_for(
        lambda: live_controls(emu, a) or live_controls(emu, b), what="a hand with controls"
    )
    tables = world.bot.services.tables  # type: ignore[attr-defined]
    table_id = tables.playing_tables_of(a.id)[0].record.id

    # Privacy, checked at every step of the first round: nothing shown to a player names a
    # card the opponent holds hidden.
    checked = 0
    for _ in range(2000):
        if any("Match over" in m.text for m in emu.messages(ch)):
            break
        live = next((t for t in tables.playing_tables_of(a.id) if t.record.id == table_id), None)
        if live is not None and len(live.match.rounds) == 1 and not live.match.round_over:
            for me, opponent_seat in ((a, 1), (b, 0)):
                seen = seen_by(emu, me)
                leaked = {x for x in hidden_labels(world, table_id, opponent_seat) if x in seen}
                assert not leaked, f"{me.username} saw {leaked}"
                checked += 1
        moved = await play_one(emu, a) or await play_one(emu, b)
        if not moved:
            await asyncio.sleep(0.02)
    else:
        raise AssertionError("the match did not end")
    assert checked > 10
    summary = next(m for m in emu.messages(ch) if "Match over" in m.text)
    assert "wins the match" in summary.text and "Rematch" in summary.button_labels
    assert any("Round 1" in m.text and "deadwood" in m.text for m in emu.messages(ch))
    assert emu.unknown_routes == []
    assert not emu.unacknowledged()

    store = await open_store(world.database)
    try:
        moves = await store.tables.moves(table_id)
        assert len(moves) > 4
        record = await store.tables.get(table_id)
        assert record is not None and record.status == "finished"
        stats = [await store.stats.get(u.id) for u in (a, b)]
        assert sorted(s.matches_won for s in stats) == [0, 1]
        assert all(s.matches_played == 1 for s in stats)
    finally:
        await store.close()


async def test_clicks_are_checked(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    invite = await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels)
    # Only the challenged player may accept.
    await emu.click(a, emu.last_message(ch), "Accept")
    await emu.wait_for_ephemeral(a, lambda m: "Only the challenged player" in m.text)
    await emu.click(b, invite, "Accept")
    table_msg = await emu.wait_for_message(ch, lambda m: "Show my hand" in m.button_labels)
    # A spectator can't see hands.
    await emu.click(c, table_msg, "Show my hand")
    assert "Only the players at this table" in emu.last_ephemeral(c).text
    mover = await emu.wait_for(
        lambda: a if live_controls(emu, a) else (b if live_controls(emu, b) else None)
    )
    waiting = b if mover is a else a
    controls = live_controls(emu, mover)
    assert controls is not None
    # The other player's DM shows disabled controls naming whose turn it is.
    await emu.wait_for_dm(
        waiting,
        lambda m: any(
            x.disabled and (x.label or "").startswith("Waiting for") for x in m.buttons()
        ),
    )
    before = len(emu.messages(ch))
    label = "Pass" if "Pass" in controls.button_labels else "Draw from stock"
    edits = len(controls.history)
    await emu.click(mover, controls, label)
    # The move is acknowledged at once; the hand message shows it once it is committed.
    await emu.wait_for(lambda: len(controls.history) > edits, what="the hand after the move")
    # A double click on the old controls: stale, answered privately, nothing changes.
    old_id = next(
        x["custom_id"]
        for x in _walk(controls.versions()[0].components)
        if str(x.get("custom_id", "")).startswith("gin:a:")
    )
    moves_before = len(await _moves(world))
    await emu.forge_component(mover, controls, old_id, raise_on_failure=True)
    # Its controls are gone from the message already: the answer is a private note.
    await emu.wait_for_ephemeral(mover, lambda m: "out of date" in m.text)
    assert len(await _moves(world)) == moves_before
    assert len(emu.messages(ch)) >= before
    # Show my hand for a seated player answers privately with their own hand.
    await emu.click(waiting, table_msg, "Show my hand")
    mine = emu.last_ephemeral(waiting)
    assert mine is not None and "Your hand" in mine.text
    # Resign (with confirmation) ends the match; a click on the finished table is refused.
    await emu.slash(waiting, ch, "gin resign")
    confirm = emu.last_ephemeral(waiting)
    await emu.click(waiting, confirm, "Resign")
    over = await emu.wait_for_message(ch, lambda m: "Match over" in m.text)
    assert f"{waiting.display_name} resigned" in over.text
    # The finished match leaves no live control: the board's Show my hand is gone.
    await world.bot.services.tables.wait_idle()  # type: ignore[attr-defined]
    assert "Show my hand" not in emu.message(table_msg.id).button_labels


def _walk(components: list[dict]) -> list[dict]:
    out: list[dict] = []
    for c in components:
        out.append(c)
        out.extend(_walk(c.get("components", [])))
    return out


async def _moves(world: World) -> list[object]:
    store = world.bot.services.store  # type: ignore[attr-defined]
    (table,) = world.bot.services.tables.playing_tables_of(world.alice.id)  # type: ignore[attr-defined]
    return list(await store.tables.moves(table.record.id))


async def test_an_outdated_copy_of_the_controls_is_refreshed_where_it_was_clicked(
    world: World,
) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, await emu.wait_for_dm(b, lambda m: "Accept" in m.button_labels), "Accept")
    mover = await emu.wait_for(
        lambda: a if live_controls(emu, a) else (b if live_controls(emu, b) else None)
    )
    dm = live_controls(emu, mover)
    assert dm is not None
    # A second copy of the same controls (as a restart or a late DM can leave behind).
    await emu.slash(mover, ch, "gin hand")
    copy = await emu.wait_for_ephemeral(mover, lambda m: "Your hand" in m.text)
    label = "Pass" if "Pass" in dm.button_labels else "Draw from stock"
    assert label in copy.button_labels
    edits = len(dm.history)
    await emu.click(mover, dm, label)
    await emu.wait_for(lambda: len(dm.history) > edits, what="the hand after the move")
    moves = len(await _moves(world))
    await emu.click(mover, copy, label)
    await emu.wait_for(lambda: "out of date" in copy.text, what="the copy refreshed")
    assert label not in [b.label for b in copy.buttons() if not b.disabled]
    assert len(await _moves(world)) == moves
