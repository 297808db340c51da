"""Duplicate deals: the same seeded deals at every table of a round."""

from __future__ import annotations

import hashlib

__all__ = ["deal_seed"]


def deal_seed(
    tournament_seed: int, round_no: int, deal_index: int, table: int | None = None
) -> int:
    """A 63-bit seed (fits SQLite's signed INTEGER) for deal ``deal_index`` (0-based) of round ``round_no``.

    With ``table`` None (duplicate deals) every table of the round gets the same seed for the
    same deal index, so the engine deals identical hands to seat 1 and seat 2 everywhere.
    Passing ``table`` gives each table its own (still reproducible) deals. The seed is a hash,
    not Python's ``hash()``, so it is stable across processes and restarts.
    """
    if round_no < 1 or deal_index < 0:
        raise ValueError("round numbers start at 1 and deal indexes at 0")
    key = f"gin-tournament:{tournament_seed}:{round_no}:{deal_index}"
    if table is not None:
        key += f":{table}"
    digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
