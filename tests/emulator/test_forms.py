"""The emulator's cheap body parsing agrees with aiohttp wherever it answers at all."""

from __future__ import annotations

import asyncio
import io
import json
import random
from typing import Any

import aiohttp
import pytest
from aiohttp import BodyPartReader, MultipartReader, MultipartWriter, StreamReader
from aiohttp.helpers import parse_content_type, parse_mimetype

from emulator import Emulator
from emulator.forms import FormPart, mime_type, split_form
from emulator.http import _NoFlowControl

from .conftest import RawApi, World

BOUNDARY = "e96d6a3cd8f24e7c819b360171b0f509"
PNG = b"\x89PNG\r\n\x1a\n" + (4).to_bytes(4, "big") + b"IHDR" + (3).to_bytes(4, "big") * 2


async def form_body(fields: list[dict[str, Any]]) -> bytes:
    """The bytes aiohttp's client sends for a form built the way discord.py builds one
    (with :data:`BOUNDARY` in place of its random boundary)."""
    form = aiohttp.FormData(quote_fields=False, default_to_multipart=True)
    form._writer = MultipartWriter("form-data", boundary=BOUNDARY)
    for field in fields:
        form.add_field(**field)
    payload = form()
    assert payload.content_type == f"multipart/form-data; boundary={BOUNDARY}"

    class Sink:
        def __init__(self) -> None:
            self.data = bytearray()

        async def write(self, chunk: bytes) -> None:
            self.data.extend(chunk)

    sink = Sink()
    await payload.write(sink)  # type: ignore[arg-type]
    return bytes(sink.data)


async def judge(body: bytes, boundary: str) -> list[FormPart] | str:
    """What aiohttp's streaming reader makes of ``body`` (the emulator's old path)."""
    stream = StreamReader(_NoFlowControl(), 2**16, loop=asyncio.get_running_loop())  # type: ignore[arg-type]
    stream.feed_data(body)
    stream.feed_eof()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    try:
        reader = MultipartReader(headers, stream)
        parts = []
        while (item := await reader.next()) is not None:
            if not isinstance(item, BodyPartReader):
                continue
            data = bytes(await item.read(decode=False))
            assert item.get_charset("utf-8") == "utf-8" or item.name != "payload_json"
            parts.append(
                FormPart(item.name or "", item.filename, item.headers.get("Content-Type"), data)
            )
        return parts
    except Exception as exc:  # noqa: BLE001 - any failure: the fast path must decline
        return f"error: {exc!r}"


def discord_fields(n_files: int, filename: str = "hand.png") -> list[dict[str, Any]]:
    fields: list[dict[str, Any]] = [
        {"name": "payload_json", "value": json.dumps({"content": "héllo ♠", "attachments": []})}
    ]
    for i in range(n_files):
        fields.append(
            {
                "name": f"files[{i}]",
                "value": io.BytesIO(PNG + bytes([i]) * 40),
                "filename": f"{i}-{filename}",
                "content_type": "application/octet-stream",
            }
        )
    return fields


@pytest.mark.parametrize(
    "raw",
    [
        "application/json",
        "multipart/form-data; boundary=" + BOUNDARY,
        "text/plain",
        "image/svg+xml",
        "application/vnd.api+json",
        "Application/JSON",
        "application/json; charset=utf-8",
        "application/json ",
        "application/ json",
        "json",
        "a/b/c",
        "",
        "multipart/form-data; boundary=" + "x" * 71,
        'multipart/form-data; boundary="abc"',
        "multipart/form-data;boundary=abc",
        "multipart/form-data; boundary=abc; charset=utf-8",
        "multipart/mixed; boundary=abc",
        "text/plain (comment)",
        "application/json\t",
        "ａpplication/json",
    ],
)
def test_mime_type_matches_aiohttp_or_declines(raw: str) -> None:
    fast = mime_type(raw)
    if fast is None:
        return  # the emulator asks aiohttp itself
    content_type, boundary = fast
    assert content_type == parse_content_type(raw)[0]
    if boundary is not None:
        assert boundary == parse_mimetype(raw).parameters["boundary"]


def test_mime_type_takes_the_common_headers_and_defaults_a_missing_one() -> None:
    assert mime_type("application/json") == ("application/json", None)
    assert mime_type(f"multipart/form-data; boundary={BOUNDARY}") == (
        "multipart/form-data",
        BOUNDARY,
    )
    assert mime_type(None) == ("application/octet-stream", None)  # aiohttp's default
    assert mime_type("Application/JSON") is None


async def test_split_form_reads_what_discord_py_sends_like_aiohttp() -> None:
    for n_files in (0, 1, 3, 10):
        body = await form_body(discord_fields(n_files))
        fast = split_form(body, BOUNDARY)
        assert fast is not None, n_files
        assert fast == await judge(body, BOUNDARY)
        assert [p.name for p in fast] == ["payload_json"] + [f"files[{i}]" for i in range(n_files)]
        assert fast[0].content_type == "text/plain; charset=utf-8"


async def test_split_form_keeps_binary_data_that_looks_like_a_boundary() -> None:
    tricky = b"x--" + BOUNDARY.encode() + b"\r\n\r\n--\r\n" + b"\r\n--" + b"x" * 10
    body = await form_body(
        [
            {"name": "payload_json", "value": "{}"},
            {"name": "files[0]", "value": io.BytesIO(tricky), "filename": "a.bin"},
        ]
    )
    assert split_form(body, BOUNDARY) == await judge(body, BOUNDARY)
    assert split_form(body, BOUNDARY) is not None


@pytest.mark.parametrize(
    "body",
    [
        b'preamble\r\n--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="a\\"b"\r\n\r\nx\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="/a"\r\n\r\nx\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="a;b"\r\n\r\nx\r\n--B--\r\n',
        b"--B\r\nContent-Disposition: form-data; name*=utf-8''a\r\n\r\nx\r\n--B--\r\n",
        b'--B\r\nContent-Disposition: Form-Data; name="a"\r\n\r\nx\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="_charset_"\r\n\r\nlatin-1\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="a"\r\nContent-Transfer-Encoding: base64'
        b"\r\n\r\neA==\r\n--B--\r\n",
        b"--B\r\nContent-Type: text/plain; charset=latin-1\r\nContent-Disposition: form-data; "
        b'name="payload_json"\r\n\r\n{}\r\n--B--\r\n',
        b"--B\r\nContent-Type: multipart/mixed; boundary=C\r\nContent-Disposition: form-data; "
        b'name="a"\r\n\r\n--C--\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--Bx\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--B--\r\nepilogue',
        b'--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--B',
        b'--B\r\nContent-Disposition:  form-data; name="a"\r\n\r\nx\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="a"\r\n continued\r\n\r\nx\r\n--B--\r\n',
        b"--B\r\n\r\nx\r\n--B--\r\n",
        b'--B\r\nContent-Disposition: form-data; name="a"\r\nX-Other: 1\r\n\r\nx\r\n--B--\r\n',
        b'--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n--B\r\n--B--\r\n',
        'x--B\r\nContent-Disposition: form-data; name="é"\r\n\r\nx\r\n--B--\r\n'.encode()[1:],
    ],
)
async def test_split_form_declines_anything_unusual(body: bytes) -> None:
    assert split_form(body, "B") is None


async def test_split_form_agrees_with_aiohttp_on_mutated_bodies() -> None:
    """Random edits of real bodies: whenever the fast path answers, aiohttp says the same."""
    rng = random.Random(20261122)
    pieces = [
        b"\r\n",
        b"\r\n\r\n",
        b"--",
        b"--" + BOUNDARY.encode(),
        b"\r\n--" + BOUNDARY.encode(),
        b'"',
        b"\\",
        b";",
        b" ",
        b"/",
        b"=",
        b"*",
        b"x",
        b"\xc3\xa9",
        b"Content-Type: text/plain\r\n",
        b'; filename="z"',
        b"_charset_",
    ]
    bases = [await form_body(discord_fields(n)) for n in (0, 1, 2)]
    bases.append(
        await form_body(
            [
                {"name": "payload_json", "value": "{}", "content_type": "application/json"},
                {"name": "other", "value": "v"},
                {"name": "files[0]", "value": io.BytesIO(b"a\r\nb"), "filename": "a b.txt"},
            ]
        )
    )
    accepted = agreed_on_a_change = 0
    for _ in range(3000):
        body = bytearray(rng.choice(bases))
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(body) + 1)
            op = rng.random()
            if op < 0.4:
                body[at:at] = rng.choice(pieces)
            elif op < 0.7:
                del body[at : at + rng.randint(1, 4)]
            else:
                body[at : at + 1] = bytes([rng.randrange(256)])
        fast = split_form(bytes(body), BOUNDARY)
        if fast is None:
            continue
        accepted += 1
        assert fast == await judge(bytes(body), BOUNDARY), bytes(body)
        agreed_on_a_change += bytes(body) not in bases
    assert accepted > 100 and agreed_on_a_change > 100  # the comparison did compare


async def test_messages_with_files_work_through_both_paths(
    emu: Emulator, world: World, api: RawApi
) -> None:
    """The canonical form (fast path) and an unusual but valid one (aiohttp's reader)."""
    url = f"/channels/{world.channel.id}/messages"
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "fast"}))
    form.add_field("files[0]", PNG, filename="t.png", content_type="application/octet-stream")
    fast = await api("POST", url, data=form)
    assert fast.status == 200, fast.body
    quoted = b"q-" + BOUNDARY.encode()
    body = (
        b"this preamble is legal\r\n--" + quoted + b"\r\n"
        b'Content-Disposition: form-data; name="payload_json"\r\n\r\n{"content": "slow"}\r\n'
        b"--" + quoted + b"\r\n"
        b'Content-Disposition: form-data; name="files[0]"; filename="t.png"\r\n'
        b"Content-Type: image/png\r\n\r\n" + PNG + b"\r\n--" + quoted + b"--\r\n"
    )
    slow = await api(
        "POST",
        url,
        auth=False,
        data=body,
        headers={
            "Authorization": f"Bot {emu.token}",
            "Content-Type": f'multipart/form-data; boundary="{quoted.decode()}"',
        },
    )
    assert slow.status == 200, slow.body
    got = [
        (m.content, m.attachments[0].data, m.attachments[0].width)
        for m in emu.messages(world.channel)
    ]
    assert got == [("fast", PNG, 3), ("slow", PNG, 3)]
    bad = await api(
        "POST",
        url,
        auth=False,
        data=body.replace(b'{"content": "slow"}', b'{"content": '),
        headers={
            "Authorization": f"Bot {emu.token}",
            "Content-Type": f'multipart/form-data; boundary="{quoted.decode()}"',
        },
    )
    assert (bad.status, bad.body["code"]) == (400, 50109)
    form = aiohttp.FormData(quote_fields=False, default_to_multipart=True)
    form.add_field("payload_json", '{"content": ')
    bad_fast = await api("POST", url, data=form)
    assert (bad_fast.status, bad_fast.body["code"]) == (400, 50109)
