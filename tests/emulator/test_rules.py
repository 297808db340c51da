"""Discord's rules, checked at the REST level: callbacks, tokens, limits, files, permissions, faults."""

from __future__ import annotations

import io
import json
from typing import Any

import aiohttp
import discord
import pytest
from PIL import Image

from emulator import Emulator, Interaction
from emulator.testing import running

from .conftest import RawApi, World, make_client


async def _pending(emu: Emulator, world: World) -> Interaction:
    """A slash interaction nobody answers (no bot connected): the test answers it by hand."""
    emu.registry.store(None, [{"name": "go", "description": "Go", "type": 1}], replace=True)
    return await emu.slash(world.alice, world.channel, "go", wait=False)


def _callback(inter: Interaction) -> str:
    return f"/interactions/{inter.id}/{inter.token}/callback?with_response=1"


def _webhook(emu: Emulator, inter: Interaction, tail: str = "") -> str:
    return f"/webhooks/{emu.application_id}/{inter.token}{tail}"


async def test_callback_answers_with_the_response_body(
    emu: Emulator, world: World, api: RawApi
) -> None:
    inter = await _pending(emu, world)
    reply = await api(
        "POST",
        _callback(inter),
        auth=False,
        json={"type": 4, "data": {"content": "hi", "flags": 64}},
    )
    assert reply.status == 200
    assert reply.body["interaction"]["response_message_id"] == str(inter.response.id)  # type: ignore[union-attr]
    assert reply.body["interaction"]["response_message_ephemeral"] is True
    assert (
        reply.body["resource"]["type"] == 4 and reply.body["resource"]["message"]["content"] == "hi"
    )
    again = await api(
        "POST", _callback(inter), auth=False, json={"type": 4, "data": {"content": "twice"}}
    )
    assert (again.status, again.body["code"]) == (400, 40060)
    assert inter.refused == [(400, 40060)]


async def test_callback_without_with_response_is_204(
    emu: Emulator, world: World, api: RawApi
) -> None:
    inter = await _pending(emu, world)
    reply = await api(
        "POST", f"/interactions/{inter.id}/{inter.token}/callback", auth=False, json={"type": 5}
    )
    assert reply.status == 204 and inter.response is not None and inter.response.loading


async def test_wrong_token_unknown_interaction_and_wrong_callback_type(
    emu: Emulator, world: World, api: RawApi
) -> None:
    inter = await _pending(emu, world)
    bad = await api("POST", f"/interactions/{inter.id}/nope/callback", auth=False, json={"type": 4})
    assert (bad.status, bad.body["code"]) == (404, 10062)
    wrong = await api(
        "POST", _callback(inter), auth=False, json={"type": 7, "data": {"content": "x"}}
    )
    assert (wrong.status, wrong.body["code"]) == (400, 50035)
    auto = await api(
        "POST", _callback(inter), auth=False, json={"type": 8, "data": {"choices": []}}
    )
    assert auto.status == 400
    assert inter.ack_type is None  # refused callbacks do not acknowledge


async def test_followups_and_original_need_an_ack_and_expire_after_15_minutes(
    emu: Emulator, world: World, api: RawApi
) -> None:
    inter = await _pending(emu, world)
    early = await api(
        "POST", _webhook(emu, inter) + "?wait=true", auth=False, json={"content": "x"}
    )
    assert (early.status, early.body["code"]) == (404, 10015)
    await api("POST", _callback(inter), auth=False, json={"type": 5})
    first = await api(
        "POST", _webhook(emu, inter) + "?wait=true", auth=False, json={"content": "filled"}
    )
    assert first.body["id"] == str(inter.response.id)  # type: ignore[union-attr]
    second = await api(
        "POST",
        _webhook(emu, inter) + "?wait=true",
        auth=False,
        json={"content": "more", "flags": 64},
    )
    assert second.body["id"] != first.body["id"] and second.body["flags"] & 64
    edited = await api(
        "PATCH", _webhook(emu, inter, "/messages/@original"), auth=False, json={"content": "edited"}
    )
    assert edited.body["content"] == "edited"
    followup = await api(
        "PATCH",
        _webhook(emu, inter, f"/messages/{second.body['id']}"),
        auth=False,
        json={"content": "m2"},
    )
    assert followup.body["content"] == "m2"
    emu.clock.advance(15 * 60 + 1)
    for method, tail in (
        ("GET", "/messages/@original"),
        ("PATCH", "/messages/@original"),
        ("POST", ""),
    ):
        late = await api(method, _webhook(emu, inter, tail), auth=False, json={"content": "late"})
        assert (late.status, late.body["code"]) == (401, 50027)


async def test_deadline_is_three_seconds(emu: Emulator, world: World, api: RawApi) -> None:
    inter = await _pending(emu, world)
    emu.clock.advance(3.01)
    late = await api(
        "POST", _callback(inter), auth=False, json={"type": 4, "data": {"content": "x"}}
    )
    assert (late.status, late.body["code"]) == (404, 10062)


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _button(label: str = "b", custom_id: str | None = None, **kw: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id or f"id-{label}", **kw}


def _select(n: int = 3, **kw: Any) -> dict[str, Any]:
    opts = [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)]
    return {"type": 3, "custom_id": kw.pop("custom_id", "sel"), "options": opts, **kw}


BAD_MESSAGES: dict[str, tuple[dict[str, Any], int]] = {
    "6 rows": ({"components": [_row(_button(str(i))) for i in range(6)]}, 50035),
    "6 buttons in a row": ({"components": [_row(*(_button(str(i)) for i in range(6)))]}, 50035),
    "select beside a button": ({"components": [_row(_select(), _button())]}, 50035),
    "26 select options": ({"components": [_row(_select(26))]}, 50035),
    "max_values above options": ({"components": [_row(_select(2, max_values=3))]}, 50035),
    "101-character custom_id": ({"components": [_row(_button(custom_id="c" * 101))]}, 50035),
    "81-character label": ({"components": [_row(_button("l" * 81))]}, 50035),
    "duplicate custom_id": (
        {"components": [_row(_button("a", "same"), _button("b", "same"))]},
        50035,
    ),
    "link button with custom_id": (
        {"components": [_row(_button(style=5, url="https://x.y"))]},
        50035,
    ),
    "text input in a message": (
        {"components": [_row({"type": 4, "custom_id": "t", "label": "t", "style": 1})]},
        50035,
    ),
    "empty message": ({"content": ""}, 50006),
    "2001-character content": ({"content": "x" * 2001}, 50035),
    "11 embeds": ({"embeds": [{"title": str(i)} for i in range(11)]}, 50035),
    "embeds over 6000 characters": (
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
        50035,
    ),
    "26 embed fields": ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, 50035),
    "ephemeral flag outside an interaction": ({"content": "x", "flags": 64}, 50035),
}


@pytest.mark.parametrize("case", list(BAD_MESSAGES), ids=list(BAD_MESSAGES))
async def test_invalid_messages_are_refused(
    emu: Emulator, world: World, api: RawApi, case: str
) -> None:
    body, code = BAD_MESSAGES[case]
    reply = await api("POST", f"/channels/{world.channel.id}/messages", json=body)
    assert (reply.status, reply.body["code"]) == (400, code)
    assert emu.messages(world.channel) == []


async def test_a_full_classic_layout_is_accepted(emu: Emulator, world: World, api: RawApi) -> None:
    rows = [_row(*(_button(f"{r}{c}") for c in range(5))) for r in range(4)] + [
        _row(_select(25, max_values=25))
    ]
    reply = await api(
        "POST", f"/channels/{world.channel.id}/messages", json={"content": "ok", "components": rows}
    )
    assert reply.status == 200
    msg = emu.last_message(world.channel)
    assert msg is not None and len(msg.buttons()) == 20 and len(msg.select().options) == 25


def _png(width: int, height: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), "green").save(buf, "PNG")
    return buf.getvalue()


async def test_multipart_attachments_keep_their_bytes(
    emu: Emulator, world: World, api: RawApi
) -> None:
    png = _png(30, 20)
    form = aiohttp.FormData(quote_fields=False)
    payload = {
        "content": "table",
        "embeds": [{"title": "Table", "image": {"url": "attachment://table.png"}}],
        "attachments": [{"id": 0, "filename": "table.png"}],
    }
    form.add_field("payload_json", json.dumps(payload))
    form.add_field("files[0]", png, filename="table.png", content_type="application/octet-stream")
    reply = await api("POST", f"/channels/{world.channel.id}/messages", data=form)
    assert reply.status == 200
    att = reply.body["attachments"][0]
    assert (att["filename"], att["size"], att["width"], att["height"]) == (
        "table.png",
        len(png),
        30,
        20,
    )
    assert att["content_type"] == "image/png"
    msg = emu.last_message(world.channel)
    assert msg is not None and msg.file("table.png").data == png
    assert msg.embed is not None and msg.embed["image"]["url"] == att["url"]
    async with aiohttp.ClientSession() as session, session.get(att["url"]) as resp:
        assert await resp.read() == png
    # An edit that keeps the old file and adds a new one.
    form = aiohttp.FormData(quote_fields=False)
    form.add_field(
        "payload_json",
        json.dumps({"attachments": [{"id": att["id"]}, {"id": 0, "filename": "b.png"}]}),
    )
    form.add_field("files[0]", _png(2, 2), filename="b.png")
    edited = await api("PATCH", f"/channels/{world.channel.id}/messages/{msg.id}", data=form)
    assert [a["filename"] for a in edited.body["attachments"]] == ["table.png", "b.png"]


async def test_discord_py_files_and_message_lifecycle(emu: Emulator, world: World) -> None:
    async with running(make_client(), emu) as client:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        embed = discord.Embed(title="t").set_image(url="attachment://hand.png")
        sent = await channel.send(
            "hand", file=discord.File(io.BytesIO(_png(8, 4)), "hand.png"), embed=embed
        )
        assert sent.attachments[0].width == 8
        assert await sent.attachments[0].read() == _png(8, 4)
        fetched = await channel.fetch_message(sent.id)
        assert fetched.content == "hand"
        await fetched.edit(content="hand 2", embed=None, attachments=[])
        model = emu.message(sent.id)
        assert model.content == "hand 2" and model.attachments == [] and model.embeds == []
        await fetched.delete()
        with pytest.raises(discord.NotFound):
            await channel.fetch_message(sent.id)
        assert emu.messages(world.channel) == [] and model in [
            m for m in world.channel.messages.values()
        ]


async def test_dm_rules(emu: Emulator, world: World, api: RawApi) -> None:
    stranger = emu.create_user("stranger")
    for user, status in ((world.alice, 200), (stranger, 403)):
        dm = await api("POST", "/users/@me/channels", json={"recipient_id": user.id})
        assert dm.body["type"] == 1 and dm.body["recipients"][0]["id"] == str(user.id)
        sent = await api("POST", f"/channels/{dm.body['id']}/messages", json={"content": "hi"})
        assert sent.status == status
    assert sent.body["code"] == 50007  # no shared server
    emu.close_dms(world.alice)
    dm = await api("POST", "/users/@me/channels", json={"recipient_id": str(world.alice.id)})
    refused = await api("POST", f"/channels/{dm.body['id']}/messages", json={"content": "again"})
    assert (refused.status, refused.body["code"]) == (403, 50007)
    assert [m.content for m in emu.dms(world.alice)] == ["hi"]


async def test_channel_permissions(emu: Emulator, world: World, api: RawApi) -> None:
    route = f"/channels/{world.channel.id}/messages"
    emu.deny_bot(world.channel, "embed_links")
    dropped = await api("POST", route, json={"content": "x", "embeds": [{"title": "t"}]})
    assert dropped.status == 200 and dropped.body["embeds"] == []
    emu.deny_bot(world.channel, "attach_files")
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "f"}))
    form.add_field("files[0]", b"x", filename="a.txt")
    no_files = await api("POST", route, data=form)
    assert (no_files.status, no_files.body["code"]) == (403, 50013)
    emu.deny_bot(world.channel, "send_messages")
    silent = await api("POST", route, json={"content": "x"})
    assert (silent.status, silent.body["code"]) == (403, 50013)
    async with running(make_client(), emu) as client:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel) and channel.guild.me is not None
        perms = channel.permissions_for(channel.guild.me)
        assert not perms.send_messages and not perms.attach_files and perms.read_message_history
        payload = emu.interaction_log.payload(
            emu.interaction_log.new(
                2, world.alice, world.channel, {"id": "1", "name": "x", "type": 1}
            )
        )
        assert not discord.Permissions(int(payload["app_permissions"])).send_messages
    emu.allow_bot(world.channel, "send_messages")
    assert (await api("POST", route, json={"content": "x"})).status == 200


async def test_429_is_retried_after_retry_after(emu: Emulator, world: World) -> None:
    fault = emu.inject_fault("POST /channels/{channel_id}/messages", status=429, retry_after=0.05)
    async with running(make_client(), emu) as client:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("eventually")
    assert fault.hits == 1 and [m.content for m in emu.messages(world.channel)] == ["eventually"]
    assert [e.status for e in emu.errors] == [429]


async def test_429_without_via_is_a_cloudflare_ban(emu: Emulator, world: World) -> None:
    emu.inject_fault("POST /channels/*/messages", status=429, via=False)
    async with running(make_client(), emu) as client:
        channel = client.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as info:
            await channel.send("never")
        assert info.value.status == 429
    assert emu.messages(world.channel) == []


async def test_5xx_is_retried(emu: Emulator, world: World, api: RawApi) -> None:
    fault = emu.inject_fault("* /channels/{channel_id}/messages/*", status=502, times=1)
    reply = await api("GET", f"/channels/{world.channel.id}/messages/1")
    assert reply.status == 502 and fault.hits == 1
    emu.inject_fault("GET /users/@me", status=500)
    async with running(make_client(), emu) as client:  # discord.py retries the 500 at login
        assert client.user is not None and client.user.id == emu.bot_user.id
    assert [e.status for e in emu.errors] == [502, 500]


async def _acked_component(emu: Emulator, world: World, api: RawApi) -> Interaction:
    sent = await api(
        "POST",
        f"/channels/{world.channel.id}/messages",
        json={"content": "b", "components": [_row(_button("Go"))]},
    )
    assert sent.status == 200
    return await emu.click(world.alice, emu.message(int(sent.body["id"])), "Go", wait=False)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (
            {
                "custom_id": "m",
                "title": "t" * 46,
                "components": [_row({"type": 4, "custom_id": "a", "label": "A", "style": 1})],
            },
            "title",
        ),
        ({"custom_id": "m", "title": "t", "components": []}, "no rows"),
        ({"custom_id": "m", "title": "t", "components": [_row(_button())]}, "button in a modal"),
        (
            {
                "custom_id": "m",
                "title": "t",
                "components": [_row({"type": 4, "custom_id": "a", "label": "L" * 46, "style": 1})],
            },
            "label",
        ),
    ],
)
async def test_invalid_modals_are_refused(
    emu: Emulator, world: World, api: RawApi, data: dict[str, Any], problem: str
) -> None:
    inter = await _acked_component(emu, world, api)
    reply = await api("POST", _callback(inter), auth=False, json={"type": 9, "data": data})
    assert (reply.status, reply.body["code"]) == (400, 50035), problem
    assert inter.modal is None and inter.ack_type is None


async def test_too_many_autocomplete_choices_are_refused(
    emu: Emulator, world: World, api: RawApi
) -> None:
    option = {"name": "q", "description": "q", "type": 3, "autocomplete": True}
    emu.registry.store(
        None,
        [{"name": "find", "description": "Find", "type": 1, "options": [option]}],
        replace=True,
    )
    data, name = emu.command_data(
        world.alice, world.channel, "find", {}, focused="q", focused_value="x"
    )
    inter = await emu.interaction_log.send(
        emu.interaction_log.new(4, world.alice, world.channel, data, command_name=name),
        wait=False,
        raise_on_failure=False,
    )
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]
    reply = await api(
        "POST", _callback(inter), auth=False, json={"type": 8, "data": {"choices": choices}}
    )
    assert (reply.status, reply.body["code"]) == (400, 50035)
    assert inter.ack_type is None and inter.choices is None
    ok = await api(
        "POST", _callback(inter), auth=False, json={"type": 8, "data": {"choices": choices[:25]}}
    )
    assert ok.status == 200 and inter.choices == choices[:25]


async def test_components_v2_layout_is_accepted_and_clickable(
    emu: Emulator, world: World, api: RawApi
) -> None:
    layout = [
        {"type": 17, "components": [{"type": 10, "content": "Your hand"}, _row(_button("Draw"))]},
    ]
    sent = await api(
        "POST",
        f"/channels/{world.channel.id}/messages",
        json={"flags": 1 << 15, "components": layout},
    )
    assert sent.status == 200
    msg = emu.message(int(sent.body["id"]))
    assert msg.button_labels == ["Draw"] and "Your hand" in msg.text
    mixed = await api(
        "POST",
        f"/channels/{world.channel.id}/messages",
        json={"flags": 1 << 15, "content": "x", "components": layout},
    )
    assert mixed.status == 400


async def test_a_resume_of_an_unknown_session_is_invalid(emu: Emulator) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(emu.gateway_url + "?v=10&encoding=json") as ws,
    ):
        assert (await ws.receive_json())["op"] == 10
        await ws.send_json({"op": 6, "d": {"token": emu.token, "session_id": "nope", "seq": 3}})
        assert await ws.receive_json() == {"op": 9, "d": False, "s": None, "t": None}


async def test_a_guild_created_while_connected_reaches_the_client(
    emu: Emulator, world: World
) -> None:
    async with running(make_client(), emu) as client:
        later = emu.create_guild("Later", channels=("tables",))
        await emu.wait_for(lambda: client.get_guild(later.id))
        guild = client.get_guild(later.id)
        assert guild is not None and [c.name for c in guild.text_channels] == ["tables"]
