"""The cost of a catalog lookup (bot/i18n), per call, in µs.

    .venv/bin/python bench/i18n.py

For each language: a plain message (text and variables, ~95% of the catalog) with new values
each call, filled from its template, and the same through Fluent's resolver; a lookup seen
before (the memo, for messages with selectors); a new one without placeables; a new one with
a plural (Fluent's resolver and Babel's plural rule; each call uses new numbers so the memo
never answers); and the same sentence through the standard library's gettext.
"""

from __future__ import annotations

import gettext
import os
import platform
import time
from collections.abc import Callable

from bot.i18n import t
from bot.i18n.catalog import _format


def per_call(fn: Callable[[int], object], n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    n = 20000
    with open("/proc/cpuinfo") as info:
        cpu = next(
            (line.split(":", 1)[1].strip() for line in info if "model name" in line),
            platform.processor(),
        )
    print(f"machine: {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}")
    for language in ("en", "es", "fr"):
        t(language, "illegal-not-your-turn")
        template = per_call(lambda i, lang=language: t(lang, "alt-to-play", name=f"P{i}"), n)
        resolver = per_call(
            lambda i, lang=language: _format.__wrapped__(lang, "alt-to-play", (("name", f"P{i}"),)),
            n,
        )
        memo = per_call(
            lambda i, lang=language: t(lang, "illegal-knock-deadwood", deadwood=12, limit=10), n
        )
        _format.cache_clear()
        plain = per_call(
            lambda i, lang=language: _format.__wrapped__(lang, "illegal-not-your-turn", ()), n
        )
        fresh = per_call(
            lambda i, lang=language: t(lang, "illegal-knock-deadwood", deadwood=i + 1000, limit=i),
            n,
        )
        print(
            f"{language}: plain with a new name: template {template:.2f} µs, Fluent "
            f"{resolver:.1f} µs; memo hit {memo:.2f} µs, new plain {plain:.1f} µs, "
            f"new with plural {fresh:.1f} µs"
        )
    null = gettext.NullTranslations()
    text = "You can't knock with %(d)s points of deadwood: the limit is %(l)s."
    plural = per_call(lambda i: null.ngettext(text, text, i) % {"d": i, "l": 10}, n)
    print(f"gettext (no catalog, ngettext + %): {plural:.2f} µs")


if __name__ == "__main__":
    main()
