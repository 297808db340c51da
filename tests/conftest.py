"""Shared test settings."""

from hypothesis import settings

# Timing varies on shared 2-core machines; speed is measured in bench/, never in tests.
settings.register_profile("default", deadline=None, max_examples=200)
settings.load_profile("default")
