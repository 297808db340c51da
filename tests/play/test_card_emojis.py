"""Card emojis: the real bot uploads its set to the emulator once, keeps it across starts,
deletes only its own stale ones, falls back to text when Discord refuses, and its discard
menu shows each card's emoji beside the card's name."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app.client import GinBot
from bot.app.settings import Settings
from bot.engine import Card, parse_card
from bot.games.card_emojis import CardEmojis
from bot.i18n.cards import label
from bot.render.emojis import emoji_set
from bot.ui import emoji_upload
from bot.ui.emoji_upload import Synced
from emulator import Channel, Emulator, User
from emulator.emojis import MAX_EMOJIS, Emoji
from emulator.testing import discord_pointed_at

from .conftest import bot_on as running_bot
from .driver import card_buttons, live_controls, play_one

CREATE = "POST /applications/{application_id}/emojis"


@pytest.fixture(autouse=True)
def no_gap(monkeypatch: pytest.MonkeyPatch) -> None:
    """The uploads one after the other at once (a bot waits a second between two)."""
    monkeypatch.setattr(emoji_upload, "UPLOAD_GAP", 0.0)


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    async with Emulator() as emulator:
        # 79 uploads at the route's 5 a second would take 16 s of each test, and at once
        # they would pass the global 50 a second the game's own requests share.
        emulator.options.route_limits[CREATE] = (200, 1.0)
        emulator.options.global_per_second = 500
        yield emulator


def people(emu: Emulator) -> tuple[Channel, User, User]:
    guild = emu.create_guild("Cards")
    channel = emu.create_channel(guild, "gin")
    alice, bob = emu.create_user("alice"), emu.create_user("bob")
    emu.add_member(guild, alice)
    emu.add_member(guild, bob)
    return channel, alice, bob


def bot_on(emu: Emulator, database: Path, **options: Any) -> AbstractAsyncContextManager[GinBot]:
    """The bot in the emulator's one server (`people`), its pictures drawn in threads."""
    guild = next(iter(emu.guilds.values()))
    return running_bot(emu, guild.id, database, render_processes=0, **options)


async def synced(bot: GinBot, emu: Emulator) -> Synced | None:
    await emu.wait_for(lambda: bot.emoji_sync is not None, 5.0, what="the emoji upload")
    assert bot.emoji_sync is not None
    return await asyncio.wait_for(bot.emoji_sync, 30)


async def discard_buttons(emu: Emulator, a: User, b: User, ch: Channel) -> dict[str, Any]:
    """Play simple moves until one of them can discard by clicking a card; that user and
    the raw card buttons. Each pass waits for a hand with live controls (the bot may be
    busy)."""
    await emu.slash(a, ch, "gin challenge", opponent=b)
    await emu.click(b, emu.last_message(ch), "Accept")
    for _ in range(12):
        user, msg = await emu.wait_for(
            lambda: next(
                ((u, m) for u in (a, b) if (m := live_controls(emu, u)) is not None), None
            ),
            10.0,
            what="a hand to play",
        )
        cards = card_buttons(msg)
        if cards:
            return {"user": user, "raw": [c.raw for c in cards]}
        await play_one(emu, user)
    raise AssertionError("no card to discard after twelve moves")


def _card(button: dict[str, Any]) -> Card:
    return parse_card(str(button["custom_id"]).rsplit(":", 1)[1])


async def test_the_set_is_uploaded_once_and_kept_across_starts(
    emu: Emulator, tmp_path: Path
) -> None:
    people(emu)
    wanted = {art.name for art in emoji_set().distinct()}
    # An emoji of an older drawing of ours, and one of the operator's that only looks close.
    stale = Emoji(1, "gin_as_000000", b"\x89PNG\r\n\x1a\n", "png", emu.bot_user)
    theirs = Emoji(2, "gin_logo", b"\x89PNG\r\n\x1a\n", "png", emu.bot_user)
    emu.app_emojis.by_id.update({1: stale, 2: theirs})

    async with bot_on(emu, tmp_path / "gin.sqlite3") as bot:
        first = await synced(bot, emu)
        assert first == Synced(uploaded=79, deleted=1, total=79)
        names = {e.name for e in emu.app_emojis.all()}
        assert names == wanted | {"gin_logo"}
        classic = {emoji_set().face(c).name for c in map(parse_card, _codes())}
        assert len(classic) == 52 and classic <= names and emoji_set().back.name in names
        assert bot.screens is not None and bot.screens.emojis.ready
        ids = {e.name: e.id for e in emu.app_emojis.all()}
    assert emu.app_emojis.created == 79

    async with bot_on(emu, tmp_path / "gin.sqlite3") as bot:
        second = await synced(bot, emu)
        assert second == Synced(uploaded=0, deleted=0, total=79)
        assert bot.screens is not None
        ace = bot.screens.emojis.card(parse_card("SA"))
        assert ace is not None and ids[ace.name] == ace.id
    assert (emu.app_emojis.created, emu.app_emojis.deleted) == (79, 1)
    emu.assert_no_unknown_routes()


async def test_two_processes_uploading_at_once_both_get_the_set(
    emu: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Two processes of one bot start together: both read an empty set and upload; the one
    that loses a name to the other (Discord's 400 50035, whose words name the field, not
    the code) reads the set again and uses the other's emoji instead of falling back."""
    people(emu)
    caplog.set_level(logging.INFO, logger="gin.emojis")
    async with bot_on(emu, tmp_path / "gin.sqlite3") as bot:
        assert await synced(bot, emu) is not None
        # The second process: the same application, its own registry, the set already there
        # but for a few names the first is "still uploading" (taken by the time it asks).
        late = sorted(art.name for art in emoji_set().distinct())[:3]
        kept = {e.id: e for e in emu.app_emojis.all() if e.name in late}
        for emoji_id in kept:
            del emu.app_emojis.by_id[emoji_id]
        real_fetch = bot.fetch_application_emojis

        async def fetch_then_finish() -> Any:
            seen = await real_fetch()
            emu.app_emojis.by_id.update(kept)  # the first process's uploads land meanwhile
            return seen

        other = CardEmojis()
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(bot, "fetch_application_emojis", fetch_then_finish)
            done = await emoji_upload.sync_card_emojis(bot, other)
        assert done == Synced(uploaded=0, deleted=0, total=79)
        assert other.ready
        ace = other.card(parse_card("SA"))
        assert ace is not None and emu.app_emojis.usable(ace.id)
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert emu.app_emojis.created == 79  # nothing uploaded twice


async def test_two_processes_starting_together_upload_the_set_once_between_them(
    emu: Emulator, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two clients of one application sync at once from an empty set: the one refused a
    name follows the other's uploads instead of racing it name after name; both end with
    the whole set, none uploaded twice, and each is refused at most once."""
    monkeypatch.setattr(emoji_upload, "UPLOAD_GAP", 0.05)
    # A read 2 s apart: a loaded machine may stall the uploader a moment between two
    # uploads, which the follower would take for a stop (a second refusal, no more).
    monkeypatch.setattr(emoji_upload, "FOLLOW_GAPS", 40)
    caplog.set_level(logging.INFO, logger="gin.emojis")
    wanted = emoji_set()
    clients = [discord.Client(intents=discord.Intents.default()) for _ in range(2)]
    registries = [CardEmojis(), CardEmojis()]
    try:
        with discord_pointed_at(emu):
            for client in clients:
                await client.login(emu.token)
            done = await asyncio.gather(
                *(
                    emoji_upload.sync_card_emojis(client, registry, wanted)
                    for client, registry in zip(clients, registries, strict=True)
                )
            )
    finally:
        for client in clients:
            await client.close()
    total = len(wanted.distinct())
    assert all(d is not None and d.total == total for d in done), done
    assert sum(d.uploaded for d in done if d is not None) == total
    assert emu.app_emojis.created == total  # none uploaded twice
    assert sorted(e.name for e in emu.app_emojis.all()) == sorted(a.name for a in wanted.distinct())
    ids = {e.name: e.id for e in emu.app_emojis.all()}
    for registry in registries:
        ace = registry.card(parse_card("SA"))
        assert registry.ready and ace is not None and ids[ace.name] == ace.id
    refused = [r for r in emu.requests if f"{r.method} {r.route}" == CREATE and r.status == 400]
    assert 1 <= len(refused) <= 2, [(r.at, r.code) for r in refused]
    said = [r for r in caplog.records if r.name == "gin.emojis"]
    assert [r.levelno for r in said] == [logging.INFO, logging.INFO]  # "ready", twice


@pytest.mark.parametrize("refusal", ["permission", "limit"])
async def test_refused_uploads_leave_text_cards_and_one_line(
    emu: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture, refusal: str
) -> None:
    ch, a, b = people(emu)
    if refusal == "permission":
        emu.inject_fault(CREATE, status=403, code=50013, message="Missing Permissions", times=99)
    else:  # the application already has 2,000 emojis of its own
        for n in range(MAX_EMOJIS):
            emu.app_emojis.by_id[n + 1] = Emoji(n + 1, f"own_{n}", b"", "png", emu.bot_user)
    caplog.set_level(logging.INFO, logger="gin.emojis")
    async with bot_on(emu, tmp_path / "gin.sqlite3") as bot:
        assert await synced(bot, emu) is None
        lines = [r for r in caplog.records if r.name == "gin.emojis"]
        assert len(lines) == 1 and lines[0].levelno == logging.WARNING
        assert ("50013" if refusal == "permission" else "30008") in lines[0].getMessage()
        assert bot.screens is not None and not bot.screens.emojis.ready
        found = await discard_buttons(emu, a, b, ch)
        buttons = found["raw"]
        assert buttons and all("emoji" not in b for b in buttons)
        # Text cards: the rank and the suit symbol.
        assert all(b["label"] == label(_card(b)) for b in buttons)
        assert buttons[0]["label"][-1] in "♣♦♥♠"


async def test_the_card_buttons_show_each_cards_emoji_in_the_players_colours(
    emu: Emulator, tmp_path: Path
) -> None:
    ch, a, b = people(emu)
    async with bot_on(emu, tmp_path / "gin.sqlite3") as bot:
        await synced(bot, emu)
        for user in (a, b):
            await emu.slash(user, ch, "gin me settings", four_colour=True)
        found = await discard_buttons(emu, a, b, ch)
        on_discord = {e.id: e.name for e in emu.app_emojis.all()}
        for button in found["raw"]:
            card = _card(button)
            art = emoji_set().face(card, four_colour=True)
            assert button["emoji"]["name"] == art.name
            assert on_discord[int(button["emoji"]["id"])] == art.name
            # The label stays the card's name for screen readers.
            assert button["label"] == label(card)
            if card.suit in "CD":
                assert art.name.split("_")[1].endswith("4")
        # One click on a card discards it.
        player = found["user"]
        msg = live_controls(emu, player)
        assert msg is not None
        assert await play_one(emu, player) == 1


async def test_turned_off_nothing_is_uploaded_and_cards_are_text(
    emu: Emulator, tmp_path: Path
) -> None:
    ch, a, b = people(emu)
    async with bot_on(emu, tmp_path / "gin.sqlite3", card_emojis=False) as bot:
        found = await discard_buttons(emu, a, b, ch)
        assert all("emoji" not in b for b in found["raw"])
        assert bot.emoji_sync is None
    assert not [r for r in emu.requests if "/emojis" in r.route]
    assert emu.app_emojis.all() == []


def test_the_setting() -> None:
    base = {"DISCORD_TOKEN": "x"}
    assert Settings.from_env(base, env_file=None).card_emojis is True
    off = Settings.from_env({**base, "GIN_CARD_EMOJIS": "off"}, env_file=None)
    assert off.card_emojis is False


def _codes() -> list[str]:
    return [f"{s}{r}" for s in "CDHS" for r in range(1, 14)]
