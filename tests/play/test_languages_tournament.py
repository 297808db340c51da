"""A tournament in a French server (issue #17), the real bot against the emulator: every
public post (sign-up, round, no-show note, standings, the end) in French, the organizer's
answers in their own Spanish, each player's called-off hand in their language, and
`/gin tournament standings` in the asker's. The texts are checked against the catalog's own
rendering of the tournament's values, and no English tournament sentence shows anywhere."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import t
from bot.text.tournaments import standings_text
from emulator import Emulator

from .conftest import bot_on
from .cups import commands_path, create_cup, server, tournament_of, wait


async def test_a_tournament_in_a_french_server(tmp_path: Path) -> None:
    async with Emulator() as emu:
        guild, ch, admin, (anna, bert) = server(emu, "tournois", ["Anna", "Bert"])
        guild.locale = "fr"
        admin.locale, anna.locale, bert.locale = "es-ES", "es-ES", "en-US"
        names = {u.id: u.global_name for u in (anna, bert)}

        async with bot_on(
            emu, guild.id, tmp_path / "gin.sqlite3", tournament_round_pause=0, tournament_no_show=2
        ) as bot:
            path = commands_path(emu, ch)
            service = bot.get_cog("Tournaments").service  # type: ignore[union-attr]
            tid, signup = await create_cup(emu, ch, admin, "Coupe")
            nobody = t("fr", "signup-entrants", count=0, names=t("fr", "signup-nobody"))
            assert nobody in signup.text
            assert signup.button_labels == [t("fr", "signup-join"), t("fr", "signup-leave")]
            # The command to start it, as a French reader's Discord names it.
            assert "`/gin tournoi lancer`" in signup.text
            home = await emu.wait_for(lambda: emu.thread_of(signup))
            for user in (anna, bert):
                await emu.click(user, signup, t("fr", "signup-join"))
            joined = ", ".join(names[u.id] for u in (anna, bert))
            assert t("fr", "signup-entrants", count=2, names=joined) in emu.message(signup.id).text

            await emu.slash(admin, ch, f"{path} start")
            started = await emu.wait_for_ephemeral(admin, lambda m: "Coupe" in m.text)
            assert started.text == t("es", "tournament-reply-started", name="Coupe")

            head = t("fr", "tournament-round-of", name="Coupe", round=1, total=1)
            announced = await wait(
                lambda: next((m for m in emu.messages(home) if head in m.text), None), "round 1"
            )
            (pairing,) = tournament_of(bot, tid).rounds[0]
            a, b = names[pairing.a], names[pairing.b]
            table = t(
                "fr",
                "tournament-table",
                a=f"<@{pairing.a}>",
                b=f"<@{pairing.b}>",
                table=service.tables_in_play(tid).popitem()[0],
            )
            assert table in announced.text
            closed = t(
                "fr", "signup-closed", status=t("fr", "tournament-status-word", status="running")
            )
            await wait(lambda: closed in emu.message(signup.id).text, "sign-up closed")

            # Nobody plays: the deadline decides the table, said in French in the thread...
            both = t("fr", "tournament-no-show-both", a=a, b=b)
            note = t(
                "fr",
                "tournament-no-shows",
                count=1,
                round=1,
                lines=t("fr", "tournament-bullet", line=both),
            )
            await wait(
                lambda: any(f"**Coupe**: {note}" in m.text for m in emu.messages(home)), "the note"
            )
            # ...and on each player's called-off hand in their own Discord language (known
            # since they clicked Join).
            for user, language in ((anna, "es"), (bert, "en")):
                mine = t(language, "tournament-no-show-both", a=a, b=b)
                await emu.wait_for_dm(user, lambda m, mine=mine: mine in m.text)

            over = t("fr", "tournament-over", name="Coupe", winners="")
            final = await wait(
                lambda: next((m for m in emu.messages(home) if over.strip() in m.text), None),
                "the end",
            )
            # Both lost a double forfeit: no points, one loss, a forfeit.
            lost = t("fr", "view-record-ff", wins=0, losses=1, forfeits=1)
            assert (
                t("fr", "tournament-rank-points", points=0, bu=0, sb=0, record=lost) in final.text
            )
            info = await service.info(tid)
            standings = await wait(
                lambda: next(
                    (m for m in emu.messages(home) if t("fr", "standings-final") in m.text), None
                ),
                "the final standings",
            )
            assert standings_text(info, "fr") in standings.text

            # /gin tournament standings: in the asker's language.
            for user, language in ((anna, "es"), (bert, "en")):
                await emu.slash(user, ch, f"{path} standings", tournament=tid)
                asked = emu.last_ephemeral(user).text
                assert t(language, "standings-final") in asked
                assert standings_text(info, language) in asked

            await emu.settle()
            public = "\n".join(m.text for m in emu.messages(ch) + emu.messages(home))
            english = [
                t("en", "tournament-round-of", name="Coupe", round=1, total=1),
                t("en", "standings-final"),
                t("en", "tournament-no-show-both", a=a, b=b),
                t("en", "signup-join"),
                t("en", "view-col-player"),
                "No-show",
                "is over",
            ]
            assert [e for e in english if e in public] == []
            assert emu.unknown_routes == []
