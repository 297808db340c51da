"""Errors players may read, and the one place interaction errors are answered.

Services raise :class:`PlayerError` with a catalog key and its values (``PlayerError("table-full")``);
it carries them as a :class:`bot.i18n.Coded` (``error.coded``), ``error.text(language)`` is the
sentence in the reader's language (``bot/i18n``), ``str(error)`` the English one (for logs). Every
interaction error ends in :func:`handle_interaction_error`: the person who clicked or typed gets a
private (ephemeral) answer in their language (``interaction.locale``), either that sentence or a
short apology; unexpected errors are logged with their traceback for the operator. Nobody ever
sees a traceback.

- Slash commands: ``GinBot`` installs it as ``tree.on_error``.
- Views and modals: ``async def on_error(self, interaction, error, item=None):
  await handle_interaction_error(interaction, error)``.
- ``DynamicItem`` callbacks (discord.py only logs their errors): decorate the callback with
  :func:`guarded`.

This module imports discord.py lazily, so services can raise ``PlayerError`` without it.
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from bot.engine.errors import IllegalAction
from bot.i18n import DEFAULT, Coded, Language, render, resolve_locale, t

if TYPE_CHECKING:
    import discord

log = logging.getLogger("gin.errors")

UNKNOWN_INTERACTION = 10062
#: The apology's catalog key (errors.ftl).
APOLOGY = "error-generic"


def __getattr__(name: str) -> str:
    # The apology in English under its old name: the tests that check nobody was sent it.
    if name == "GENERIC_APOLOGY":
        return t(DEFAULT, APOLOGY)
    raise AttributeError(name)


class PlayerError(Exception):
    """Something the player should be told: a catalog key and its values, the sentence
    ``error.coded`` (a :class:`bot.i18n.Coded`).

    A key holds no space; a text with spaces (a caller not converted yet) is shown as written,
    in every language. Values may be engine cards (shown by their name in the reader's language)
    or :class:`bot.i18n.Coded` (looked up first).
    """

    def __init__(self, key: str, /, **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(self.text())

    @property
    def coded(self) -> Coded:
        """The sentence, not yet in words (as every service answer is)."""
        return Coded(self.key, self.values)

    def text(self, language: Language = DEFAULT) -> str:
        """The sentence in ``language``."""
        if " " in self.key:
            return self.key
        return self.coded.text(language)

    @property
    def message(self) -> str:
        """The English sentence (for logs)."""
        return self.text()


def _unwrap(error: BaseException) -> BaseException:
    """The exception behind discord.py's wrappers (CommandInvokeError and friends)."""
    seen = 0
    while seen < 5:
        inner = getattr(error, "original", None)
        if not isinstance(inner, BaseException):
            break
        error = inner
        seen += 1
    return error


def player_message(error: BaseException, language: Language = DEFAULT) -> str | None:
    """What to tell the player in ``language``, or None when the error is ours (log it,
    apologise)."""
    from discord import app_commands

    original = _unwrap(error)
    if isinstance(original, PlayerError):
        return original.text(language)
    if isinstance(original, IllegalAction):
        return render(Coded(f"illegal-{original.code}", original.values), language)
    if isinstance(original, app_commands.CommandOnCooldown):
        # Rounded up: "try again in 0 s" would be refused again.
        return t(language, "error-cooldown", seconds=math.ceil(original.retry_after))
    if isinstance(original, app_commands.NoPrivateMessage):
        return t(language, "error-no-dm")
    if isinstance(original, app_commands.MissingRole | app_commands.MissingAnyRole):
        return t(language, "error-missing-role")
    if isinstance(original, app_commands.MissingPermissions):
        missing = render(listed_permissions(original.missing_permissions), language)
        return t(language, "error-missing-permissions", missing=missing)
    if isinstance(original, app_commands.BotMissingPermissions):
        missing = render(listed_permissions(original.missing_permissions), language)
        return t(language, "error-bot-permissions", missing=missing)
    if isinstance(original, app_commands.CheckFailure):
        return t(language, "error-check-failed")
    if isinstance(original, app_commands.TransformerError):
        return t(language, "error-bad-option")
    return None


def listed_permissions(codes: list[str]) -> Coded:
    """Permission names in the reader's words, comma-separated (Discord's own names for
    them: "Attach Files", "Adjuntar archivos")."""
    name = Coded("permission-name", {"permission": codes[-1]})
    for code in reversed(codes[:-1]):
        name = Coded(
            "list-more", {"item": Coded("permission-name", {"permission": code}), "rest": name}
        )
    return name


#: What the parts of a control's custom id name (`bot/ui/components.py`), by its prefix.
_CONTROLS = {
    "a": ("table", "version", "action"),
    "s": ("table", "version", "action"),
    "q": ("table", "version", "action"),
    "show": ("table",),
    "t": ("table", "action"),
    "r": ("table",),
    "c": ("challenge", "action"),
    "tj": ("tournament", "action"),
}


def describe_control(data: dict[str, Any]) -> str:
    """`` (table 3, action discard S7, version 12)`` for a game control's interaction data."""
    parts = str(data.get("custom_id") or "").split(":")
    names = _CONTROLS.get(parts[1]) if len(parts) > 2 and parts[0] == "gin" else None
    if names is None:
        return ""
    named = dict(zip(names, parts[2:], strict=False))
    action = " ".join(parts[2 + len(names) - 1 :]) if names[-1] == "action" else ""
    values = data.get("values")
    if action and values:
        action += " " + ",".join(str(v) for v in values)
    out = [f"{key} {named[key]}" for key in ("table", "challenge", "tournament") if key in named]
    if action:
        out.append(f"action {action}")
    if "version" in named:
        out.append(f"version {named['version']}")
    return f" ({', '.join(out)})" if out else ""


async def reply_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer ``interaction`` with an ephemeral message, whether or not it was answered before."""
    import discord

    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        # Too late (3 s) or the token expired (15 min): nothing more we can tell them.
        log.warning("could not tell %s about an error: %s", interaction.user, exc)


async def handle_interaction_error(
    interaction: discord.Interaction[Any], error: BaseException, language: Language | None = None
) -> None:
    """The central handler: a private answer to the person (in `language`, their chosen one
    when the caller knows it, else their Discord client's), a traceback only in the log."""
    original = _unwrap(error)
    if getattr(original, "code", None) == UNKNOWN_INTERACTION:
        # Answered too late (3 s) or twice: nothing can reach the person any more.
        log.warning("interaction %s expired before it was answered", interaction.id)
        return
    # The edge: Discord's locale becomes one of our languages here.
    language = resolve_locale(language or getattr(interaction, "locale", None))
    text = player_message(error, language)
    if text is None:
        original = _unwrap(error)
        if interaction.command is not None:
            where = f"/{interaction.command.qualified_name}"
        else:
            data: dict[str, Any] = dict(interaction.data or {})
            where = f"component {data.get('custom_id')!r}{describe_control(data)}"
        log.error(
            "unexpected error in %s (user %s, guild %s, channel %s)",
            where,
            interaction.user.id if interaction.user else None,
            interaction.guild_id,
            interaction.channel_id,
            exc_info=(type(original), original, original.__traceback__),
        )
        text = t(language, APOLOGY)
    await reply_privately(interaction, text)


F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


def guarded(callback: F) -> F:
    """Route a component callback's errors to :func:`handle_interaction_error`.

    For ``DynamicItem.callback`` (discord.py only logs those) or any ``(self, interaction, ...)``
    or ``(interaction, ...)`` callback.
    """

    @functools.wraps(callback)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return await callback(*args, **kwargs)
        except Exception as exc:
            interaction = next(
                (a for a in args if hasattr(a, "response") and hasattr(a, "followup")), None
            )
            if interaction is None:
                raise
            await handle_interaction_error(interaction, exc)
            return None

    return wrapper  # type: ignore[return-value]
