"""English texts under the constant names the game errors once had (``NOT_SEATED``...),
for code that still imports them (``cogs/play.py`` exports ``NOT_SEATED``); new code says a
``GameError``'s key instead. Goes when nothing imports them."""

from __future__ import annotations

from bot.i18n import DEFAULT, t

#: The old names and their catalog keys (``errors.ftl``).
_KEYS = {
    "TABLE_NOT_FOUND": "table-not-found",
    "NOT_SEATED": "table-not-seated",
    "STALE": "table-stale",
}


def __getattr__(name: str) -> str:
    # Looked up when asked for, not when loaded: the catalogs load on first use.
    if name in _KEYS:
        return t(DEFAULT, _KEYS[name])
    raise AttributeError(name)
