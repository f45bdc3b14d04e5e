"""Every package under src/ must be listed for setuptools, or a wheel would lack it."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    src = ROOT / "src"
    found = {".".join(init.parent.relative_to(src).parts) for init in src.rglob("__init__.py")}
    missing = sorted(found - listed)
    assert not missing, f"add {missing} to [tool.setuptools] packages in pyproject.toml"


def test_rules_folder_is_the_data_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["setuptools"]["package-dir"]["doudizhu_tui.rules_data"] == "rules"
    assert (ROOT / "rules" / "__init__.py").is_file()
