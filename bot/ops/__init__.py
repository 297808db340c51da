"""Running the bot as a service: backups (``backup``), health and metrics (``metrics``,
``health``, ``server``). See ``docs/deploy.md``."""
