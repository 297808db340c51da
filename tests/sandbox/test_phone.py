"""A phone's screen (390 px wide): the board, the hand and the round's result fit it.

Discord draws a message much as the sandbox does (text wraps, rows of buttons wrap); what
the bot controls is what it puts in them: no line, button or picture wider than the screen.
"""

from __future__ import annotations

from playwright.async_api import Browser, expect

from .conftest import Sandbox
from .test_browser import LIVE_CONTROLS, MAX_MOVES, move, round_over

PHONE = {"width": 390, "height": 844}

# Every message wider than its pane, or reaching past the screen's right edge; and how
# wide the page is (a horizontal scroll bar when more than the screen).
OVERFLOW = """() => {
  const wide = [];
  for (const m of document.querySelectorAll('.msg')) {
    const right = Math.max(...[m, ...m.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
    if (m.scrollWidth > m.clientWidth + 1 || right > window.innerWidth + 1) {
      wide.push((m.innerText || '').slice(0, 80));
    }
  }
  return {page: document.documentElement.scrollWidth, wide};
}"""


async def _fits(page: object) -> None:
    found = await page.evaluate(OVERFLOW)  # type: ignore[attr-defined]
    assert found["page"] <= PHONE["width"] and found["wide"] == [], found


async def test_board_hand_and_result_fit_a_phone(sandbox: Sandbox, browser: Browser) -> None:
    page = await browser.new_page(viewport=PHONE, device_scale_factor=2)
    await page.goto(sandbox.url + "/?as=alice")
    await expect(page.locator("#status")).to_have_text("Gin Bot online")
    channel, dm = page.locator("#channel"), page.locator("#dm")
    box = channel.locator(".cmd-input")
    await box.click()
    await box.type("/gin comp")
    await expect(channel.locator(".suggest .sugg").first).to_contain_text("/gin computer")
    await box.press("Tab")
    await channel.get_by_label("option level").select_option("easy")
    await box.press("Enter")
    board = channel.locator(".msg", has_text="Discard pile").first
    await expect(board).to_contain_text("Stock")
    await expect(dm.locator(".msg", has_text="Your hand").last).to_be_visible()
    await _fits(page)

    for _ in range(MAX_MOVES):
        if round_over(await channel.inner_text()):
            break
        found = await page.wait_for_function(
            f"() => ({LIVE_CONTROLS})() || document.querySelector('#channel').innerText"
            ".includes('Round 1 · table')",
            timeout=20_000,
        )
        current = await found.json_value()
        if current is True:
            break
        if await move(page, current) is None:
            continue
        await page.wait_for_function(  # the hand redrawn, moved on, or the round over
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
        raise AssertionError("the round did not end")
    await expect(channel.locator(".msg", has_text="Round 1 · table").last).to_be_visible()
    await _fits(page)
    # The check sees a line wider than the screen when there is one.
    await page.evaluate(
        """() => {
          const d = document.createElement('div');
          d.style.width = '600px';
          d.textContent = 'too wide';
          document.querySelector('#channel .msg .body').appendChild(d);
        }"""
    )
    assert (await page.evaluate(OVERFLOW))["wide"]
