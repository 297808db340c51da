"""Reading the bot's answer to a command as the person who gave it."""

from __future__ import annotations

from emulator import Interaction, User


def refused_to(inter: Interaction, user: User) -> bool:
    """Whether a refusal reached `user` as the bot gives it: privately when answered at
    once, else in place of its public "thinking..." message (past the answer's budget, a
    loaded machine: `cogs/_answers.py` `in_time`)."""
    answer = inter.response
    return answer is not None and answer.ephemeral_to is (user if inter.ack_type == 4 else None)
