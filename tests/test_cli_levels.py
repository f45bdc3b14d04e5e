"""Computer levels given as ``package.module:factory`` (issue #9): every malformed or
wrong one is refused before any screen or deal, in one line with exit status 2, the
same way by ``play --level``, ``replay --level``, a level inside a code and ``arena``."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from doudizhu_tui.cli import main
from doudizhu_tui.tui.app import DouDizhuApp

DEAL = "3226B-Q524C"

#: Modules written for these tests: each is broken in one way (or not at all).
MODULES = {
    "ddz_raises_on_import": 'raise RuntimeError("boom\\nat import")\n',
    "ddz_exits_on_import": "import sys\nsys.exit(3)\n",
    "ddz_syntax_error": "def (:\n",
    "ddz_factories": textwrap.dedent(
        """
        import sys


        class Good:
            def __init__(self, seat, rng):
                self.seat = seat

            def decide(self, observation):
                return observation.legal_actions[0]


        def raises(seat, rng):
            raise ValueError("no controller today")


        def exits(seat, rng):
            sys.exit("not now")


        def needs_more(seat, rng, extra):
            return Good(seat, rng)


        class NoDecide:
            def __init__(self, seat, rng):
                pass


        class DecideNotCallable:
            decide = 5

            def __init__(self, seat, rng):
                pass


        NUMBER = 7
        """
    ),
}

#: (spec, words of the one error line)
BAD_SPECS = [
    (":x", "':x' names no module"),
    (":", "names no module"),
    ("ddz_factories:", "names no factory"),
    (".x:y", "'.x:y' is a relative import"),
    ("..ddz_factories:Good", "is a relative import"),
    ("no_such_module_ddz:f", "cannot import 'no_such_module_ddz'"),
    (
        "ddz_raises_on_import:f",
        "cannot load 'ddz_raises_on_import:f': RuntimeError: boom at import",
    ),
    ("ddz_exits_on_import:f", "tried to end the program (exit 3)"),
    ("ddz_syntax_error:f", "SyntaxError"),
    ("ddz_factories:missing", "has no callable 'missing'"),
    ("ddz_factories:NUMBER", "has no callable 'NUMBER'"),
    ("ddz_factories:raises", "did not build a controller: ValueError: no controller today"),
    ("ddz_factories:exits", "tried to end the program (exit 'not now')"),
    ("ddz_factories:needs_more", "did not build a controller: TypeError"),
    ("ddz_factories:NoDecide", "built an object without a decide() method"),
    ("ddz_factories:DecideNotCallable", "built an object without a decide() method"),
    ("ddz_factories:Good:extra", "has no callable 'Good:extra'"),
    ("ddz factories:Good", "cannot be a computer level"),
    ("ddz_factories:Go od", "cannot be a computer level"),
    ("é:x", "cannot be a computer level"),
    ("x" * 5000 + ":y", "cannot be a computer level"),
    ("expert", "unknown level 'expert'"),
]


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("levels")
    for name, text in MODULES.items():
        (folder / f"{name}.py").write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(folder))
        yield folder


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, modules: Path) -> Path:
    monkeypatch.setenv("DOUDIZHU_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[DouDizhuApp]:
    """The apps the command would have run (the app itself is not started); the arena
    must not be run either."""
    apps: list[DouDizhuApp] = []

    def run(self: DouDizhuApp, *args: Any, **kwargs: Any) -> None:
        apps.append(self)

    def no_arena(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the arena was run")

    monkeypatch.setattr(DouDizhuApp, "run", run)
    monkeypatch.setattr("doudizhu_tui.cli.arena.run_arena", no_arena)
    return apps


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _ways(spec: str) -> list[list[str]]:
    """Every way of giving a level to a command."""
    ways = [
        ["play", "--level", spec],
        ["replay", DEAL, "--level", spec],
        ["arena", "--a", spec, "--deals", "1"],
        ["arena", "--b", spec, "--deals", "1"],
    ]
    if "\n" not in spec and " " not in spec:
        written = spec.replace(":", "/")
        ways.append(["replay", f"{DEAL}:classic:{written}"])
        ways.append(["play", "--code", f"{DEAL}:classic:{written}"])
    return ways


@pytest.mark.parametrize(("spec", "words"), BAD_SPECS, ids=[s[:30] for s, _ in BAD_SPECS])
def test_a_bad_level_is_one_line_and_exit_2_wherever_it_is_given(
    started: list[DouDizhuApp], spec: str, words: str
) -> None:
    for args in _ways(spec):
        result = invoke(*args)
        # A code whose level part could not be a level at all is refused as a code.
        in_code = "--code" in args or (args[0] == "replay" and ":classic:" in args[1])
        assert result.exit_code == 2, (args, result.output)
        assert result.stdout == ""
        (line,) = result.stderr.splitlines()
        assert line.startswith("doudizhu: error: "), args
        assert words in line or (in_code and "cannot be a computer level" in line), (args, line)
        assert len(line) < 200, line
    assert not started


def test_the_option_or_code_that_gave_the_level_is_named(started: list[DouDizhuApp]) -> None:
    assert invoke("play", "--level", "ddz_factories:raises").stderr.startswith(
        "doudizhu: error: --level: "
    )
    assert invoke("arena", "--b", "ddz_factories:raises").stderr.startswith(
        "doudizhu: error: --b: "
    )
    code = f"{DEAL}:classic:ddz_factories/raises"
    assert invoke("replay", code).stderr.startswith(f"doudizhu: error: code {code}: ")


@pytest.mark.parametrize(
    "spec", ["ddz_factories:Good", "ddz_factories/Good", " ddz_factories:Good "]
)
def test_a_good_controller_is_played_by_play(started: list[DouDizhuApp], spec: str) -> None:
    result = invoke("play", "--level", spec, "--code", DEAL, "--pace", "0")
    assert result.exit_code == 0, result.output
    (app,) = started
    assert app.match.config.level == "ddz_factories:Good"
    app.match.start_deal()
    assert str(app.match.code) == f"{DEAL}:classic:ddz_factories/Good"


def test_a_good_controller_comes_back_from_its_code(started: list[DouDizhuApp]) -> None:
    result = invoke("replay", f"{DEAL}:classic:ddz_factories/Good", "--pace", "0")
    assert result.exit_code == 0, result.output
    assert started[0].match.config.level == "ddz_factories:Good"


@pytest.mark.parametrize("name", ["EASY", " hard ", "Random", "normal"])
def test_built_in_levels_are_taken_in_any_case(started: list[DouDizhuApp], name: str) -> None:
    result = invoke("play", "--level", name, "--pace", "0")
    assert result.exit_code == 0, result.output
    assert started[0].match.config.level == name.strip().lower()
