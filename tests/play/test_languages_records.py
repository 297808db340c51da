"""Achievements and records in the reader's language (issue #17), the real bot against the
emulator: the final hand of a Spanish and a French player names what they earned in their own
words, `/gin records stats` too, and a player who erases their data is written to in their
Discord language again, not in the language they had saved."""

from __future__ import annotations

from bot.circle.achievements import BY_KEY
from bot.i18n import t
from bot.text.achievements import achievement_text, title

from .conftest import World


async def test_achievements_and_forget_me_in_the_readers_language(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    a.locale, b.locale = "fr", "de"  # Bob's Discord speaks German: we don't, so his choice
    await emu.slash(b, ch, "gin me settings", language="es")
    assert (await world.bot.services.store.players.settings(b.id)).language == "es"

    await emu.slash(a, ch, "gin challenge", opponent=b)
    invite = await emu.wait_for_dm(b, lambda m: t("es", "button-accept") in m.button_labels)
    await emu.click(b, invite, t("es", "button-accept"))
    await emu.wait_for(lambda: world.bot.services.tables.live_ids())
    confirm = await emu.slash(a, ch, "gin resign")
    assert confirm.response is not None
    await emu.click(a, confirm.response, t("fr", "reply-resign-button"))

    # Each final hand names what its reader earned, in their words, never in English.
    won = achievement_text(BY_KEY["first_win"], "es")
    played_fr = achievement_text(BY_KEY["first_match"], "fr")
    bob_final = await emu.wait_for_dm(b, lambda m: won in m.text)
    alice_final = await emu.wait_for_dm(a, lambda m: played_fr in m.text)
    assert achievement_text(BY_KEY["first_match"], "es") in bob_final.text
    assert achievement_text(BY_KEY["first_win"], "fr") not in alice_final.text
    for english in (achievement_text(BY_KEY[k], "en") for k in ("first_win", "first_match")):
        assert english not in bob_final.text and english not in alice_final.text
    assert "ACHIEVEMENT" not in bob_final.text + alice_final.text

    # /gin records stats names them in the reader's language too.
    stats = await emu.slash(b, ch, "gin records stats")
    assert stats.response is not None and stats.response.embeds
    fields = {f["name"]: f["value"] for f in stats.response.embeds[0]["fields"]}
    listed = fields[t("es", "stats-field-achievements")]
    assert title(BY_KEY["first_win"], "es") in listed
    assert title(BY_KEY["first_win"], "en") not in listed

    # Bob erases his data: his saved Spanish goes with it, so the bot writes to him in the
    # server's English (his Discord's German is not ours), not in the Spanish it had cached.
    ask = await emu.slash(b, ch, "gin me forget-me")
    assert ask.response is not None
    await emu.click(b, ask.response, t("es", "reply-erase-button"))
    assert emu.last_ephemeral(b).text == t("es", "reply-erased")
    assert (await world.bot.services.store.players.settings(b.id)).language is None
    seen = len(emu.dms(b))
    await emu.slash(a, ch, "gin challenge", opponent=b)
    invite = await emu.wait_for(lambda: next(iter(emu.dms(b)[seen:]), None))
    assert t("en", "button-accept") in invite.button_labels, invite.text
    assert t("es", "button-accept") not in invite.button_labels
    emu.assert_no_unknown_routes()
