"""Before the app starts (issue #9): the resume question at 80 columns, a declined or
dropped session said to be discarded, and everything said before the app handed to it."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from doudizhu_tui.cli import launch, main
from doudizhu_tui.core import code_from_number
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.store import LoadResult, LoadStatus, SaveSlot

from .store.helpers import play

DEAL = "3226B-Q524C"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOUDIZHU_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


class Runs:
    """What ``run_app`` was called with (the app is not started)."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(
        self,
        match: Match,
        *,
        pace: float | None,
        ascii: bool,
        save: bool,
        session_id: str | None = None,
        notices: tuple[str, ...] = (),
    ) -> Match:
        self.calls.append(
            {"match": match, "session_id": session_id, "notices": list(notices), "save": save}
        )
        return match


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Runs:
    fake = Runs()
    monkeypatch.setattr("doudizhu_tui.tui.launch.run_app", fake)
    return fake


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard input is a terminal: the question is put."""
    monkeypatch.setattr(launch, "_can_ask", lambda: True)


def saved_session(actions: int = 5) -> Match:
    match = play(
        Match(MatchConfig(first_code=code_from_number(11), deals=3, level="random")),
        random.Random(4),
        actions,
    )
    assert SaveSlot().save(match, "sid-1")
    return match


def invoke(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


# ----- the question ------------------------------------------------------------------------


def test_the_resume_question_reads_well_at_80_columns(asked: None, runs: Runs) -> None:
    saved_session()
    result = invoke("play", stdin="\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("You have an unfinished session, saved ")
    assert lines[1] == "deal 1 of 3, you +0, against random computers, classic rules."
    assert lines[2].startswith("Resume it? (No: a new session starts and this one is discarded.)")
    assert lines[2].endswith("[Y/n]: ")
    assert all(len(line) < 80 for line in lines)  # the last deal's code included
    (call,) = runs.calls
    assert call["session_id"] == "sid-1"  # Enter resumes


def test_the_question_stays_within_79_columns_for_long_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = "ddz_" + "x" * 60
    (tmp_path / f"{module}.py").write_text(
        "from tests.outside_bot import FirstLegal as factory\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    config = MatchConfig(first_code=code_from_number(3), deals=12, level=f"{module}:factory")
    match = Match(config)
    result = LoadResult(LoadStatus.OK, match, "sid", datetime(2026, 11, 30, 14, 2, tzinfo=UTC))
    question = launch.resume_question(result)
    assert all(len(line) <= launch.RESUME_WIDTH for line in question.splitlines())
    assert "..." in question and "computers" in question


def test_declining_discards_the_session_and_says_so(asked: None, runs: Runs) -> None:
    saved_session()
    result = invoke("play", "--pace", "0", stdin="n\n")
    assert result.exit_code == 0, result.output
    line = "the unfinished session (deal 1 of 3, you +0) was discarded; a new one starts"
    assert result.stderr == f"doudizhu: {line}\n"
    (call,) = runs.calls
    assert call["session_id"] is None and call["notices"] == [line]
    assert not SaveSlot().exists()


def test_new_discards_without_asking_and_says_so(runs: Runs) -> None:
    saved_session()
    result = invoke("play", "--new")
    assert result.exit_code == 0, result.output
    assert "Resume it?" not in result.stdout
    assert "(deal 1 of 3, you +0) was discarded" in result.stderr
    assert not SaveSlot().exists()


def test_resume_takes_it_up_without_asking(runs: Runs) -> None:
    saved_session()
    result = invoke("play", "--resume")
    assert result.exit_code == 0, result.output
    assert result.stderr == "" and "Resume it?" not in result.stdout
    assert runs.calls[0]["session_id"] == "sid-1"


def test_with_no_terminal_to_ask_the_session_is_resumed_and_that_is_said(runs: Runs) -> None:
    saved_session()
    result = invoke("play")
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "doudizhu: resuming the unfinished session (deal 1 of 3, you +0); --new starts afresh\n"
    )
    (call,) = runs.calls
    assert call["session_id"] == "sid-1"
    assert SaveSlot().exists()


def test_ending_the_input_at_the_question_keeps_the_session(asked: None, runs: Runs) -> None:
    saved_session()
    result = invoke("play", stdin="")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "doudizhu: error: interrupted"
    assert not runs.calls
    assert SaveSlot().exists()


# ----- what is said before the app starts reaches the app ----------------------------------


def test_a_damaged_save_is_printed_and_handed_to_the_app(home: Path, runs: Runs) -> None:
    home.mkdir(parents=True)
    (home / "session.json").write_text("{ not json", encoding="utf-8")
    result = invoke("play")
    assert result.exit_code == 0, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("doudizhu: The saved session could not be restored: ")
    assert "kept as" in line
    (call,) = runs.calls
    assert call["notices"] == [line.removeprefix("doudizhu: ")]
    assert list(home.glob("session.damaged-*.json"))


def test_another_level_than_the_codes_is_printed_and_handed_to_the_app(runs: Runs) -> None:
    result = invoke("replay", f"{DEAL}:older:easy", "--level", "hard")
    assert result.exit_code == 0, result.output
    (call,) = runs.calls
    (notice,) = call["notices"]
    assert "played against easy computers; these are hard" in notice
    assert result.stderr == f"doudizhu: {notice}\n"
    assert call["save"] is False


def test_nothing_to_say_hands_nothing(runs: Runs) -> None:
    result = invoke("play", "--code", DEAL)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert runs.calls[0]["notices"] == []
