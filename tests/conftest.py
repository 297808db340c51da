"""Shared test settings."""

from hypothesis import settings

#: The PostgreSQL server fixtures (`pg_server`, `pg_url`), for the store, game and e2e tests.
pytest_plugins = ("tests.store.pg_fixtures", "tests.shared_store")

# Timing varies on shared 2-core machines; speed is measured in bench/, never in tests.
settings.register_profile("default", deadline=None, max_examples=200)
settings.load_profile("default")
