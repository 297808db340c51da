"""Components V2 (flag 1 << 15) as Discord's component reference defines them: what a
layout may hold and where, its limits, what the flag forbids, and that it stays set."""

from __future__ import annotations

from typing import Any

import discord

from emulator import Emulator
from emulator.testing import running

from .conftest import RawApi, World, make_client

V2 = 1 << 15


def _text(content: str = "x") -> dict[str, Any]:
    return {"type": 10, "content": content}


def _button(custom_id: str = "b", **kw: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id, **kw}


def _row(*buttons: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(buttons)}


def _media(url: str = "https://example.com/a.png") -> dict[str, Any]:
    return {"media": {"url": url}}


def _errors(reply: Any) -> str:
    """The nested form errors, as one string to search for codes."""
    assert reply.status == 400, reply.body
    return str(reply.body.get("errors", reply.body))


async def _post(api: RawApi, world: World, components: list[Any], **extra: Any) -> Any:
    body = {"flags": V2, "components": components, **extra}
    return await api("POST", f"/channels/{world.channel.id}/messages", json=body)


async def test_forty_components_in_all_nested_ones_counted(world: World, api: RawApi) -> None:
    # A container (1) of 13 rows of 2 buttons (39): 40 in all, and one more is too many.
    rows = [_row(_button(f"a{i}"), _button(f"b{i}")) for i in range(13)]
    assert (await _post(api, world, [{"type": 17, "components": rows}])).status == 200
    over = [{"type": 17, "components": [*rows, _text()]}]
    assert "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED" in _errors(await _post(api, world, over))


async def test_text_displays_take_4000_characters_together(world: World, api: RawApi) -> None:
    fits = [_text("a" * 2000), {"type": 17, "components": [_text("b" * 2000)]}]
    assert (await _post(api, world, fits)).status == 200
    over = [_text("a" * 2000), {"type": 17, "components": [_text("b" * 2001)]}]
    assert "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED" in _errors(await _post(api, world, over))


async def test_what_each_place_may_hold(world: World, api: RawApi) -> None:
    nested = [{"type": 17, "components": [{"type": 17, "components": [_text()]}]}]
    assert "cannot be used in a container" in _errors(await _post(api, world, nested))
    thumb = {"type": 11, "media": {"url": "https://example.com/t.png"}}
    assert "at the top level" in _errors(await _post(api, world, [thumb]))
    row_in_section = {"type": 9, "components": [_row(_button())], "accessory": _button("c")}
    assert "cannot be used in a section" in _errors(await _post(api, world, [row_in_section]))
    four = {"type": 9, "components": [_text()] * 4, "accessory": _button()}
    assert "BASE_TYPE_BAD_LENGTH" in _errors(await _post(api, world, [four]))
    empty = [{"type": 17, "components": []}]
    assert "BASE_TYPE_MIN_LENGTH" in _errors(await _post(api, world, empty))


async def test_a_section_needs_a_button_or_a_thumbnail_beside_it(world: World, api: RawApi) -> None:
    bare = {"type": 9, "components": [_text()]}
    assert "accessory" in _errors(await _post(api, world, [bare]))
    wrong = {"type": 9, "components": [_text()], "accessory": _text()}
    assert "accessory is a button or a thumbnail" in _errors(await _post(api, world, [wrong]))
    thumb = {"type": 11, "media": {"url": "https://example.com/t.png"}}
    for accessory in (_button(), thumb):
        ok = {"type": 9, "components": [_text()], "accessory": accessory}
        assert (await _post(api, world, [ok])).status == 200


async def test_a_media_gallery_holds_one_to_ten_items(world: World, api: RawApi) -> None:
    for n, fine in ((0, False), (1, True), (10, True), (11, False)):
        reply = await _post(api, world, [{"type": 12, "items": [_media()] * n}])
        assert (reply.status == 200) == fine, (n, reply.body)
    no_url = [{"type": 12, "items": [{"media": {}}]}]
    assert "BASE_TYPE_REQUIRED" in _errors(await _post(api, world, no_url))


async def test_the_flag_forbids_content_embeds_polls_and_stickers(
    world: World, api: RawApi
) -> None:
    for extra in (
        {"content": "x"},
        {"embeds": [{"title": "t"}]},
        {"poll": {"question": {"text": "?"}}},
        {"sticker_ids": ["1"]},
    ):
        reply = await _post(api, world, [_text()], **extra)
        assert "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2" in _errors(reply), extra
    assert (await _post(api, world, [])).body["code"] == 50006


async def test_button_emojis_are_partial_emojis(world: World, api: RawApi) -> None:
    for emoji in ({}, {"id": "x1"}, "🂡", {"name": "🂡", "animated": "yes"}):
        reply = await _post(api, world, [_row(_button(emoji=emoji))])
        assert reply.status == 400, emoji
    assert (await _post(api, world, [_row(_button(emoji={"name": "🂡"}))])).status == 200


async def test_component_ids_are_unique_in_a_message(world: World, api: RawApi) -> None:
    twice = [{"type": 10, "content": "a", "id": 7}, {"type": 10, "content": "b", "id": 7}]
    assert "COMPONENT_ID_DUPLICATED" in _errors(await _post(api, world, twice))


async def test_an_edit_may_turn_a_classic_message_into_a_layout_never_back(
    emu: Emulator, world: World, api: RawApi
) -> None:
    channel = f"/channels/{world.channel.id}/messages"
    sent = await api("POST", channel, json={"embeds": [{"title": "Old board"}]})
    path = f"{channel}/{sent.body['id']}"
    # Discord: the content and embeds a message had must be reset to make it a layout.
    kept = await api("PATCH", path, json={"flags": V2, "components": [_text("New")]})
    assert "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2" in _errors(kept)
    upgraded = await api(
        "PATCH",
        path,
        json={"flags": V2, "content": None, "embeds": [], "components": [_text("New")]},
    )
    assert upgraded.status == 200 and upgraded.body["flags"] & V2
    back = await api("PATCH", path, json={"flags": 0, "content": "x", "components": []})
    assert "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG" in _errors(back)
    emptied = await api("PATCH", path, json={"components": []})
    assert emptied.body["code"] == 50006
    assert emu.message(int(sent.body["id"])).text == "New"


async def test_discord_py_edits_an_embed_into_a_layout(emu: Emulator, world: World) -> None:
    """What the bot does to a board sent before the change: `edit(content=None,
    embed=None, view=layout)` is accepted and leaves only the layout."""
    async with running(make_client(), emu) as client:
        channel = client.get_partial_messageable(world.channel.id)
        old = await channel.send(embed=discord.Embed(title="Old board"))
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(discord.ui.Container(discord.ui.TextDisplay("New board")))
        edited = await old.edit(content=None, embed=None, view=layout, attachments=[])
        assert edited.flags.components_v2
    msg = emu.message(old.id)
    assert msg.embeds == [] and msg.content == "" and "New board" in msg.text
