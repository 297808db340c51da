"""Slash commands in Spanish and French: every command of the real cogs has its keys, and the
translator gives discord.py what it sends to Discord (name and description localizations)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, locale_str
from discord.app_commands import TranslationContextLocation as Where

from bot.app.client import GinBot
from bot.app.settings import Settings
from bot.i18n import keys, t
from bot.i18n.commands import CatalogTranslator, choice_key, command_key

#: Discord's rule for command and option names (lowercase where a letter has a case).
NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[GinBot]:
    """The bot with every cog loaded (its store in tmp_path), never connected."""
    gin = GinBot(Settings(token="unused", database=tmp_path / "gin.db"))
    await gin.open_services()
    for name in gin.extension_names:
        await gin.load_extension(name)
    yield gin
    await gin.close()


def slash_commands(bot: GinBot) -> list[app_commands.Command | app_commands.Group]:
    return list(bot.tree.walk_commands())


def menus(bot: GinBot) -> list[app_commands.ContextMenu]:
    return [
        c
        for kind in (discord.AppCommandType.user, discord.AppCommandType.message)
        for c in bot.tree.get_commands(type=kind)
        if isinstance(c, app_commands.ContextMenu)
    ]


def expected_keys(bot: GinBot) -> dict[str, str]:
    """Every key the tree needs, with the code's own English text."""
    need: dict[str, str] = {}
    for cmd in slash_commands(bot):
        q = cmd.qualified_name
        need[command_key(q, "name")] = cmd.name
        need[command_key(q, "description")] = cmd.description
        if isinstance(cmd, app_commands.Command):
            for p in cmd.parameters:
                need[command_key(q, f"opt-{p.name}-name")] = p.name
                need[command_key(q, f"opt-{p.name}-description")] = p.description
                for c in p.choices:
                    # A choice named in words carries its value's key (the translator's).
                    named = c._locale_name.extras.get("key") if c._locale_name else None
                    need[choice_key(named or c.name)] = c.name
    for menu in menus(bot):
        need[f"menu-{menu.name.lower()}-name"] = menu.name
    return need


async def test_every_command_has_its_keys_in_every_language(bot: GinBot) -> None:
    need = expected_keys(bot)
    assert len(need) > 150  # the whole tree was loaded, not just /gin
    for language in ("en", "es", "fr"):
        missing = sorted(set(need) - keys(language))
        assert not missing, f"{language}: {missing}"
    # The English catalog is the code's text (the lead changes both together).
    assert {k: t("en", k) for k in need} == need


async def test_localized_names_follow_discords_rules_and_do_not_clash(bot: GinBot) -> None:
    for language in ("es", "fr"):
        siblings: dict[str, set[str]] = {}
        for cmd in slash_commands(bot):
            name = t(language, command_key(cmd.qualified_name, "name"))
            assert NAME.match(name) and name == name.lower(), (language, name)
            assert 1 <= len(t(language, command_key(cmd.qualified_name, "description"))) <= 100
            parent = cmd.parent.qualified_name if cmd.parent else ""
            assert name not in siblings.setdefault(parent, set()), (language, parent, name)
            siblings[parent].add(name)
            if isinstance(cmd, app_commands.Command):
                options = [
                    t(language, command_key(cmd.qualified_name, f"opt-{p.name}-name"))
                    for p in cmd.parameters
                ]
                assert len(set(options)) == len(options), (language, cmd.qualified_name)
                for option in options:
                    assert NAME.match(option) and option == option.lower(), (language, option)


async def test_the_translator_answers_through_discord_pys_api(bot: GinBot) -> None:
    translator = CatalogTranslator()
    challenge = bot.tree.get_command("gin").get_command("challenge")  # type: ignore[union-attr]
    assert isinstance(challenge, app_commands.Command)
    opponent = next(p for p in challenge.parameters if p.name == "opponent")
    rules = next(p for p in challenge.parameters if p.name == "rules")
    cases = [
        (Where.command_name, challenge, challenge.name, "desafiar", "defier"),
        (
            Where.command_description,
            challenge,
            challenge.description,
            "Desafía a un miembro a una partida.",
            "Défiez un membre dans une partie.",
        ),
        (Where.parameter_name, opponent, opponent.name, "rival", "adversaire"),
        (Where.choice_name, rules.choices[2], "classic", "clásico", "classique"),
    ]
    for where, data, english, es, fr in cases:
        context = TranslationContext(location=where, data=data)  # type: ignore[call-overload]
        text = locale_str(english)
        assert await translator.translate(text, discord.Locale.spain_spanish, context) == es
        assert (
            await translator.translate(text, discord.Locale.latin_american_spanish, context) == es
        )
        assert await translator.translate(text, discord.Locale.french, context) == fr
        # English is the default text; a language we don't speak falls back to it.
        assert await translator.translate(text, discord.Locale.american_english, context) is None
        assert await translator.translate(text, discord.Locale.german, context) is None


async def test_a_synced_command_carries_both_localizations(bot: GinBot) -> None:
    """What ``tree.sync`` sends: the payload discord.py builds with our translator."""
    translator = CatalogTranslator()
    await bot.tree.set_translator(translator)
    gin = bot.tree.get_command("gin")
    assert gin is not None
    payload = await gin.get_translated_payload(bot.tree, translator)
    challenge = next(o for o in payload["options"] if o["name"] == "challenge")
    assert challenge["name_localizations"] == {
        "es-ES": "desafiar",
        "es-419": "desafiar",
        "fr": "defier",
    }
    assert challenge["description_localizations"]["fr"] == "Défiez un membre dans une partie."
    assert "en-US" not in challenge["name_localizations"]
    rules = next(o for o in challenge["options"] if o["name"] == "rules")
    classic = next(c for c in rules["choices"] if c["value"] == "classic")
    assert classic["name_localizations"]["es-ES"] == "clásico"
    menu = next(m for m in menus(bot) if m.name == "Challenge")
    menu_payload = await menu.get_translated_payload(bot.tree, translator)
    assert menu_payload["name_localizations"]["fr"] == "Défier"


def _chars(option: dict[str, Any], locale: str | None) -> int:
    """Discord's size of a command in one locale: names, descriptions, choice names and
    values, of the command, its subcommands and options."""

    def local(o: dict[str, Any], field: str) -> str:
        default = str(o.get(field, ""))
        return (o.get(f"{field}_localizations") or {}).get(locale, default) if locale else default

    n = len(local(option, "name")) + len(local(option, "description"))
    for sub in option.get("options") or []:
        n += _chars(sub, locale)
        for choice in sub.get("choices") or []:
            n += len(local(choice, "name")) + len(str(choice["value"]))
    return n


@pytest.mark.parametrize("name", ["gin", "gin-admin"])
async def test_each_command_fits_discords_4000_characters_in_every_language(
    bot: GinBot, name: str
) -> None:
    """Discord refuses a command over 4,000 characters in any one locale (the emulator checks
    only the default): `/gin`, and `/gin-admin`, which holds what no longer fits in it."""
    await bot.tree.set_translator(CatalogTranslator())
    assert bot.tree.translator is not None
    command = bot.tree.get_command(name)
    assert isinstance(command, app_commands.Group)
    payload = await command.get_translated_payload(bot.tree, bot.tree.translator)
    sizes = {loc: _chars(payload, loc) for loc in (None, "es-ES", "es-419", "fr")}
    assert all(size <= 4000 for size in sizes.values()), sizes
    assert sizes["fr"] != sizes[None]  # the localizations were counted
    if name == "gin-admin":  # its option and choices were counted
        assert sizes[None] > len("Discord's server language") + len("Español")
