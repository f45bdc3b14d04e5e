"""Shared test settings: property tests have no per-example deadline (CI machines vary)."""

from hypothesis import settings

settings.register_profile("doudizhu", deadline=None, print_blob=True)
settings.load_profile("doudizhu")
