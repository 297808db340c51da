"""discord.py cogs: thin adapters from interactions to services."""
