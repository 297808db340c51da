"""The lobby: a table opened, players and computers seated or leaving, the match started."""

from __future__ import annotations

import json

from bot.engine import RuleSet
from bot.games.errors import GameError
from bot.games.model import TableState, TableUpdate
from bot.games.presets import check_seats, make_rules
from bot.i18n import Coded
from bot.store.models import NewSeat, Table, TableSpec

from ._live import MAX_TABLES_PER_PLAYER, LiveTable
from ._registry import Registry
from ._rounds import Rounds
from ._setup import Setup
from ._state import state, update


def computer_name(level: str) -> str:
    """A computer opponent's name, saying how strong it plays."""
    return f"Computer ({level})"


class Lobby:
    """Tables from their opening to their first deal."""

    def __init__(self, setup: Setup, registry: Registry, rounds: Rounds) -> None:
        self.setup = setup
        self.store = setup.store
        self.registry = registry
        self.rounds = rounds

    async def check_capacity(self, user_id: int) -> None:
        count = await self.store.tables.count_active(user_id)
        if count >= MAX_TABLES_PER_PLAYER:
            raise GameError("table-too-many", count=MAX_TABLES_PER_PLAYER)

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: tuple[int, str],
        rules: RuleSet,
        seats: int,
        seated: tuple[tuple[int | None, str, str | None], ...] = (),
        seed: int | None = None,
    ) -> LiveTable:
        """A new table in the lobby; `seated` fills seats now (user id, name, computer level)."""
        check_seats(rules, seats)
        await self.check_capacity(host[0])
        spec = TableSpec(
            guild_id=guild_id,
            channel_id=channel_id,
            rules=rules.name,
            rules_json=json.dumps(rules.to_dict()),
            target=rules.target,
            seat_count=seats,
            seats=tuple(
                NewSeat(name, user_id=uid, computer_level=level) for uid, name, level in seated
            )
            or (NewSeat(host[1], user_id=host[0]),),
            host_id=host[0],
        )
        record = await self.store.tables.create(spec)
        live = LiveTable(record, None, record.version, seed=seed)
        self.registry.live[record.id] = live
        return live

    async def open_lobby(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: tuple[int, str],
        preset: str | None,
        target: int | None,
        seats: int,
    ) -> TableState:
        """`/gin table`: a new table in the lobby with the host seated."""
        rules = make_rules(preset, target, seats)
        await self.store.players.upsert(*host)
        live = await self.open_table(
            guild_id=guild_id, channel_id=channel_id, host=host, rules=rules, seats=seats
        )
        return state(live)

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        """Remember the lobby's public message (its controls are edited as players join)."""
        await self.store.tables.set_message(table_id, message_id)
        live = self.registry.live.get(table_id)
        if live is not None:
            live.record = await self.store.tables.get(table_id) or live.record

    async def play_computer(
        self,
        *,
        guild_id: int,
        channel_id: int,
        player: tuple[int, str],
        level: str,
        preset: str | None = None,
        target: int | None = None,
        rules: RuleSet | None = None,
        name: str | None = None,
    ) -> TableUpdate:
        """`/gin computer` and a rematch against one: a two-seat match, started at once
        (`rules` as stored for a rematch, else the `preset` and `target` asked for)."""
        rules = rules or make_rules(preset, target)
        await self.store.players.upsert(*player)
        live = await self.open_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host=player,
            rules=rules,
            seats=2,
            seated=((player[0], player[1], None), (None, name or computer_name(level), level)),
        )
        return await self.start(live.record.id, player[0])

    async def adopt_and_start(self, record: Table, *, seed: int | None = None) -> TableUpdate:
        """Start a table the store just created full (an accepted challenge, a tournament
        pairing). `seed` fixes the deals (duplicate tournaments); random otherwise."""
        live = LiveTable(record, None, record.version, seed=seed)
        self.registry.live[record.id] = live
        async with live.lock:
            return await self.rounds.start(live, actor=None)

    async def join(self, table_id: int, user_id: int, name: str) -> TableUpdate:
        if not self.setup.shared:
            self.registry.get(table_id)
        await self.store.players.upsert(user_id, name)
        async with self.registry.hold(table_id) as live:
            if live.record.status != "lobby":
                raise GameError("table-started")
            if live.record.seat_of(user_id) is not None:
                raise GameError("table-already-seated")
            if len(live.record.seats) >= live.record.seat_count:
                raise GameError("table-full")
            await self.check_capacity(user_id)
            live.record = await self.store.tables.join(table_id, NewSeat(name, user_id=user_id))
            live.version = live.record.version
            joined = update(live, "lobby", actor=user_id)
            if len(live.record.seats) == live.record.seat_count:
                return await self.rounds.start(live, actor=user_id)
            return joined

    def check_add_computer(self, table_id: int, user_id: int) -> None:
        """Refuse (GameError) unless `user_id` may seat a computer at the table now."""
        live = self.registry.get(table_id)
        if live.record.host_id != user_id:
            raise GameError("table-host-adds-computer")
        if live.record.status != "lobby":
            raise GameError("table-started")
        if len(live.record.seats) >= live.record.seat_count:
            raise GameError("table-full")

    async def add_computer(
        self, table_id: int, user_id: int, level: str = "normal", name: str | None = None
    ) -> TableUpdate:
        """The host seats a computer player ("Computer 2 (hard)" for a second one, by default)."""
        async with self.registry.hold(table_id) as live:
            if name is None:
                n = 1 + sum(1 for s in live.record.seats if s.computer_level)
                name = f"Computer {n} ({level})"
            self.check_add_computer(table_id, user_id)
            live.record = await self.store.tables.join(
                table_id, NewSeat(name, computer_level=level)
            )
            live.version = live.record.version
            if len(live.record.seats) == live.record.seat_count:
                return await self.rounds.start(live, actor=user_id)
            return update(live, "lobby", actor=user_id)

    async def leave(self, table_id: int, user_id: int) -> TableUpdate:
        async with self.registry.hold(table_id) as live:
            if live.record.status != "lobby":
                raise GameError("table-leave-started")
            if live.record.seat_of(user_id) is None:
                raise GameError("table-not-at")
            if user_id == live.record.host_id or len(live.record.seats) == 1:
                await self.store.tables.abandon(table_id)
                await self.registry.refresh(live)
                self.registry.live.pop(table_id, None)
                return update(live, "closed", actor=user_id, note=Coded("table-host-closed"))
            live.record = await self.store.tables.leave(table_id, user_id)
            live.version = live.record.version
            return update(live, "lobby", actor=user_id)

    async def start(self, table_id: int, user_id: int) -> TableUpdate:
        async with self.registry.hold(table_id) as live:
            if live.record.host_id != user_id:
                raise GameError("table-host-starts")
            if live.record.status != "lobby":
                raise GameError("table-started")
            rules = live.rules
            if len(live.record.seats) < max(2, rules.min_players):
                raise GameError("table-two-needed")
            return await self.rounds.start(live, actor=user_id)
