"""Tournaments: sign-up entries, rounds, pairings and their results, organizer roles.

Players are Discord user ids and pairings are keyed by `bot.tournaments`' pairing ids
("r3t2", "W2.1"), so the tournament service maps its types onto rows one to one.

Each job is a private module of its own: `_rows` (a row read as a tournament, an entry, a
round, a pairing), `_lifecycle` (the tournament itself), `_entries`, `_rounds` (rounds and
pairings), `_organizers` (a server's organizer role) and `_repository` (`Tournaments`, the
parts, on `bot.store._parts.Part`, put together).
"""

from ._repository import Tournaments

__all__ = ["Tournaments"]
