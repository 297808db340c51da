"""The process: the Discord client (`client.py`, `GinBot`), its settings, the wiring of the
services (`services.py`), start-up checks, shards, the local sandbox, the `/gin` command
group. Everything else is built from here."""
