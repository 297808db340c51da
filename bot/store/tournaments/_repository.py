"""`Tournaments`, the repository: its parts put together."""

from __future__ import annotations

from ._entries import Entries
from ._lifecycle import Lifecycle
from ._organizers import Organizers
from ._rounds import Rounds


class Tournaments(Lifecycle, Entries, Rounds, Organizers):
    """`store.tournaments`."""
