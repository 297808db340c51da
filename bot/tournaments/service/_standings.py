"""The standings message: one per tournament, posted by one process whatever processes take
the results (a claim saved with the tournament before it is posted)."""

from __future__ import annotations

from .._model import StandingsSlot
from ._live import LiveTournament
from ._part import Part

#: Seconds a claim to post the standings message holds: a process that claimed it and died
#: before remembering the message leaves it to the next result after that.
STANDINGS_LEASE = 60.0


class Standings(Part):
    """Who posts the standings message, and the message once posted."""

    async def claim_standings(
        self, tournament_id: int, *, replacing: int | None = None
    ) -> StandingsSlot:
        """Where the standings go now: the message to edit, or (claimed, saved) a new one for
        this caller to post and then remember with `set_standings_message`, or nothing while
        another process posts it (it draws them again once posted). `replacing`: the message
        to edit is gone (deleted), a new one replaces it."""
        slot = StandingsSlot(None, post=False)

        async def step(live: LiveTournament) -> None:
            nonlocal slot
            now = self.setup.clock()
            if live.standings_message_id not in (None, replacing):
                slot = StandingsSlot(live.standings_message_id, post=False)
                return
            if posting(live, now):
                slot = StandingsSlot(None, post=False)
                return
            live.standings_message_id, live.standings_claim = None, now
            await self.registry.save(live)
            slot = StandingsSlot(None, post=True)

        await self.registry.shared_step(tournament_id, step)
        return slot

    async def set_standings_message(self, tournament_id: int, message_id: int | None) -> None:
        """Remember the public standings message this caller claimed and posted (edited
        after every result); None: it could not post it, the claim is let go."""

        async def step(live: LiveTournament) -> None:
            if message_id is not None:
                live.standings_message_id = message_id
            live.standings_claim = None
            await self.registry.save(live)

        # Finished or cancelled meanwhile: nothing more to edit (the step is not run).
        await self.registry.shared_step(tournament_id, step)


def posting(live: LiveTournament, now: float) -> bool:
    """A process claimed the standings message and has not remembered it yet."""
    claim = live.standings_claim
    return claim is not None and now - claim < STANDINGS_LEASE
