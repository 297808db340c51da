"""Interactions end to end with an unmodified discord.py client: slash commands, buttons,
selects, modals, autocomplete, deferrals, followups, @original, DMs and visibility."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands

from emulator import AnswerNotFilled, Emulator, EmulatorError, InteractionFailed, UploadFile
from emulator.testing import running

from .conftest import World, make_client


class Buttons(discord.ui.View):
    def __init__(self, seen: list[Any]) -> None:
        super().__init__(timeout=None)
        self.seen = seen

    @discord.ui.button(label="Red", style=discord.ButtonStyle.danger)
    async def red(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.seen.append(
            ("red", interaction.user.id, interaction.message.id if interaction.message else None)
        )
        await interaction.response.edit_message(
            content=f"red by {interaction.user.name}", view=None
        )

    @discord.ui.button(label="Blue", disabled=True)
    async def blue(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        raise AssertionError("a disabled button cannot be clicked")

    @discord.ui.select(
        placeholder="Fruit",
        max_values=2,
        options=[discord.SelectOption(label=x, value=x.lower()) for x in ("Apple", "Pear", "Plum")],
    )
    async def fruit(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        self.seen.append(("fruit", tuple(select.values)))
        await interaction.response.send_message(f"chose {', '.join(select.values)}", ephemeral=True)

    @discord.ui.button(label="Quiet")
    async def quiet(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()  # type 6: nothing visible yet
        await interaction.edit_original_response(content="quietly edited")
        await interaction.followup.send("a new message", ephemeral=True)

    @discord.ui.button(label="Ask")
    async def ask(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_modal(NameModal(self.seen))


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")
    note: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Note", required=False, style=discord.TextStyle.paragraph
    )

    def __init__(self, seen: list[Any]) -> None:
        super().__init__()
        self.seen = seen

    async def on_submit(self, interaction: discord.Interaction) -> None:
        self.seen.append(("modal", self.name.value, self.note.value))
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


@dataclass
class Playground:
    client: discord.Client
    tree: app_commands.CommandTree[Any]
    seen: list[Any] = field(default_factory=list)
    gate: asyncio.Event = field(default_factory=asyncio.Event)
    errors: list[BaseException] = field(default_factory=list)


@pytest.fixture
async def play(emu: Emulator, world: World) -> AsyncIterator[Playground]:
    client = make_client()
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)
    pg = Playground(client, tree)
    t = app_commands.Group(name="t", description="Tests")

    @tree.error
    async def on_error(
        interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        pg.errors.append(getattr(error, "original", error))

    @t.command(description="Echo")
    async def echo(
        interaction: discord.Interaction,
        text: str,
        count: app_commands.Range[int, 1, 5] = 1,
        loud: bool = False,
        who: discord.User | None = None,
        where: discord.TextChannel | None = None,
    ) -> None:
        pg.seen.append(
            ("echo", type(interaction.user).__name__, type(who).__name__, interaction.guild_id)
        )
        shown = text.upper() if loud else text
        extra = f" to {who.name}" if who is not None else ""
        extra += f" in {where.name}" if where is not None else ""
        await interaction.response.send_message(f"{shown} x{count}{extra}")

    @t.command(description="Private")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("for your eyes", ephemeral=True)

    @t.command(description="Defer then follow up")
    async def slowly(interaction: discord.Interaction, private: bool = False) -> None:
        await interaction.response.defer(thinking=True, ephemeral=private)
        await interaction.followup.send("done")
        await interaction.followup.send("psst", ephemeral=True)

    @t.command(description="Defer, then answer once the test lets it")
    async def ponder(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await pg.gate.wait()
        await interaction.edit_original_response(content="pondered")

    @t.command(description="Buttons")
    async def buttons(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick", view=Buttons(pg.seen))

    @t.command(description="Original")
    async def original(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("v1")
        await interaction.edit_original_response(content="v2")
        msg = await interaction.original_response()
        pg.seen.append(("original", msg.content))
        await interaction.delete_original_response()

    @t.command(description="Waits for the test")
    async def gated(interaction: discord.Interaction) -> None:
        await pg.gate.wait()
        await interaction.response.send_message("late")

    @t.command(description="DM someone")
    async def dm(interaction: discord.Interaction, who: discord.User) -> None:
        try:
            await who.send("hello from the bot")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"forbidden {exc.code}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    async def fruits(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["apple", "apricot", "pear"]
        return [
            app_commands.Choice(name=n.title(), value=n) for n in names if n.startswith(current)
        ]

    @t.command(description="Autocomplete")
    @app_commands.autocomplete(fruit=fruits)
    async def pick(interaction: discord.Interaction, fruit: str) -> None:
        await interaction.response.send_message(f"picked {fruit}")

    @t.command(description="Upload")
    async def upload(interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(f"{file.filename} {len(data)}")

    tree.add_command(t)
    async with running(client, emu):
        await tree.sync()
        yield pg


async def test_slash_with_subcommand_and_typed_options(
    emu: Emulator, world: World, play: Playground
) -> None:
    other = world.guild.channel("other")
    result = await emu.slash(
        world.alice,
        world.channel,
        "t echo",
        text="hi",
        count=3,
        loud=True,
        who=world.bob,
        where=other,
    )
    assert result.ack_type == 4 and result.latency is not None and result.latency < 3
    assert result.response is not None and result.response.content == "HI x3 to bob in other"
    assert emu.messages(world.channel) == [result.response]
    assert play.seen == [("echo", "Member", "Member", world.guild.id)]
    assert result.response.to_dict()["interaction_metadata"]["user"]["id"] == str(world.alice.id)


async def test_slash_options_are_checked_like_the_discord_client(
    emu: Emulator, world: World, play: Playground
) -> None:
    with pytest.raises(EmulatorError, match="needs option 'text'"):
        await emu.slash(world.alice, world.channel, "t echo")
    with pytest.raises(EmulatorError, match="between 1 and 5"):
        await emu.slash(world.alice, world.channel, "t echo", text="x", count=6)
    with pytest.raises(EmulatorError, match="no subcommand"):
        await emu.slash(world.alice, world.channel, "t nope")
    with pytest.raises(EmulatorError, match="no command /x"):
        await emu.slash(world.alice, world.channel, "x")
    outsider = emu.create_user("zed")
    with pytest.raises(EmulatorError, match="not a member"):
        await emu.slash(outsider, world.channel, "t secret")


async def test_slash_in_a_dm(emu: Emulator, world: World, play: Playground) -> None:
    result = await emu.slash(world.alice, None, "t echo", text="psst")
    assert result.response is not None and result.response.channel is emu.dm_channel(world.alice)
    assert emu.dms(world.alice) == [result.response]
    assert play.seen == [("echo", "User", "NoneType", None)]


async def test_ephemeral_replies_are_seen_by_their_owner_only(
    emu: Emulator, world: World, play: Playground
) -> None:
    result = await emu.slash(world.alice, world.channel, "t secret")
    msg = result.response
    assert msg is not None and msg.ephemeral_to is world.alice and msg.flags & 64
    assert emu.ephemerals(world.alice) == [msg]
    assert emu.messages(world.channel) == []
    assert not emu.can_see(world.bob, msg)
    assert "for your eyes" not in "".join(emu.texts_seen_by(world.bob))


async def test_buttons_selects_and_modals(emu: Emulator, world: World, play: Playground) -> None:
    board = (await emu.slash(world.alice, world.channel, "t buttons")).response
    assert board is not None and board.button_labels == ["Red", "Blue", "Quiet", "Ask"]
    assert board.select("Fruit").labels == ["Apple", "Pear", "Plum"]

    chose = await emu.select(world.bob, board, "Apple", "Plum")
    assert chose.response is not None and chose.response.content == "chose apple, plum"
    assert chose.response.ephemeral_to is world.bob
    with pytest.raises(EmulatorError, match="takes 1-2 values"):
        await emu.select(world.bob, board, "Apple", "Pear", "Plum")
    with pytest.raises(EmulatorError, match="disabled"):
        await emu.click(world.bob, board, "Blue")

    asked = await emu.click(world.alice, board, "Ask")
    assert asked.ack_type == 9 and asked.modal is not None and asked.modal["title"] == "Your name"
    with pytest.raises(EmulatorError, match="only alice"):
        await emu.submit_modal(world.bob, asked, {"Name": "Bob"})
    submitted = await emu.submit_modal(world.alice, asked, {"Name": "Alice"})
    assert submitted.response is not None and submitted.response.content == "hello Alice"

    clicked = await emu.click(world.bob, board, "Red")
    assert clicked.ack_type == 7 and clicked.original is board
    assert board.content == "red by bob" and board.components == []
    assert [v.content for v in board.versions()] == ["pick", "red by bob"]
    assert play.seen == [
        ("fruit", ("apple", "plum")),
        ("modal", "Alice", ""),
        ("red", world.bob.id, board.id),
    ]


async def test_a_user_cannot_click_what_they_cannot_see(
    emu: Emulator, world: World, play: Playground
) -> None:
    board = (await emu.slash(world.alice, None, "t buttons")).response  # in alice's DMs
    assert board is not None
    with pytest.raises(EmulatorError, match="cannot see"):
        await emu.click(world.bob, board, "Red")
    await emu.click(world.alice, board, "Red")


async def test_deferred_reply_is_filled_by_the_first_followup(
    emu: Emulator, world: World, play: Playground
) -> None:
    result = await emu.slash(world.alice, world.channel, "t slowly")
    assert result.ack_type == 5
    await emu.wait_for(lambda: len(result.followups) == 1)
    placeholder = result.response
    assert placeholder is not None and not placeholder.loading and placeholder.content == "done"
    assert placeholder.versions()[0].flags & 128  # it was "thinking..." first
    psst = result.followups[0]
    assert psst.ephemeral_to is world.alice and psst.content == "psst"
    assert emu.messages(world.channel) == [placeholder]


async def test_slash_returns_once_a_deferred_reply_is_filled(
    emu: Emulator, world: World, play: Playground
) -> None:
    sent = asyncio.create_task(emu.slash(world.alice, world.channel, "t ponder"))
    deferred = await emu.wait_for(lambda: next((i for i in emu.interactions if i.ack_type), None))
    assert deferred.ack_type == 5 and not deferred.answered and not sent.done()
    play.gate.set()
    result = await sent
    assert result is deferred and result.answered
    assert result.response is not None and result.response.content == "pondered"


async def test_waiting_only_for_the_acknowledgement(
    emu: Emulator, world: World, play: Playground
) -> None:
    result = await emu.slash(world.alice, world.channel, "t ponder", wait="ack")
    assert result.ack_type == 5 and result.response is not None and result.response.loading
    play.gate.set()
    await emu.wait_answer(result)
    assert result.response.content == "pondered"


async def test_a_deferred_reply_never_filled_fails_clearly(
    emu: Emulator, world: World, play: Playground
) -> None:
    emu.options.answer_timeout = 0.2
    with pytest.raises(AnswerNotFilled, match="t ponder.*thinking"):
        await emu.slash(world.alice, world.channel, "t ponder")
    # A test that expects no reply says so, and reads the thinking message.
    quiet = await emu.slash(world.alice, world.channel, "t ponder", raise_on_failure=False)
    assert quiet.response is not None and quiet.response.loading and not quiet.answered
    play.gate.set()
    await emu.wait_answer(quiet)


async def test_a_private_defer_keeps_the_filled_reply_private(
    emu: Emulator, world: World, play: Playground
) -> None:
    result = await emu.slash(world.alice, world.channel, "t slowly", private=True)
    await emu.wait_for(lambda: len(result.followups) == 1)
    assert result.response is not None and result.response.ephemeral_to is world.alice
    assert emu.messages(world.channel) == []


async def test_original_response_get_edit_delete(
    emu: Emulator, world: World, play: Playground
) -> None:
    result = await emu.slash(world.alice, world.channel, "t original")
    await emu.wait_for(lambda: result.response is not None and result.response.deleted)
    assert play.seen == [("original", "v2")]
    assert [v.content for v in result.response.versions()] == ["v1", "v2"]  # type: ignore[union-attr]
    assert emu.messages(world.channel) == []


async def test_autocomplete(emu: Emulator, world: World, play: Playground) -> None:
    choices = await emu.autocomplete(world.alice, world.channel, "t pick", "fruit", "ap")
    assert choices == [{"name": "Apple", "value": "apple"}, {"name": "Apricot", "value": "apricot"}]
    assert emu.interactions[-1].ack_type == 8


async def test_attachment_option(emu: Emulator, world: World, play: Playground) -> None:
    result = await emu.slash(
        world.alice, world.channel, "t upload", file=UploadFile("notes.txt", b"12345")
    )
    assert result.response is not None and result.response.content == "notes.txt 5"


async def test_late_acknowledgement_is_unknown_interaction(
    emu: Emulator, world: World, play: Playground
) -> None:
    result = await emu.slash(world.alice, world.channel, "t gated", wait=False)
    emu.clock.advance(3.5)  # the bot "took" 3.5 s
    play.gate.set()
    await emu.wait_for(lambda: result.refused)
    assert result.refused == [(404, 10062)]
    # Discord refused before the bot read the answer: its error handler runs a moment later.
    await emu.wait_for(lambda: play.errors, what="the bot's error handler")
    assert isinstance(play.errors[0], discord.NotFound) and play.errors[0].code == 10062
    with pytest.raises(InteractionFailed):
        await emu.wait_ack(result)
    assert result in emu.unacknowledged()


async def test_dms_to_closed_or_strangers_are_refused(
    emu: Emulator, world: World, play: Playground
) -> None:
    sent = await emu.slash(world.alice, world.channel, "t dm", who=world.bob)
    assert sent.response is not None and sent.response.content == "sent"
    dm = emu.last_dm(world.bob)
    assert dm is not None and dm.content == "hello from the bot" and emu.can_see(world.bob, dm)
    assert not emu.can_see(world.alice, dm)
    emu.close_dms(world.bob)
    refused = await emu.slash(world.alice, world.channel, "t dm", who=world.bob)
    assert refused.response is not None and refused.response.content == "forbidden 50007"
    assert len(emu.dms(world.bob)) == 1


async def test_ack_latencies_are_recorded(emu: Emulator, world: World, play: Playground) -> None:
    for _ in range(3):
        await emu.slash(world.alice, world.channel, "t secret")
    latencies = emu.ack_latencies()
    assert len(latencies) == 3 and all(0 <= x < 3 for x in latencies)
    await emu.settle(quiet=0.05)


async def test_deferred_update_then_original_edits_the_clicked_message(
    emu: Emulator, world: World, play: Playground
) -> None:
    board = (await emu.slash(world.alice, world.channel, "t buttons")).response
    assert board is not None
    clicked = await emu.click(world.bob, board, "Quiet")
    assert clicked.ack_type == 6 and clicked.response is None
    await emu.wait_for(lambda: clicked.followups)
    assert board.content == "quietly edited" and clicked.original is board
    assert (
        clicked.followups[0].ephemeral_to is world.bob
        and clicked.followups[0].content == "a new message"
    )


async def test_component_interactions_carry_the_full_message_and_realistic_ids(
    emu: Emulator, world: World, play: Playground
) -> None:
    board = (await emu.slash(world.alice, world.channel, "t buttons")).response
    assert board is not None
    clicked = await emu.click(world.bob, board, "Ask")  # opens a modal, leaves the message as it is
    payload = emu.interaction_log.payload(clicked)
    assert payload["message"] == board.to_dict()
    assert [
        b["label"] for b in payload["message"]["components"][0]["components"]
    ] == board.button_labels
    assert payload["member"]["user"]["id"] == str(world.bob.id)
    assert payload["attachment_size_limit"] > 0 and payload["channel"]["type"] == 0
    # A snowflake made now, and a URL-safe token of Discord's length.
    created_ms = (clicked.id >> 22) + 1420070400000
    assert abs(created_ms / 1000 - emu.clock.time()) < 60
    assert len(clicked.token) > 150 and set(clicked.token) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )


async def test_edit_times_tell_when_a_clicked_message_was_updated(
    emu: Emulator, world: World, play: Playground
) -> None:
    board = (await emu.slash(world.alice, world.channel, "t buttons")).response
    assert board is not None and board.edit_times == []
    asked = await emu.click(world.bob, board, "Ask")  # a modal: the message stays as it was
    assert asked.ack_type == 9 and asked.update_latency is None
    red = await emu.click(world.bob, board, "Red")  # callback 7 edits it
    assert red.ack_type == 7 and red.latency is not None and red.update_latency is not None
    assert 0 <= red.update_latency - red.latency < 1.0
    assert len(board.edit_times) == len(board.history) == 1
    quiet_board = (await emu.slash(world.alice, world.channel, "t buttons")).response
    assert quiet_board is not None
    quiet = await emu.click(world.bob, quiet_board, "Quiet")  # defer (6), then PATCH @original
    assert quiet.ack_type == 6 and quiet.latency is not None
    await emu.wait_for(lambda: quiet.followups)
    assert quiet.update_latency is not None and quiet.update_latency >= quiet.latency
    assert quiet_board.edit_times[0] - quiet.created_at == quiet.update_latency
    await emu.settle(quiet=0.05)


async def test_private_view_watchers_hear_of_dms_and_ephemerals_only(
    emu: Emulator, world: World, play: Playground
) -> None:
    heard: list[str] = []
    stop = emu.watch_private_views(lambda user: heard.append(user.username))
    await emu.slash(world.alice, world.channel, "t echo", text="public")  # everyone's: no call
    assert heard == []
    await emu.slash(world.alice, world.channel, "t secret")  # ephemeral to alice
    assert heard == ["alice"]
    await emu.slash(world.alice, world.channel, "t dm", who=world.bob)  # a DM to bob
    await emu.wait_for(lambda: len(heard) >= 3)
    assert heard == ["alice", "bob", "alice"]  # the DM, then alice's ephemeral "sent"
    dm = emu.last_dm(world.bob)
    assert dm is not None
    emu.message_store.edit(dm, {"content": "edited"}, {})
    emu.message_store.delete(dm)
    assert heard[-2:] == ["bob", "bob"]
    stop()
    stop()  # twice is harmless
    await emu.slash(world.alice, world.channel, "t secret")
    assert len(heard) == 5
    await emu.settle(quiet=0.05)
