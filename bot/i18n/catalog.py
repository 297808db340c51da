"""The message catalogs: one Fluent bundle per language, loaded once from ``locales/<lang>/``.

Most messages are plain text with variables ("{ $name } drew from the stock"): those are
filled in here from a template read off the parsed catalog, which gives Fluent's own text (a
test compares every one) at a fraction of its resolver's cost; the template covers string
values and whole numbers from 0 up. Messages with selectors (plurals) and other values go
through Fluent's resolver, memoised on (language, key, values) (see docs/i18n.md).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from fluent.syntax.ast import Junk

from bot.i18n.locales import DEFAULT, LANGUAGES, Language, resolve_locale

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "Language",
    "keys",
    "source",
    "t",
    "warm",
]

log = logging.getLogger("gin.i18n")
_warned: set[tuple[str, str]] = set()


def source(language: str) -> dict[str, str]:
    """The ``.ftl`` files of ``language``, by file name (read from the installed package)."""
    folder = resources.files("bot.i18n").joinpath("locales", language)
    return {
        f.name: f.read_text(encoding="utf-8")
        for f in sorted(folder.iterdir(), key=lambda f: f.name)
        if f.name.endswith(".ftl")
    }


@lru_cache(maxsize=len(LANGUAGES))
def bundle(language: str) -> FluentBundle:
    """The Fluent bundle of ``language`` with all its files (no bidi isolation marks: the
    messages are left-to-right, and the marks would show in code blocks and tests)."""
    loaded = FluentBundle([language], use_isolating=False)
    for name, text in source(language).items():
        resource = FluentResource(text)
        loaded.add_resource(resource)
        for entry in resource.body:
            if isinstance(entry, Junk):  # a syntax error in a catalog: say where
                log.error(
                    "catalog %s/%s: cannot parse %r", language, name, (entry.content or "")[:80]
                )
    return loaded


def keys(language: str) -> frozenset[str]:
    """Every message id of ``language`` (terms, ``-name``, excluded)."""
    return _index(language)[0]


def warm() -> None:
    """Load every catalog and the number and plural data they use now (a one-off few MiB and
    ~0.1 s), at startup rather than on the first message of a game."""
    for language in LANGUAGES:
        _templates(language)
        t(language, "illegal-knock-deadwood", deadwood=2, limit=10)


def _warn_once(language: str, key: str, what: str) -> None:
    if (language, key) not in _warned:
        _warned.add((language, key))
        log.warning("i18n: %s %r in %s", what, key, language)


def _arg(value: Any) -> Any:
    if isinstance(value, bool):  # bool is an int: keep it a word ("true"/"false" selectors)
        return str(value).lower()
    if isinstance(value, int):
        # Counts, scores, ratings, table numbers: plain digits ("1500", not "1,500" or
        # "1 500"); the plural rules still select on it.
        return fluent_number(value, useGrouping=False)
    return value


#: A template: literal text and ``$variable`` names (a ``_Var``), in order.
class _Var(str):
    __slots__ = ()


#: A message of text alone is kept as its text (a `str`, given as it is: a hand asks for
#: a few at every move), one with variables as its parts.
_Template = tuple[str, ...] | str


#: language -> its templates (`_templates`): read for every sentence, so a plain dict.
_plain: dict[str, dict[str, _Template]] = {}


def _templates(language: str) -> dict[str, _Template]:
    """The messages of ``language`` that are text and variables only, as templates."""
    found = _plain.get(language)
    if found is None:
        found = _plain[language] = _index(language)[1]
    return found


@lru_cache(maxsize=len(LANGUAGES))
def _index(language: str) -> tuple[frozenset[str], dict[str, _Template]]:
    """One parse of ``language``'s catalog: every message id, and the plain messages'
    templates (the parsed text is not kept)."""
    from fluent.syntax import FluentParser
    from fluent.syntax import ast as syntax

    parser = FluentParser()
    ids: set[str] = set()
    found: dict[str, _Template] = {}
    for text in source(language).values():
        for entry in parser.parse(text).body:
            if not isinstance(entry, syntax.Message):
                continue
            ids.add(entry.id.name)
            if entry.value is None:
                continue
            parts: list[str] = []
            for element in entry.value.elements:
                if isinstance(element, syntax.TextElement):
                    parts.append(element.value)
                    continue
                expression = element.expression
                if isinstance(expression, syntax.VariableReference):
                    parts.append(_Var(expression.id.name))
                elif isinstance(expression, syntax.StringLiteral):
                    parts.append(expression.parse()["value"])
                else:
                    break
            else:
                variables = any(type(part) is _Var for part in parts)
                found[entry.id.name] = tuple(parts) if variables else "".join(parts)
    return frozenset(ids), found


def _filled(template: tuple[str, ...], values: Mapping[str, Any]) -> str | None:
    """``template`` with ``values``, or None when a value needs Fluent (a missing variable,
    a negative or non-whole number, a boolean, anything not a string)."""
    out: list[str] = []
    for part in template:
        if type(part) is _Var:
            value = values.get(part)
            if type(value) is str:
                out.append(value)
            elif (type(value) is int and value >= 0) or isinstance(value, str):
                out.append(str(value))  # a str subclass shows its text, as in Fluent
            else:
                return None
        else:
            out.append(part)
    return "".join(out)


def reload() -> None:
    """Forget every loaded catalog (tests that change the catalog sources)."""
    bundle.cache_clear()
    _index.cache_clear()
    _plain.clear()
    _formatted.clear()
    _format.cache_clear()


#: (language, key, the values as given) -> the sentence Fluent's resolver wrote: a plain
#: dict read before `_format`, whose key (the values sorted) costs more to make; a hand asks
#: for two or three at every move (its scores, a plural).
_formatted: dict[tuple[str, str, tuple[tuple[str, Any], ...]], str] = {}
#: Sentences kept at most (then forgotten at once).
_FORMATTED_KEPT = 4096


@lru_cache(maxsize=1024)
def _format(language: str, key: str, items: tuple[tuple[str, Any], ...]) -> str:
    loaded = bundle(language)
    if not loaded.has_message(key):
        if language != DEFAULT:
            _warn_once(language, key, "missing key")
            return _format(DEFAULT, key, items)
        _warn_once(language, key, "unknown key")
        return key
    message = loaded.get_message(key)
    if message.value is None:
        _warn_once(language, key, "message without a value")
        return key
    text, errors = loaded.format_pattern(message.value, {k: _arg(v) for k, v in items})
    if errors:
        _warn_once(language, key, f"errors {errors} formatting")
    return str(text)


def t(language: Language, key: str, /, **values: Any) -> str:
    """The sentence ``key`` in ``language``.

    A key missing in that language falls back to English (logged once per key and language);
    a key missing everywhere comes back as the key itself (logged once). A Discord locale
    passed by mistake is still understood (``resolve_locale`` leaves a Language as it is).
    """
    if language not in LANGUAGES:
        language = resolve_locale(language)
    found = _plain.get(language)
    template = (found if found is not None else _templates(language)).get(key)
    if template is not None:
        if isinstance(template, str):  # text alone (any values are not used)
            return template
        text = _filled(template, values)
        if text is not None:
            return text
    given = (language, key, tuple(values.items()))
    try:
        text = _formatted.get(given)
    except TypeError:  # a list or dict passed by mistake: show it rather than fail
        items = tuple((k, str(v)) for k, v in sorted(values.items()))
        return _format(language, key, items)
    if text is None:
        text = _format(language, key, tuple(sorted(values.items())))
        if len(_formatted) >= _FORMATTED_KEPT:  # `bot.kernel.memo.remember`'s bound, inlined:
            _formatted.clear()  # the catalog stays below the kernel's imports
        _formatted[given] = text
    return text
