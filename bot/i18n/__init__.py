"""Words people read, in their language: English, Spanish and French (Project Fluent catalogs).

- :func:`t` — ``t("es", "not-your-turn")`` → ``"No es tu turno."``
- :class:`Coded` — a sentence not yet in words (a key and its values), the one message type
- :data:`Language` — a reader's language, one of :data:`LANGUAGES`
- :func:`resolve_locale` — a Discord locale (``"es-419"``) → a :data:`Language`
- :mod:`bot.i18n.cards` — card names and suits in each language
- :mod:`bot.i18n.commands` — the slash commands' names and descriptions (an app_commands
  Translator)

See docs/i18n.md for the catalogs, the keys and how to add a language.
"""

from bot.i18n.catalog import DEFAULT, LANGUAGES, keys, t
from bot.i18n.locales import Language, pick_language, resolve_locale
from bot.i18n.sentences import Coded, render

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "Coded",
    "Language",
    "keys",
    "pick_language",
    "render",
    "resolve_locale",
    "t",
]
