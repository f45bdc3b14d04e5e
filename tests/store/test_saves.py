"""The saved session: atomic writes, exact restores, damaged files kept aside."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from doudizhu_tui.core import Phase, RuleProfile, code_from_number
from doudizhu_tui.match import Match, MatchConfig
from doudizhu_tui.store import (
    HOME_ENV,
    SAVE_NAME,
    LoadStatus,
    SaveSlot,
    attach,
    data_dir,
    keep,
)
from doudizhu_tui.store import saves as saves_module

from .helpers import match_state, new_match, play, play_to_end, rebuilt


def test_data_dir_follows_doudizhu_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_dir() == home
    assert SaveSlot().path == home / SAVE_NAME
    monkeypatch.delenv(HOME_ENV)
    assert data_dir().name == "doudizhu-tui"
    assert data_dir() != home


def test_nothing_saved_is_none(home: Path) -> None:
    slot = SaveSlot()
    result = slot.load()
    assert result.status is LoadStatus.NONE
    assert result.match is None and not result.ok and not result.damaged
    assert not slot.exists()
    assert not home.exists()  # reading creates nothing


def test_mid_deal_round_trip_restores_every_card_bid_play_and_total() -> None:
    match = play(new_match(), random.Random(7), 150)
    assert match.game.phase is Phase.PLAY and match.game.played_cards
    assert match.session is not None and match.session.records  # some deals are done
    slot = SaveSlot()
    assert slot.save(match, "abc")
    result = slot.load()
    assert result.ok, result.message
    assert result.session_id == "abc"
    assert result.match is not None
    assert match_state(result.match) == match_state(match)
    assert "deal " in result.summary and "level random" in result.summary


def test_every_position_of_a_deal_round_trips() -> None:
    """Saved after each action of the first two deals, the restore is always exact."""
    match = new_match()
    slot = SaveSlot()
    attach(match, slot)
    rng = random.Random(11)
    for _ in range(140):
        play(match, rng, 1)
        result = slot.load()
        assert result.match is not None
        assert match_state(result.match) == match_state(match)


def test_a_restored_match_plays_on_exactly_like_the_original() -> None:
    original = play(new_match(), random.Random(5), 90)
    slot = SaveSlot()
    slot.save(original)
    restored = slot.load().match
    assert restored is not None
    # the same further moves give the same match: the bots' streams are restored too
    play(original, random.Random(99), 200)
    play(restored, random.Random(99), 200)
    assert match_state(restored) == match_state(original)


def test_a_custom_rule_profile_comes_back_from_the_save() -> None:
    profile = RuleProfile(name="house", base=5, first_bidder="rotate", kitty="hidden")
    config = MatchConfig(code_from_number(3), deals=3, level="random", rules=profile)
    match = play(Match(config), random.Random(1), 80)
    slot = SaveSlot()
    slot.save(match)
    restored = slot.load().match
    assert restored is not None
    assert restored.config.rules == profile
    assert match_state(restored) == match_state(match)


def test_autosave_writes_after_every_action_and_clears_at_the_end() -> None:
    match = new_match(3)
    slot = SaveSlot()
    saver = attach(match, slot, "sid")
    assert slot.exists() and saver.saves == 1  # saved at once
    rng = random.Random(2)
    play(match, rng, 10)
    assert saver.saves == 12  # the first deal, then each of the 10 actions
    assert json.loads(slot.path.read_text())["session_id"] == "sid"
    play_to_end(match, rng)
    assert match.finished
    assert not slot.exists()


def test_an_unscored_replay_is_never_saved() -> None:
    match = Match(MatchConfig(code_from_number(8), level="random", scored=False))
    slot = SaveSlot()
    attach(match, slot)
    match.start_deal()
    assert not slot.exists()


def test_a_crash_during_the_rename_leaves_the_old_save_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = play(new_match(), random.Random(4), 30)
    slot = SaveSlot()
    assert slot.save(match)
    before = slot.path.read_bytes()
    old_state = match_state(match)
    play(match, random.Random(8), 5)

    def refuse(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    assert not slot.save(match)
    assert slot.last_error is not None
    assert slot.last_error.startswith("the session is not being saved: No space left")
    monkeypatch.undo()
    assert slot.path.read_bytes() == before
    assert list(slot.path.parent.iterdir()) == [slot.path]  # the temporary file is gone
    restored = slot.load().match
    assert restored is not None and match_state(restored) == old_state
    assert slot.save(match) and slot.last_error is None  # and it recovers


def test_an_interrupt_in_the_middle_of_writing_leaves_the_old_save_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = play(new_match(), random.Random(4), 30)
    slot = SaveSlot()
    slot.save(match)
    before = slot.path.read_bytes()
    play(match, random.Random(8), 5)

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        slot.save(match)
    monkeypatch.undo()
    assert slot.path.read_bytes() == before
    assert list(slot.path.parent.iterdir()) == [slot.path]


def test_a_disk_error_never_reaches_the_game(home: Path) -> None:
    home.parent.mkdir(parents=True, exist_ok=True)
    home.write_text("a file where the folder should be")
    match = new_match()
    keeper = keep(match, slot=SaveSlot())
    play(match, random.Random(3), 20)  # no exception
    assert keeper.problems()
    assert keeper.problems()[0].startswith("the session is not being saved:")


def test_stale_temporary_files_are_swept_on_load() -> None:
    slot = SaveSlot()
    slot.save(play(new_match(), random.Random(4), 3))
    old = slot.path.parent / ".session-crashed.tmp"
    old.write_text("{half")
    os.utime(old, (1, 1))
    fresh = slot.path.parent / ".session-writing.tmp"
    fresh.write_text("{")
    assert slot.load().ok
    assert not old.exists()
    assert fresh.exists()  # it may belong to a save in progress


def _damaged(slot: SaveSlot, content: bytes) -> None:
    slot.path.parent.mkdir(parents=True, exist_ok=True)
    slot.path.write_bytes(content)
    result = slot.load()
    assert result.status is LoadStatus.DAMAGED
    assert result.match is None
    assert result.message.startswith("The saved session could not be restored: ")
    assert result.message.endswith("a new session starts.")
    assert result.kept_as is not None
    assert str(result.kept_as) in result.message
    assert result.kept_as.name.startswith("session.damaged-")
    assert result.kept_as.suffix == ".json"
    assert result.kept_as.read_bytes() == content  # kept, not lost
    assert not slot.exists()
    assert slot.load().status is LoadStatus.NONE  # a fresh start from here


def _good_save(slot: SaveSlot) -> dict[str, Any]:
    slot.save(play(new_match(), random.Random(6), 40))
    data: dict[str, Any] = json.loads(slot.path.read_text())
    return data


@pytest.mark.parametrize(
    "content",
    [
        b"garbage, not json",
        b"",
        b"\xff\xfe\x00binary",
        b"[1, 2, 3]",
        b'{"format": "something-else"}',
        b"[" * 100_000,
    ],
    ids=["garbage", "empty", "binary", "list", "foreign", "deep"],
)
def test_an_unreadable_file_is_kept_aside(content: bytes) -> None:
    _damaged(SaveSlot(), content)


def test_a_torn_file_is_kept_aside() -> None:
    slot = SaveSlot()
    _good_save(slot)
    text = slot.path.read_bytes()
    _damaged(slot, text[: len(text) // 2])


def test_a_newer_save_version_is_kept_aside() -> None:
    slot = SaveSlot()
    data = _good_save(slot)
    data["version"] = 99
    slot.path.write_text(json.dumps(data))
    result = slot.load()
    assert result.damaged and "save version 99" in result.message
    data["version"] = 1
    data["match"]["version"] = 7
    _damaged(slot, json.dumps(data).encode())


@pytest.mark.parametrize(
    "action",
    [{"bid": 9}, {"kind": "BOMB", "rank": 3, "ranks": [3, 3, 3, 3]}, {"what": 1}, "x", 5],
    ids=["bad-bid", "cards-not-held", "unknown", "string", "number"],
)
def test_a_bad_action_is_kept_aside(action: Any) -> None:
    slot = SaveSlot()
    data = _good_save(slot)
    data["match"]["games"][-1].append(action)
    _damaged(slot, json.dumps(data).encode())


@pytest.mark.parametrize(
    "change",
    [
        {"level": "no-such-level"},
        {"first_code": "not a code"},
        {"deals": 5},
        {"rules": "no-such-profile"},
        {"games": "abc"},
    ],
)
def test_a_bad_record_is_kept_aside(change: dict[str, Any]) -> None:
    slot = SaveSlot()
    data = _good_save(slot)
    data["match"].update(change)
    _damaged(slot, json.dumps(data).encode())


def test_two_damaged_files_in_the_same_second_are_both_kept() -> None:
    slot = SaveSlot()
    kept = set()
    for content in (b"one", b"two", b"three"):
        slot.path.parent.mkdir(parents=True, exist_ok=True)
        slot.path.write_bytes(content)
        result = slot.load()
        assert result.kept_as is not None
        kept.add(result.kept_as)
    assert {p.read_bytes() for p in kept} == {b"one", b"two", b"three"}


def test_a_save_of_an_ended_session_is_cleared_not_offered() -> None:
    match = play_to_end(new_match(3), random.Random(1))
    slot = SaveSlot()
    slot.save(match)
    assert slot.load().status is LoadStatus.NONE
    assert not slot.exists()


def test_a_session_saved_between_deals_resumes_between_deals() -> None:
    match = new_match()
    slot = SaveSlot()
    attach(match, slot)
    rng = random.Random(9)
    while True:
        play(match, rng, 1)
        if match.game.over:
            break
    match.finish_deal()  # the app shows the result card here
    restored = slot.load().match
    assert restored is not None
    assert restored.game.over
    assert match_state(restored) == match_state(match)


def test_clear_removes_the_save() -> None:
    slot = SaveSlot()
    slot.save(rebuilt(5, 1))
    assert slot.exists()
    assert slot.clear() and not slot.exists()
    assert slot.clear()  # nothing to remove is fine


def test_clear_reports_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    slot = SaveSlot()
    slot.save(rebuilt(5, 1))

    def refuse(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "unlink", refuse)
    assert not slot.clear()
    assert slot.last_error is not None and "Permission denied" in slot.last_error


def test_the_module_names_its_file() -> None:
    assert saves_module.SAVE_NAME == "session.json"
