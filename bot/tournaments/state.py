"""The tournament state machine: the one object a tournament service drives.

Lifecycle: :meth:`Tournament.create` from the entrants -> :meth:`~Tournament.start_round`
-> :meth:`~Tournament.record_result` for each table (or :meth:`~Tournament.apply_no_show`
when a deadline passes) -> when :attr:`~Tournament.round_complete`, start the next round,
until :attr:`~Tournament.finished` -> :meth:`~Tournament.final_ranking`. Between calls the
whole state is ``to_dict()`` (JSON-safe) and comes back with ``from_dict()``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from . import bracket as _bracket
from . import round_robin as _rr
from . import swiss as _swiss
from .deals import deal_seed
from .noshow import no_show_result
from .standings import elimination_standings, points_standings
from .types import (
    BYE_POINTS,
    Entrant,
    Format,
    Pairing,
    PlayerId,
    Result,
    ResultKind,
    Standing,
    TournamentError,
)

__all__ = ["MIN_PLAYERS", "Tournament", "TournamentConfig", "forfeit_counts"]

MIN_PLAYERS = 2
STATE_VERSION = 1


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """What the organizer chose at creation.

    ``rounds``: Swiss only; None means the usual ceil(log2 n). ``double_round_robin``: round
    robin only; forced on by ``duplicate`` so both seatings of every deal are played.
    ``duplicate``: every table of a round plays the same seeded deals. ``seed``: the
    tournament's random seed (pick one at creation and keep it)."""

    format: Format
    rounds: int | None = None
    double_round_robin: bool = False
    duplicate: bool = False
    seed: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format.value,
            "rounds": self.rounds,
            "double_round_robin": self.double_round_robin,
            "duplicate": self.duplicate,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentConfig:
        return cls(
            format=Format(data["format"]),
            rounds=data.get("rounds"),
            double_round_robin=bool(data.get("double_round_robin", False)),
            duplicate=bool(data.get("duplicate", False)),
            seed=int(data.get("seed", 0)),
        )


@dataclass
class Tournament:
    """A running tournament. Build it with :meth:`create`, not the constructor.

    ``entrants`` are in seed order (seed 1 first). ``rounds[i]`` holds the pairings of round
    ``i + 1``, byes included. ``withdrawn`` maps a player to the round they left in.
    """

    config: TournamentConfig
    entrants: list[Entrant]
    rounds: list[list[Pairing]] = field(default_factory=list)
    withdrawn: dict[PlayerId, int] = field(default_factory=dict)

    # ----------------------------------------------------------------- creation

    @classmethod
    def create(cls, config: TournamentConfig, entrants: Sequence[Entrant]) -> Tournament:
        """Seed the field by rating (highest first; equal ratings keep sign-up order) and
        check the options. Raises :class:`TournamentError` with a player-readable message."""
        ids = [e.player for e in entrants]
        if len(set(ids)) != len(ids):
            raise TournamentError("A player is signed up twice.")
        n = len(entrants)
        if n < MIN_PLAYERS:
            raise TournamentError(
                f"A tournament needs at least {MIN_PLAYERS} players.",
                "tournament-too-few",
                count=MIN_PLAYERS,
            )
        if config.format is Format.SWISS:
            most = _swiss.max_rounds(n)
            if config.rounds is not None and not 1 <= config.rounds <= most:
                allowed = "only 1 round" if most == 1 else f"1 to {most} rounds"
                raise TournamentError(
                    f"A Swiss tournament of {n} players can have {allowed}.",
                    "tournament-swiss-rounds",
                    players=n,
                    most=most,
                )
        elif config.rounds is not None:
            raise TournamentError("The number of rounds can only be chosen for Swiss.")
        if config.format is Format.ROUND_ROBIN and config.duplicate:
            config = replace(config, double_round_robin=True)
        elif config.format is not Format.ROUND_ROBIN and config.double_round_robin:
            raise TournamentError("A double round robin is a round-robin option.")
        seeded = sorted(entrants, key=lambda e: -e.rating)  # stable: ties keep sign-up order
        return cls(config=config, entrants=seeded)

    # --------------------------------------------------------------- inspection

    @property
    def format(self) -> Format:
        return self.config.format

    @property
    def seeds(self) -> list[PlayerId]:
        """Players in seed order."""
        return [e.player for e in self.entrants]

    def seed_of(self, player: PlayerId) -> int:
        try:
            return self.seeds.index(player) + 1
        except ValueError:
            raise TournamentError("That player is not in this tournament.") from None

    @property
    def active_players(self) -> list[PlayerId]:
        """Entrants who have not withdrawn (in elimination, eliminated players included)."""
        return [p for p in self.seeds if p not in self.withdrawn]

    @property
    def current_round(self) -> int:
        """The round being played (or last played); 0 before the first round."""
        return len(self.rounds)

    @property
    def total_rounds(self) -> int | None:
        """Rounds the tournament will have: fixed for Swiss and round robin, None for
        brackets (byes, forfeits and the grand-final reset change it)."""
        n = len(self.entrants)
        if self.format is Format.SWISS:
            return self.config.rounds or _swiss.default_rounds(n)
        if self.format is Format.ROUND_ROBIN:
            return len(self._rr_schedule)
        return None

    @property
    def all_pairings(self) -> list[Pairing]:
        return [p for rnd in self.rounds for p in rnd]

    def pairing(self, pairing_id: str) -> Pairing:
        for rnd in reversed(self.rounds):
            for p in rnd:
                if p.id == pairing_id:
                    return p
        raise TournamentError("There is no such table in this tournament.")

    def current_pairings(self) -> list[Pairing]:
        """This round's tables, byes included."""
        return list(self.rounds[-1]) if self.rounds else []

    def pending_pairings(self) -> list[Pairing]:
        """This round's tables still waiting for a result."""
        return [p for p in self.current_pairings() if p.result is None]

    def pairing_for(self, player: PlayerId) -> Pairing | None:
        """The player's table this round, if they have one."""
        return next((p for p in self.current_pairings() if player in p.players), None)

    @property
    def round_complete(self) -> bool:
        """True when every table of the current round has a result (and before round 1)."""
        return not self.pending_pairings()

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    @property
    def finished(self) -> bool:
        if not self.round_complete:
            return False
        if self.format.is_elimination:
            return self._final_state.decided
        if self.format is Format.SWISS and len(self.active_players) < 2:
            return True
        total = self.total_rounds
        assert total is not None
        return self.current_round >= total

    @property
    def winners(self) -> list[PlayerId]:
        """Players in first place once finished (usually one; several on a full tie in Swiss
        or round robin; none after a double no-show in a bracket final)."""
        if not self.finished:
            return []
        return [s.player for s in self.standings() if s.place == 1]

    # ------------------------------------------------------------------ playing

    def start_round(self) -> list[Pairing]:
        """Pair the next round and return all its tables (byes come already resolved).

        Raises :class:`TournamentError` if the current round is not finished or the
        tournament is over.
        """
        if not self.round_complete:
            raise TournamentError("This round still has matches to play.")
        if self.finished:
            raise TournamentError("The tournament is over.")
        number = self.current_round + 1
        if self.format is Format.SWISS:
            new = self._pair_swiss(number)
        elif self.format is Format.ROUND_ROBIN:
            new = self._pair_round_robin(number)
        else:
            new = self._pair_bracket(number)
        self.rounds.append(new)
        self._invalidate()
        return list(new)

    def record_result(self, pairing_id: str, result: Result) -> Pairing:
        """Record the outcome of a table of the current round and return the updated table.

        Recording the same result twice is harmless (so replays after a restart are safe);
        a different result for a decided table is refused.
        """
        if not self.rounds:
            raise TournamentError("The tournament has not started.")
        rnd = self.rounds[-1]
        idx = next((i for i, p in enumerate(rnd) if p.id == pairing_id), None)
        if idx is None:
            raise TournamentError("That table is not part of the current round.")
        p = rnd[idx]
        if p.result is not None:
            if p.result == result:
                return p
            raise TournamentError("That table already has a result.")
        if result.kind is ResultKind.BYE or p.b is None:
            raise TournamentError("Byes are decided by the pairing, not by a result.")
        if result.winner is not None and result.winner not in p.players:
            raise TournamentError("The winner must be one of the two players at the table.")
        rnd[idx] = p.with_result(result)
        self._invalidate()
        return rnd[idx]

    def record_win(self, pairing_id: str, winner: PlayerId) -> Pairing:
        """Shortcut for a match that was played to the end."""
        return self.record_result(pairing_id, Result.win(winner))

    def apply_no_show(self, pairing_id: str, present: Collection[PlayerId]) -> Result | None:
        """The table's deadline passed with only ``present`` there: record and return the
        forfeit (see :func:`~bot.tournaments.noshow.no_show_result`), or None if nothing
        changes (both there, a bye, or already decided)."""
        result = no_show_result(self.pairing(pairing_id), present)
        if result is not None:
            self.record_result(pairing_id, result)
        return result

    def withdraw(self, player: PlayerId) -> list[Pairing]:
        """Take a player out (they left, or the organizer kicked them).

        Their pending table this round is forfeited to the opponent (a double forfeit if the
        opponent has left too); they are never paired again (in a bracket, their next
        opponent advances). Returns the tables whose result this decided.
        """
        self.seed_of(player)
        if player in self.withdrawn:
            return []
        self.withdrawn[player] = self.current_round
        self._invalidate()
        changed: list[Pairing] = []
        p = self.pairing_for(player)
        if p is not None and p.result is None and p.b is not None:
            other = p.opponent(player)
            assert other is not None
            res = Result.double_forfeit() if other in self.withdrawn else Result.forfeit(other)
            changed.append(self.record_result(p.id, res))
        return changed

    def deal_seed(self, pairing: Pairing, deal_index: int) -> int:
        """The seed for deal ``deal_index`` (0-based) at this table.

        With duplicate deals every table of a round gets the same seeds (and the second leg
        of a round robin replays the first leg's); otherwise each table has its own.
        """
        if self.config.duplicate:
            return deal_seed(self.config.seed, pairing.deal_round, deal_index)
        return deal_seed(self.config.seed, pairing.round, deal_index, table=pairing.table)

    # ---------------------------------------------------------------- standings

    def standings(self) -> list[Standing]:
        """Standings now (see docs/tournaments.md for the order and tiebreaks)."""
        if self.format.is_elimination:
            final = self._final_state
            return elimination_standings(
                self.seeds,
                self.all_pairings,
                self.withdrawn,
                lives=2 if self.format is Format.DOUBLE_ELIMINATION else 1,
                finished=self.finished,
                champion=final.winner if final.decided else None,
            )
        bye_points = BYE_POINTS if self.format is Format.SWISS else 0
        return points_standings(self.seeds, self.all_pairings, self.withdrawn, bye_points)

    def final_ranking(self) -> list[Standing]:
        """The standings once the tournament is over."""
        if not self.finished:
            raise TournamentError("The tournament is not over yet.")
        return self.standings()

    def bracket_states(self) -> list[_bracket.MatchState]:
        """Every bracket match with what is known about it (elimination formats only)."""
        if not self.format.is_elimination:
            raise TournamentError("Only elimination tournaments have a bracket.")
        return list(self._resolved.values())

    # -------------------------------------------------------------- persistence

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "config": self.config.to_dict(),
            "entrants": [e.to_dict() for e in self.entrants],
            "rounds": [[p.to_dict() for p in rnd] for rnd in self.rounds],
            "withdrawn": [[p, r] for p, r in self.withdrawn.items()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tournament:
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"unknown tournament state version {data.get('version')!r}")
        return cls(
            config=TournamentConfig.from_dict(data["config"]),
            entrants=[Entrant.from_dict(e) for e in data["entrants"]],
            rounds=[[Pairing.from_dict(p) for p in rnd] for rnd in data["rounds"]],
            withdrawn={int(p): int(r) for p, r in data["withdrawn"]},
        )

    # ---------------------------------------------------------------- internals

    def _invalidate(self) -> None:
        self.__dict__.pop("_resolved", None)

    @cached_property
    def _rr_schedule(self) -> list[list[tuple[PlayerId, PlayerId | None]]]:
        return _rr.round_robin_rounds(self.seeds, self.config.double_round_robin)

    @cached_property
    def _matches(self) -> list[_bracket.BracketMatch]:
        return _bracket.build_bracket(
            len(self.entrants), double=self.format is Format.DOUBLE_ELIMINATION
        )

    @cached_property
    def _resolved(self) -> dict[str, _bracket.MatchState]:
        scheduled = {p.id: p for p in self.all_pairings}
        return _bracket.resolve(self._matches, self.seeds, scheduled, set(self.withdrawn))

    @property
    def _final_state(self) -> _bracket.MatchState:
        return self._resolved[_bracket.final_match_id(self._matches)]

    def _met(self) -> set[frozenset[PlayerId]]:
        return {frozenset((p.a, p.b)) for p in self.all_pairings if p.b is not None}

    def _pair_swiss(self, number: int) -> list[Pairing]:
        active = self.active_players
        ranking = self.standings()
        points = {s.player: s.match_points for s in ranking}
        byes = {s.player: s.byes for s in ranking}
        lowest_first = [s.player for s in reversed(ranking) if s.player in set(active)]
        bye_candidates = [p for p in lowest_first if byes[p] == 0] or sorted(
            lowest_first, key=lambda p: byes[p]
        )
        result = _swiss.pair_round(active, points, self._met(), bye_candidates)
        seat1 = dict.fromkeys(self.seeds, 0)
        for p in self.all_pairings:
            if p.b is not None:
                seat1[p.a] += 1
        tables: list[Pairing] = []
        for i, (hi, lo) in enumerate(result.pairs, start=1):
            # Balance who sits in seat 1; on a tie, alternate between rounds.
            if seat1[hi] > seat1[lo] or (seat1[hi] == seat1[lo] and number % 2 == 0):
                hi, lo = lo, hi
            tables.append(Pairing(f"r{number}t{i}", number, i, hi, lo, number))
        if result.bye is not None:
            i = len(tables) + 1
            tables.append(
                Pairing(
                    f"r{number}t{i}", number, i, result.bye, None, number, Result.bye(result.bye)
                )
            )
        return tables

    def _pair_round_robin(self, number: int) -> list[Pairing]:
        schedule = self._rr_schedule
        leg = len(schedule) // 2 if self.config.double_round_robin else len(schedule)
        deal_round = number - leg if number > leg else number
        tables: list[Pairing] = []
        for i, (a, b) in enumerate(schedule[number - 1], start=1):
            pairing = Pairing(f"r{number}t{i}", number, i, a, b, deal_round)
            if b is None:
                pairing = pairing.with_result(Result.bye(a))
            elif a in self.withdrawn or b in self.withdrawn:
                both = a in self.withdrawn and b in self.withdrawn
                res = (
                    Result.double_forfeit()
                    if both
                    else Result.forfeit(b if a in self.withdrawn else a)
                )
                pairing = pairing.with_result(res)
            tables.append(pairing)
        return tables

    def _pair_bracket(self, number: int) -> list[Pairing]:
        ready = [s for s in self._resolved.values() if s.ready]
        if not ready:
            raise TournamentError("No match is ready to be played.")
        # Play each match in its bracket round; only if forfeits emptied this round, move on
        # to the earliest matches that are waiting rather than pair an empty round.
        limit = max(number, min(s.match.depth for s in ready))
        ready = [s for s in ready if s.match.depth <= limit]
        tables: list[Pairing] = []
        for i, s in enumerate(ready, start=1):
            assert s.a is not None and s.b is not None
            tables.append(Pairing(s.match.id, number, i, s.a, s.b, number))
        return tables


def forfeit_counts(t: Tournament) -> dict[PlayerId, int]:
    """Tables each player had decided without play (a forfeit won or lost, or a double
    forfeit): shown next to their record as ``(1 ff)``."""
    counts: dict[PlayerId, int] = {}
    for rnd in t.rounds:
        for p in rnd:
            res = p.result
            if p.b is None or res is None:
                continue
            if res.kind in (ResultKind.FORFEIT, ResultKind.DOUBLE_FORFEIT):
                for x in (p.a, p.b):
                    counts[x] = counts.get(x, 0) + 1
    return counts
