"""`doudizhu play` and the saved session: offer it, resume it, or start afresh (issue #5)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from doudizhu_tui.cli import launch
from doudizhu_tui.match import MatchConfig
from doudizhu_tui.store import SaveSlot

from .helpers import match_state, new_match, play


def _config() -> MatchConfig:
    return new_match(deals=3, code=5).config


def _saved(actions: int = 25) -> dict[str, object]:
    match = play(new_match(deals=3, code=11), random.Random(4), actions)
    assert SaveSlot().save(match, "sid-1")
    return match_state(match)


def test_resume_flag_takes_up_the_saved_session_at_the_same_position() -> None:
    before = _saved()
    start = launch._resumable(_config(), resume=True)
    assert start.session_id == "sid-1"
    assert match_state(start.match) == before


def test_new_flag_starts_afresh_and_drops_the_saved_session() -> None:
    _saved()
    start = launch._resumable(_config(), resume=False)
    assert start.session_id is None
    assert start.match.config.first_code == _config().first_code
    assert not SaveSlot().exists()


def test_resume_without_a_saved_session_says_so_and_starts_new(
    capsys: pytest.CaptureFixture[str],
) -> None:
    start = launch._resumable(_config(), resume=True)
    assert start.session_id is None
    assert "no unfinished session" in capsys.readouterr().out


def test_a_damaged_save_is_reported_kept_aside_and_a_new_session_starts(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "session.json").write_text("{ not json", encoding="utf-8")
    start = launch._resumable(_config(), resume=None)
    assert start.session_id is None
    err = capsys.readouterr().err
    assert "could not be restored" in err
    assert list(home.glob("session.damaged-*.json"))
