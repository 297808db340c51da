"""Cheap parsing of request bodies, for the forms discord.py sends, with aiohttp as the judge.

aiohttp parses ``Content-Type`` with the stdlib ``email`` package (its cache misses on every
multipart request: each has its own boundary) and reads ``multipart/form-data`` through a
streaming reader that parses every part's ``Content-Disposition``; under load that was a
large share of the emulator's CPU. The functions here handle the one canonical shape that
aiohttp's client (so discord.py) produces, and answer ``None`` for anything else, so the
caller falls back to aiohttp: for every input they accept they give exactly what aiohttp
would (``tests/emulator/test_forms.py`` compares them on generated and mutated bodies).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

#: ``type/subtype`` with nothing the email parser would normalise (case, spaces, comments).
_PLAIN_MIME = re.compile(r"[a-z0-9][a-z0-9.+-]*/[a-z0-9][a-z0-9.+-]*")
#: What aiohttp's ``FormData`` sends: a bare-token boundary (uuid4 hex).
_FORM_MIME = re.compile(r"multipart/form-data; boundary=([0-9A-Za-z_-]{1,70})")
#: A part's Content-Disposition with plain quoted values: no escapes, no ``;``, no leading
#: ``/`` (aiohttp strips leading ``\`` and ``/``), printable ASCII only.
_DISPOSITION = re.compile(
    rb'form-data; name="([ !#-.0-:<-\[\]-~][ !#-:<-\[\]-~]*)"'
    rb'(?:; filename="([ !#-.0-:<-\[\]-~][ !#-:<-\[\]-~]*)")?'
)
#: A part's Content-Type whose charset is plainly utf-8 (absent or said so) and not multipart.
_PART_MIME = re.compile(rb"[a-z0-9][a-z0-9.+-]*/[a-z0-9][a-z0-9.+-]*(?:; charset=utf-8)?")


@dataclass
class UploadedFile:
    """A file the bot uploaded with a message (a ``files[n]`` part)."""

    filename: str
    content_type: str | None
    data: bytes


class FormPart(NamedTuple):
    """One part of a form: what ``BodyPartReader`` would report."""

    name: str
    filename: str | None
    content_type: str | None
    data: bytes


def mime_type(raw: str | None) -> tuple[str, str | None] | None:
    """``(request.content_type, form boundary or None)`` for a Content-Type header, or None
    when the header is not in a plain form (the caller then asks aiohttp)."""
    if raw is None:
        return "application/octet-stream", None  # aiohttp's default for a missing header
    if _PLAIN_MIME.fullmatch(raw):
        return raw, None
    form = _FORM_MIME.fullmatch(raw)
    if form:
        return "multipart/form-data", form.group(1)
    return None


def split_form(body: bytes, boundary: str, *, max_field: int = 8190) -> list[FormPart] | None:
    """The parts of a canonical ``multipart/form-data`` body, or None if it is not one.

    Canonical: ``--B CRLF`` first (no preamble), parts of ``Content-Type`` /
    ``Content-Disposition`` headers (each at most once, Content-Disposition required),
    ``CRLF --B CRLF`` between parts, ``CRLF --B--`` (and an optional CRLF) last, and no
    ``CRLF --B`` inside any part's data; no nested multipart, no ``_charset_`` part; header
    lines no longer than ``max_field`` (aiohttp's limit).
    """
    dash = b"--" + boundary.encode("ascii")
    delimiter = b"\r\n" + dash
    if not body.startswith(dash + b"\r\n"):
        return None
    if body.endswith(delimiter + b"--\r\n"):
        inner = body[len(dash) + 2 : -len(delimiter) - 4]
    elif body.endswith(delimiter + b"--"):
        inner = body[len(dash) + 2 : -len(delimiter) - 2]
    else:
        return None
    chunks = inner.split(delimiter + b"\r\n")
    # Every CRLF--B in the body must be one of ours: aiohttp ends a part at the first one.
    if body.count(delimiter) != len(chunks):
        return None
    parts: list[FormPart] = []
    for chunk in chunks:
        end = chunk.find(b"\r\n\r\n")
        if end <= 0:
            return None
        disposition: bytes | None = None
        ctype: bytes | None = None
        for line in chunk[:end].split(b"\r\n"):
            if len(line) > max_field:
                return None
            key, sep, value = line.partition(b": ")
            lowered = key.lower()
            if not sep or not value or value != value.strip():
                return None
            if lowered == b"content-disposition" and disposition is None:
                disposition = value
            elif lowered == b"content-type" and ctype is None:
                ctype = value
            else:
                return None
        if disposition is None:
            return None
        match = _DISPOSITION.fullmatch(disposition)
        if match is None or (ctype is not None and not _PART_MIME.fullmatch(ctype)):
            return None
        name = match.group(1).decode("ascii")
        if not parts and name == "_charset_":
            return None  # aiohttp reads it as the default charset of the other parts
        filename = match.group(2)
        parts.append(
            FormPart(
                name,
                filename.decode("ascii") if filename is not None else None,
                ctype.decode("ascii") if ctype is not None else None,
                chunk[end + 4 :],
            )
        )
    return parts
