"""Shared test settings: property tests have no per-example deadline (CI machines vary)."""

from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("doudizhu", deadline=None, print_blob=True)
settings.load_profile("doudizhu")


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The apps a command would have run; the app itself is not started (its ``run``
    only records the app), so command-line tests stay headless and quick."""
    from doudizhu_tui.tui.app import DouDizhuApp

    apps: list[Any] = []

    def run(self: DouDizhuApp, *args: Any, **kwargs: Any) -> None:
        apps.append(self)

    monkeypatch.setattr(DouDizhuApp, "run", run)
    return apps
