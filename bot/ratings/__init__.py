"""Ratings: the Glicko-2 arithmetic (`glicko.py`, pure) and the service that rates finished
matches (`service.py`, `RatingService`)."""

from bot.ratings import glicko
from bot.ratings.glicko import *  # noqa: F403 (glicko's names, listed once, in its `__all__`)

__all__ = glicko.__all__
