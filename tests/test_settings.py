"""Every setting the bot reads is a `Settings` field with its checks, and `.env.example`
lists it (issue 31, item 11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.app.settings import VARIABLES, Settings, SettingsError

ROOT = Path(__file__).resolve().parent.parent
#: How the code names a setting: a string literal of an upper-case GIN_/DISCORD_ name.
NAMED = re.compile(r"""["'`]((?:GIN|DISCORD)_[A-Z0-9_]+)["'`]""")


def names_in_code() -> set[str]:
    found: set[str] = set()
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            found |= set(NAMED.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_setting_the_code_names_is_read_by_settings_and_listed_in_env_example() -> None:
    read = {name for _, name, _ in VARIABLES}
    assert names_in_code() - read == set(), "read outside Settings"
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    listed = set(re.findall(r"^#? ?((?:GIN|DISCORD)_[A-Z0-9_]+)=", example, re.M))
    assert read - listed == set(), "missing from .env.example"


def test_tournament_timings_are_settings_with_their_checks(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=x\nGIN_TOURNAMENT_NO_SHOW_SECONDS=120\n")
    settings = Settings.from_env({"GIN_TOURNAMENT_ROUND_PAUSE": "2.5"}, env_file=env_file)
    assert (settings.tournament_no_show, settings.tournament_round_pause) == (120.0, 2.5)
    with pytest.raises(SettingsError, match="GIN_TOURNAMENT_ROUND_PAUSE must be a number"):
        Settings.from_env(
            {"DISCORD_TOKEN": "x", "GIN_TOURNAMENT_ROUND_PAUSE": "soon"}, env_file=None
        )


@pytest.mark.parametrize("url", ["mysql://gin@db/gin", "sqlite:///data/gin.sqlite3"])
def test_a_database_url_of_another_kind_is_refused(url: str) -> None:
    with pytest.raises(SettingsError, match="SQLite file path or a postgresql:// URL"):
        Settings.from_env({"DISCORD_TOKEN": "x", "GIN_DATABASE": url}, env_file=None)


def test_the_event_loop_is_uvloop_unless_set_to_asyncio() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "x"}, env_file=None).event_loop == "uvloop"
    chosen = Settings.from_env({"DISCORD_TOKEN": "x", "GIN_EVENT_LOOP": "AsyncIO"}, env_file=None)
    assert chosen.event_loop == "asyncio"
    with pytest.raises(SettingsError, match="GIN_EVENT_LOOP must be one of uvloop, asyncio"):
        Settings.from_env({"DISCORD_TOKEN": "x", "GIN_EVENT_LOOP": "trio"}, env_file=None)
