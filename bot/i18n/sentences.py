"""Sentences not yet in words: a catalog key with its values (`Coded`), and how they are put
into a reader's language (`render`, through `t` of `catalog.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.cards import Card
from bot.i18n.cards import label
from bot.i18n.catalog import DEFAULT, t
from bot.i18n.locales import Language

__all__ = ["Coded", "render", "word"]


@dataclass(frozen=True, slots=True)
class Coded:
    """A sentence not yet in words: a catalog key and its values. The one shape of a message
    below the Discord side: what services return and what errors carry
    (``PlayerError.coded``); ``coded.text(language)`` says it in the reader's language."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def text(self, language: Language = DEFAULT) -> str:
        return render(self, language)


def word(value: Any, language: Language = DEFAULT) -> Any:
    """A value ready for a sentence: a :class:`Coded` in words, an engine card by its short
    label in ``language`` ("Q♠", "D♠"), a tuple as its items' words one per line, anything
    else as it is."""
    if isinstance(value, tuple):
        return "\n".join(str(word(item, language)) for item in value)
    if isinstance(value, Coded):
        return render(value, language)
    if isinstance(value, Card):
        return label(value, language)
    return value


def render(item: Coded | str, language: Language = DEFAULT) -> str:
    """``item`` in words: a :class:`Coded` is looked up (its values through :func:`word`), a
    string is returned as it is (already words, e.g. a name)."""
    if isinstance(item, str):
        return item
    return t(language, item.key, **{k: word(v, language) for k, v in item.values.items()})
