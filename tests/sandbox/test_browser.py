"""The sandbox page in headless Chromium: a whole round against the computer, by clicks on
buttons only (the hand's cards are buttons: issue 33).

The test reads only the page (what a person sees) and acts only through it (typing the
command, clicking buttons), like ``tests/play/driver.py`` does through the emulator's
driver.
"""

from __future__ import annotations

import os
import re
from typing import Any

from playwright.async_api import Browser, Page, expect
from playwright.async_api import TimeoutError as PlaywrightTimeout

from bot.engine import Card, best_melds, parse_card

from .conftest import Sandbox

MAX_MOVES = 150
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
#: Set to a path to save a picture of the game in progress (docs/images/sandbox.png).
SCREENSHOT = os.environ.get("GIN_SANDBOX_SCREENSHOT")

# The newest message in the DM pane with an enabled control: its id, edit count, buttons
# and selects (placeholder, option labels and values). Null when it is not our move.
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


def best_card(labels: list[str]) -> str:
    """The card to discard: the one leaving the least deadwood."""
    parsed = [parse_card(label) for label in labels]

    def left(card: Card) -> tuple[int, int]:
        rest = [c for c in parsed if c != card]
        return best_melds(rest).deadwood_points, -card.points

    return min(parsed, key=left).label


def round_over(text: str) -> bool:
    return "Round 1 · table" in text


async def move(page: Page, controls: dict[str, Any]) -> str | None:
    """Make one move from the controls the page shows; what was done. None if the control
    went away meanwhile (the bot redrew the message): the caller looks again."""
    try:
        return await _move(page, controls)
    except PlaywrightTimeout:
        return None


async def _move(page: Page, controls: dict[str, Any]) -> str:
    """A move by buttons only: the hand's cards are buttons (a click discards, or knocks
    once "Knock with…" was clicked); no menu is ever opened."""
    msg = page.locator(f'#dm .msg[data-id="{controls["id"]}"]')
    buttons: list[str] = controls["buttons"]
    assert not controls["selects"], controls  # the hand has no menu any more
    cards = [label for label in buttons if CARD.fullmatch(label)]
    for label in buttons:  # a gin asks to be confirmed
        if label.startswith("Confirm"):
            await msg.get_by_role("button", name=label, exact=True).click(timeout=3000)
            return "confirm"
    if "Back" in buttons and cards:  # the knock's card choice: the red cards knock
        await msg.get_by_role("button", name=cards[0], exact=True).click(timeout=3000)
        return "knock"
    for label in buttons:
        if label.startswith(("Big Gin", "Gin")):
            await msg.get_by_role("button", name=label, exact=True).click(timeout=3000)
            return label
    if "Knock with…" in buttons:
        await msg.get_by_role("button", name="Knock with…", exact=True).click(timeout=3000)
        return "knock with…"
    if cards:
        best = best_card(cards)
        await msg.get_by_role("button", name=best, exact=True).click(timeout=3000)
        return "discard"
    for label in ("Pass", "Draw from stock"):
        if label in buttons:
            await msg.get_by_role("button", name=label, exact=True).click(timeout=3000)
            return label
    raise AssertionError(f"no move among {controls}")


async def test_a_round_against_the_computer(sandbox: Sandbox, browser: Browser) -> None:
    page = await browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(sandbox.url + "/?as=alice")
    await expect(page.locator("#status")).to_have_text("Gin Bot online")
    channel, dm = page.locator("#channel"), page.locator("#dm")

    # The command box: "/" lists the bot's commands; pick /gin computer and an option.
    box = channel.locator(".cmd-input")
    await box.click()
    await box.type("/gin comp")
    await expect(channel.locator(".suggest .sugg").first).to_contain_text("/gin computer")
    await box.press("Tab")
    await channel.get_by_label("option level").select_option("easy")
    await box.press("Enter")

    # Alice's private note in the channel; the board for everyone; her hand by DM.
    await expect(channel.locator(".msg.ephemeral")).to_contain_text("Only you can see this")
    await expect(channel.locator(".msg", has_text="Discard pile").first).to_contain_text("Stock")
    await expect(dm.locator(".msg", has_text="Your hand").last).to_be_visible()
    hand = dm.locator(".msg", has_text="Your hand").last
    # No hand picture unless the player turns pictures on: the cards are buttons.
    await expect(hand.locator(".gallery img")).to_have_count(0)
    line = next(t for t in (await hand.inner_text()).splitlines() if t.startswith("Your hand:"))
    # Melds are grouped in brackets, separated from the deadwood: read the card labels only.
    cards = [parse_card(label) for label in CARD.findall(line)]
    assert len(set(cards)) == 10, line
    # The board is a layout with no picture (not redrawn at every move).
    board = channel.locator(".msg", has_text="Discard pile").first
    await expect(board.locator(".container")).to_have_count(1)
    await expect(board.locator("img.e-image, .gallery img")).to_have_count(0)

    # Bob, in a second tab, sees the board but not Alice's hand nor her private note.
    bob = await browser.new_page()
    await bob.goto(sandbox.url + "/?as=bob")
    await expect(bob.locator("#channel .msg", has_text="Discard pile").first).to_be_visible()
    assert await bob.locator("#channel .msg.ephemeral").count() == 0
    assert "Your hand" not in await bob.locator("#dm").inner_text()
    # Switching member in the same tab: Carol, with her own (empty) DMs.
    await bob.locator("#who").select_option("carol")
    await expect(bob).to_have_title("Carol · Gin Rummy sandbox")
    assert bob.url.endswith("?as=carol")
    await expect(bob.locator("#channel .msg", has_text="Discard pile").first).to_be_visible()
    assert await bob.locator("#dm .msg").count() == 0

    moves: list[str] = []
    shot = False
    for _ in range(MAX_MOVES):
        if round_over(await channel.inner_text()):
            break
        controls = await page.wait_for_function(
            f"() => ({LIVE_CONTROLS})() || document.querySelector('#channel').innerText"
            ".includes('Round 1 · table')",
            timeout=20_000,
        )
        current = await controls.json_value()
        if current is True:
            break
        if (
            SCREENSHOT
            and not shot
            and len(moves) >= 3
            and "Draw from stock" not in current["buttons"]
        ):
            await page.screenshot(path=SCREENSHOT)  # a hand to discard from, the board
            shot = True
        done = await move(page, current)
        if done is None:
            continue
        moves.append(done)
        # The bot answers the move by editing the hand (a new version), moving the controls
        # to a new message, or ending the round.
        await page.wait_for_function(
            f"""() => {{
              const clicked = document.querySelector('#dm .msg[data-id="{current["id"]}"]');
              const now = ({LIVE_CONTROLS})();
              return document.querySelector('#channel').innerText.includes('Round 1 · table')
                || !clicked || clicked.dataset.version !== {current["version"]!r}
                || (now && now.id !== {current["id"]!r});
            }}""",
            timeout=20_000,
        )
    else:
        raise AssertionError(f"the round did not end after {MAX_MOVES} moves: {moves}")

    # The result, as the reveal in the channel: both hands with deadwood, and the scores.
    reveal = channel.locator(".msg", has_text="Round 1 · table").last
    await expect(reveal).to_contain_text("deadwood")
    await expect(reveal).to_contain_text("Scores")
    assert len(moves) >= 2, moves
    assert "discard" in moves or "knock" in moves, moves
    assert not any(m.startswith("menu") for m in moves)
    assert errors == []
    # Every click and choice was taken: the page never offered a control the bot had
    # already replaced.
    assert await page.evaluate("window.sandboxErrors") == []
    await bob.close()
    await page.close()
    assert await sandbox.stop() == 0
