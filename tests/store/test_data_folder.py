"""Data folder problems (issue 9): a DOUDIZHU_HOME that is a file, or cannot be read,
written or made, is named in one line by the history and the save, and a save that
keeps failing says so in the same words every time (so that it is warned once)."""

from __future__ import annotations

import os
import random
import uuid
from pathlib import Path

import pytest

from doudizhu_tui.store import HistoryDB, SaveSlot, data_dir_problem, keep
from doudizhu_tui.store import paths as paths_module
from doudizhu_tui.store import saves as saves_module

from .helpers import new_match, play
from .test_history import finished_games

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def deny(monkeypatch: pytest.MonkeyPatch, folder: Path, mode: int) -> None:
    """Make ``os.access`` refuse ``mode`` on ``folder`` (tests may run as root)."""
    real = os.access

    def access(path: object, wanted: int, **kwargs: object) -> bool:
        if Path(str(path)) == folder and wanted & mode:
            return False
        return real(path, wanted)  # type: ignore[arg-type]

    monkeypatch.setattr(paths_module.os, "access", access)


# ----- data_dir_problem ----------------------------------------------------------------


def test_a_usable_folder_or_one_that_can_be_made_has_no_problem(home: Path) -> None:
    assert data_dir_problem() is None  # not there yet: made on the first write
    home.mkdir()
    assert data_dir_problem() is None
    assert data_dir_problem(home / "deeper" / "still") is None


def test_a_file_where_the_folder_should_be(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("x")
    assert data_dir_problem() == f"DOUDIZHU_HOME ({home}) is a file, not a folder"
    assert data_dir_problem(home / "sub") == (
        f"the data folder {home / 'sub'} cannot be made: {home} is a file"
    )


def test_a_folder_inside_a_file_named_by_doudizhu_home(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("x")
    monkeypatch.setenv("DOUDIZHU_HOME", str(home / "data"))
    assert data_dir_problem() == (
        f"DOUDIZHU_HOME ({home / 'data'}) cannot be made: {home} is a file"
    )


def test_an_unreadable_or_unwritable_folder(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home.mkdir()
    deny(monkeypatch, home, os.W_OK)
    assert data_dir_problem() == f"DOUDIZHU_HOME ({home}) is not writable"
    assert data_dir_problem(write=False) is None
    assert data_dir_problem(home / "new") == (
        f"the data folder {home / 'new'} cannot be made: {home} is not writable"
    )
    deny(monkeypatch, home, os.R_OK)
    assert data_dir_problem() == f"DOUDIZHU_HOME ({home}) cannot be read (permission denied)"


def test_the_platform_folder_is_named_as_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DOUDIZHU_HOME")
    folder = tmp_path / "plain-file"
    folder.write_text("x")
    assert data_dir_problem(folder) == f"the data folder {folder} is a file, not a folder"


def test_odd_folders_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for folder in (tmp_path / ("d" * 300), tmp_path / "two\nlines", Path("/dev/null")):
        monkeypatch.setenv("DOUDIZHU_HOME", str(folder))
        problem = data_dir_problem()
        assert problem is None or ("\n" not in problem and len(problem) < 250)
    monkeypatch.setenv("DOUDIZHU_HOME", "/dev/null")
    assert data_dir_problem() == "DOUDIZHU_HOME (/dev/null) is not a folder"


@pytest.mark.skipif(ROOT, reason="root may read and write any folder")
def test_a_folder_without_permissions(home: Path) -> None:
    home.mkdir()
    home.chmod(0o500)
    try:
        assert data_dir_problem() == f"DOUDIZHU_HOME ({home}) is not writable"
        home.chmod(0o000)
        assert data_dir_problem() == f"DOUDIZHU_HOME ({home}) cannot be read (permission denied)"
    finally:
        home.chmod(0o700)


# ----- the history says what is wrong instead of "no deals" --------------------------


def test_the_history_in_a_file_says_so(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("x")
    reason = f"DOUDIZHU_HOME ({home}) is a file, not a folder"
    db = HistoryDB()
    assert db.problem() == reason
    for read in (db.stats, db.recent, db.count, lambda: db.get_id(1)):
        assert read() in ([], 0, None)
        assert db.unavailable is not None and db.unavailable.reason == reason
    assert not db.record_deal(finished_games(1)[0], "easy")
    assert db.unavailable is not None and db.unavailable.reason == reason
    assert db.unavailable.message == f"history is not being saved: {reason}"


def test_the_history_in_an_unwritable_folder_says_so(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home.mkdir()
    deny(monkeypatch, home, os.W_OK)
    db = HistoryDB()
    assert db.stats() == []
    assert db.unavailable is not None
    assert db.unavailable.reason == f"DOUDIZHU_HOME ({home}) is not writable"


def test_an_existing_history_in_a_read_only_folder_can_still_be_read(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    HistoryDB().record_deal(finished_games(1)[0], "easy")
    deny(monkeypatch, home, os.W_OK)
    db = HistoryDB()
    assert len(db.stats()) == 2 and db.available
    assert len(db.recent()) == 1 and db.available


def test_an_empty_history_in_a_good_folder_is_not_a_problem(home: Path) -> None:
    db = HistoryDB()
    assert db.stats() == [] and db.recent() == [] and db.count() == 0
    assert db.available and db.notices() == []
    assert not home.exists()  # reading makes nothing


# ----- the save ------------------------------------------------------------------------


def test_the_save_in_a_file_says_so(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("x")
    reason = f"DOUDIZHU_HOME ({home}) is a file, not a folder"
    slot = SaveSlot()
    assert slot.problem() == reason
    assert slot.load().status.value == "none"
    assert not slot.save(new_match())
    assert slot.last_error == f"the session is not being saved: {reason}"
    assert slot.clear()  # nothing saved there: nothing to remove


def test_a_failing_save_says_the_same_words_every_time(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only folder: each attempt fails on a new random temporary name, and
    the message must not carry it, or the game warns on every action."""
    home.mkdir()

    def refuse(*, prefix: str, suffix: str, dir: Path) -> tuple[int, str]:
        name = f"{prefix}{uuid.uuid4().hex[:8]}{suffix}"
        raise PermissionError(13, "Permission denied", str(dir / name))

    monkeypatch.setattr(saves_module.tempfile, "mkstemp", refuse)
    match = new_match()
    keeper = keep(match, slot=SaveSlot())
    seen: set[str] = set()
    for _ in range(10):
        play(match, random.Random(1), 1)
        seen.update(keeper.problems())
    assert seen == {f"the session is not being saved: Permission denied: {home / 'session.json'}"}
    deny(monkeypatch, home, os.W_OK)
    play(match, random.Random(1), 1)
    assert keeper.problems() == [
        f"the session is not being saved: DOUDIZHU_HOME ({home}) is not writable"
    ]


def test_a_save_that_works_again_clears_its_error(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("x")
    slot = SaveSlot()
    match = new_match()
    assert not slot.save(match)
    assert slot.last_error is not None
    home.unlink()
    assert slot.save(match) and slot.last_error is None


def test_a_save_folder_that_cannot_be_read_is_reported_on_load(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slot = SaveSlot()
    assert slot.save(new_match())
    deny(monkeypatch, home, os.R_OK)
    real_exists = Path.exists

    def exists(self: Path) -> bool:
        if self == slot.path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_exists(self)

    monkeypatch.setattr(Path, "exists", exists)
    result = slot.load()
    assert result.damaged and result.kept_as is None
    assert result.message == (
        f"The saved session could not be read: DOUDIZHU_HOME ({home}) cannot be read "
        "(permission denied); a new session starts."
    )
    monkeypatch.undo()
    assert slot.path.exists()  # left where it was
