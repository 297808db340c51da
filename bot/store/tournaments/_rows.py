"""A tournament, an entry, a round and a pairing as read from their rows."""

from __future__ import annotations

from bot.store._db import Row, from_ms, opt_dt
from bot.store.models import Entry, Tournament, TournamentPairing, TournamentRound


def tournament_from(row: Row) -> Tournament:
    return Tournament(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        name=row["name"],
        format=row["format"],
        rules=row["rules"],
        target=row["target"],
        settings_json=row["settings_json"],
        status=row["status"],
        organizer_id=row["organizer_id"],
        seed=row["seed"],
        current_round=row["current_round"],
        state_json=row["state_json"],
        version=row["version"],
        created_at=from_ms(row["created_at"]),
        updated_at=from_ms(row["updated_at"]),
    )


def entry_from(row: Row) -> Entry:
    return Entry(
        tournament_id=row["tournament_id"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        rating=row["rating"],
        seed=row["seed"],
        status=row["status"],
        final_rank=row["final_rank"],
        joined_at=from_ms(row["joined_at"]),
    )


def pairing_from(row: Row) -> TournamentPairing:
    return TournamentPairing(
        tournament_id=row["tournament_id"],
        key=row["pairing_key"],
        round_no=row["round_no"],
        board=row["board"],
        deal_round=row["deal_round"],
        player_a=row["player_a"],
        player_b=row["player_b"],
        table_id=row["table_id"],
        result_kind=row["result_kind"],
        winner_id=row["winner_id"],
        result_json=row["result_json"],
        finished_at=opt_dt(row["finished_at"]),
    )


def round_from(row: Row) -> TournamentRound:
    return TournamentRound(
        tournament_id=row["tournament_id"],
        round_no=row["round_no"],
        status=row["status"],
        deadline=opt_dt(row["deadline"]),
        started_at=from_ms(row["started_at"]),
        finished_at=opt_dt(row["finished_at"]),
    )
