"""Public threads: started from a message or alone, permissions, gateway events, interactions
inside a thread, all through the unmodified discord.py client (and raw REST for errors)."""

from __future__ import annotations

import discord
import pytest

from emulator import Emulator, Thread
from emulator.testing import running

from .conftest import RawApi, World, make_client


async def test_a_thread_from_a_message_is_a_channel_the_bot_posts_in(
    emu: Emulator, world: World
) -> None:
    client = make_client()
    created: list[discord.Thread] = []

    @client.event
    async def on_thread_create(thread: discord.Thread) -> None:
        created.append(thread)

    async with running(client, emu):
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        starter = await channel.send("Sign up here")
        thread = await starter.create_thread(name="Friday Gin", auto_archive_duration=10080)
        assert thread.id == starter.id
        assert thread.type is discord.ChannelType.public_thread
        assert thread.parent_id == world.channel.id and thread.owner_id == emu.bot_user.id
        assert thread.auto_archive_duration == 10080
        await emu.wait_for(lambda: created)
        assert created[0].id == thread.id
        assert client.get_channel(thread.id) is not None  # THREAD_CREATE filled the cache
        sent = await thread.send("Round 1")
        assert sent.channel.id == thread.id
        # A partial messageable works too (what the bot uses).
        await client.get_partial_messageable(thread.id).send("Round 2")

        emu_thread = emu.thread_of(emu.message(starter.id))
        assert isinstance(emu_thread, Thread)
        assert emu.threads(world.channel) == [emu_thread]
        assert [m.text for m in emu.messages(emu_thread)] == ["Round 1", "Round 2"]
        assert [m.text for m in emu.messages(world.channel)] == ["Sign up here"]
        assert emu.can_see(world.alice, emu.messages(emu_thread)[0])

        # One thread per message.
        with pytest.raises(discord.HTTPException) as caught:
            await starter.create_thread(name="Again")
        assert (caught.value.status, caught.value.code) == (400, 160004)
    emu.assert_no_unknown_routes()


async def test_a_thread_without_a_message_and_a_reconnecting_client_knows_it(
    emu: Emulator, world: World
) -> None:
    async with running(make_client(), emu) as client:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(
            name="Side room", type=discord.ChannelType.public_thread
        )
        (made,) = emu.threads(world.channel)
        assert thread.parent_id == channel.id and made.id == thread.id and made.starter is None
        await thread.send("hello")
        assert [t.name for t in emu.threads(world.channel)] == ["Side room"]
    # A new session gets the active threads with GUILD_CREATE.
    async with running(make_client(), emu) as again:
        guild = again.get_guild(world.guild.id)
        assert guild is not None
        assert [t.name for t in guild.threads] == ["Side room"]
        assert guild.threads[0].parent_id == world.channel.id


async def test_thread_permissions(emu: Emulator, world: World, api: RawApi) -> None:
    async with running(make_client(), emu) as client:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        starter = await channel.send("Sign up")
        thread = await starter.create_thread(name="Cup")

        # Sending in a thread needs Send Messages in Threads, not Send Messages.
        emu.deny_bot(world.channel, "send_messages")
        await thread.send("still here")
        emu.allow_bot(world.channel, "send_messages")
        emu.deny_bot(world.channel, "send_messages_in_threads")
        with pytest.raises(discord.Forbidden) as caught:
            await thread.send("refused")
        assert caught.value.code == 50013
        await channel.send("the channel is fine")

        # Creating one needs Create Public Threads in the parent.
        emu.deny_bot(world.channel, "create_public_threads")
        other = await channel.send("Another")
        with pytest.raises(discord.Forbidden):
            await other.create_thread(name="No")
        with pytest.raises(discord.Forbidden):
            await channel.create_thread(name="No", type=discord.ChannelType.public_thread)
        assert emu.thread_of(emu.message(other.id)) is None

    # Raw REST: names are checked, and a thread cannot hold a thread.
    emu.allow_bot(world.channel, "create_public_threads")
    msg = emu.messages(world.channel)[-1]
    bad = await api(
        "POST", f"/channels/{world.channel.id}/messages/{msg.id}/threads", json={"name": ""}
    )
    assert (bad.status, bad.body["code"]) == (400, 50035)
    nested = await api("POST", f"/channels/{thread.id}/threads", json={"name": "x", "type": 11})
    assert (nested.status, nested.body["code"]) == (400, 50024)


async def test_an_interaction_in_a_thread(emu: Emulator, world: World) -> None:
    client = make_client()
    seen: list[discord.Interaction] = []

    @client.event
    async def on_interaction(interaction: discord.Interaction) -> None:
        seen.append(interaction)
        await interaction.response.send_message("here", ephemeral=True)

    async with running(client, emu):
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        thread = await (await channel.send("Start")).create_thread(name="Cup")
        emu.registry.store(None, [{"name": "go", "description": "Go", "type": 1}], replace=True)
        emu_thread = emu.thread_of(emu.message(thread.id))
        assert emu_thread is not None
        emu.deny_bot(world.channel, "send_messages_in_threads")
        await emu.slash(world.alice, emu_thread, "go")
        await emu.wait_for(lambda: seen)
        got = seen[0]
        assert isinstance(got.channel, discord.Thread) and got.channel.id == thread.id
        assert got.channel.parent_id == world.channel.id
        # The bot's permissions in a thread are those of the parent.
        assert not got.app_permissions.send_messages_in_threads
        assert got.app_permissions.create_public_threads
        assert emu.last_ephemeral(world.alice).channel is emu_thread
