"""A player's Discord locale is learnt from any interaction and kept in the store (issue 31,
item 7): a French player who only read `/gin rules` gets a challenge's DM in French, also
after a restart."""

from __future__ import annotations

from bot.app.client import GinBot
from bot.i18n import t
from emulator.testing import running

from .conftest import World


async def test_a_locale_seen_once_reaches_the_challenge_dm_after_a_restart(world: World) -> None:
    emu, alice, bob, ch = world.emu, world.alice, world.bob, world.channel
    bob.locale = "fr"
    await emu.slash(bob, ch, "gin rules")  # all Bob ever did
    await world.bot.close()
    async with running(GinBot(world.bot.settings), emu) as again:
        assert isinstance(again, GinBot)
        await emu.slash(alice, ch, "gin challenge", opponent=bob)
        invite = await emu.wait_for_dm(bob, lambda m: bool(m.button_labels))
        assert t("fr", "button-accept") in invite.button_labels, invite.button_labels
        assert t("en", "button-accept") not in invite.button_labels


async def test_help_names_the_commands_as_the_reader_types_them(world: World) -> None:
    emu, ch = world.emu, world.channel
    for user, lang in ((world.alice, "es"), (world.bob, "fr")):
        user.locale = {"es": "es-ES", "fr": "fr"}[lang]
        shown = await emu.slash(user, ch, "gin help")
        assert shown.response is not None
        text = shown.response.text
        gin = t(lang, "cmd-gin-name")
        for path in ("challenge", "records stats", "tournament create"):
            parts = path.split()
            keys = [f"cmd-gin-{'-'.join(parts[: i + 1])}-name" for i in range(len(parts))]
            localized = "/" + " ".join([gin, *(t(lang, k) for k in keys)])
            assert f"`{localized}`" in text, (lang, localized)
        assert "`/gin challenge`" not in text and "`/gin records stats`" not in text
