"""Game services: challenges and tables. Async, no Discord types; errors a player can read."""
