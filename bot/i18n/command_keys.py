"""The catalog keys of the slash commands (``commands.ftl``), from their qualified names:
plain strings, no Discord (the translator of ``commands.py`` and the texts that name a
command both use them)."""

from __future__ import annotations

import re

__all__ = ["choice_key", "command_key", "slug"]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-")


def command_key(qualified_name: str, part: str) -> str:
    """``("gin challenge", "name")`` → ``cmd-gin-challenge-name``."""
    return f"cmd-{qualified_name.replace(' ', '-')}-{part}"


def choice_key(name: str) -> str:
    """``"round_robin"`` → ``choice-round_robin``."""
    return f"choice-{slug(name)}"
