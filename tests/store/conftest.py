"""Every store test gets its own data directory through DOUDIZHU_HOME."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("DOUDIZHU_HOME", str(folder))
    return folder
