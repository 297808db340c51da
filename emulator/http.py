"""HTTP plumbing shared by the REST routes: JSON answers, request bodies, lookups by path."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import Any

import orjson
from aiohttp import BodyPartReader, MultipartReader, StreamReader, web

from .forms import UploadedFile, mime_type, split_form
from .models import PERMISSIONS, Channel, Message
from .validate import DiscordError
from .world import World

API_PREFIX = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: JSON through orjson (compact UTF-8; keys need not be strings, as with ``json.dumps``):
#: the emulator shares the benchmark's CPU with the bot, so its own work is kept small.
loads = orjson.loads


def dumpb(data: Any) -> bytes:
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


def dumps(data: Any) -> str:
    return dumpb(data).decode()


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with ``Content-Type: application/json`` exactly (no charset: discord.py compares it)."""
    body = dumpb(data)
    hdrs = {"Content-Type": "application/json"}
    if headers:
        hdrs.update(headers)
    return web.Response(body=body, status=status, headers=hdrs)


def no_content() -> web.Response:
    return web.Response(status=204)


class _NoFlowControl:
    """The protocol a :class:`StreamReader` over bytes already read needs (nothing to pause)."""

    _reading_paused = False

    def pause_reading(self) -> None:
        pass

    def resume_reading(self, resume_parser: bool = True) -> None:
        pass


async def _multipart_reader(request: web.Request, body: bytes | None) -> MultipartReader:
    """aiohttp's reader (``request.multipart()``); over ``body`` if that was read already."""
    if body is None:
        return await request.multipart()
    # The request's own stream has the same limit (aiohttp's read_bufsize, 64 KiB).
    content = StreamReader(_NoFlowControl(), 2**16, loop=asyncio.get_running_loop())  # type: ignore[arg-type]
    content.feed_data(body)
    content.feed_eof()
    return MultipartReader(
        request.headers,
        content,
        client_max_size=request.client_max_size,
        max_field_size=request.protocol.max_field_size,
        max_headers=request.protocol.max_headers,
        max_size_error_cls=web.HTTPRequestEntityTooLarge,
    )


async def _form_parts(
    request: web.Request, boundary: str | None
) -> AsyncGenerator[tuple[str, str | None, str | None, bytes, BodyPartReader | None], None]:
    """The parts of a form body in order: ``(name, filename, content type, data, reader)``.

    A canonical body (what discord.py sends) is split by :func:`split_form`; anything else,
    or a body of unknown or excessive length, goes through aiohttp's streaming reader as it
    always did (then ``data`` is empty and the part is read from ``reader``)."""
    length = request.content_length
    body: bytes | None = None
    if boundary is not None and length is not None and length <= request.client_max_size:
        body = await request.read()
        parts = split_form(body, boundary, max_field=request.protocol.max_field_size)
        if parts is not None:
            for part in parts:
                yield part.name, part.filename, part.content_type, part.data, None
            return
    reader = await _multipart_reader(request, body)
    while True:
        item = await reader.next()
        if item is None:
            return
        if isinstance(item, BodyPartReader):
            yield item.name or "", item.filename, item.headers.get("Content-Type"), b"", item


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, UploadedFile]]:
    """A JSON body, or multipart ``payload_json`` + ``files[n]`` parts."""
    files: dict[int, UploadedFile] = {}
    known = mime_type(request.headers.get("Content-Type"))
    content_type, boundary = known if known is not None else (request.content_type, None)
    if content_type == "multipart/form-data":
        payload: dict[str, Any] = {}
        async with contextlib.aclosing(_form_parts(request, boundary)) as parts:
            async for name, filename, ctype, data, reader in parts:
                if name == "payload_json":
                    text = await reader.text() if reader is not None else bytes(data).decode()
                    try:
                        payload = loads(text)
                    except ValueError as exc:
                        raise DiscordError(
                            400, 50109, "The request body contains invalid JSON."
                        ) from exc
                elif name.startswith("files[") and name.endswith("]"):
                    try:
                        index = int(name[6:-1])
                    except ValueError as exc:
                        raise DiscordError(400, 50035, "Invalid Form Body") from exc
                    if reader is not None:
                        data = bytes(await reader.read(decode=False))
                    files[index] = UploadedFile(filename or f"file{index}", ctype, bytes(data))
        return payload, files
    raw = await request.read()
    if not raw:
        return {}, files
    if content_type != "application/json":
        raise DiscordError(400, 50035, "Invalid Form Body: Content-Type must be application/json")
    try:
        body = loads(raw)
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc
    if not isinstance(body, (dict, list)):
        raise DiscordError(400, 50109, "The request body contains invalid JSON.")
    return body, files  # type: ignore[return-value]


def channel_of(world: World, request: web.Request) -> Channel:
    """The channel named by the path's ``{channel_id}`` (404 10003 if none)."""
    try:
        channel = world.channels.get(int(request.match_info["channel_id"]))
    except ValueError:
        channel = None
    if channel is None:
        raise DiscordError(404, 10003, "Unknown Channel")
    return channel


def message_in(channel: Channel, raw_id: str) -> Message:
    """A public message of ``channel`` by its id in the path (404 10008 if none)."""
    try:
        msg = channel.messages.get(int(raw_id))
    except ValueError:
        msg = None
    if msg is None or msg.deleted or msg.ephemeral:
        raise DiscordError(404, 10008, "Unknown Message")
    return msg


def require(world: World, channel: Channel, *names: str) -> None:
    """403 50013 unless the bot has every permission in ``names`` in ``channel``."""
    perms = world.bot_permissions(channel)
    if any(not perms & PERMISSIONS[name] for name in names):
        raise DiscordError(403, 50013, "Missing Permissions")
