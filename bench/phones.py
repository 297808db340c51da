"""Screenshots of the board, a hand and a round's result on a phone (390 px) and on a desktop,
in English, Spanish and French, through the sandbox page in headless Chromium; run by hand.

    .venv/bin/python bench/phones.py [--shots docs/images]

For each language the organizer (Alice) sets the server's language (`/gin-admin language`),
then the member who reads that language (Alice, Diego, Fleur) plays the computer: the board
and the hand are taken a few moves in, the result once the round is over. Each is one
message, taken at both widths (``phone-board-es.png``, ``desktop-board-es.png`` ...). It
prints, per picture, whether anything was wider than the screen (the browser test
``tests/sandbox/test_phone.py`` asserts it).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import tempfile
from pathlib import Path

from playwright.async_api import Locator, Page, async_playwright
from walk import Walk, start_sandbox  # bench/walk.py: the sandbox and a member's moves

from bot.i18n import t

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = {"en": "alice", "es": "diego", "fr": "fleur"}
WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1400, "height": 900}}
OVERFLOW = "() => document.documentElement.scrollWidth > window.innerWidth"
# For pictures of whole messages: the panes flow with the page instead of scrolling.
UNSCROLLED = """html, body { height: auto; } .panes { display: block; }
.messages { overflow: visible; flex: none; } .composer { display: none; }"""


async def take(page: Page, message: Locator, name: str, shots: Path) -> None:
    """One message at both widths (the page back at the desktop's afterwards)."""
    for kind, size in WIDTHS.items():
        await page.set_viewport_size(size)
        await page.wait_for_timeout(300)
        wide = await page.evaluate(OVERFLOW)  # measured as a member sees the page
        style = await page.add_style_tag(content=UNSCROLLED)
        await message.scroll_into_view_if_needed()
        path = shots / f"{kind}-{name}.png"
        await message.screenshot(path=str(path))
        await style.evaluate("(e) => e.remove()")
        print(
            f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
            f"{'WIDER THAN THE SCREEN' if wide else 'fits'}"
        )
    await page.set_viewport_size(WIDTHS["desktop"])


async def language(w: Walk, lang: str, table: int, shots: Path) -> None:
    """`table`: the number the new table gets (one a language, in order)."""
    who = PLAYERS[lang]
    page = w.members[who].page
    await w.slash("alice", "gin-admin language", set=lang)
    computer = f"{t(lang, 'cmd-gin-name')} {t(lang, 'cmd-gin-computer-name')}"
    await w.slash(who, computer, **{t(lang, "cmd-gin-computer-opt-level-name"): "easy"})
    pile = t(lang, "field-discard-pile")
    board = page.locator("#channel .msg", has_text=pile).last
    await board.wait_for(timeout=20_000)
    await w.steps([who], 3)  # a few moves in: a discard to choose, recent turns
    hand = page.locator("#dm .msg").filter(has=page.locator(".components")).last
    await take(page, board, f"board-{lang}", shots)
    await take(page, hand, f"hand-{lang}", shots)
    reveal_title = t(lang, "reveal-title", round=1, table=table)
    reveal = page.locator("#channel .msg", has_text=reveal_title).last

    async def over() -> bool:
        return await reveal.count() > 0

    await w.play([who], over, limit=240)
    await take(page, reveal, f"result-{lang}", shots)
    await w.slash(who, f"{t(lang, 'cmd-gin-name')} {t(lang, 'cmd-gin-resign-name')}")
    await w.click(who, "channel", "reply-resign-button")


async def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--shots", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--wait", type=float, default=70, help="seconds for the emojis")
    args = parser.parse_args()
    args.shots.mkdir(parents=True, exist_ok=True)
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = await start_sandbox(Path(tmp), 120)
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=chromium)
                walk = Walk(url, browser, args.shots)
                for name in ("alice", *[p for p in PLAYERS.values() if p != "alice"]):
                    await walk.open(name)
                # The card emojis are uploaded one a second after the start: wait for them.
                await asyncio.sleep(args.wait)
                for table, lang in enumerate(PLAYERS, start=1):
                    walk.scene = lang
                    await language(walk, lang, table, args.shots)
                await browser.close()
        finally:
            proc.send_signal(signal.SIGINT)
            await proc.wait()


if __name__ == "__main__":
    asyncio.run(main())
