"""`Tables`, the repository: its parts put together."""

from __future__ import annotations

from ._ends import Ends
from ._lobby import Lobby
from ._metadata import Metadata
from ._play import Play
from ._reads import Reads


class Tables(Lobby, Play, Ends, Metadata, Reads):
    """`store.tables`."""
