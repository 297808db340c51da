"""The tournament service (`TournamentService`, the one entry) and its one error.

Each job is a private module of its own: `_live` (a tournament in memory), `_setup`
(settings shared by the parts), `_registry` (the tournaments in memory, their tables, the
store as the truth), `_info` (what a tournament looks like from outside), `_updates` (the
observers' queue and the service's tasks), `_signup`, `_standings` (who posts the standings message), `_organizer` (rights, start, pause,
resume, cancel, kick), `_rounds`, `_results` (from the game tables), `_checks` (was a match
played?), `_deadlines` (no-shows), `_timers`, `_notes` (results and their words),
`_recovery` (a restart, the shared store's timers) and `_service`.
"""

from ._service import TournamentService
from ._setup import TournamentProblem

__all__ = [
    "TournamentProblem",
    "TournamentService",
]
