"""Quick reactions in each reader's language, through the emulator: a Spanish player's
buttons in Spanish, the line in the French opponent's hand in French, in the Spanish
speaker's own hand in Spanish, and in the channel in the (English) server's language."""

from __future__ import annotations

from bot.i18n import t

from .conftest import World, quiet


async def test_a_quick_reaction_is_read_in_each_readers_language(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    a.locale, b.locale = "es-ES", "fr"
    await emu.slash(b, ch, "gin me online")  # Bob has used the bot: his locale is known
    await emu.slash(a, ch, "gin challenge", opponent=b)
    invite = await emu.wait_for_dm(b, lambda m: t("fr", "button-accept") in m.button_labels)
    await emu.click(b, invite, t("fr", "button-accept"))
    await emu.wait_for_dm(a, lambda m: bool(m.selects() or m.buttons()))

    picker = await emu.slash(a, ch, "gin say")
    assert picker.response is not None
    # The buttons, in the speaker's language.
    assert picker.response.button_labels == [t("es", f"reaction-{i}") for i in range(5)]
    await emu.click(a, picker.response, t("es", "reaction-1"))  # ¡Bien jugado!
    await quiet(emu, world.bot)

    name = a.display_name
    for user, lang in ((b, "fr"), (a, "es")):
        said = t(lang, "chat-line", name=name, text=t(lang, "reaction-1"))
        hand = await emu.wait_for_dm(user, lambda m, said=said: said in m.text)
        others = [x for x in ("en", "es", "fr") if x != lang]
        assert not any(t(x, "reaction-1") in hand.text for x in others), (lang, hand.text)
    assert t("fr", "chat-line", name=name, text="Bien joué !") == f"💬 **{name}** : Bien joué !"
    in_channel = [m.text for m in emu.visible_to(b) if m.channel is ch and "💬" in m.text]
    assert in_channel == [t("en", "chat-line", name=name, text="Well played!")]
    emu.assert_no_unknown_routes()
