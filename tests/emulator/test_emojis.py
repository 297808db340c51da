"""Application emojis: the five routes through the unmodified discord.py client, Discord's
checks (name, image, count) through raw REST, the CDN stand-in, and the rate limits."""

from __future__ import annotations

import base64
import io

import discord
import pytest
from PIL import Image

from emulator import Emulator
from emulator.emojis import MAX_EMOJIS, MAX_IMAGE_BYTES, Emoji
from emulator.testing import running

from .conftest import RawApi, World, make_client


def png(colour: tuple[int, int, int] = (200, 22, 44), size: int = 128) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(out, "PNG")
    return out.getvalue()


def data_uri(data: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


async def test_the_client_creates_lists_fetches_renames_and_deletes(emu: Emulator) -> None:
    async with running(make_client(), emu) as client:
        assert await client.fetch_application_emojis() == []
        made = await client.create_application_emoji(name="gin_as", image=png())
        assert made.name == "gin_as" and made.is_application_owned() and not made.animated
        listed = await client.fetch_application_emojis()
        assert [(e.id, e.name) for e in listed] == [(made.id, "gin_as")]
        assert (await client.fetch_application_emoji(made.id)).name == "gin_as"
        renamed = await made.edit(name="gin_ace_spades")
        assert renamed.name == "gin_ace_spades"
        await renamed.delete()
        assert await client.fetch_application_emojis() == []
        with pytest.raises(discord.NotFound) as caught:
            await client.fetch_application_emoji(made.id)
        assert caught.value.code == 10014
    assert (emu.app_emojis.created, emu.app_emojis.deleted) == (1, 1)
    emu.assert_no_unknown_routes()


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("a", "BASE_TYPE_BAD_LENGTH"),
        ("x" * 33, "BASE_TYPE_BAD_LENGTH"),
        ("gin-as", "STRING_TYPE_REGEX"),
        ("gin as", "STRING_TYPE_REGEX"),
        ("piké", "STRING_TYPE_REGEX"),
        (None, "BASE_TYPE_REQUIRED"),
    ],
)
async def test_a_bad_name_is_refused_like_discord(
    emu: Emulator, api: RawApi, name: str | None, code: str
) -> None:
    emu.rate_limits = False
    path = f"/applications/{emu.application_id}/emojis"
    body = {"image": data_uri(png())} | ({} if name is None else {"name": name})
    reply = await api("POST", path, json=body)
    assert (reply.status, reply.body["code"]) == (400, 50035)
    assert reply.body["errors"]["name"]["_errors"][0]["code"] == code
    assert emu.app_emojis.all() == []


async def test_names_are_unique_in_the_application_and_32_is_the_longest(
    emu: Emulator, api: RawApi
) -> None:
    emu.rate_limits = False
    path = f"/applications/{emu.application_id}/emojis"
    first = await api("POST", path, json={"name": "A_9" * 10 + "zz", "image": data_uri(png())})
    assert first.status == 201 and len(first.body["name"]) == 32
    again = await api("POST", path, json={"name": first.body["name"], "image": data_uri(png())})
    assert again.status == 400
    assert again.body["errors"]["name"]["_errors"][0]["code"] == (
        "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"
    )
    other = await api("POST", path, json={"name": "other", "image": data_uri(png())})
    # A rename onto a taken name is refused too; onto its own name it is a no-op.
    clash = await api("PATCH", f"{path}/{other.body['id']}", json={"name": first.body["name"]})
    assert clash.status == 400
    same = await api("PATCH", f"{path}/{other.body['id']}", json={"name": "other"})
    assert same.status == 200 and same.body["name"] == "other"
    assert [e.name for e in emu.app_emojis.all()] == [first.body["name"], "other"]


async def test_images_png_jpeg_gif_webp_only_and_at_most_256_kib(
    emu: Emulator, api: RawApi
) -> None:
    emu.rate_limits = False  # more than the route's 5 a second (tested below)
    path = f"/applications/{emu.application_id}/emojis"
    made = []
    for fmt in ("PNG", "JPEG", "GIF", "WEBP"):
        out = io.BytesIO()
        Image.new("RGB", (64, 64), (1, 2, 3)).save(out, fmt)
        reply = await api(
            "POST", path, json={"name": f"x_{fmt.lower()}", "image": data_uri(out.getvalue())}
        )
        assert reply.status == 201, reply.body
        made.append((reply.body["name"], reply.body["animated"]))
    assert made == [("x_png", False), ("x_jpeg", False), ("x_gif", True), ("x_webp", False)]

    bmp = io.BytesIO()
    Image.new("RGB", (8, 8)).save(bmp, "BMP")
    # Past the limit by one byte (a PNG signature, then padding: only the size is wrong).
    too_big = b"\x89PNG\r\n\x1a\n" + b"\0" * (MAX_IMAGE_BYTES - 7)
    for image, code in (
        (data_uri(bmp.getvalue(), "image/bmp"), "IMAGE_INVALID"),
        ("not a data uri", "IMAGE_INVALID"),
        ("data:image/png;base64,@@@", "IMAGE_INVALID"),
        (data_uri(too_big), "BINARY_TYPE_MAX_SIZE"),
    ):
        reply = await api("POST", path, json={"name": "refused", "image": image})
        assert (reply.status, reply.body["code"]) == (400, 50035)
        assert reply.body["errors"]["image"]["_errors"][0]["code"] == code
    just_fits = b"\x89PNG\r\n\x1a\n" + b"\0" * (MAX_IMAGE_BYTES - 8)
    assert (await api("POST", path, json={"name": "fits", "image": data_uri(just_fits)})).status
    assert [e.name for e in emu.app_emojis.all()][-1] == "fits"


async def test_at_most_2000_per_application(emu: Emulator, api: RawApi) -> None:
    store = emu.app_emojis
    for n in range(MAX_EMOJIS):  # filled directly: 2,000 requests would only cost time
        store.by_id[n + 1] = Emoji(n + 1, f"e{n}", png(), "png", emu.bot_user)
    path = f"/applications/{emu.application_id}/emojis"
    reply = await api("POST", path, json={"name": "one_more", "image": data_uri(png())})
    assert (reply.status, reply.body["code"]) == (400, 30008)
    assert "2000" in reply.body["message"]
    await api("DELETE", f"{path}/1")
    assert (await api("POST", path, json={"name": "one_more", "image": data_uri(png())})).status


async def test_another_application_and_unknown_emojis(emu: Emulator, api: RawApi) -> None:
    other = await api("GET", "/applications/1234/emojis")
    assert (other.status, other.body["code"]) == (403, 50001)
    base = f"/applications/{emu.application_id}/emojis"
    for method in ("GET", "PATCH", "DELETE"):
        reply = await api(method, f"{base}/99", json={"name": "zz"})
        assert (reply.status, reply.body["code"]) == (404, 10014), method


async def test_the_picture_is_served_like_discords_cdn(emu: Emulator, api: RawApi) -> None:
    import aiohttp

    data = png((17, 122, 58))
    made = await api(
        "POST",
        f"/applications/{emu.application_id}/emojis",
        json={"name": "gin_kc", "image": data_uri(data)},
    )
    async with aiohttp.ClientSession() as session:
        for ext in ("png", "webp"):
            url = emu.emoji_url(int(made.body["id"])).replace(".png", f".{ext}")
            async with session.get(url) as resp:
                assert resp.status == 200 and resp.content_type == "image/png"
                assert await resp.read() == data
        async with session.get(emu.emoji_url(42)) as resp:
            assert resp.status == 404


async def test_the_routes_have_rate_limits_like_any_other(emu: Emulator, api: RawApi) -> None:
    path = f"/applications/{emu.application_id}/emojis"
    statuses = [
        (await api("POST", path, json={"name": f"r{n}", "image": data_uri(png())})).status
        for n in range(6)
    ]
    # The default bucket, 5 a second: the sixth is refused before anything is made.
    assert statuses == [201] * 5 + [429]
    assert len(emu.app_emojis.all()) == 5
    assert emu.ratelimits.stats.refused["POST /applications/{application_id}/emojis", "user"] == 1


async def test_a_message_naming_an_emoji_the_bot_cannot_use_is_refused(
    emu: Emulator, world: World
) -> None:
    async with running(make_client(), emu) as client:
        made = await client.create_application_emoji(name="gin_as", image=png())
        ok = discord.PartialEmoji(name="gin_as", id=made.id)
        gone = discord.PartialEmoji(name="gin_ks", id=made.id + 1)
        channel = client.get_partial_messageable(world.channel.id)

        def menu(*emojis: discord.PartialEmoji) -> discord.ui.View:
            view = discord.ui.View()
            options = [
                discord.SelectOption(label=f"card {i}", value=str(i), emoji=e)
                for i, e in enumerate(emojis)
            ]
            view.add_item(discord.ui.Select(custom_id="pick", options=options))
            return view

        sent = await channel.send(f"<:gin_as:{made.id}>", view=menu(ok, ok))
        with pytest.raises(discord.HTTPException) as caught:
            await channel.send("two", view=menu(ok, gone))
        assert (caught.value.status, caught.value.code) == (400, 50035)
        assert "components.0.components.0.options.1.emoji.id" in caught.value.text
        assert "Invalid emoji" in caught.value.text
        button = discord.ui.View()
        button.add_item(discord.ui.Button(label="K", emoji=gone, custom_id="k"))
        with pytest.raises(discord.HTTPException):
            await sent.edit(view=button)
        # Text may name any emoji (Discord shows an unknown one as its :name:).
        await sent.edit(content=f"<:gin_ks:{made.id + 1}>")
        await made.delete()
        with pytest.raises(discord.HTTPException):
            await channel.send("after", view=menu(ok))
    assert [m.text.split()[0] for m in emu.messages(world.channel)] == [f"<:gin_ks:{made.id + 1}>"]
