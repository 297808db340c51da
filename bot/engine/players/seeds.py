"""Seeds for computer players that say nothing about the deal.

A computer player gets its own seed for its random choices. It used to be the match seed
XOR a small number, from which anyone holding the player (or its `random.Random` state)
could recover the match seed and so rebuild every deal. `player_seed` is a keyed BLAKE2b
hash of the match seed and the seat: it cannot be inverted, so a player object holds
nothing from which the deal follows.
"""

from __future__ import annotations

import hashlib

__all__ = ["player_seed"]

# Domain separation: a hash made for this purpose only. One-wayness comes from BLAKE2b; the
# match seed itself (62 random bits, `secrets.randbits`) is too large to guess by trial.
_KEY = b"gin-rummy computer player seed v1"


def player_seed(match_seed: int, seat: int) -> int:
    """The seed of the computer player at `seat` in the match dealt from `match_seed`
    (63 bits, the same on every machine)."""
    data = f"{match_seed}:{seat}".encode()
    digest = hashlib.blake2b(data, key=_KEY, digest_size=8, person=b"player-seed").digest()
    return int.from_bytes(digest, "big") >> 1
