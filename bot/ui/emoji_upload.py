"""The card emojis on Discord: once per start, after ready, off the critical path.

One read of the application's emojis; then our stale ones (an older drawing, by the names
`bot.render.emojis` makes) are deleted and the missing ones uploaded, one a second: the outbox
spends up to 45 of Discord's 50 requests a second (global), and a first start's 79 uploads
must fit in the 5 it leaves, not take them from the tables. An emoji already there is never
uploaded again. Two processes starting together both find the set missing: the one refused
a name (the other took it) stops uploading and reads the set every few seconds while the
other uploads, then uploads only what is still missing, so each is refused about once, not
once a card. Any failure (no permission, the 2,000 limit, an HTTP error) is one line in the log, and
the cards stay text with their suit symbols until the next start.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

import discord

from bot.games.card_emojis import CardEmojis
from bot.render.emojis import OURS, EmojiArt, EmojiSet, emoji_set

log = logging.getLogger("gin.emojis")

#: Seconds between two uploads (see above).
UPLOAD_GAP = 1.0
#: Discord's answer when a form field is refused: among others, the name another process
#: of this bot uploaded first. discord.py's exception keeps only the error's words, not its
#: code (APPLICATION_EMOJI_NAME_ALREADY_TAKEN), so the set is read again to tell.
INVALID_FORM = 50035
#: Upload gaps between two reads of the set while another process uploads it: long enough
#: that a read seeing nothing new means it stopped, not that it is between two uploads.
FOLLOW_GAPS = 5
#: Refusals after which a start gives up (each followed the other process to its end).
MAX_REFUSALS = 3


@dataclass(frozen=True)
class Synced:
    """What one start did: emojis uploaded, stale ones deleted, and the set's size."""

    uploaded: int
    deleted: int
    total: int


async def sync_card_emojis(
    client: discord.Client, registry: CardEmojis, emojis: EmojiSet | None = None
) -> Synced | None:
    """Make the application's card emojis the set's, and hand their ids to `registry`.
    None (and text cards) when Discord refused; the reason is logged in one line."""
    try:
        # Drawn in a thread: about a second of Pillow the event loop should not wait for.
        if emojis is None:
            emojis = await asyncio.to_thread(emoji_set)
        return await _sync(client, registry, emojis)
    except (discord.HTTPException, discord.MissingApplicationID) as exc:
        registry.clear()
        log.warning("card emojis not available, cards stay text: %s", _reason(exc))
    except (OSError, ValueError) as exc:  # the connection went, or a partial answer
        registry.clear()
        log.warning("card emojis not available, cards stay text: %s", exc)
    return None


async def _sync(client: discord.Client, registry: CardEmojis, wanted: EmojiSet) -> Synced:
    arts = wanted.distinct()
    names = {art.name for art in arts}
    existing = await client.fetch_application_emojis()
    ids = {e.name: e.id for e in existing if e.name in names}
    deleted = 0
    # Stale ones first: they may be what stands between the set and the 2,000 limit.
    for emoji in existing:
        if OURS.fullmatch(emoji.name) and emoji.name not in names:
            await emoji.delete()
            deleted += 1
    uploaded = 0
    for refusals in range(MAX_REFUSALS + 1):
        missing = [art for art in arts if art.name not in ids]
        try:
            uploaded += await _upload(client, missing, ids, gap_first=bool(uploaded or refusals))
            break
        except _Taken as taken:
            uploaded += taken.uploaded
            # Most likely another process of this bot uploading the same set in the same
            # order: racing it would be refused once a name. Let it go on, and take what it
            # uploaded; upload only what it left (it stopped, or died).
            await _follow(client, names, ids)
            if taken.name not in ids or refusals == MAX_REFUSALS:
                raise taken.exc from None  # not a race: the name or the picture was refused
    registry.adopt(wanted, ids)
    log.info("card emojis ready: %d (%d uploaded, %d stale deleted)", len(arts), uploaded, deleted)
    return Synced(uploaded, deleted, len(arts))


class _Taken(Exception):
    """An upload refused as an invalid form: the name another process took, most likely."""

    def __init__(self, name: str, exc: discord.HTTPException, uploaded: int) -> None:
        super().__init__(name)
        self.name = name
        self.exc = exc
        #: Uploaded by this process before the refusal.
        self.uploaded = uploaded


async def _upload(
    client: discord.Client, arts: list[EmojiArt], ids: dict[str, int], *, gap_first: bool
) -> int:
    """Upload `arts` one a gap apart, adding each to `ids`: how many. `_Taken` at the
    first refused as an invalid form."""
    for n, art in enumerate(arts):
        if n or gap_first:
            await asyncio.sleep(UPLOAD_GAP)
        try:
            made = await client.create_application_emoji(name=art.name, image=art.png)
        except discord.HTTPException as exc:
            if exc.code != INVALID_FORM:
                raise
            raise _Taken(art.name, exc, n) from exc
        ids[art.name] = made.id
    return len(arts)


async def _follow(client: discord.Client, names: set[str], ids: dict[str, int]) -> None:
    """Read the application's emojis into `ids` every `FOLLOW_GAPS` upload gaps until the
    set is whole or stops growing (whoever uploaded them stopped)."""
    while True:
        before = len(ids)
        emojis = await client.fetch_application_emojis()
        ids.update({e.name: e.id for e in emojis if e.name in names})
        if len(ids) == before or names <= ids.keys():
            return
        await asyncio.sleep(FOLLOW_GAPS * UPLOAD_GAP)


def _reason(exc: Exception) -> str:
    if isinstance(exc, discord.HTTPException):
        return f"{exc.status} {exc.code} {exc.text}".strip()[:200]
    return type(exc).__name__
