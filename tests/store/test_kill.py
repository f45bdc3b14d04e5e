"""Resume the hard way: a session in another process, killed with SIGKILL, then restored.

The child plays a seeded session with every change saved (as the app does) and is
killed without any chance to clean up.  The restored match must equal one rebuilt
here, independently, by playing the same seeded moves with nothing saved: every
hand, bid, play, trick and total.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from doudizhu_tui.core import Phase
from doudizhu_tui.store import LoadStatus, SaveSlot

from .helpers import DRIVER, match_state, play, rebuilt

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


@contextmanager
def child(
    home: Path, actions: int, seed: int, continuous: bool, rules: str = "classic"
) -> Iterator[subprocess.Popen[str]]:
    env = {**os.environ, "DOUDIZHU_HOME": str(home), "PYTHONPATH": str(ROOT)}
    flag = "1" if continuous else "0"
    proc = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(actions), str(seed), flag, rules],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        proc.stderr.close()


def read_line(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        assert proc.stderr is not None
        pytest.fail(f"the child ended early: {proc.stderr.read()}")
    return line.strip()


def kill(proc: subprocess.Popen[str]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    assert proc.wait(timeout=30) == -signal.SIGKILL


@pytest.mark.parametrize(("actions", "seed"), [(37, 1), (160, 2), (333, 3)])
def test_killed_mid_deal_resumes_exactly(home: Path, actions: int, seed: int) -> None:
    with child(home, actions, seed, continuous=False) as proc:
        assert read_line(proc) == f"ready {actions}"
        kill(proc)
    result = SaveSlot().load()
    assert result.status is LoadStatus.OK, result.message
    assert result.match is not None and result.session_id
    expected = rebuilt(actions, seed)
    assert expected.game.phase is Phase.PLAY  # mid-deal, cards on the table
    assert match_state(result.match) == match_state(expected)
    # and the session goes on from there as if nothing had happened
    play(result.match, random.Random(seed + 100), 60)
    play(expected, random.Random(seed + 100), 60)
    assert match_state(result.match) == match_state(expected)


@pytest.mark.parametrize("seed", [4, 5])
def test_killed_at_any_moment_while_saving_leaves_a_whole_save(home: Path, seed: int) -> None:
    """Killed at a random moment of a stream of saves: never a damaged file."""
    rng = random.Random(seed)
    # The child stops after 350 actions, well before its session could end (and clear
    # the save), however far it runs ahead of this reader on a loaded machine.
    with child(home, 350, seed, continuous=True) as proc:
        wanted = rng.randrange(30, 300)
        while True:
            line = read_line(proc)
            if line.startswith("ready") or int(line.split()[1]) >= wanted:
                break
        time.sleep(rng.random() / 50)  # somewhere in the middle of the next saves
        kill(proc)
    result = SaveSlot().load()
    assert result.status is LoadStatus.OK, result.message
    assert result.match is not None
    saved = sum(len(game) for game in result.match.history)
    assert saved >= wanted
    expected = rebuilt(saved, seed)
    if len(result.match.history) == len(expected.history) + 1 and not result.match.history[-1]:
        # Killed just after the next deal was dealt (and saved) but before its first action.
        expected.finish_deal()
        expected.start_deal()
    assert match_state(result.match) == match_state(expected)


@pytest.mark.parametrize(("actions", "seed"), [(45, 6), (210, 7)])
def test_a_four_player_session_killed_mid_deal_resumes_exactly(
    home: Path, actions: int, seed: int
) -> None:
    with child(home, actions, seed, continuous=False, rules="four") as proc:
        assert read_line(proc) == f"ready {actions}"
        kill(proc)
    result = SaveSlot().load()
    assert result.status is LoadStatus.OK, result.message
    assert result.match is not None
    expected = rebuilt(actions, seed, rules="four")
    assert expected.game.phase is Phase.PLAY
    restored = result.match
    assert restored.config.rules.players == 4
    assert len(restored.game.hands) == 4
    assert match_state(restored) == match_state(expected)
    play(restored, random.Random(seed + 100), 80)
    play(expected, random.Random(seed + 100), 80)
    assert match_state(restored) == match_state(expected)
