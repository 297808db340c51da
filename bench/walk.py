"""The walk of issue #31, through the sandbox page in headless Chromium; run by hand.

    .venv/bin/python bench/walk.py [--shots DIR] [--scene NAME ...]

Starts ``python -m bot --local`` (a short turn timer: ``GIN_TURN_SECONDS=24``), opens one tab
per seeded member (Alice, Bob, Carol in English, Diego in Spanish, Fleur in French) and plays,
only by typing commands and clicking in the page: a match against the computer, a challenge
with a resignation, a 3-seat table where one resigns, Diego against Fleur, records and
settings, bad input (bad options, a stale button) and a player who walks away. It prints, per
scene, what the channel showed and what each member read in order (every new message or
edit: its text, the pictures' alt text, its buttons and menus, any error under it).
``--shots DIR`` saves screenshots of a few key moments.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import signal
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Locator, Page, async_playwright

from bot.engine import best_melds, parse_card
from bot.engine.cards import deck
from bot.i18n import t
from bot.i18n.cards import label

ROOT = Path(__file__).resolve().parents[1]
URL = re.compile(r"Gin Rummy sandbox: (http://\S+)")
LOCALES = {"alice": "en", "bob": "en", "carol": "en", "diego": "es", "fleur": "fr"}

# Every message of a pane as a reader takes it in: text (embeds included), pictures' alt
# text, buttons (~ disabled) and menus, the error the page shows under it.
READ_PANE = """(pane) => [...document.querySelectorAll(`#${pane} .msg`)].map((m) => {
  const skip = new Set();
  for (const b of m.querySelectorAll('.components button')) skip.add(b.innerText.trim());
  for (const s of m.querySelectorAll('.components select')) {
    skip.add(s.getAttribute('aria-label'));
    for (const o of s.options) skip.add(o.textContent.trim());
  }
  for (const e of m.querySelectorAll('.meta > *, .edited')) skip.add(e.innerText.trim());
  const meta = m.querySelector('.meta')?.innerText.trim();
  const err = m.querySelector('.msg-error')?.innerText.trim() || '';
  const lines = (m.querySelector('.body')?.innerText || '').split('\\n').map((l) => l.trim())
    .map((l) => l.replace(/[(]edited[)]$/, '').trim())
    .filter((l) => l && l !== meta && !skip.has(l) && l !== err && !l.startsWith('👁'));
  return {
    id: m.dataset.id, version: m.dataset.version, eph: m.classList.contains('ephemeral'),
    used: m.querySelector('.used')?.innerText.trim() || '',
    text: lines.join('\\n'),
    alts: [...m.querySelectorAll('img')].map((i) => i.alt),
    buttons: [...m.querySelectorAll('.components button.btn')]
      .map((b) => (b.disabled ? '~' : '') + b.innerText.trim()),
    selects: [...m.querySelectorAll('.components select')].map((s) => (s.disabled ? '~' : '')
      + s.getAttribute('aria-label') + ': '
      + [...s.options].filter((o) => o.value).map((o) => o.dataset.label).join(' ')),
    error: err,
  };
})"""

# The newest DM with an enabled control (as tests/sandbox/test_browser.py).
LIVE_CONTROLS = """() => {
  const msgs = [...document.querySelectorAll('#dm .msg')].reverse();
  for (const m of msgs) {
    const buttons = [...m.querySelectorAll('.components button.btn:not([disabled])')]
      .map((b) => b.innerText.trim());
    const selects = [...m.querySelectorAll('.components select:not([disabled])')].map((s) => ({
      placeholder: s.getAttribute('aria-label'),
      options: [...s.options].filter((o) => o.value).map((o) => [o.dataset.label, o.value]),
    }));
    if (buttons.length || selects.length) return {id: m.dataset.id, version: m.dataset.version, buttons, selects};
  }
  return null;
}"""


def prefix(locale: str, key: str, **values: Any) -> str:
    """A label's fixed start (before its first placeholder)."""
    marked = {k: "\x00" for k in values}
    return t(locale, key, **marked).split("\x00")[0].strip()


@dataclass
class Member:
    name: str
    page: Page
    locale: str
    seen: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass
class Walk:
    url: str
    browser: Browser
    shots: Path | None
    members: dict[str, Member] = field(default_factory=dict)
    log: list[tuple[str, str, str]] = field(default_factory=list)  # scene, who, line
    scene: str = ""
    public: dict[str, tuple[str, str]] = field(default_factory=dict)

    async def open(self, name: str) -> Member:
        page = await self.browser.new_page(viewport={"width": 1500, "height": 950})
        await page.goto(f"{self.url}/?as={name}")
        await page.wait_for_function(
            "() => document.querySelector('#status')?.innerText.includes('online')"
        )
        member = Member(name, page, LOCALES[name])
        self.members[name] = member
        await self.read(member)  # what was there before the walk is not news
        member.seen = {k: (v[0], "") for k, v in member.seen.items()}
        return member

    # -- reading ------------------------------------------------------------------------
    async def read(self, m: Member) -> None:
        """Log what is new or changed in the member's panes since the last look."""
        for pane in ("channel", "dm"):
            msgs = await m.page.evaluate(READ_PANE, pane)
            for msg in msgs:
                public = pane == "channel" and not msg["eph"]
                if public and m.name != "alice":
                    continue  # the channel as one reader (Alice) saw it; times differ by language
                seen = self.public if public else m.seen
                key = f"{pane}:{msg['id']}"
                body = describe(msg)
                old = seen.get(key)
                if old is not None and old[1] == body:
                    continue
                seen[key] = (msg["version"], body)
                if old is not None and not old[1]:
                    continue  # first look of a page opened mid-walk
                who = "#gin" if public else m.name
                where = "DM" if pane == "dm" else "#gin" if public else "#gin, only you"
                if old is None:
                    self.log.append((self.scene, who, f"[{where}, new] {body}"))
                else:  # an edit: the parts that changed
                    before = set(old[1].split(" / "))
                    news = [part for part in body.split(" / ") if part not in before]
                    self.log.append((self.scene, who, f"[{where}, edited] … " + " / ".join(news)))

    async def look(self) -> None:
        for m in self.members.values():
            await self.read(m)

    async def shot(self, who: str, name: str) -> None:
        if self.shots is not None:
            await self.members[who].page.screenshot(path=str(self.shots / f"{name}.png"))

    # -- acting -------------------------------------------------------------------------
    async def slash(self, who: str, path: str, pane: str = "channel", **options: str) -> str:
        """Type a command in a pane and send it; the error the box shows, if any."""
        page = self.members[who].page
        root = page.locator(f'.pane[data-pane="{pane}"]')
        box = root.locator(".cmd-input")
        await box.click()
        await box.fill("")
        await box.type("/" + path)
        # The path as the member's Discord shows it (their language's names).
        shown = page.locator(".path", has_text=re.compile(f"^/{path}$"))
        sugg = root.locator(".suggest .sugg").filter(has=shown)
        await sugg.wait_for(timeout=5000)
        await sugg.dispatch_event("mousedown")
        for name, value in options.items():
            box_opt = root.get_by_label(f"option {name}", exact=True)
            if await box_opt.evaluate("e => e.tagName") == "SELECT":
                try:
                    await box_opt.select_option(value=value, timeout=1000)
                except Exception:
                    await box_opt.select_option(label=value, timeout=1000)
            else:
                await box_opt.fill(value)
        await root.locator(".send").click()
        await asyncio.sleep(0.8)
        error = (await root.locator(".cmd-error").inner_text()).strip()
        if error:
            self.log.append((self.scene, who, f"[command box under /{path}] {error}"))
        await self.settle()
        return error

    async def click(self, who: str, pane: str, key: str) -> None:
        """Click the button ``t(key)`` on the newest message in ``pane`` that has it (in the
        member's language, or in English when the bot did not know their language yet)."""
        page = self.members[who].page
        labels = {t(self.members[who].locale, key), t("en", key)}
        pattern = re.compile("^(" + "|".join(map(re.escape, labels)) + ")$")
        button = page.locator(f"#{pane} .msg .components button", has_text=pattern).last
        await button.click(timeout=10_000)
        await self.settle()

    async def steps(self, players: list[str], count: int) -> None:
        """A few rounds of moves of whoever of ``players`` has live controls."""
        for _ in range(count):
            await self.look()
            for who in players:
                if await self.move(who) is not None:
                    await asyncio.sleep(0.6)
            await asyncio.sleep(0.4)

    async def settle(self, seconds: float = 1.2) -> None:
        await asyncio.sleep(seconds)
        await self.look()

    async def move(self, who: str) -> str | None:
        """One move of ``who`` from their live DM controls; None when they have none."""
        m = self.members[who]
        controls = await m.page.evaluate(LIVE_CONTROLS)
        if controls is None:
            return None
        loc = m.locale
        msg = m.page.locator(f'#dm .msg[data-id="{controls["id"]}"]')
        buttons: list[str] = controls["buttons"]
        confirm = [prefix(loc, k, card=1) for k in ("button-confirm-knock", "button-confirm-gin")]
        confirm.append(t(loc, "button-confirm-big-gin"))
        gin = (t(loc, "button-big-gin"), prefix(loc, "button-gin", card=1))
        wanted = [b for b in buttons if b.startswith(tuple(confirm))]
        wanted += [b for b in buttons if b.startswith(gin)]
        # The hand's cards are buttons labelled in the reader's language (issue 33): a click
        # discards, or knocks once "Knock with…" turned them into the knock's choice.
        by_label = {label(card, loc): card for card in deck()}
        cards = [b for b in buttons if b in by_label]
        try:
            if wanted:
                await msg.get_by_role("button", name=wanted[0], exact=True).click(timeout=3000)
                return wanted[0]
            if t(loc, "button-back") in buttons and cards:
                await press_card(msg, cards[0])
                return "knock"
            if t(loc, "select-knock") in buttons:
                name = t(loc, "select-knock")
                await msg.get_by_role("button", name=name, exact=True).click(timeout=3000)
                return "knock with"
            if cards:
                best = best_discard([by_label[b].code for b in cards])
                await press_card(msg, label(parse_card(best), loc))
                return "discard"
            for key in ("button-pass", "button-draw-stock"):
                if t(loc, key) in buttons:
                    await msg.get_by_role("button", name=t(loc, key), exact=True).click(
                        timeout=3000
                    )
                    return key
        except Exception:
            return "retry"
        return None

    async def play(
        self, players: list[str], done: Callable[[], Awaitable[bool]], limit: float = 240
    ) -> None:
        """Play the members' moves until ``done``; their live controls only."""
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        while loop.time() < end:
            await self.look()
            if await done():
                return
            moved = False
            for who in players:
                if await self.move(who) is not None:
                    moved = True
                    await asyncio.sleep(0.6)
            if not moved:
                await asyncio.sleep(0.5)
        print(f"!! {self.scene}: gave up after {limit:.0f} s", file=sys.stderr)

    async def ends(self, who: str = "alice") -> int:
        """How many match results the channel shows (a 🏆 line each)."""
        return await self.members[who].page.locator("#channel .msg", has_text="🏆").count()

    async def until_over(self, players: list[str], limit: float = 300) -> None:
        """Play until one more match result appears in the channel."""
        before = await self.ends()
        await self.play(players, lambda: self._more(before), limit=limit)

    async def _more(self, before: int) -> bool:
        return await self.ends() > before

    async def dm_has(self, who: str, text: str) -> bool:
        return text in await self.members[who].page.locator("#dm").inner_text()


def describe(msg: dict[str, Any]) -> str:
    """One message on one line, its parts separated by " / " (an edit prints the new ones)."""
    parts = [f"({msg['used']})"] if msg["used"] else []
    parts += msg["text"].split("\n")
    parts += [f"<picture alt: {alt}>" for alt in msg["alts"] if alt]
    controls = [f"[{b}]" for b in msg["buttons"]] + [f"{{menu {s}}}" for s in msg["selects"]]
    parts.append(" ".join(controls) if controls else "(no controls)")
    if msg["error"]:
        parts.append(f"!! {msg['error']}")
    return " / ".join(p for p in parts if p)


async def press_card(msg: Locator, name: str) -> None:
    """Click the card button labelled `name`: by its text, as its accessible name also
    holds its emoji's alt text once the card emojis are uploaded."""
    exact = re.compile(rf"^\s*{re.escape(name)}\s*$")
    await msg.locator("button.btn:not([disabled])").filter(has_text=exact).first.click(timeout=3000)


def best_discard(codes: list[str]) -> str:
    cards = {code: parse_card(code) for code in codes if code != "none"}

    def left(code: str) -> tuple[int, int]:
        rest = [c for k, c in cards.items() if k != code]
        return best_melds(rest).deadwood_points, -cards[code].points

    return min(cards, key=left)


# -- scenes ------------------------------------------------------------------------------
async def scene_computer(w: Walk) -> None:
    """Alice against the computer, to 25: several rounds to the match's end."""
    await w.slash("alice", "gin computer", level="easy", target="25")
    await w.until_over(["alice"])
    await w.shot("alice", "computer-end-en")


async def scene_challenge(w: Walk) -> None:
    """Alice challenges Bob; Bob accepts; a stale copy of Alice's hand clicked; Bob resigns."""
    await w.slash("alice", "gin challenge", opponent="Bob", target="100")
    await w.click("bob", "dm", "button-accept")
    await w.steps(["alice", "bob"], 4)
    # A private copy of Alice's hand on her turn, then her move from the DM: the copy's
    # controls are out of date, and she clicks one.
    await w.play(["bob"], lambda: has_live_controls(w, "alice"), limit=30)
    await w.slash("alice", "gin hand")
    await w.move("alice")
    await w.settle()
    copy = w.members["alice"].page.locator("#channel .msg.ephemeral").last
    buttons = copy.locator(".components button.btn:not([disabled])")
    selects = copy.locator(".components select:not([disabled])")
    if await buttons.count():
        await buttons.first.click(timeout=3000)
    elif await selects.count():
        sel = selects.first
        value = await sel.evaluate("s => [...s.options].filter(o => o.value)[0].value")
        await sel.select_option(value, timeout=3000)
    else:
        w.log.append((w.scene, "walk", "(the copy had no live control left to click)"))
    await w.settle()
    await w.slash("bob", "gin resign")
    await w.click("bob", "channel", "reply-resign-button")
    await w.settle(2)
    await w.shot("bob", "resigned-en")


async def has_live_controls(w: Walk, who: str) -> bool:
    return await w.members[who].page.evaluate(LIVE_CONTROLS) is not None


async def scene_three_seats(w: Walk) -> None:
    """Carol opens a 3-seat classic table; Alice and Bob join; Carol resigns mid-match."""
    await w.slash("carol", "gin table", rules="classic", seats="3", target="25")
    await w.click("alice", "channel", "button-lobby-join")
    await w.click("bob", "channel", "button-lobby-join")  # the third seat starts the game
    await w.steps(["alice", "bob", "carol"], 4)
    await w.slash("carol", "gin resign")
    await w.click("carol", "channel", "reply-resign-button")
    await w.until_over(["alice", "bob"])
    await w.shot("alice", "three-seats-end-en")


async def scene_languages(w: Walk) -> None:
    """Diego (es-ES) challenges Fleur (fr): both read their own language."""
    await w.slash("fleur", "gin regles", pane="dm")  # the bot learns Fleur's language here
    await w.slash("diego", "gin ayuda", pane="dm")
    await w.slash("diego", "gin desafiar", rival="Fleur", objetivo="25")
    await w.click("fleur", "dm", "button-accept")
    await w.steps(["diego", "fleur"], 3)
    await w.play(["diego"], lambda: has_live_controls(w, "fleur"), limit=30)
    await w.shot("fleur", "hand-fr")
    await w.play(["fleur"], lambda: has_live_controls(w, "diego"), limit=30)
    await w.shot("diego", "hand-es")
    await w.until_over(["diego", "fleur"])
    await w.shot("fleur", "end-fr")


async def scene_records(w: Walk) -> None:
    """Records and settings, in the three languages."""
    await w.slash("alice", "gin records history")
    await w.slash("alice", "gin records stats")
    await w.slash("alice", "gin me settings", four_colour="True")
    await w.slash("diego", "gin registros historial", pane="dm")
    await w.slash("diego", "gin registros estadisticas", pane="dm")
    await w.slash("diego", "gin yo ajustes", pane="dm")
    await w.slash("fleur", "gin archives historique", pane="dm")
    await w.slash("fleur", "gin archives classement")
    await w.slash("fleur", "gin moi reglages", pane="dm", sombre="True")


async def scene_bad_input(w: Walk) -> None:
    """Options out of range, the wrong member, a match that does not exist, 3 seats."""
    await w.slash("carol", "gin computer", target="5")
    await w.slash("carol", "gin challenge", opponent="Gin Bot")
    await w.slash("carol", "gin records replay", match="999999")
    await w.slash("carol", "gin table", seats="3")
    await w.slash("fleur", "gin table", places="3")
    await w.slash("diego", "gin desafiar", rival="Gin Bot")
    await w.slash("diego", "gin mano", pane="dm")
    await w.slash("carol", "gin resign")


async def scene_walk_away(w: Walk) -> None:
    """Carol challenges Diego and never plays: reminders, automatic moves, a forfeit."""
    await w.slash("carol", "gin challenge", opponent="Diego", target="100")
    await w.click("diego", "dm", "button-accept")
    # Diego plays; Carol does not. Two automatic turns in a row forfeit a two-seat match.
    await w.until_over(["diego"], limit=150)
    await w.shot("diego", "forfeit-es")


SCENES: dict[str, Callable[[Walk], Awaitable[None]]] = {
    "computer": scene_computer,
    "challenge": scene_challenge,
    "three-seats": scene_three_seats,
    "languages": scene_languages,
    "records": scene_records,
    "bad-input": scene_bad_input,
    "walk-away": scene_walk_away,
}


# -- the sandbox ---------------------------------------------------------------------------
async def start_sandbox(workdir: Path, turn: int) -> tuple[asyncio.subprocess.Process, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIN_", "DISCORD_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        GIN_COMPUTER_DELAY="0.2",
        GIN_ROUND_PAUSE="3",
        GIN_TURN_SECONDS=str(turn),
        GIN_REMINDER_SECONDS=str(turn // 3),
        GIN_RENDER_PROCESSES="0",
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "bot", "--local", "--port", "0", "--no-browser"),
        *("--database", str(workdir / "sandbox.sqlite3")),
        cwd=workdir,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    assert proc.stdout is not None
    url = ""
    while True:
        raw = await asyncio.wait_for(proc.stdout.readline(), 90)
        if not raw:
            raise SystemExit("the sandbox exited before it was ready")
        line = raw.decode("utf-8", "replace")
        if match := URL.search(line):
            url = match.group(1)
        if "the bot is ready" in line:
            return proc, url


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=Path, help="save screenshots in this folder")
    parser.add_argument("--scene", action="append", choices=list(SCENES), help="only these")
    parser.add_argument("--turn", type=int, default=24, help="GIN_TURN_SECONDS (default 24)")
    args = parser.parse_args()
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = await start_sandbox(Path(tmp), args.turn)
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=chromium)
                walk = Walk(url, browser, args.shots)
                for name in LOCALES:
                    await walk.open(name)
                for name in args.scene or list(SCENES):
                    walk.scene = name
                    try:
                        await SCENES[name](walk)
                    except Exception as exc:  # the walk goes on; the failure is news
                        walk.log.append((name, "walk", f"!! the scene stopped: {exc!r}"[:400]))
                    await walk.settle(2)
                await browser.close()
        finally:
            proc.send_signal(signal.SIGINT)
            await proc.wait()
    for name in args.scene or list(SCENES):
        print(f"\n=== {name}: {SCENES[name].__doc__}")
        for who in ("#gin", *LOCALES, "walk"):
            lines = [line for scene, w, line in walk.log if scene == name and w == who]
            if lines:
                print(f"--- {who}")
                for line in lines:
                    print("  " + line)


if __name__ == "__main__":
    asyncio.run(main())
