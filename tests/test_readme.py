"""The README's example of the rules engine runs and prints what the README says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_rules_engine_example_runs_and_prints_what_the_readme_says() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Using the rules engine", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code.group(1), "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert len(lines) == 5
    assert lines[0].count("airplane") == 3
    assert lines[1:4] == ["True", "9-9 does not beat Q-Q", "['K K', 'BJ RJ']"]
    assert lines[4] == "(120, -60, -60)"
    assert "(120, -60, -60)" in section
