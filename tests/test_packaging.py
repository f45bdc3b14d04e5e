"""Every package under src/ must be listed for setuptools, or a wheel would lack it."""

from __future__ import annotations

import re
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


def test_the_readme_layers_are_the_import_contract() -> None:
    """The diagram in the README's "How the code is laid out" is the layers contract."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (layers,) = [c for c in contracts if c["type"] == "layers"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## How the code is laid out", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```\n(.*?)\n```", section, re.DOTALL)
    assert found is not None, "the layout section has no diagram"

    def words(text: str) -> str:
        return " ".join(text.split())

    assert [words(part) for part in found.group(1).split("->")] == [
        words(layer) for layer in layers["layers"]
    ]
    assert words(layers["name"]) == "Layers: " + " > ".join(words(x) for x in layers["layers"])
