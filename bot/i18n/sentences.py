"""Sentences not yet in words: a catalog key with its values (`Coded`, `Said`), and how
they are put into a reader's language (`render`, through `t` of `catalog.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.cards import Card
from bot.i18n.cards import label
from bot.i18n.catalog import DEFAULT, t

__all__ = ["Coded", "Said", "render", "said", "word"]


@dataclass(frozen=True, slots=True)
class Coded:
    """A sentence not yet in words: a catalog key and its values (what services return)."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def text(self, locale: Any = DEFAULT) -> str:
        return render(self, locale)


class Said(str):
    """A sentence a service returns: the English text (so a caller that uses it as a ``str``
    keeps working) that also knows its key and values, to be said again in the reader's
    language: ``said.text("fr")``. Make one with :func:`said`."""

    key: str
    values: dict[str, Any]

    def text(self, locale: Any = DEFAULT) -> str:
        return render(Coded(self.key, self.values), locale)


def said(key: str, /, **values: Any) -> Said:
    """``key`` with ``values``, in English, carrying both (see :class:`Said`)."""
    out = Said(render(Coded(key, values), DEFAULT))
    out.key = key
    out.values = values
    return out


def word(value: Any, locale: Any = DEFAULT) -> Any:
    """A value ready for a sentence: a :class:`Coded` in words, an engine card by its short
    label in ``locale`` ("Q♠", "D♠"), a tuple as its items' words one per line, anything
    else as it is."""
    if isinstance(value, tuple):
        return "\n".join(str(word(item, locale)) for item in value)
    if isinstance(value, Coded):
        return render(value, locale)
    if isinstance(value, Said):
        return value.text(locale)
    if isinstance(value, Card):
        return label(value, locale)
    return value


def render(item: Coded | str, locale: Any = DEFAULT) -> str:
    """``item`` in words: a :class:`Coded` is looked up (its values through :func:`word`), a
    string is returned as it is (already words, e.g. a name)."""
    if isinstance(item, str):
        return item
    return t(locale, item.key, **{k: word(v, locale) for k, v in item.values.items()})
